// What other domains may use of insights (docs/architecture.md §1); nothing else of it is imported from outside.
export { countDays, rebuildDayFigures, rebuildWindow } from './rebuild-figures';

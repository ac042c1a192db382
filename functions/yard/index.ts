// What other domains may use of yard (docs/architecture.md §1); nothing else of it is imported from outside.
export { createYardSpot } from './yard-spot.store';
export { liveDoors, yardOverview } from './overview';

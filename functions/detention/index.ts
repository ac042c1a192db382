// What other domains may use of detention (docs/architecture.md §1); nothing else of it is imported from outside.
export { listTruckFigures, type TruckFigures } from './figures.store';
export { rebuildTruckFigures } from './figures';

// What other domains may use of privacy (docs/architecture.md §1). A platform carrier's driver (issue
// #59) asks each linked hub, as that hub's own driver, for their data and its erasure: the hub decides.
export { requestErasure } from './erasure';
export { myData } from './my-data';

// What other domains may use of references (docs/architecture.md §1); nothing else of it is imported from outside.
export { holdReference, receiveAgainstReference, recheckReference, releaseReference, transactWithHold } from './holds';
export { expectedOrder } from './orders';

// What other domains may use of messaging (docs/architecture.md §1); nothing else of it is imported from outside.
export { localOutbox, onLocalMessage, sendMessage } from './send';
export type { OutgoingMessage } from './send';

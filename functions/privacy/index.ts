// What other domains may use of privacy (docs/architecture.md §1): nothing yet; it is used by the
// route table only.
export {};

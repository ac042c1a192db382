// What other domains may use of series (docs/architecture.md §1): nothing yet; its routes and its
// horizon worker are its only entries.
export {};

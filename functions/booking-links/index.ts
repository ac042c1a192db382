// What other domains may use of booking-links (docs/architecture.md §1): nothing; its routes serve the
// staff panel and the public /book/<token> page.
export {};

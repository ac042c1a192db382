// What other domains may use of vitals: nothing yet (its routes are its whole surface).
export {};

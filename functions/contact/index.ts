// What other domains may use of contact (docs/architecture.md §1): nothing yet; inquiries are read through the API.

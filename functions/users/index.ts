// What other domains may use of users (docs/architecture.md §1); nothing else of it is imported from outside.
export { aliasOf, createUser, findUserByIdentifier, getUser, normalizePhone, toSessionUser } from './user.store';

// What other domains may use of users (docs/architecture.md §1); nothing else of it is imported from outside.
export {
  aliasOf,
  createUser,
  findUserByIdentifier,
  getUser,
  listUsers,
  newUserPuts,
  normalizePhone,
  saveUser,
  takenAlias,
  toSessionUser,
  userKeys,
} from './user.store';
export type { User } from './user.store';
export { eraseAccount } from './account-erasure.store';
export { checkEmailCode, newEmailCode, VERIFICATION_MINUTES } from './email-code';

// What other domains may use of tenancy (docs/architecture.md §1); nothing else of it is imported from outside.
export { findTenantSecret, getTenant, putTenantIfAbsent, tenantKeys } from './tenant.store';
export { actingUser, mayEnter, tenantAccessKeys, tenantAccessOf } from './access';
// Closing (issue #36): auth refuses the sign-in of a closed tenant's logins but its admins'.
export { closedTenantRefusal } from './closing';

// What other domains and the composition may use of carrier-identity (docs/architecture.md §1).
// The composition (functions/api.ts) resolves a carrier person's session through it.
export { isCarrierSessionToken, resolveCarrierSession } from './session';

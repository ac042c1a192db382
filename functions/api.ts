// The HTTP kernel bound to this product's session lookup: every handler defines its function here.
// The kernel (functions/lib/http.ts) knows no domain; auth resolves sessions (docs/architecture.md §2),
// and a platform carrier's people (issue #59), whose token says so, are resolved by carrier-identity.
import { makeDefineFunction } from './lib/http';
import { resolveSession } from './auth';
import { isCarrierSessionToken, resolveCarrierSession } from './carrier-identity';

export const defineFunction = makeDefineFunction((token) =>
  isCarrierSessionToken(token) ? resolveCarrierSession(token) : resolveSession(token),
);

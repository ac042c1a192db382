// The HTTP kernel bound to this product's session lookup: every handler defines its function here.
// The kernel (functions/lib/http.ts) knows no domain; auth resolves sessions (docs/architecture.md §2).
import { makeDefineFunction } from './lib/http';
import { resolveSession } from './auth';

export const defineFunction = makeDefineFunction(resolveSession);

// zod builds a faster object parser with `new Function` and, on the first object schema, probes
// whether it may. The page's policy forbids eval (shared/security-headers.ts: script-src 'self'), so
// the probe itself is reported as a Content Security Policy violation (an issue in the browser's
// console, and Lighthouse's best practices). Telling zod up front that eval is off skips the probe; the
// parser it then uses is the one the probe would have chosen anyway. This must run before any schema
// is made, so index.html loads it ahead of the app. It writes zod's global configuration object (the
// one `z.config()` returns, test/unit/no-eval.test.ts) rather than importing zod, which would put
// zod's core in every page's first load.
import type { $ZodConfig } from 'zod/v4/core';

const zodConfig = ((globalThis as { __zod_globalConfig?: $ZodConfig }).__zod_globalConfig ??= {});
zodConfig.jitless = true;

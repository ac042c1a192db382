// A vitest setup file for the integration files, which share their worker's process (isolate: false,
// vitest.config.ts). Each file starts as it did in a process of its own: the project's own modules
// are evaluated again (what a module keeps, such as a table's HMAC key, a listener on the outbox, an
// opened secret or an injected fault, starts empty), and the environment variables, timers and
// stubs a file changed are put back when it ends. node_modules (the AWS SDK, middy, Powertools) stay
// loaded: loading them for every file was most of a file's own cost (issue #54).
import { afterAll, vi } from 'vitest';

vi.resetModules();
const environment = { ...process.env };

afterAll(() => {
  vi.useRealTimers();
  vi.unstubAllEnvs();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  for (const name of Object.keys(process.env)) if (!(name in environment)) Reflect.deleteProperty(process.env, name);
  Object.assign(process.env, environment);
});

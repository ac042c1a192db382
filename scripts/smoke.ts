// The post-deploy smoke test (docs/operations.md, "What the smoke test proves"):
//   npm run smoke -- --url https://<the site> [--stage prod] [--api-url https://<id>.execute-api...]
//                    [--user smoke --password ...] [--timeout-ms 10000]
// Signs in with the stage's smoke account, reads one path of each domain, books and cancels an
// appointment at the smoke facility, checks the security headers of the SPA and the API, and that the
// API's own address refuses a request that did not come through CloudFront. Prints a table (step,
// result, ms) and exits 1 naming the first failed step. Every step has its own timeout, so an address
// that is not this product fails fast with what was wrong, never hangs.
// Credentials: --user/--password, else SMOKE_USER/SMOKE_PASSWORD, else (a deployed stage) the secret
// the deploy wrote (lib/smoke-account.ts) read with the AWS CLI; against localhost the local seed's
// account (functions/local/seed.ts).
import { pathToFileURL } from 'node:url';
import { SMOKE_CARRIER_ID, SMOKE_FACILITY_ID, SMOKE_USERNAME } from '../functions/ops';
import { addDays, DEFAULT_TIME_ZONE, localDateTime } from '../shared/time';
import { LOCAL_SMOKE_PASSWORD, smokeSettingNames } from '../functions/ops/names';
import { awsJson } from './ops/aws-cli';

export interface SmokeOptions {
  /** The product's address: the SPA with /api on the same origin (CloudFront, or `npm start`). */
  url: string;
  /** The API's own address (API Gateway's), which must refuse a request without CloudFront's proof. */
  apiUrl?: string;
  username: string;
  password: string;
  /** Each step's limit. */
  timeoutMs?: number;
  now?: () => Date;
}

export type StepResult = 'pass' | 'FAIL' | 'skip';
export interface SmokeStep {
  step: string;
  result: StepResult;
  ms: number;
  detail: string;
}
export interface SmokeReport {
  ok: boolean;
  steps: SmokeStep[];
  firstFailure: SmokeStep | null;
}

class StepFailure extends Error {}
const fail = (message: string): never => {
  throw new StepFailure(message);
};

/** The fields of the API's answers the smoke looks at. */
interface Body {
  message?: string;
  status?: string;
  id?: string;
  username?: string;
  roles?: string[];
  user?: { username?: string };
}
interface Answer {
  status: number;
  headers: Headers;
  text: string;
  /** The JSON object answered, if any. */
  json?: Body;
  /** The rows of a list answer (a JSON array, or `{ data: [...] }`). */
  rows: unknown[] | null;
}

/** What CloudFront's policy and the API kernel put on every answer (shared/security-headers.ts). */
const REQUIRED_HEADERS: [string, RegExp][] = [
  ['content-security-policy', /default-src/],
  ['strict-transport-security', /max-age=\d{7,}/],
  ['x-content-type-options', /^nosniff$/],
  ['x-frame-options', /^DENY$/i],
];

function checkSecurityHeaders(res: Answer): string {
  const missing = REQUIRED_HEADERS.filter(([name, pattern]) => !pattern.test(res.headers.get(name) ?? '')).map(
    ([name]) => `${name}: ${res.headers.get(name) ?? '(absent)'}`,
  );
  if (missing.length) fail(`security headers wrong or missing: ${missing.join('; ')}`);
  return REQUIRED_HEADERS.map(([name]) => name).join(', ');
}

export async function runSmoke(options: SmokeOptions): Promise<SmokeReport> {
  const timeoutMs = options.timeoutMs ?? 10_000;
  const now = options.now ?? (() => new Date());
  const base = new URL(options.url);
  let cookie = '';

  const call = async (
    method: string,
    path: string,
    init: { body?: unknown; origin?: URL; withSession?: boolean } = {},
  ): Promise<Answer> => {
    const url = new URL(path, init.origin ?? base);
    const headers: Record<string, string> = { accept: 'application/json, text/html' };
    if (init.body !== undefined) headers['content-type'] = 'application/json';
    if (cookie && init.withSession !== false) headers.cookie = cookie;
    let res: Response;
    try {
      res = await fetch(url, {
        method,
        headers,
        body: init.body === undefined ? undefined : JSON.stringify(init.body),
        redirect: 'manual',
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch (err) {
      // Node's fetch wraps the socket's error (ECONNREFUSED, ENOTFOUND, a TLS failure) as its cause.
      const reason = (err as { cause?: { code?: string; message?: string; errors?: { code?: string }[] } }).cause;
      const cause = reason?.code ?? reason?.errors?.[0]?.code ?? reason?.message;
      if ((err as Error).name === 'TimeoutError') fail(`${method} ${url.href} gave no answer within ${timeoutMs} ms`);
      return fail(`${method} ${url.href} could not be reached (${cause ?? (err as Error).message})`);
    }
    const text = await res.text();
    let parsed: unknown;
    try {
      parsed = text ? JSON.parse(text) : undefined;
    } catch {
      parsed = undefined;
    }
    const json = parsed !== null && typeof parsed === 'object' ? (parsed as Body & { data?: unknown }) : undefined;
    const rows = Array.isArray(parsed) ? parsed : Array.isArray(json?.data) ? json.data : null;
    const session = res.headers.getSetCookie().find((c) => c.startsWith('dy_session='));
    if (session) cookie = session.split(';')[0]!;
    return { status: res.status, headers: res.headers, text, json, rows };
  };

  /** A JSON answer of this status from the API, else a failure naming what came instead. */
  const expectApi = async (method: string, path: string, status: number, body?: unknown): Promise<Answer> => {
    const res = await call(method, path, { body });
    if (res.status !== status)
      fail(
        `${method} ${path} answered ${res.status}, expected ${status}${res.json?.message ? `: ${res.json.message}` : ''}`,
      );
    if (res.json === undefined) fail(`${method} ${path} answered ${res.status} without JSON: not this product's API`);
    return res;
  };
  const read = (path: string) => async () => {
    const res = await expectApi('GET', path, 200);
    return res.rows ? `${res.rows.length} row(s)` : 'answered';
  };
  /** A read this account may not make: the function itself must answer (the kernel's 403), not fall over. */
  const refused = (path: string) => async () => {
    const res = await expectApi('GET', path, 403);
    if (typeof res.json?.message !== 'string') fail(`GET ${path} answered 403 without the API's error body`);
    return 'refused (403): the account holds no permission here';
  };

  let facility: { id: string; timeZone?: string } | undefined;
  let appointmentId: string | undefined;
  const tomorrow = () => addDays(localDateTime(now(), facility?.timeZone ?? DEFAULT_TIME_ZONE).date, 1);

  const steps: { step: string; run: () => Promise<string>; needsSession?: boolean }[] = [
    {
      step: 'web app: index and security headers',
      run: async () => {
        const res = await call('GET', '/', { withSession: false });
        if (res.status !== 200) fail(`GET / answered ${res.status}`);
        if (!/<div id="root">/.test(res.text) || !/DockSaathi/.test(res.text))
          fail(`GET / is not DockSaathi's web app (${res.headers.get('content-type') ?? 'no content type'})`);
        return checkSecurityHeaders(res);
      },
    },
    {
      step: 'api: health and security headers',
      run: async () => {
        const res = await expectApi('GET', '/api/health', 200);
        if (res.json?.status !== 'ok') fail(`GET /api/health answered ${res.text.slice(0, 80)}`);
        return checkSecurityHeaders(res);
      },
    },
    {
      step: 'api: refuses a request without the origin proof',
      run: async () => {
        if (!options.apiUrl) return 'skip';
        const res = await call('GET', '/api/health', { origin: new URL(options.apiUrl), withSession: false });
        if (res.status !== 403) fail(`the API's own address answered ${res.status} without CloudFront's proof`);
        return `403 from ${new URL(options.apiUrl).host}`;
      },
    },
    {
      step: 'auth: sign in',
      run: async () => {
        const res = await expectApi('POST', '/api/auth/login', 200, {
          identifier: options.username,
          password: options.password,
        });
        if (!cookie) fail('signed in but no session cookie came back');
        return `as ${res.json?.user?.username ?? options.username}`;
      },
    },
    {
      step: 'auth: session',
      needsSession: true,
      run: async () => {
        const res = await expectApi('GET', '/api/auth/user', 200);
        return `${res.json?.username} (${(res.json?.roles ?? []).join(', ')})`;
      },
    },
    { step: 'tenancy: tenant', needsSession: true, run: read('/api/tenancy/tenant') },
    {
      step: 'facilities: list',
      needsSession: true,
      run: async () => {
        const res = await expectApi('GET', '/api/facilities', 200);
        const list = (res.rows ?? []) as { id: string; timeZone?: string }[];
        facility = list.find((f) => f.id === SMOKE_FACILITY_ID);
        if (!facility) fail(`the smoke facility (${SMOKE_FACILITY_ID}) is not in the list: was the account deployed?`);
        return `${list.length} facilit${list.length === 1 ? 'y' : 'ies'}`;
      },
    },
    {
      step: 'facilities: available slots',
      needsSession: true,
      run: () => read(`/api/slots/available?facilityId=${SMOKE_FACILITY_ID}&date=${tomorrow()}`)(),
    },
    { step: 'appointments: today', needsSession: true, run: read('/api/appointments/today') },
    {
      step: 'appointments: today, polled by its changes',
      needsSession: true,
      run: read('/api/appointments/today/changes'),
    },
    { step: 'carriers: list', needsSession: true, run: read('/api/carriers') },
    { step: 'checkins: list', needsSession: true, run: read('/api/checkins') },
    { step: 'gate: today', needsSession: true, run: read('/api/gate/today') },
    { step: 'yard: overview', needsSession: true, run: read('/api/yard/overview') },
    { step: 'insights: dashboard', needsSession: true, run: read('/api/dashboard/metrics') },
    { step: 'insights: analytics', needsSession: true, run: read('/api/analytics') },
    { step: 'notifications: feed', needsSession: true, run: read('/api/notifications') },
    { step: 'wms: dashboard', needsSession: true, run: read('/api/wms/dashboard') },
    { step: 'messaging: status (refused)', needsSession: true, run: refused('/api/messaging/status') },
    { step: 'integrations: systems (refused)', needsSession: true, run: refused('/api/integrations/systems') },
    { step: 'users: list (refused)', needsSession: true, run: refused('/api/auth/users') },
    {
      step: 'appointments: book',
      needsSession: true,
      run: async () => {
        if (!facility) fail('no smoke facility to book at');
        const res = await expectApi('POST', '/api/appointments', 201, {
          facilityId: SMOKE_FACILITY_ID,
          carrierId: SMOKE_CARRIER_ID,
          scheduledDate: tomorrow(),
          scheduledTimeStart: '09:00',
          scheduledTimeEnd: '10:00',
          estimatedDuration: 60,
          poNumber: `SMOKE-${now().getTime()}`,
          specialInstructions: 'Post-deploy smoke test: cancelled at once',
        });
        appointmentId = res.json?.id;
        if (!appointmentId) fail('booked, but the answer carries no appointment id');
        return `${appointmentId} on ${tomorrow()} 09:00`;
      },
    },
    {
      step: 'appointments: cancel',
      needsSession: true,
      run: async () => {
        if (!appointmentId) fail('nothing booked to cancel');
        const res = await expectApi('POST', `/api/appointments/${appointmentId}/cancel`, 200, {
          reason: 'Post-deploy smoke test',
        });
        if (res.json?.status !== 'cancelled') fail(`cancel answered status ${res.json?.status}`);
        return 'cancelled';
      },
    },
    {
      step: 'auth: sign out',
      needsSession: true,
      run: async () => {
        await expectApi('POST', '/api/auth/logout', 200);
        return 'signed out';
      },
    },
  ];

  const results: SmokeStep[] = [];
  for (const { step, run, needsSession } of steps) {
    const started = performance.now();
    const signedIn = results.find((r) => r.step === 'auth: sign in')?.result === 'pass';
    if (needsSession && !signedIn) {
      results.push({ step, result: 'skip', ms: 0, detail: 'not run: sign-in failed' });
      continue;
    }
    try {
      const detail = await run();
      const ms = Math.round(performance.now() - started);
      results.push(
        detail === 'skip'
          ? { step, result: 'skip', ms, detail: "no --api-url: the API's own address is unknown" }
          : { step, result: 'pass', ms, detail },
      );
    } catch (err) {
      const ms = Math.round(performance.now() - started);
      results.push({ step, result: 'FAIL', ms, detail: err instanceof StepFailure ? err.message : String(err) });
    }
  }
  const firstFailure = results.find((r) => r.result === 'FAIL') ?? null;
  return { ok: !firstFailure, steps: results, firstFailure };
}

export function formatReport(report: SmokeReport): string {
  const width = Math.max(...report.steps.map((s) => s.step.length));
  const lines = report.steps.map(
    (s) => `${s.step.padEnd(width)}  ${s.result.padEnd(4)}  ${String(s.ms).padStart(6)} ms  ${s.detail}`,
  );
  const header = `${'step'.padEnd(width)}  res.  ${'time'.padStart(9)}  detail`;
  const verdict = report.firstFailure
    ? `SMOKE FAILED at "${report.firstFailure.step}": ${report.firstFailure.detail}`
    : `smoke passed: ${report.steps.filter((s) => s.result === 'pass').length} steps${
        report.steps.some((s) => s.result === 'skip')
          ? `, ${report.steps.filter((s) => s.result === 'skip').length} skipped`
          : ''
      }`;
  return [header, ...lines, '', verdict].join('\n');
}

const LOCAL_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

function flag(args: string[], name: string): string | undefined {
  const i = args.indexOf(`--${name}`);
  if (i < 0) return undefined;
  const value = args[i + 1];
  if (!value || value.startsWith('--')) throw new Error(`--${name} needs a value`);
  return value;
}

async function main(args: string[]) {
  const url = flag(args, 'url');
  if (!url || args.includes('--help')) {
    console.error(
      'usage: npm run smoke -- --url https://<site> [--stage dev|staging|prod] [--api-url <API Gateway address>] [--user U --password P] [--timeout-ms 10000]',
    );
    return 2;
  }
  const local = LOCAL_HOSTS.has(new URL(url).hostname);
  const stage = flag(args, 'stage');
  const names = () => {
    if (!stage)
      throw new Error('pass --stage dev|staging|prod to read the smoke account and API address of that stage');
    return smokeSettingNames(stage);
  };
  let username = flag(args, 'user') ?? process.env.SMOKE_USER;
  let password = flag(args, 'password') ?? process.env.SMOKE_PASSWORD;
  let apiUrl = flag(args, 'api-url') ?? process.env.SMOKE_API_URL;
  if (!password && local) [username, password] = [username ?? SMOKE_USERNAME, LOCAL_SMOKE_PASSWORD];
  if (!password) {
    const secret = await awsJson<{ SecretString: string }>([
      'secretsmanager',
      'get-secret-value',
      '--secret-id',
      names().secret,
    ]);
    const value = JSON.parse(secret.SecretString) as { username: string; password: string };
    [username, password] = [username ?? value.username, value.password];
  }
  if (!apiUrl && !local) {
    const parameter = await awsJson<{ Parameter: { Value: string } }>([
      'ssm',
      'get-parameter',
      '--name',
      names().apiUrl,
    ]);
    apiUrl = parameter.Parameter.Value;
  }
  const timeout = flag(args, 'timeout-ms');
  const report = await runSmoke({
    url,
    apiUrl,
    username: username ?? SMOKE_USERNAME,
    password,
    timeoutMs: timeout ? Number(timeout) : undefined,
  });
  console.log(formatReport(report));
  return report.ok ? 0 : 1;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  main(process.argv.slice(2)).then(
    (code) => process.exit(code),
    (err: Error) => {
      console.error(`smoke: ${err.message}`);
      process.exit(1);
    },
  );
}

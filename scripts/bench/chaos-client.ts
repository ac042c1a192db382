// The chaos run's clients (scripts/bench/chaos.ts): one per account (or a guest), which never throw,
// and what each answer told its client: done, refused (nothing written), or unknown (read to know).
export interface Answer {
  status: number;
  body: any;
  ms: number;
}
export type Send = (method: string, path: string, body?: unknown, headers?: Record<string, string>) => Promise<Answer>;

/** A client of one account (or none: a guest), which never throws: a lost connection is status 0. */
export async function chaosClient(base: string, identifier?: string): Promise<Send> {
  let cookie = '';
  const send: Send = async (method, path, body, headers = {}) => {
    const t0 = performance.now();
    try {
      const res = await fetch(`${base}${path}`, {
        method,
        headers: {
          ...(cookie ? { cookie } : {}),
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
          ...headers,
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      const text = await res.text();
      let parsed: unknown = text;
      try {
        parsed = text ? JSON.parse(text) : null;
      } catch {
        // not JSON
      }
      if (path === '/api/auth/login')
        cookie = res.headers
          .getSetCookie()
          .map((c) => c.split(';')[0])
          .join('; ');
      return { status: res.status, body: parsed, ms: performance.now() - t0 };
    } catch (err) {
      return { status: 0, body: { message: String(err) }, ms: performance.now() - t0 };
    }
  };
  if (identifier) {
    const res = await send('POST', '/api/auth/login', { identifier, password: 'Demo@12345' });
    if (res.status !== 200) throw new Error(`sign-in of ${identifier}: HTTP ${res.status}`);
  }
  return send;
}

const BUSY = 'The service is busy right now. Please try again in a few seconds.';
/** A repeat of an idempotent request whose first try is still running (functions/lib/idempotency.ts). */
const IN_PROGRESS = 'This request is still being processed. Please try again in a moment.';

/** A 503 "busy": nothing was written by this request, and it may be sent again. */
export const busy = (a: Answer) => a.status === 503 && a.body?.message === BUSY;

/** What an answer told its client: done (2xx), refused (nothing written: a 4xx or 503 "busy"), or unknown. */
export type Told = 'done' | 'refused' | 'unknown';
export function told(a: Answer): Told {
  if (a.status >= 200 && a.status < 300) return 'done';
  if (a.status === 409 && a.body?.message === IN_PROGRESS) return 'unknown';
  if ((a.status >= 400 && a.status < 500) || busy(a)) return 'refused';
  return 'unknown';
}

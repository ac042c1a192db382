// The ULIP client of one tenant's account: signs in (POST /ulip/v1.0.0/user/login), keeps the token
// until shortly before it expires (per tenant, base URL and username, so no tenant ever uses another's
// token), renews it once on a 401, and gives each source SOURCE_TIMEOUT_MS for all of that. Calls go
// through the kernel's outbound port (functions/lib/outbound.ts), inside the request's deadline.
import { callOutbound, OutboundError } from '../../lib/outbound';
import type { GateSource } from '../../../shared/contracts/gate';
import { SourceUnavailableError, type UlipCall } from './port';

/**
 * Each source's time (the four run side by side): short enough that a check-in, its gate checks and
 * its writes fit in the request's deadline (functions/lib/deadline.ts, 4.5 s), so a silent registry
 * holds the truck instead of failing the check-in with a 503.
 */
export const SOURCE_TIMEOUT_MS = 3_000;
const DEFAULT_TOKEN_SECONDS = 10 * 60;

export interface UlipAccount {
  tenantId: string;
  baseUrl: string;
  username: string;
  password: string;
}

const tokens = new Map<string, { token: string; expiresAt: number }>();
const signingIn = new Map<string, Promise<string>>();
const tokenKey = (a: UlipAccount) => JSON.stringify([a.tenantId, a.baseUrl, a.username]);

/** The token's expiry: a JWT's exp, else the answer's expiresIn, else ten minutes. */
function expiryOf(token: string, expiresIn: unknown, now: number): number {
  const [, payload] = token.split('.');
  if (payload) {
    try {
      const exp = Number((JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as { exp?: unknown }).exp);
      if (Number.isFinite(exp) && exp > 0) return exp * 1000;
    } catch {
      // not a JWT
    }
  }
  const seconds = Number(expiresIn);
  return now + (Number.isFinite(seconds) && seconds > 0 ? seconds : DEFAULT_TOKEN_SECONDS) * 1000;
}

export function ulipClient(
  account: UlipAccount,
  source: GateSource,
  deadline = Date.now() + SOURCE_TIMEOUT_MS,
): UlipCall {
  const base = account.baseUrl.replace(/\/+$/, '');
  const post = async (path: string, body: unknown, token?: string) => {
    const left = deadline - Date.now();
    if (left <= 0) throw new SourceUnavailableError(source, `timed out after ${SOURCE_TIMEOUT_MS / 1000} s`);
    try {
      return await callOutbound({
        method: 'POST',
        url: base + path,
        headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
        body: JSON.stringify(body),
        timeoutMs: left,
      });
    } catch (err) {
      if (err instanceof OutboundError)
        throw new SourceUnavailableError(
          source,
          err.failure === 'TIMEOUT' ? `timed out after ${SOURCE_TIMEOUT_MS / 1000} s` : err.message,
        );
      throw err;
    }
  };

  const signIn = async (): Promise<string> => {
    const res = await post('/ulip/v1.0.0/user/login', { username: account.username, password: account.password });
    if (res.status === 401 || res.status === 403)
      throw new SourceUnavailableError(
        source,
        'ULIP sign-in refused: check the username and password in Configuration',
      );
    if (res.status !== 200) throw new SourceUnavailableError(source, `ULIP sign-in answered ${res.status}`);
    let answer: { response?: { id?: unknown; token?: unknown; expiresIn?: unknown } };
    try {
      answer = JSON.parse(res.text) as typeof answer;
    } catch {
      throw new SourceUnavailableError(source, 'ULIP sign-in answer was not JSON');
    }
    const token = answer.response?.id ?? answer.response?.token;
    if (typeof token !== 'string' || !token) throw new SourceUnavailableError(source, 'ULIP sign-in gave no token');
    const now = Date.now();
    tokens.set(tokenKey(account), { token, expiresAt: expiryOf(token, answer.response?.expiresIn, now) });
    return token;
  };

  const currentToken = async () => {
    const kept = tokens.get(tokenKey(account));
    // Renewed 30 s early, so a token does not expire between our check and ULIP's.
    if (kept && kept.expiresAt - 30_000 > Date.now()) return kept.token;
    // The sources of one check run in parallel: they share one sign-in.
    const key = tokenKey(account);
    let pending = signingIn.get(key);
    if (!pending) {
      pending = signIn().finally(() => signingIn.delete(key));
      signingIn.set(key, pending);
    }
    return pending;
  };

  return async (path, body) => {
    const token = await currentToken();
    let res = await post(path, body, token);
    if (res.status === 401) {
      // Renewed once: a token ULIP revoked early. The sources that got the same 401 share one new
      // sign-in; a second 401 is not retried.
      if (tokens.get(tokenKey(account))?.token === token) tokens.delete(tokenKey(account));
      res = await post(path, body, await currentToken());
    }
    if (res.status !== 200) throw new SourceUnavailableError(source, `answered ${res.status}`);
    try {
      return JSON.parse(res.text) as unknown;
    } catch {
      throw new SourceUnavailableError(source, 'answer was not JSON');
    }
  };
}

/** Tests forget every kept token. */
export const forgetTokens = () => tokens.clear();

// The headers that authenticate a call to an external system, from its sealed authConfig: an API key
// header, a bearer token, basic auth, or an OAuth2 client-credentials token fetched from the system's
// token URL and kept (in this process) until shortly before it expires.
import { createHash } from 'node:crypto';
import { openSecret } from '../lib/secrets';
import { callOutbound, OutboundError } from '../lib/outbound';
import type { AuthConfig } from '../../shared/contracts/integrations';
import type { SystemRecord } from './system.store';

/** A call was answered but the credentials were refused (or no token could be had). */
export class CredentialsError extends Error {}

const TOKEN_TIMEOUT_MS = 10_000;
const tokens = new Map<string, { token: string; expiresAt: number }>();

export async function openAuthConfig(system: Pick<SystemRecord, 'tenantId' | 'sealedAuth'>): Promise<AuthConfig> {
  return JSON.parse(await openSecret(system.tenantId, system.sealedAuth)) as AuthConfig;
}

async function oauthToken(config: AuthConfig, now = Date.now()): Promise<string> {
  // Cached per client and token URL, so an edited client secret gets a new token.
  const cacheKey = createHash('sha256')
    .update(`${config.tokenUrl}\n${config.clientId}\n${config.clientSecret}\n${config.scope ?? ''}`)
    .digest('hex');
  const cached = tokens.get(cacheKey);
  if (cached && cached.expiresAt > now) return cached.token;
  const form = new URLSearchParams({
    grant_type: 'client_credentials',
    ...(config.scope ? { scope: config.scope } : {}),
  });
  const res = await callOutbound({
    method: 'POST',
    url: config.tokenUrl!,
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      authorization: `Basic ${Buffer.from(`${encodeURIComponent(config.clientId!)}:${encodeURIComponent(config.clientSecret!)}`).toString('base64')}`,
    },
    body: form.toString(),
    timeoutMs: TOKEN_TIMEOUT_MS,
  });
  if (res.status === 401 || res.status === 400 || res.status === 403)
    throw new CredentialsError(`OAuth2 token request refused (${res.status}): check the client ID and secret`);
  if (res.status < 200 || res.status >= 300)
    throw new OutboundError('NETWORK', `OAuth2 token endpoint answered ${res.status}`);
  let body: { access_token?: unknown; expires_in?: unknown };
  try {
    body = JSON.parse(res.text) as typeof body;
  } catch {
    throw new CredentialsError('OAuth2 token endpoint did not answer JSON');
  }
  if (typeof body.access_token !== 'string' || !body.access_token)
    throw new CredentialsError('OAuth2 token endpoint sent no access_token');
  const lifetime = typeof body.expires_in === 'number' && body.expires_in > 0 ? body.expires_in : 300;
  // Renewed 30 s early, so a token never expires in flight.
  tokens.set(cacheKey, { token: body.access_token, expiresAt: now + Math.max(0, lifetime - 30) * 1000 });
  return body.access_token;
}

export async function authHeaders(
  system: Pick<SystemRecord, 'tenantId' | 'sealedAuth' | 'authType'>,
): Promise<Record<string, string>> {
  const config = await openAuthConfig(system);
  switch (system.authType) {
    case 'API_KEY':
      return { [(config.headerName || 'X-API-Key').toLowerCase()]: config.apiKey ?? '' };
    case 'BEARER_TOKEN':
      return { authorization: `Bearer ${config.token ?? ''}` };
    case 'BASIC_AUTH':
      return {
        authorization: `Basic ${Buffer.from(`${config.username ?? ''}:${config.password ?? ''}`).toString('base64')}`,
      };
    case 'OAUTH2':
      return { authorization: `Bearer ${await oauthToken(config)}` };
  }
}

/** Forgets cached OAuth2 tokens (a 401 with a cached token may mean it was revoked). */
export function forgetTokens(): void {
  tokens.clear();
}

// Standard Webhooks (standardwebhooks.com), our own implementation: the signing secret is `whsec_` +
// base64 of 32 random bytes; a message is signed with HMAC-SHA256 over "id.timestamp.body" and sent
// as `webhook-signature: v1,<base64>` (several space-separated signatures may be sent during a
// rotation); a receiver refuses timestamps more than 5 minutes away. The tests check our signatures
// with the reference library (npm standardwebhooks), so this file cannot drift from the scheme.
// Kernel, because two domains sign: integrations' outgoing webhooks and references' callback to the
// customer's system (issue #32), which sits below integrations.
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

const PREFIX = 'whsec_';
export const TIMESTAMP_TOLERANCE_SECONDS = 5 * 60;

export function newSigningSecret(): string {
  return PREFIX + randomBytes(32).toString('base64');
}

function keyOf(secret: string): Buffer {
  return Buffer.from(secret.startsWith(PREFIX) ? secret.slice(PREFIX.length) : secret, 'base64');
}

export function sign(secret: string, id: string, timestampSeconds: number, body: string): string {
  return 'v1,' + createHmac('sha256', keyOf(secret)).update(`${id}.${timestampSeconds}.${body}`).digest('base64');
}

/** The three headers of a signed message. */
export function signedHeaders(secret: string, id: string, body: string, now = new Date()): Record<string, string> {
  const timestamp = Math.floor(now.getTime() / 1000);
  return {
    'webhook-id': id,
    'webhook-timestamp': String(timestamp),
    'webhook-signature': sign(secret, id, timestamp, body),
  };
}

export type VerifyFailure = 'MISSING_HEADERS' | 'BAD_TIMESTAMP' | 'STALE_TIMESTAMP' | 'BAD_SIGNATURE';

/** Checks a received message; null when it is authentic and fresh, else why not. */
export function verify(
  secret: string,
  headers: { id?: string; timestamp?: string; signature?: string },
  body: string,
  now = new Date(),
): VerifyFailure | null {
  const { id, timestamp, signature } = headers;
  if (!id || !timestamp || !signature) return 'MISSING_HEADERS';
  if (!/^\d{1,12}$/.test(timestamp)) return 'BAD_TIMESTAMP';
  if (Math.abs(now.getTime() / 1000 - Number(timestamp)) > TIMESTAMP_TOLERANCE_SECONDS) return 'STALE_TIMESTAMP';
  const expected = Buffer.from(sign(secret, id, Number(timestamp), body).slice(3), 'base64');
  for (const candidate of signature.split(' ')) {
    const [version, value] = candidate.split(',', 2);
    if (version !== 'v1' || !value) continue;
    const given = Buffer.from(value, 'base64');
    if (given.length === expected.length && timingSafeEqual(given, expected)) return null;
  }
  return 'BAD_SIGNATURE';
}

// Signed links opened with no sign-in (a late driver's reslot, issue #33; a gate pass from the booking
// message, issue #31): the token is `<id>~<signature>`. The id names the link's item, which lives in its
// own partition (the page knows no tenant before it reads it); the signature is an HMAC of the item's
// fields with the tenant's key for that kind of link, so a guessed, altered or re-pointed token opens
// nothing even if an id leaked. The key is made once, sealed like every tenant secret (secrets.ts).
// No dot in a token: the CDN (lib/web.ts) and the service worker take a path with a dot for a file, and
// would not serve the page.
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { getItem, putIfAbsent } from './dynamo';
import { openSecret, sealSecret } from './secrets';

const TOKEN = /^([A-Za-z0-9_-]{16})~([A-Za-z0-9_-]{22})$/;

/** A new link id: 96 random bits, 16 characters. */
export const newLinkId = () => randomBytes(12).toString('base64url');

const signature = (key: Buffer, id: string, fields: readonly string[]) =>
  createHmac('sha256', key)
    .update([id, ...fields].join('|'))
    .digest()
    .subarray(0, 16)
    .toString('base64url');

/** The token of a link: its id and the signature of the id with the link's fields. */
export const linkToken = (key: Buffer, id: string, fields: readonly string[]) => `${id}~${signature(key, id, fields)}`;

/** The id a token names, or null when it is no link token at all. */
export const linkIdOf = (token: string): string | null => TOKEN.exec(token)?.[1] ?? null;

/** Whether the token's signature is the one of these fields (compared in constant time). */
export function linkTokenMatches(key: Buffer, token: string, fields: readonly string[]): boolean {
  const m = TOKEN.exec(token);
  if (!m) return false;
  const expected = Buffer.from(signature(key, m[1]!, fields));
  const given = Buffer.from(m[2]!);
  return expected.length === given.length && timingSafeEqual(expected, given);
}

/** The tenant's key for one kind of link, stored at `key`: made on first use, sealed, then reused. */
export async function linkSigningKey(tenantId: string, key: { PK: string; SK: string }, entity: string) {
  let stored = await getItem<{ sealed: string }>(key, true);
  if (!stored) {
    await putIfAbsent({ ...key, entity, sealed: await sealSecret(tenantId, randomBytes(32).toString('base64')) });
    stored = (await getItem<{ sealed: string }>(key, true))!;
  }
  return Buffer.from(await openSecret(tenantId, stored.sealed), 'base64');
}

/** The SPA's origin for links sent out of a worker (no request to take it from); null when none is set. */
export function appOrigin(): string | null {
  return (
    (process.env.APP_ORIGIN ?? process.env.ALLOWED_ORIGINS?.split(',')[0] ?? '').trim().replace(/\/+$/, '') || null
  );
}

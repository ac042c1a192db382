// Signed links opened with no sign-in (issue #52.10: one scheme for the gate pass link, the late
// driver's reslot, the gate QR code and the privacy choices link). A token is
// `<id>~<expiry>~<key id>~<signature>`: the id names what the link opens (its item, or the facility link
// of a gate QR), the expiry is in the token (epoch seconds, base 36: every link expires), and the
// signature is an HMAC of the kind, id, expiry and the link's fields with the tenant's key of that
// kind. A guessed, altered, re-pointed or expired token opens nothing.
// Keys: one record per tenant and kind, at the location the kind's own store names; each key is 32
// random bytes sealed with functions/lib/secrets.ts (KMS, bound to the tenant). The record holds the
// current key and the previous one: a rotation (every ROTATE_AFTER_DAYS, on the first signing after;
// or an operator's) keeps the previous key accepted until the last link it signed has expired
// (`signedUntil`), then it is retired. Tokens of the scheme before this one (`<id>~<signature>`,
// `<id>.<signature>`) verify with that key, kept as the previous key for the kind's legacy overlap.
// No dot in a new token: the CDN (lib/web.ts) and the service worker take a path with a dot for a file.
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { ddb } from './aws';
import { config } from './config';
import { writeAudit, type Actor } from './audit';
import { getItem, isConditionalCheckFailed, putIfAbsent } from './dynamo';
import { openSecret, sealSecret } from './secrets';

type ItemKey = { PK: string; SK: string };

/** A kind of link: its name (signed into every token), where its tenant's keys live, how long links of the old scheme stay accepted. */
export interface LinkKind {
  name: 'pass-link' | 'reslot' | 'gate-qr' | 'choices';
  keysAt: (tenantId: string) => ItemKey;
  entity: string;
  /** Days a token of the scheme before #52.10 (no expiry, no key id) stays accepted after the first new key. */
  legacyOverlapDays: number;
}

interface LinkKey {
  kid: string;
  sealed: string;
  createdAt: string;
  /** Epoch seconds: the latest expiry of a link signed with this key. */
  signedUntil: number;
}
interface KeyRecord {
  current?: LinkKey;
  previous?: (LinkKey & { acceptUntil: number }) | null;
  /** The key of the scheme before #52.10 (no key id), until the record is first used by this one. */
  sealed?: string;
}

/** A key is replaced on the first signing this many days after it was made. */
export const ROTATE_AFTER_DAYS = 90;
const LEGACY_KID = 'lgcy';
const TOKEN = /^([A-Za-z0-9_-]{8,64})~([0-9a-z]{1,10})~([A-Za-z0-9_-]{4})~([A-Za-z0-9_-]{22})$/;
const LEGACY_TOKEN = /^([A-Za-z0-9_-]{16})[~.]([A-Za-z0-9_-]{22})$/;
const epoch = (d: Date) => Math.floor(d.getTime() / 1000);

/** A new link id: 96 random bits, 16 characters. */
export const newLinkId = () => randomBytes(12).toString('base64url');

const mac = (key: Buffer, parts: readonly string[]) =>
  createHmac('sha256', key).update(parts.join('|')).digest().subarray(0, 16).toString('base64url');

const sameText = (a: string, b: string) => {
  const [x, y] = [Buffer.from(a), Buffer.from(b)];
  return x.length === y.length && timingSafeEqual(x, y);
};

/** The id a token names (either scheme), or null when it is no link token at all. */
export function linkIdOf(token: string): string | null {
  return TOKEN.exec(token)?.[1] ?? LEGACY_TOKEN.exec(token)?.[1] ?? null;
}

// Opened keys, per tenant, kind and key id: a KMS call once per Lambda instance, not per link.
const opened = new Map<string, Promise<Buffer>>();
function openKey(tenantId: string, kind: LinkKind, key: Pick<LinkKey, 'kid' | 'sealed'>): Promise<Buffer> {
  const cacheKey = `${tenantId}|${kind.name}|${key.kid}|${key.sealed.slice(-16)}`;
  let found = opened.get(cacheKey);
  if (!found) {
    if (opened.size > 500) opened.clear();
    found = openSecret(tenantId, key.sealed).then((b64) => Buffer.from(b64, 'base64'));
    found.catch(() => opened.delete(cacheKey));
    opened.set(cacheKey, found);
  }
  return found;
}

async function newKey(tenantId: string, now: Date): Promise<LinkKey> {
  return {
    kid: randomBytes(3).toString('base64url'),
    sealed: await sealSecret(tenantId, randomBytes(32).toString('base64')),
    createdAt: now.toISOString(),
    signedUntil: 0,
  };
}

const readRecord = (kind: LinkKind, tenantId: string) => getItem<KeyRecord>(kind.keysAt(tenantId), true);

/** Writes `next` over the record if it still holds `seenKid` as its current key (none: still legacy or absent). */
async function replaceRecord(kind: LinkKind, tenantId: string, seenKid: string | null, next: KeyRecord) {
  try {
    await ddb().send(
      new UpdateCommand({
        TableName: config.tableName,
        Key: kind.keysAt(tenantId),
        UpdateExpression: 'SET entity = :entity, #current = :current, #previous = :previous REMOVE sealed',
        ConditionExpression: seenKid ? '#current.kid = :seen' : 'attribute_not_exists(#current)',
        ExpressionAttributeNames: { '#current': 'current', '#previous': 'previous' },
        ExpressionAttributeValues: {
          ':entity': kind.entity,
          ':current': next.current,
          ':previous': next.previous ?? null,
          ...(seenKid ? { ':seen': seenKid } : {}),
        },
      }),
    );
    return true;
  } catch (err) {
    if (isConditionalCheckFailed(err)) return false;
    throw err;
  }
}

/** The record with a current key: made on first use, the old scheme's key kept as the previous one. */
async function keyRecord(
  kind: LinkKind,
  tenantId: string,
  now: Date,
): Promise<Required<Pick<KeyRecord, 'current'>> & KeyRecord> {
  for (let attempt = 0; attempt < 3; attempt++) {
    const record = await readRecord(kind, tenantId);
    if (record?.current) return record as Required<Pick<KeyRecord, 'current'>> & KeyRecord;
    const previous = record?.sealed
      ? {
          kid: LEGACY_KID,
          sealed: record.sealed,
          createdAt: now.toISOString(),
          signedUntil: 0,
          acceptUntil: epoch(now) + kind.legacyOverlapDays * 86400,
        }
      : null;
    const next = { current: await newKey(tenantId, now), previous };
    if (!record) await putIfAbsent({ ...kind.keysAt(tenantId), entity: kind.entity, ...next });
    else await replaceRecord(kind, tenantId, null, next);
  }
  throw new Error(`The ${kind.name} signing key could not be made`);
}

/**
 * A new current key; the one it replaces stays accepted until the last link it signed expires. A key
 * retired earlier than that is dropped (an operator's second rotation cuts its links: the emergency path).
 */
export async function rotateLinkKey(kind: LinkKind, tenantId: string, actor: Actor | null, now = new Date()) {
  const record = await keyRecord(kind, tenantId, now);
  const next: KeyRecord = {
    current: await newKey(tenantId, now),
    previous: { ...record.current, acceptUntil: Math.max(epoch(now), record.current.signedUntil) },
  };
  if (!(await replaceRecord(kind, tenantId, record.current.kid, next))) return false;
  await writeAudit(
    {
      tenantId,
      actor,
      action: 'link-key.rotated',
      entityType: 'link-key',
      entityId: kind.name,
      before: { kid: record.current.kid },
      after: { kid: next.current!.kid, previousUntil: new Date(next.previous!.acceptUntil * 1000).toISOString() },
    },
    now,
  );
  return true;
}

/** Stops accepting the previous key now (its links open nothing from here on). */
export async function retirePreviousLinkKey(kind: LinkKind, tenantId: string, actor: Actor | null, now = new Date()) {
  const record = await keyRecord(kind, tenantId, now);
  if (!record.previous) return;
  const retired = { ...record, previous: { ...record.previous, acceptUntil: epoch(now) - 1 } };
  if (!(await replaceRecord(kind, tenantId, record.current.kid, retired))) return;
  await writeAudit(
    {
      tenantId,
      actor,
      action: 'link-key.retired',
      entityType: 'link-key',
      entityId: kind.name,
      before: { kid: record.previous.kid },
      after: null,
    },
    now,
  );
}

/** Notes that a link valid until `exp` was signed with the current key (kept only when later). */
async function extendSignedUntil(kind: LinkKind, tenantId: string, key: LinkKey, exp: number) {
  try {
    await ddb().send(
      new UpdateCommand({
        TableName: config.tableName,
        Key: kind.keysAt(tenantId),
        UpdateExpression: 'SET #current.signedUntil = :exp',
        ConditionExpression: '#current.kid = :kid AND #current.signedUntil < :exp',
        ExpressionAttributeNames: { '#current': 'current' },
        ExpressionAttributeValues: { ':exp': exp, ':kid': key.kid },
      }),
    );
  } catch (err) {
    if (!isConditionalCheckFailed(err)) throw err;
  }
}

/** The token of a link of `kind` naming `id`, valid until `expiresAt`, signed with the tenant's current key. */
export async function signLink(
  kind: LinkKind,
  tenantId: string,
  id: string,
  fields: readonly string[],
  expiresAt: Date,
  now = new Date(),
): Promise<string> {
  let record = await keyRecord(kind, tenantId, now);
  const age = now.getTime() - Date.parse(record.current.createdAt);
  const previousLive = record.previous && record.previous.acceptUntil > epoch(now);
  if (age > ROTATE_AFTER_DAYS * 86_400_000 && !previousLive) {
    await rotateLinkKey(kind, tenantId, null, now);
    record = await keyRecord(kind, tenantId, now);
  }
  const key = record.current;
  const exp = epoch(expiresAt).toString(36);
  const token = `${id}~${exp}~${key.kid}~${mac(await openKey(tenantId, kind, key), [kind.name, id, exp, ...fields])}`;
  if (epoch(expiresAt) > key.signedUntil) await extendSignedUntil(kind, tenantId, key, epoch(expiresAt));
  return token;
}

/**
 * Whether the token is a genuine link of `kind` for these fields: 'valid', 'expired' (genuine, past its
 * expiry) or 'invalid' (no token, altered, another link's, or signed with a key no longer accepted).
 * A token of the old scheme carries no expiry: its item's own end (pass, reslot) is the caller's to check.
 */
export async function checkLink(
  kind: LinkKind,
  tenantId: string,
  token: string,
  fields: readonly string[],
  now = new Date(),
): Promise<'valid' | 'expired' | 'invalid'> {
  const record = await readRecord(kind, tenantId);
  if (!record) return 'invalid';
  const live = record.previous && record.previous.acceptUntil >= epoch(now) ? record.previous : null;
  const m = TOKEN.exec(token);
  if (m) {
    const [, id, exp, kid, given] = m as unknown as [string, string, string, string, string];
    const key = [record.current, live].find((k) => k && k.kid === kid && k.kid !== LEGACY_KID);
    if (!key || !sameText(mac(await openKey(tenantId, kind, key), [kind.name, id, exp, ...fields]), given))
      return 'invalid';
    return parseInt(exp, 36) <= epoch(now) ? 'expired' : 'valid';
  }
  const legacy = LEGACY_TOKEN.exec(token);
  const legacyKey = record.sealed ? { kid: LEGACY_KID, sealed: record.sealed } : live?.kid === LEGACY_KID ? live : null;
  if (!legacy || !legacyKey) return 'invalid';
  const [, id, given] = legacy as unknown as [string, string, string];
  return sameText(mac(await openKey(tenantId, kind, legacyKey), [id, ...fields]), given) ? 'valid' : 'invalid';
}

/**
 * A tenant's sealed key of another use (the privacy pseudonyms, the booking links' code check), at
 * `key`: made on first use, then reused. Not a link key: it is never rotated.
 */
export async function linkSigningKey(tenantId: string, key: ItemKey, entity: string) {
  let stored = await getItem<{ sealed: string }>(key, true);
  if (!stored) {
    await putIfAbsent({ ...key, entity, sealed: await sealSecret(tenantId, randomBytes(32).toString('base64')) });
    stored = (await getItem<{ sealed: string }>(key, true))!;
  }
  return Buffer.from(await openSecret(tenantId, stored.sealed), 'base64');
}

/** The old scheme's token (booking links, which keep their own access code and expiry in their item). */
export const linkToken = (key: Buffer, id: string, fields: readonly string[]) => `${id}~${mac(key, [id, ...fields])}`;

/** Whether an old-scheme token's signature is the one of these fields (compared in constant time). */
export function linkTokenMatches(key: Buffer, token: string, fields: readonly string[]): boolean {
  const m = LEGACY_TOKEN.exec(token);
  return Boolean(m && token.includes('~') && sameText(mac(key, [m[1]!, ...fields]), m[2]!));
}

/** The SPA's origin for links sent out of a worker (no request to take it from); null when none is set. */
export function appOrigin(): string | null {
  return (
    (process.env.APP_ORIGIN ?? process.env.ALLOWED_ORIGINS?.split(',')[0] ?? '').trim().replace(/\/+$/, '') || null
  );
}

// Fixed-window counters in the table (one item per key and window, expired by TTL) for login
// throttling and guest rate limits. Atomic ADD, so concurrent requests are all counted. A client
// address in a key counts an IPv6 client by its /64 (throttleSubject).
// Attempt streaks with a growing back-off (per sign-in account): each attempt is claimed before it is
// checked, with a conditional write, so concurrent guesses cannot slip past the limit together.
import { isIP } from 'node:net';
import { GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { ddb } from './aws';
import { config } from './config';
import { isConditionalCheckFailed } from './dynamo';
import { TooManyRequestsError } from './errors';

export interface Window {
  limit: number;
  windowSeconds: number;
}

/** The 8 groups of an IPv6 address (an embedded dotted IPv4 tail and a zone allowed), or null. */
function ipv6Groups(address: string): number[] | null {
  if (isIP(address) !== 6) return null;
  let text = address.replace(/%.*$/, '').toLowerCase();
  const v4 = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text);
  if (v4) {
    const [a, b, c, d] = v4.slice(1).map(Number) as [number, number, number, number];
    text = text.slice(0, v4.index) + `${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head, tail] = text.includes('::') ? text.split('::') : [text, undefined];
  const part = (s: string | undefined) => (s ? s.split(':').map((g) => parseInt(g, 16)) : []);
  const left = part(head);
  const right = part(tail);
  const groups =
    tail === undefined ? left : [...left, ...Array<number>(8 - left.length - right.length).fill(0), ...right];
  return groups.length === 8 ? groups : null;
}

/**
 * What a rate limit counts a client address as (issue #52): an IPv4 address as itself; an IPv6 address
 * by its /64, since one subscriber's network hands out any number of addresses of its /64 and an
 * attacker rotating through them is one client; an IPv4-mapped IPv6 address as its IPv4 address.
 */
export function addressSubject(address: string): string {
  const groups = ipv6Groups(address);
  if (!groups) return address;
  if (groups.slice(0, 5).every((g) => g === 0) && groups[5] === 0xffff)
    return [groups[6]! >> 8, groups[6]! & 255, groups[7]! >> 8, groups[7]! & 255].join('.');
  return `${groups
    .slice(0, 4)
    .map((g) => g.toString(16))
    .join(':')}::/64`;
}

/**
 * A key whose last part (after ':' or '#') is a client address counts it by addressSubject: every rate
 * limit keyed on `req.ip` (`signup:${ip}`, `login:ip:${ip}`, ...) counts an IPv6 client by its /64.
 */
export function throttleSubject(key: string): string {
  for (let i = 0; i < key.length; i++) {
    if (i > 0 && key[i - 1] !== ':' && key[i - 1] !== '#') continue;
    const tail = key.slice(i);
    if (isIP(tail) === 6) return key.slice(0, i) + addressSubject(tail);
  }
  return key;
}

function keyOf(key: string, window: Window, now: number) {
  const start = Math.floor(now / 1000 / window.windowSeconds) * window.windowSeconds;
  return {
    item: { PK: `THROTTLE#${throttleSubject(key)}`, SK: `WINDOW#${start}` },
    resetsAt: start + window.windowSeconds,
  };
}

export async function countIn(
  key: string,
  window: Window,
  now = Date.now(),
): Promise<{ count: number; retryAfter: number }> {
  const { item, resetsAt } = keyOf(key, window, now);
  const res = await ddb().send(new GetCommand({ TableName: config.tableName, Key: item, ConsistentRead: true }));
  return { count: Number(res.Item?.count ?? 0), retryAfter: resetsAt - now / 1000 };
}

export async function addHit(key: string, window: Window, now = Date.now()): Promise<number> {
  const { item, resetsAt } = keyOf(key, window, now);
  const res = await ddb().send(
    new UpdateCommand({
      TableName: config.tableName,
      Key: item,
      UpdateExpression: 'ADD #count :one SET expiresAt = :expiresAt',
      ExpressionAttributeNames: { '#count': 'count' },
      ExpressionAttributeValues: { ':one': 1, ':expiresAt': resetsAt + 60 },
      ReturnValues: 'UPDATED_NEW',
    }),
  );
  return Number(res.Attributes?.count ?? 1);
}

/** Counts this request and refuses it with 429 once the window's limit is passed. */
export async function rateLimit(key: string, window: Window, message: string, now = Date.now()): Promise<void> {
  const count = await addHit(key, window, now);
  if (count > window.limit * config.rateLimitFactor) {
    const { resetsAt } = keyOf(key, window, now);
    throw new TooManyRequestsError(message, resetsAt - now / 1000);
  }
}

/** Free attempts, then a lock that doubles with each further attempt up to a ceiling. */
export interface Backoff {
  freeAttempts: number;
  firstDelaySeconds: number;
  maxDelaySeconds: number;
  /** A streak without any attempt for this long starts again from zero. */
  forgetAfterSeconds: number;
}

export const streakKey = (key: string) => ({ PK: `THROTTLE#${key}`, SK: 'STREAK' });

/** Seconds the key stays locked after its `attempts`-th attempt (0 while attempts are free). */
export function backoffSeconds(attempts: number, backoff: Backoff): number {
  if (attempts < backoff.freeAttempts) return 0;
  return Math.min(backoff.maxDelaySeconds, backoff.firstDelaySeconds * 2 ** (attempts - backoff.freeAttempts));
}

/**
 * Claims one attempt of the streak: refused with the seconds to wait while the key is locked;
 * otherwise counted (and the next lock set) before the caller checks anything. A success clears
 * the streak (`clearStreak`); a failure leaves the claim counted.
 */
export async function claimAttempt(
  key: string,
  backoff: Backoff,
): Promise<{ ok: true } | { ok: false; retryAfter: number }> {
  for (let tries = 0; tries < 8; tries++) {
    const now = Date.now() / 1000;
    const res = await ddb().send(
      new GetCommand({ TableName: config.tableName, Key: streakKey(key), ConsistentRead: true }),
    );
    const stored = res.Item as { attempts: number; lockedUntil: number; expiresAt: number } | undefined;
    const live = stored && stored.expiresAt > now ? stored : undefined; // TTL deletion is lazy
    if (live && live.lockedUntil > now) return { ok: false, retryAfter: Math.ceil(live.lockedUntil - now) };
    const attempts = (live?.attempts ?? 0) + 1;
    const delay = backoffSeconds(attempts, backoff);
    try {
      await ddb().send(
        new PutCommand({
          TableName: config.tableName,
          Item: {
            ...streakKey(key),
            attempts,
            lockedUntil: delay ? now + delay : 0,
            expiresAt: Math.ceil(now + delay + backoff.forgetAfterSeconds),
          },
          // Another attempt claimed in between: read again.
          ConditionExpression: stored ? 'attempts = :seen' : 'attribute_not_exists(PK)',
          ExpressionAttributeValues: stored ? { ':seen': stored.attempts } : undefined,
        }),
      );
      return { ok: true };
    } catch (err) {
      if (!isConditionalCheckFailed(err)) throw err;
      await new Promise((r) => setTimeout(r, Math.random() * 15 * (tries + 1)));
    }
  }
  return { ok: false, retryAfter: 1 };
}

/** A TransactWriteItems element that ends the key's streak (with the success it records). */
export function clearStreak(key: string) {
  return { Delete: { TableName: config.tableName, Key: streakKey(key) } };
}

// Sessions: a random token in the cookie; the table keeps only its SHA-256, so a copy of the table
// cannot be replayed as cookies. Expired sessions are refused on read (TTL deletion is lazy).
// The token also says where the session's records are (its tenant, its user and the user's home
// tenant: ids, no secret), so every request reads the session, the user and the tenant in one
// BatchGetItem instead of reading the session first. The session is keyed by the SHA-256 of the whole
// token, so a token whose ids were altered finds no session. A session is never changed after it is
// made (switching tenant makes a new one), so the ids in its token stay true.
// Known devices: each successful sign-in gives the browser a long-lived device token; the user's
// last few device hashes are kept, so sign-in throttling can tell the owner's browsers from others.
import { createHash, randomBytes } from 'node:crypto';
import { DeleteCommand, GetCommand } from '@aws-sdk/lib-dynamodb';
import { ddb } from '../lib/aws';
import { config } from '../lib/config';
import { SESSION_TOKEN_PATTERN } from '../../shared/ids';
import { tenantPk } from '../lib/table';

export interface Session {
  tenantId: string;
  userId: string;
  createdAt: string;
  expiresAt: number;
  /** Set when the session acts in a tenant other than the one holding the user record (a membership). */
  homeTenantId?: string;
}

const digest = (token: string) => createHash('sha256').update(token).digest('hex');
export const sessionKeys = { key: (token: string) => ({ PK: `SESSION#${digest(token)}`, SK: 'SESSION' }) };

/** Where a session's records are, as its token carries them. */
export interface SessionLocator {
  tenantId: string;
  userId: string;
  homeTenantId: string;
}

const LOCATOR_SEPARATOR = '.';
const locatorText = (l: SessionLocator) =>
  Buffer.from(JSON.stringify([l.tenantId, l.userId, l.homeTenantId])).toString('base64url');

/** The locator of a well-formed session token, or null (a malformed token, or one made before tokens carried it). */
export function sessionLocator(token: string): SessionLocator | null {
  const [secret, locator, ...rest] = token.split(LOCATOR_SEPARATOR);
  if (rest.length || !secret || !locator || !SESSION_TOKEN_PATTERN.test(secret) || locator.length > 600) return null;
  try {
    const ids: unknown = JSON.parse(Buffer.from(locator, 'base64url').toString('utf8'));
    if (
      !Array.isArray(ids) ||
      ids.length !== 3 ||
      !ids.every((id) => typeof id === 'string' && id.length > 0 && id.length <= 128)
    )
      return null;
    const [tenantId, userId, homeTenantId] = ids as [string, string, string];
    return { tenantId, userId, homeTenantId };
  } catch {
    return null;
  }
}

/** The session a stored item holds, or null when there is none or it has expired. */
export function sessionOf(item: Record<string, unknown> | null, now = Date.now()): Session | null {
  const s = item as (Session & Record<string, unknown>) | null;
  if (!s || s.expiresAt * 1000 <= now) return null;
  return {
    tenantId: s.tenantId,
    userId: s.userId,
    createdAt: s.createdAt,
    expiresAt: s.expiresAt,
    ...(s.homeTenantId ? { homeTenantId: s.homeTenantId } : {}),
  };
}

/** A new session and the TransactWriteItems element that stores it. */
export function newSession(tenantId: string, userId: string, now = Date.now(), homeTenantId = tenantId) {
  const token = `${randomBytes(32).toString('base64url')}${LOCATOR_SEPARATOR}${locatorText({ tenantId, userId, homeTenantId })}`;
  const session: Session = {
    tenantId,
    userId,
    createdAt: new Date(now).toISOString(),
    expiresAt: Math.floor(now / 1000) + config.sessionTtlSeconds,
    ...(homeTenantId !== tenantId ? { homeTenantId } : {}),
  };
  const put = {
    Put: {
      TableName: config.tableName,
      Item: { ...sessionKeys.key(token), ...session },
      ConditionExpression: 'attribute_not_exists(PK)',
    },
  };
  return { token, session, put };
}

export async function deleteSession(token: string): Promise<void> {
  await ddb().send(new DeleteCommand({ TableName: config.tableName, Key: sessionKeys.key(token) }));
}

export const KNOWN_DEVICES = { max: 10, ttlSeconds: 90 * 24 * 3600 };

export interface KnownDevice {
  hash: string;
  lastSignInAt: string;
  expiresAt: number;
}

export const deviceKeys = {
  key: (tenantId: string, userId: string) => ({ PK: tenantPk(tenantId), SK: `DEVICES#${userId}` }),
};

/** The user's devices that signed in within the last 90 days, most recent first. */
export async function knownDevices(tenantId: string, userId: string, now = Date.now()): Promise<KnownDevice[]> {
  const res = await ddb().send(
    new GetCommand({ TableName: config.tableName, Key: deviceKeys.key(tenantId, userId), ConsistentRead: true }),
  );
  const devices = (res.Item?.devices ?? []) as KnownDevice[];
  return devices.filter((d) => d.expiresAt * 1000 > now);
}

export function isKnownDevice(devices: KnownDevice[], token: string | undefined): boolean {
  if (!token || !SESSION_TOKEN_PATTERN.test(token)) return false;
  const hash = digest(token);
  return devices.some((d) => d.hash === hash);
}

/**
 * A new device token for this browser (a fresh one on every sign-in, so a token planted in a browser
 * is never kept) and the TransactWriteItems element that remembers it in place of the old one,
 * keeping the last KNOWN_DEVICES.max devices. Two sign-ins of one user at the same moment may drop
 * one of the two devices; it is then simply unknown at its next sign-in.
 */
export function rememberDevice(
  tenantId: string,
  userId: string,
  devices: KnownDevice[],
  previousToken: string | undefined,
  now = Date.now(),
) {
  const token = randomBytes(32).toString('base64url');
  const previous = previousToken ? digest(previousToken) : null;
  const expiresAt = Math.floor(now / 1000) + KNOWN_DEVICES.ttlSeconds;
  const kept = [
    { hash: digest(token), lastSignInAt: new Date(now).toISOString(), expiresAt },
    ...devices.filter((d) => d.hash !== previous),
  ].slice(0, KNOWN_DEVICES.max);
  const put = {
    Put: {
      TableName: config.tableName,
      Item: { ...deviceKeys.key(tenantId, userId), entity: 'known-devices', devices: kept, expiresAt },
    },
  };
  return { token, maxAgeSeconds: KNOWN_DEVICES.ttlSeconds, put };
}

/** The device a token names, for keying its own failure budget (never the token itself). */
export const deviceId = (token: string) => digest(token).slice(0, 32);

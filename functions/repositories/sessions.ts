// Sessions: an opaque random token in the cookie; the table keeps only its SHA-256, so a copy of the
// table cannot be replayed as cookies. Expired sessions are refused on read (TTL deletion is lazy).
import { createHash, randomBytes } from 'node:crypto';
import { DeleteCommand, GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { ddb } from '../lib/aws';
import { config } from '../lib/config';

export interface Session {
  tenantId: string;
  userId: string;
  createdAt: string;
  expiresAt: number;
}

const digest = (token: string) => createHash('sha256').update(token).digest('hex');
export const sessionKeys = { key: (token: string) => ({ PK: `SESSION#${digest(token)}`, SK: 'SESSION' }) };

export async function createSession(tenantId: string, userId: string, now = Date.now()): Promise<{ token: string; session: Session }> {
  const token = randomBytes(32).toString('base64url');
  const session: Session = {
    tenantId,
    userId,
    createdAt: new Date(now).toISOString(),
    expiresAt: Math.floor(now / 1000) + config.sessionTtlSeconds,
  };
  await ddb().send(new PutCommand({ TableName: config.tableName, Item: { ...sessionKeys.key(token), ...session } }));
  return { token, session };
}

export async function getSession(token: string, now = Date.now()): Promise<Session | null> {
  if (!/^[A-Za-z0-9_-]{20,100}$/.test(token)) return null;
  const res = await ddb().send(new GetCommand({ TableName: config.tableName, Key: sessionKeys.key(token) }));
  const item = res.Item as (Session & Record<string, unknown>) | undefined;
  if (!item || item.expiresAt * 1000 <= now) return null;
  return { tenantId: item.tenantId, userId: item.userId, createdAt: item.createdAt, expiresAt: item.expiresAt };
}

export async function deleteSession(token: string): Promise<void> {
  await ddb().send(new DeleteCommand({ TableName: config.tableName, Key: sessionKeys.key(token) }));
}

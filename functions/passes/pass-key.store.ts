// A facility's gate pass keys (issue #31): one ES256 pair per key id, the private half sealed with
// functions/lib/secrets.ts (bound to the tenant), the public half served to the gate as a JWKS-style
// list. A CURRENT item names the key that signs; rotation moves it in one transaction and keeps the
// old key listed until the last pass it signed has expired (removeAfter), then it is dropped.
import { PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { JWK } from 'jose';
import { ddb } from '../lib/aws';
import { config } from '../lib/config';
import { getItem, isConditionalCheckFailed, queryPrefix, transact, withoutKeys } from '../lib/dynamo';
import { ConflictError } from '../lib/errors';
import { tenantPk } from '../lib/table';

export interface PassKey {
  tenantId: string;
  facilityId: string;
  kid: string;
  publicJwk: JWK;
  privateSealed: string;
  createdAt: string;
  /** Epoch seconds: the latest expiry of a pass signed with this key. */
  passesUntil: number;
  retiredAt: string | null;
  /** Epoch seconds from which a retired key is no longer listed (nor verifies). */
  removeAfter: number | null;
}

const pk = (tenantId: string, facilityId: string) => tenantPk(tenantId, 'FACILITY', facilityId, 'PASSKEYS');
const keyOf = (tenantId: string, facilityId: string, kid: string) => ({
  PK: pk(tenantId, facilityId),
  SK: `KEY#${kid}`,
});
const currentOf = (tenantId: string, facilityId: string) => ({ PK: pk(tenantId, facilityId), SK: 'CURRENT' });

const keyItem = (k: PassKey) => ({
  ...keyOf(k.tenantId, k.facilityId, k.kid),
  entity: 'gate-pass-key',
  ...k,
  ...(k.removeAfter ? { expiresAt: k.removeAfter + 86400 } : {}),
});

export async function getPassKey(tenantId: string, facilityId: string, kid: string): Promise<PassKey | null> {
  const item = await getItem<Record<string, unknown>>(keyOf(tenantId, facilityId, kid), true);
  return item ? withoutKeys<PassKey>(item) : null;
}

/** The key that signs new passes, if the facility has one yet. */
export async function currentPassKey(tenantId: string, facilityId: string): Promise<PassKey | null> {
  const current = await getItem<{ kid: string }>(currentOf(tenantId, facilityId), true);
  return current ? getPassKey(tenantId, facilityId, current.kid) : null;
}

/** Every key of the facility not yet removed (current and retired ones whose passes may be live). */
export async function listPassKeys(tenantId: string, facilityId: string): Promise<PassKey[]> {
  return queryPrefix<PassKey>(pk(tenantId, facilityId), 'KEY#', { consistent: true });
}

/** Makes `key` the first key of the facility; false when another request made one meanwhile. */
export async function putFirstPassKey(key: PassKey): Promise<boolean> {
  try {
    await transact(
      [
        {
          Put: {
            TableName: config.tableName,
            Item: { ...currentOf(key.tenantId, key.facilityId), entity: 'gate-pass-key-current', kid: key.kid },
            ConditionExpression: 'attribute_not_exists(PK)',
          },
        },
        { Put: { TableName: config.tableName, Item: keyItem(key) } },
      ],
      () => new ConflictError('first key'),
      0,
    );
    return true;
  } catch (err) {
    if (err instanceof ConflictError) return false;
    throw err;
  }
}

/** Signs with `next` from now on; `previous` stays listed until `removeAfter`. */
export async function rotatePassKeyItems(
  previous: PassKey,
  next: PassKey,
  removeAfter: number,
  retiredAt: string,
): Promise<void> {
  await transact(
    [
      {
        Put: {
          TableName: config.tableName,
          Item: { ...currentOf(next.tenantId, next.facilityId), entity: 'gate-pass-key-current', kid: next.kid },
          ConditionExpression: 'kid = :previous',
          ExpressionAttributeValues: { ':previous': previous.kid },
        },
      },
      { Put: { TableName: config.tableName, Item: keyItem(next) } },
      { Put: { TableName: config.tableName, Item: keyItem({ ...previous, retiredAt, removeAfter }) } },
    ],
    () => new ConflictError('The gate pass key was rotated meanwhile. Please try again.'),
  );
}

/** Records that a pass valid until `exp` was signed with the key (kept only when it is later). */
export async function extendPassesUntil(key: PassKey, exp: number): Promise<void> {
  try {
    await ddb().send(
      new UpdateCommand({
        TableName: config.tableName,
        Key: keyOf(key.tenantId, key.facilityId, key.kid),
        UpdateExpression: 'SET passesUntil = :exp',
        ConditionExpression: 'attribute_exists(PK) AND passesUntil < :exp',
        ExpressionAttributeValues: { ':exp': exp },
      }),
    );
  } catch (err) {
    if (!isConditionalCheckFailed(err)) throw err;
  }
}

/** A key removed now (tests of an expired key, and an operator's emergency removal). */
export async function removePassKeyNow(key: PassKey, now: Date): Promise<void> {
  await ddb().send(
    new PutCommand({
      TableName: config.tableName,
      Item: keyItem({
        ...key,
        retiredAt: key.retiredAt ?? now.toISOString(),
        removeAfter: Math.floor(now.getTime() / 1000),
      }),
    }),
  );
}

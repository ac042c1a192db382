// Idempotency keys of check-ins made with a gate pass (issue #31): which check-in a key gave, and a
// hash of the pass it came with (one key is never applied to another pass). Kept a week by TTL.
import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { ddb } from '../lib/aws';
import { config } from '../lib/config';
import { getItem, isConditionalCheckFailed } from '../lib/dynamo';
import { tenantPk } from '../lib/table';

export interface PassCheckinKey {
  checkinId: string;
  tokenHash: string;
}

const RECORD_DAYS = 7;
const keyOf = (tenantId: string, idempotencyKey: string) => ({
  PK: tenantPk(tenantId, 'GATEPASS-CHECKIN', idempotencyKey),
  SK: 'KEY',
});

export const getPassCheckinKey = (tenantId: string, idempotencyKey: string) =>
  getItem<PassCheckinKey>(keyOf(tenantId, idempotencyKey), true);

/** Remembers which check-in a key gave (the first write wins; a later one changes nothing). */
export async function rememberPassCheckinKey(
  tenantId: string,
  idempotencyKey: string,
  record: PassCheckinKey,
  now: Date,
): Promise<void> {
  try {
    await ddb().send(
      new PutCommand({
        TableName: config.tableName,
        Item: {
          ...keyOf(tenantId, idempotencyKey),
          entity: 'gate-pass-checkin-key',
          ...record,
          expiresAt: Math.floor(now.getTime() / 1000) + RECORD_DAYS * 86400,
        },
        ConditionExpression: 'attribute_not_exists(PK)',
      }),
    );
  } catch (err) {
    if (!isConditionalCheckFailed(err)) throw err;
  }
}

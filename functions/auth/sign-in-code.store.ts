// The pending sign-in code of a mobile number (issue #32, hardened by #52): one global item per number
// (login aliases are global too). It holds the code only as a keyed HMAC (the deployment's sign-in
// code key, below) of the number and the code, its expiry, the account it signs in to (none for a
// number we do not hold: the same item is written either way), the attempts claimed so far, and until
// the SMS is sent the code sealed for the sender (sign-in-code.worker.ts), which removes it.
// An attempt is claimed before its code is compared: `attempts < 5` is the update's condition, so
// twenty concurrent guesses claim five attempts and the other fifteen are refused unanswered.
// The right code deletes the item in the session's own transaction, so a code signs in once.
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { ddb } from '../lib/aws';
import { config } from '../lib/config';
import { getItem, isConditionalCheckFailed, putIfAbsent } from '../lib/dynamo';
import { openSecret, sealSecret } from '../lib/secrets';

export interface PendingSignInCode {
  phone: string;
  /** The account's tenant and id; absent on the item of a number no account signs in with. */
  tenantId?: string;
  userId?: string;
  /** The account's language for the SMS. */
  language?: string;
  codeHash: string;
  /** The code sealed for the sender (secrets.ts); removed once the SMS is handed over. */
  sealedCode?: string;
  /** Epoch seconds (the item's TTL too). */
  expiresAt: number;
  attempts: number;
}

export const SIGN_IN_CODE_ENTITY = 'sign-in-code';

const codeKey = (phone: string) => ({ PK: `SIGNIN-CODE#${phone}`, SK: 'CODE' });

// The key of the whole deployment (a code's number is global, no tenant owns it): 32 random bytes made
// on first use and sealed like every secret (secrets.ts: KMS deployed, which fails closed without its
// key id; the local passphrase-derived key in local mode only). `platform` is its encryption context.
const HMAC_KEY_ITEM = { PK: 'PLATFORM#SIGNIN-CODE-KEY', SK: 'KEY' };
const KEY_CONTEXT = 'platform:sign-in-codes';
const CODE_CONTEXT = 'platform:sign-in-code';
let hmacKey: Promise<Buffer> | undefined;

async function loadHmacKey(): Promise<Buffer> {
  let stored = await getItem<{ sealed: string }>(HMAC_KEY_ITEM, true);
  if (!stored) {
    const sealed = await sealSecret(KEY_CONTEXT, randomBytes(32).toString('base64'));
    await putIfAbsent({ ...HMAC_KEY_ITEM, entity: 'tenant-secret', sealed });
    stored = (await getItem<{ sealed: string }>(HMAC_KEY_ITEM, true))!;
  }
  return Buffer.from(await openSecret(KEY_CONTEXT, stored.sealed), 'base64');
}

const signInCodeKey = () =>
  (hmacKey ??= loadHmacKey().catch((err: unknown) => {
    hmacKey = undefined;
    throw err;
  }));

/** The stored form of a number's code: HMAC-SHA256 with the deployment's key, never the code itself. */
export async function hashCode(phone: string, code: string): Promise<string> {
  return createHmac('sha256', await signInCodeKey())
    .update(`${phone}\n${code}`)
    .digest('hex');
}

export async function sameCode(pending: PendingSignInCode, code: string): Promise<boolean> {
  const given = Buffer.from(await hashCode(pending.phone, code), 'hex');
  const stored = Buffer.from(pending.codeHash, 'hex');
  return given.length === stored.length && timingSafeEqual(given, stored);
}

export const sealCode = (code: string) => sealSecret(CODE_CONTEXT, code);
export const openCode = (sealed: string) => openSecret(CODE_CONTEXT, sealed);

export async function getPendingCode(phone: string): Promise<PendingSignInCode | null> {
  const res = await ddb().send(
    new GetCommand({ TableName: config.tableName, Key: codeKey(phone), ConsistentRead: true }),
  );
  return (res.Item as PendingSignInCode | undefined) ?? null;
}

/** Writes (or replaces) the number's pending code: one PutItem, for a number we hold or not alike. */
export async function putPendingCode(pending: PendingSignInCode): Promise<void> {
  await ddb().send(
    new PutCommand({
      TableName: config.tableName,
      Item: { ...codeKey(pending.phone), entity: SIGN_IN_CODE_ENTITY, ...pending },
    }),
  );
}

/**
 * Claims one attempt on the number's live code before anything is compared: the counter goes up only
 * while it is below `max` and the code has not expired. The code as claimed, or null when there is
 * none to try (no code, expired, attempts used up).
 */
export async function claimCodeAttempt(
  phone: string,
  max: number,
  nowSeconds: number,
): Promise<PendingSignInCode | null> {
  try {
    const res = await ddb().send(
      new UpdateCommand({
        TableName: config.tableName,
        Key: codeKey(phone),
        UpdateExpression: 'SET attempts = attempts + :one',
        ConditionExpression: 'attribute_exists(PK) AND attempts < :max AND expiresAt > :now',
        ExpressionAttributeValues: { ':one': 1, ':max': max, ':now': nowSeconds },
        ReturnValues: 'ALL_NEW',
      }),
    );
    return res.Attributes as PendingSignInCode;
  } catch (err) {
    if (isConditionalCheckFailed(err)) return null;
    throw err;
  }
}

/** Once the SMS is handed over: the sealed code goes (only from the code it was sealed for). */
export async function forgetSealedCode(phone: string, codeHash: string): Promise<void> {
  await ddb()
    .send(
      new UpdateCommand({
        TableName: config.tableName,
        Key: codeKey(phone),
        UpdateExpression: 'REMOVE sealedCode',
        ConditionExpression: 'codeHash = :hash AND attribute_exists(sealedCode)',
        ExpressionAttributeValues: { ':hash': codeHash },
      }),
    )
    .catch((err: unknown) => {
      // A newer code replaced it, or it was used or forgotten already: nothing left to remove.
      if (!isConditionalCheckFailed(err)) throw err;
    });
}

/** The TransactWriteItems element that uses the code up: only the code as claimed (not a newer one). */
export function useCodeDelete(pending: PendingSignInCode) {
  return {
    Delete: {
      TableName: config.tableName,
      Key: codeKey(pending.phone),
      ConditionExpression: 'codeHash = :hash',
      ExpressionAttributeValues: { ':hash': pending.codeHash },
    },
  };
}

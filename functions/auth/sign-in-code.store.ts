// The pending sign-in code of a mobile number (issue #32): one global item per number (login aliases
// are global too), holding only the code's SHA-256, its expiry, the account it signs in to and the
// wrong attempts so far. A new request replaces it; a wrong attempt counts on the attempts read; the
// right one deletes it in the session's own transaction, so a code signs in once.
import { createHash, timingSafeEqual } from 'node:crypto';
import { GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { ddb } from '../lib/aws';
import { config } from '../lib/config';

export interface PendingSignInCode {
  phone: string;
  tenantId: string;
  userId: string;
  codeHash: string;
  /** Epoch seconds (the item's TTL too). */
  expiresAt: number;
  attempts: number;
}

const codeKey = (phone: string) => ({ PK: `SIGNIN-CODE#${phone}`, SK: 'CODE' });
export const hashCode = (code: string) => createHash('sha256').update(code).digest('hex');

export const sameCode = (pending: PendingSignInCode, code: string) =>
  timingSafeEqual(Buffer.from(pending.codeHash, 'hex'), Buffer.from(hashCode(code), 'hex'));

export async function getPendingCode(phone: string): Promise<PendingSignInCode | null> {
  const res = await ddb().send(
    new GetCommand({ TableName: config.tableName, Key: codeKey(phone), ConsistentRead: true }),
  );
  return (res.Item as PendingSignInCode | undefined) ?? null;
}

export async function putPendingCode(pending: PendingSignInCode): Promise<void> {
  await ddb().send(
    new PutCommand({
      TableName: config.tableName,
      Item: { ...codeKey(pending.phone), entity: 'sign-in-code', ...pending },
    }),
  );
}

/** Counts a wrong attempt on the code as read (a race with another attempt or a new code loses quietly). */
export async function countWrongAttempt(pending: PendingSignInCode): Promise<void> {
  await ddb()
    .send(
      new UpdateCommand({
        TableName: config.tableName,
        Key: codeKey(pending.phone),
        UpdateExpression: 'SET attempts = attempts + :one',
        ConditionExpression: 'codeHash = :hash AND attempts = :seen',
        ExpressionAttributeValues: { ':one': 1, ':hash': pending.codeHash, ':seen': pending.attempts },
      }),
    )
    .catch((err: unknown) => {
      if ((err as { name?: string }).name !== 'ConditionalCheckFailedException') throw err;
    });
}

/** The TransactWriteItems element that uses the code up: only the code as read, not attempted meanwhile. */
export function useCodeDelete(pending: PendingSignInCode) {
  return {
    Delete: {
      TableName: config.tableName,
      Key: codeKey(pending.phone),
      ConditionExpression: 'codeHash = :hash AND attempts = :seen',
      ExpressionAttributeValues: { ':hash': pending.codeHash, ':seen': pending.attempts },
    },
  };
}

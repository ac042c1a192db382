// The chat's inbox (issue #56): each message a person sent the hub (WhatsApp, or SMS through
// messaging's inbound callback), recorded once per provider message id (Meta retries a webhook for a
// day) in its conversation's partition, in the order received; the inbox worker answers them one at a
// time per number and tenant under the conversation's claim (a lease), and marks each done only after
// its replies were handed to messaging. A person's number is never spelled in a key: the conversation
// is named by a digest of the tenant and the number.
import { createHash } from 'node:crypto';
import { TransactWriteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { ddb } from '../lib/aws';
import { config } from '../lib/config';
import { cancellationCodes, getItem, isConditionalCheckFailed, queryAll, withoutKeys } from '../lib/dynamo';
import { tenantPk } from '../lib/table';
import type { ChatContent, ChatMessageIn, ChatTurn } from './types';

/** The stream entity of an inbox item (the inbox worker's filter). */
export const CHAT_INBOUND_ENTITY = 'chat-inbound';
/** Items are kept three days: Meta retries for one, and a claim must outlive its retries. */
const KEEP_SECONDS = 3 * 24 * 3600;

export type InboxState = 'pending' | 'answered' | 'done';

export interface InboxItem extends ChatMessageIn {
  /** The item's place in its conversation (its sort key): received time, recorded time, message id. */
  seq: string;
  state: InboxState;
  /** The conversation's answer, kept before it is sent, so a retry sends it rather than asking again. */
  turn?: ChatTurn;
  recordedAt: string;
}

const conversationOf = (tenantId: string, phone: string) =>
  createHash('sha256').update(`${tenantId}\n${phone}`).digest('base64url').slice(0, 32);

const keys = {
  inbox: (tenantId: string, phone: string) => tenantPk(tenantId, 'CHATINBOX', conversationOf(tenantId, phone)),
  item: (tenantId: string, phone: string, seq: string) => ({ PK: keys.inbox(tenantId, phone), SK: `IN#${seq}` }),
  received: (tenantId: string, channel: string, providerMessageId: string) => ({
    PK: tenantPk(tenantId, 'CHATRECEIVED', channel, providerMessageId),
    SK: 'CHATRECEIVED',
  }),
  claim: (tenantId: string, phone: string) => ({
    PK: tenantPk(tenantId, 'CHATCLAIM', conversationOf(tenantId, phone)),
    SK: 'CHATCLAIM',
  }),
};

const expiry = (now: Date) => Math.floor(now.getTime() / 1000) + KEEP_SECONDS;

/**
 * Records a message in its conversation, once per provider message id (a conditional put of the id in
 * the same transaction); false when it was recorded before (a retried webhook), nothing written.
 */
export async function recordChatInbound(message: ChatMessageIn, now: Date): Promise<boolean> {
  const seq = `${message.receivedAt}#${now.toISOString()}#${message.providerMessageId}`;
  const item: InboxItem = { ...message, seq, state: 'pending', recordedAt: now.toISOString() };
  try {
    await ddb().send(
      new TransactWriteCommand({
        TransactItems: [
          {
            Put: {
              TableName: config.tableName,
              Item: {
                ...keys.received(message.tenantId, message.channel, message.providerMessageId),
                seq,
                expiresAt: expiry(now),
              },
              ConditionExpression: 'attribute_not_exists(PK)',
            },
          },
          {
            Put: {
              TableName: config.tableName,
              Item: {
                ...keys.item(message.tenantId, message.phone, seq),
                entity: CHAT_INBOUND_ENTITY,
                ...item,
                expiresAt: expiry(now),
              },
            },
          },
        ],
      }),
    );
    return true;
  } catch (err) {
    if (cancellationCodes(err)?.[0] === 'ConditionalCheckFailed') return false;
    throw err;
  }
}

/** An inbox item as the table stream carries it (unmarshalled); null for anything else. */
export function inboxItemOf(image: Record<string, unknown> | undefined): InboxItem | null {
  if (!image || image.entity !== CHAT_INBOUND_ENTITY) return null;
  return withoutKeys<InboxItem>(image);
}

/** The conversation's messages not yet done, oldest first (read consistently: the worker's next look). */
export async function unansweredOf(tenantId: string, phone: string): Promise<InboxItem[]> {
  const items = await queryAll({
    KeyConditionExpression: 'PK = :pk AND begins_with(SK, :in)',
    FilterExpression: '#state <> :done',
    ExpressionAttributeNames: { '#state': 'state' },
    ExpressionAttributeValues: { ':pk': keys.inbox(tenantId, phone), ':in': 'IN#', ':done': 'done' },
    ConsistentRead: true,
  });
  return items.map((i) => withoutKeys<InboxItem>(i));
}

/** Whether this message is done (its replies handed to messaging). */
export async function isDone(item: Pick<InboxItem, 'tenantId' | 'phone' | 'seq'>): Promise<boolean> {
  const stored = await getItem<InboxItem>(keys.item(item.tenantId, item.phone, item.seq), true);
  return !stored || stored.state === 'done';
}

async function moveState(item: InboxItem, from: InboxState, to: InboxState, turn?: ChatTurn): Promise<void> {
  await ddb().send(
    new UpdateCommand({
      TableName: config.tableName,
      Key: keys.item(item.tenantId, item.phone, item.seq),
      UpdateExpression: turn ? 'SET #state = :to, turn = :turn' : 'SET #state = :to',
      ConditionExpression: '#state = :from',
      ExpressionAttributeNames: { '#state': 'state' },
      ExpressionAttributeValues: { ':to': to, ':from': from, ...(turn ? { ':turn': turn } : {}) },
    }),
  );
}

/** Keeps the conversation's answer before it is sent (pending -> answered). */
export const saveTurn = (item: InboxItem, turn: ChatTurn) => moveState(item, 'pending', 'answered', turn);

/** The answer was handed to messaging (answered -> done). */
export const markDone = (item: InboxItem) => moveState(item, 'answered', 'done');

/**
 * Claims the conversation for `owner` until now + leaseMs (or extends its own claim). False while
 * another owner's claim runs; a claim whose worker stopped lapses and may then be taken.
 */
export async function claimConversation(
  tenantId: string,
  phone: string,
  owner: string,
  now: Date,
  leaseMs: number,
): Promise<boolean> {
  try {
    await ddb().send(
      new UpdateCommand({
        TableName: config.tableName,
        Key: keys.claim(tenantId, phone),
        UpdateExpression: 'SET #owner = :owner, #until = :until, expiresAt = :expires',
        ConditionExpression: 'attribute_not_exists(#owner) OR #owner = :owner OR #until < :now',
        ExpressionAttributeNames: { '#owner': 'owner', '#until': 'until' },
        ExpressionAttributeValues: {
          ':owner': owner,
          ':until': now.getTime() + leaseMs,
          ':now': now.getTime(),
          ':expires': expiry(now),
        },
      }),
    );
    return true;
  } catch (err) {
    if (isConditionalCheckFailed(err)) return false;
    throw err;
  }
}

/** Lets the conversation go (only the owner's own claim). */
export async function releaseConversation(tenantId: string, phone: string, owner: string): Promise<void> {
  try {
    await ddb().send(
      new UpdateCommand({
        TableName: config.tableName,
        Key: keys.claim(tenantId, phone),
        UpdateExpression: 'REMOVE #owner, #until',
        ConditionExpression: '#owner = :owner',
        ExpressionAttributeNames: { '#owner': 'owner', '#until': 'until' },
        ExpressionAttributeValues: { ':owner': owner },
      }),
    );
  } catch (err) {
    if (!isConditionalCheckFailed(err)) throw err;
  }
}

export type { ChatContent };

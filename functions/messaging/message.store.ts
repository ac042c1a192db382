// Messages (TENANT#<t>#MSG#<id>), listed newest first through GSI1 (TENANT#<t>#MSGLOG), found by
// the provider's message id through a pointer item; the 60-second duplicate guard per recipient and
// text; opt-outs and WhatsApp's last inbound message per number; each channel's last success and
// failure; callbacks already applied (replays); events already forwarded to the bus.
import { createHash, randomUUID } from 'node:crypto';
import {
  DeleteCommand,
  GetCommand,
  PutCommand,
  QueryCommand,
  TransactWriteCommand,
  UpdateCommand,
} from '@aws-sdk/lib-dynamodb';
import { ddb } from '../lib/aws';
import { config } from '../lib/config';
import {
  cancellationCodes,
  getItem,
  isConditionalCheckFailed,
  putIfAbsent,
  queryAll,
  transact,
  withoutKeys,
} from '../lib/dynamo';
import { BadRequestError } from '../lib/errors';
import { retentionExpiry } from '../lib/retention';
import { tenantPk } from '../lib/table';
import type { Channel, MessageEntry, MessagePage, MessageStatus } from '../../shared/contracts/messaging';

type TransactItems = Parameters<typeof transact>[0];

const keys = {
  message: (tenantId: string, id: string) => ({ PK: tenantPk(tenantId, 'MSG', id), SK: 'MSG' }),
  log: (tenantId: string) => tenantPk(tenantId, 'MSGLOG'),
  // Issue #52: a person's messages, found by the recipient's address (E.164 number or e-mail), never by
  // words of the text. The address is hashed so no key spells a number.
  recipient: (tenantId: string, to: string) => tenantPk(tenantId, 'MSGTO', recipientDigest(tenantId, to)),
  provider: (tenantId: string, provider: string, providerMessageId: string) => ({
    PK: tenantPk(tenantId, 'MSGPROVIDER', provider, providerMessageId),
    SK: 'MSGPROVIDER',
  }),
  duplicate: (tenantId: string, hash: string) => ({ PK: tenantPk(tenantId, 'MSGDUP', hash), SK: 'MSGDUP' }),
  optOut: (tenantId: string, phone: string) => ({ PK: tenantPk(tenantId, 'MSGOPTOUT', phone), SK: 'MSGOPTOUT' }),
  inbound: (tenantId: string, phone: string) => ({ PK: tenantPk(tenantId, 'MSGINBOUND', phone), SK: 'WHATSAPP' }),
  callback: (tenantId: string, digest: string) => ({
    PK: tenantPk(tenantId, 'MSGCALLBACK', digest),
    SK: 'MSGCALLBACK',
  }),
  forwarded: (tenantId: string, eventId: string) => ({
    PK: tenantPk(tenantId, 'EVENTFORWARDED', eventId),
    SK: 'EVENTFORWARDED',
  }),
  delayed: (tenantId: string, appointmentId: string) => ({
    PK: tenantPk(tenantId, 'DELAYALERT', appointmentId),
    SK: 'DELAYALERT',
  }),
};

function recipientDigest(tenantId: string, to: string): string {
  return createHash('sha256').update(`${tenantId}\n${to.trim().toLowerCase()}`).digest('base64url').slice(0, 32);
}

const epochSeconds = (ms: number) => Math.floor(ms / 1000);
const DAY = 24 * 3600;

/** The tenant's message log (GSI1), for an erasure's rewrite of the messages to a person (erase-person.ts). */
export const messageLogPartition = (tenantId: string) => keys.log(tenantId);

/** The message with its TTL: the tenant's retention of message bodies from when it was written. */
async function messageItem(m: StoredMessage) {
  return {
    ...keys.message(m.tenantId, m.id),
    GSI1PK: keys.log(m.tenantId),
    GSI1SK: `${m.createdAt}#${m.id}`,
    // An erased person's messages leave the recipient index with the erasure (eraseMessagesTo).
    ...(m.erasedAt ? {} : { GSI2PK: keys.recipient(m.tenantId, m.to), GSI2SK: `${m.createdAt}#${m.id}` }),
    entity: 'message',
    ...m,
    expiresAt: await retentionExpiry(m.tenantId, 'messageBodies', Date.parse(m.createdAt)),
  };
}

export type StoredMessage = MessageEntry & {
  tenantId: string;
  erasedAt?: string;
  /** When a try began handing the queued message to its providers (claimDispatch). */
  dispatchStartedAt?: string;
  dispatchClaim?: string;
};

/** The messages sent to one recipient (E.164 number or e-mail address), newest first, a page at a time. */
export async function messagesTo(
  tenantId: string,
  to: string,
  page: { limit?: number; after?: Record<string, unknown> } = {},
): Promise<{ items: StoredMessage[]; next: Record<string, unknown> | undefined }> {
  const res = await ddb().send(
    new QueryCommand({
      TableName: config.tableName,
      IndexName: 'GSI2',
      KeyConditionExpression: 'GSI2PK = :pk',
      ExpressionAttributeValues: { ':pk': keys.recipient(tenantId, to) },
      ScanIndexForward: false,
      Limit: page.limit,
      ExclusiveStartKey: page.after,
    }),
  );
  return { items: (res.Items ?? []).map((i) => withoutKeys<StoredMessage>(i)), next: res.LastEvaluatedKey };
}

/**
 * An erasure's rewrite of one message (issue #52): written only if the message is as it was read (a
 * provider's callback in between makes the caller read it again); it leaves the recipient index.
 */
export async function saveErasedMessage(erased: StoredMessage, seenUpdatedAt: string): Promise<boolean> {
  try {
    await ddb().send(
      new PutCommand({
        TableName: config.tableName,
        Item: await messageItem(erased),
        ConditionExpression: 'attribute_exists(PK) AND updatedAt = :seen',
        ExpressionAttributeValues: { ':seen': seenUpdatedAt },
      }),
    );
    return true;
  } catch (err) {
    if (isConditionalCheckFailed(err)) return false;
    throw err;
  }
}

/**
 * Deletes the tenant's messages written before `beforeIso` (retention, issue #36: the TTL deletes them
 * too, but only within days, and by the policy in force when each was written); answers how many.
 */
export async function deleteMessagesBefore(tenantId: string, beforeIso: string): Promise<number> {
  const expired = await queryAll({
    IndexName: 'GSI1',
    KeyConditionExpression: 'GSI1PK = :pk AND GSI1SK < :before',
    ExpressionAttributeValues: { ':pk': keys.log(tenantId), ':before': beforeIso },
  });
  for (const item of expired)
    await ddb().send(new DeleteCommand({ TableName: config.tableName, Key: { PK: item.PK, SK: item.SK } }));
  return expired.length;
}

/**
 * Writes a new message unless its id exists (the idempotency key of an event and channel) and, with
 * `duplicateOf`, unless the same text went to the same number within `windowMs`. Answers 'created',
 * 'exists' (this id was written before) or 'duplicate' (the guard holds another message).
 */
export async function createMessage(
  m: StoredMessage,
  duplicate: { hash: string; windowMs: number } | null,
  extra: TransactItems = [],
): Promise<'created' | 'exists' | 'duplicate'> {
  const now = Date.parse(m.createdAt);
  const items: TransactItems = [
    {
      Put: { TableName: config.tableName, Item: await messageItem(m), ConditionExpression: 'attribute_not_exists(PK)' },
    },
  ];
  if (duplicate) {
    items.push({
      Put: {
        TableName: config.tableName,
        Item: {
          ...keys.duplicate(m.tenantId, duplicate.hash),
          messageId: m.id,
          until: now + duplicate.windowMs,
          expiresAt: epochSeconds(now + duplicate.windowMs) + 60,
        },
        ConditionExpression: 'attribute_not_exists(PK) OR #until < :now',
        ExpressionAttributeNames: { '#until': 'until' },
        ExpressionAttributeValues: { ':now': now },
      },
    });
  }
  try {
    await ddb().send(new TransactWriteCommand({ TransactItems: [...items, ...extra] }));
    return 'created';
  } catch (err) {
    const codes = cancellationCodes(err);
    if (codes?.[0] === 'ConditionalCheckFailed') return 'exists';
    if (codes?.[1] === 'ConditionalCheckFailed') return 'duplicate';
    throw err;
  }
}

export async function getMessage(tenantId: string, id: string): Promise<StoredMessage | null> {
  return getItem<StoredMessage>(keys.message(tenantId, id), true);
}

/**
 * Marks a queued message as being handed to its providers. False when another try already began: that
 * try may have reached the provider before it stopped, so this one must not send it again (issue #55).
 * A claim whose answer was lost and that the SDK sent again finds itself by its token.
 */
export async function claimDispatch(m: StoredMessage, now: Date): Promise<boolean> {
  const token = randomUUID();
  try {
    await ddb().send(
      new UpdateCommand({
        TableName: config.tableName,
        Key: keys.message(m.tenantId, m.id),
        UpdateExpression: 'SET dispatchStartedAt = :now, dispatchClaim = :token',
        ConditionExpression: '#status = :queued AND attribute_not_exists(dispatchStartedAt)',
        ExpressionAttributeNames: { '#status': 'status' },
        ExpressionAttributeValues: { ':now': now.toISOString(), ':token': token, ':queued': 'queued' },
      }),
    );
    return true;
  } catch (err) {
    if (!isConditionalCheckFailed(err)) throw err;
    return (await getItem<{ dispatchClaim?: string }>(keys.message(m.tenantId, m.id), true))?.dispatchClaim === token;
  }
}

/** Saves a message's new state, only if its status is still the one it was read with. */
export async function saveMessage(m: StoredMessage, seenStatus: MessageStatus): Promise<boolean> {
  try {
    await ddb().send(
      new PutCommand({
        TableName: config.tableName,
        Item: await messageItem(m),
        ConditionExpression: '#status = :seen',
        ExpressionAttributeNames: { '#status': 'status' },
        ExpressionAttributeValues: { ':seen': seenStatus },
      }),
    );
  } catch (err) {
    if (isConditionalCheckFailed(err)) return false;
    throw err;
  }
  if (m.providerMessageId && m.provider && m.status === 'sent') {
    await ddb().send(
      new PutCommand({
        TableName: config.tableName,
        Item: {
          ...keys.provider(m.tenantId, m.provider, m.providerMessageId),
          messageId: m.id,
          expiresAt: epochSeconds(Date.now()) + 30 * DAY,
        },
      }),
    );
  }
  return true;
}

export async function findMessageByProviderId(
  tenantId: string,
  provider: string,
  providerMessageId: string,
): Promise<StoredMessage | null> {
  const pointer = await getItem<{ messageId: string }>(keys.provider(tenantId, provider, providerMessageId), true);
  return pointer ? getMessage(tenantId, pointer.messageId) : null;
}

function decodeCursor(cursor: string | undefined): Record<string, unknown> | undefined {
  if (!cursor) return undefined;
  try {
    const key = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as Record<string, unknown>;
    if (typeof key.GSI1SK === 'string' && typeof key.PK === 'string' && typeof key.GSI1PK === 'string') return key;
  } catch {
    // falls through
  }
  throw new BadRequestError('The page cursor is not valid');
}

/** The message log, newest first, a page at a time, filtered by status and channel. */
export async function listMessages(
  tenantId: string,
  query: { status?: MessageStatus; channel?: Channel; limit: number; cursor?: string },
): Promise<MessagePage> {
  const start = decodeCursor(query.cursor);
  if (start && start.GSI1PK !== keys.log(tenantId)) throw new BadRequestError('The page cursor is not valid');
  const filters: string[] = [];
  const values: Record<string, unknown> = { ':pk': keys.log(tenantId) };
  const names: Record<string, string> = {};
  if (query.status) {
    filters.push('#status = :status');
    values[':status'] = query.status;
    names['#status'] = 'status';
  }
  if (query.channel) {
    filters.push('#channel = :channel');
    values[':channel'] = query.channel;
    names['#channel'] = 'channel';
  }
  const items: StoredMessage[] = [];
  let next: Record<string, unknown> | undefined = start;
  do {
    const res = await ddb().send(
      new QueryCommand({
        TableName: config.tableName,
        IndexName: 'GSI1',
        KeyConditionExpression: 'GSI1PK = :pk',
        ...(filters.length ? { FilterExpression: filters.join(' AND '), ExpressionAttributeNames: names } : {}),
        ExpressionAttributeValues: values,
        ScanIndexForward: false,
        Limit: query.limit - items.length,
        ExclusiveStartKey: next,
      }),
    );
    items.push(...(res.Items ?? []).map((i) => withoutKeys<StoredMessage>(i)));
    next = res.LastEvaluatedKey;
  } while (next && items.length < query.limit);
  const entries = items.map(
    ({
      tenantId: _t,
      expiresAt: _e,
      dispatchStartedAt: _d,
      dispatchClaim: _c,
      ...entry
    }: StoredMessage & { expiresAt?: number }) => entry,
  );
  return { items: entries, nextCursor: next ? Buffer.from(JSON.stringify(next)).toString('base64url') : null };
}

// ---- Opt-out (STOP) and WhatsApp's customer-service window ----

export async function isOptedOut(tenantId: string, phone: string): Promise<boolean> {
  return Boolean(await getItem(keys.optOut(tenantId, phone), true));
}

export async function setOptOut(
  tenantId: string,
  phone: string,
  optedOut: boolean,
  source: string,
  now: Date,
): Promise<void> {
  if (optedOut)
    await ddb().send(
      new PutCommand({
        TableName: config.tableName,
        Item: { ...keys.optOut(tenantId, phone), phone, source, at: now.toISOString() },
      }),
    );
  else await ddb().send(new DeleteCommand({ TableName: config.tableName, Key: keys.optOut(tenantId, phone) }));
}

export async function lastInboundAt(tenantId: string, phone: string): Promise<string | null> {
  return (await getItem<{ at: string }>(keys.inbound(tenantId, phone)))?.at ?? null;
}

/**
 * The person wrote at `at`: the window runs from their latest message. A message read late (a webhook
 * retried hours after) never moves the window past when it was written, nor back from a newer one.
 */
export async function recordInbound(tenantId: string, phone: string, at: Date): Promise<void> {
  try {
    await ddb().send(
      new PutCommand({
        TableName: config.tableName,
        Item: {
          ...keys.inbound(tenantId, phone),
          at: at.toISOString(),
          expiresAt: epochSeconds(at.getTime()) + 2 * DAY,
        },
        ConditionExpression: 'attribute_not_exists(PK) OR #at < :at',
        ExpressionAttributeNames: { '#at': 'at' },
        ExpressionAttributeValues: { ':at': at.toISOString() },
      }),
    );
  } catch (err) {
    if (!isConditionalCheckFailed(err)) throw err;
  }
}

/** The stream entity of an inbound SMS the conversation reads (issue #56: chat's inbox worker). */
export const SMS_INBOUND_ENTITY = 'sms-inbound';

export interface InboundSms {
  tenantId: string;
  phone: string;
  text: string;
  /** The provider's id of the SMS (its SmsSid), or the callback's digest when it gave none. */
  sid: string;
  receivedAt: string;
}

/** Records an inbound SMS for the conversation, once per sid; kept two days (the chat takes it at once). */
export async function recordInboundSms(sms: InboundSms): Promise<void> {
  await putIfAbsent({
    PK: tenantPk(sms.tenantId, 'SMSINBOUND', sms.sid),
    SK: 'SMSINBOUND',
    entity: SMS_INBOUND_ENTITY,
    ...sms,
    expiresAt: epochSeconds(Date.parse(sms.receivedAt)) + 2 * DAY,
  });
}

// ---- Callbacks applied once; events forwarded once; one delay alert per appointment ----

/** False when this callback (by its digest) was applied before: a replay. */
export function claimCallback(tenantId: string, digest: string, now: Date): Promise<boolean> {
  return putIfAbsent({
    ...keys.callback(tenantId, digest),
    at: now.toISOString(),
    expiresAt: epochSeconds(now.getTime()) + 14 * DAY,
  });
}

export async function wasForwarded(tenantId: string, eventId: string): Promise<boolean> {
  const res = await ddb().send(
    new GetCommand({ TableName: config.tableName, Key: keys.forwarded(tenantId, eventId), ConsistentRead: true }),
  );
  return Boolean(res.Item);
}

export async function markForwarded(tenantId: string, eventId: string, now: Date): Promise<void> {
  await ddb().send(
    new PutCommand({
      TableName: config.tableName,
      Item: {
        ...keys.forwarded(tenantId, eventId),
        at: now.toISOString(),
        expiresAt: epochSeconds(now.getTime()) + 14 * DAY,
      },
    }),
  );
}

/** The marker that makes an appointment's delay alert be raised once (with the event, one transaction). */
export function delayMarkerPut(tenantId: string, appointmentId: string, now: Date) {
  return {
    Put: {
      TableName: config.tableName,
      Item: {
        ...keys.delayed(tenantId, appointmentId),
        at: now.toISOString(),
        expiresAt: epochSeconds(now.getTime()) + 7 * DAY,
      },
      ConditionExpression: 'attribute_not_exists(PK)',
    },
  };
}

// One conversation per number and tenant (issue #56): the step the person is at, what they chose so far,
// their language and the version a change was made from. Keyed by the number's person key (the hash
// functions/lib/person-key.ts makes), so no item key spells a mobile number; dropped by the table's TTL
// attribute when the number has been silent for CONVERSATION_DAYS.
import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { ddb } from '../lib/aws';
import { config } from '../lib/config';
import { isConditionalCheckFailed } from '../lib/dynamo';
import { ConflictError } from '../lib/errors';
import { phoneKeyOf } from '../lib/person-key';
import { tenantPk, TTL_ATTRIBUTE } from '../lib/table';
import type { Conversation } from './steps';

/** How long a silent number's conversation (and the language it chose) is kept. */
export const CONVERSATION_DAYS = 90;

const conversationKey = (tenantId: string, phone: string) => {
  const person = phoneKeyOf(tenantId, phone);
  if (!person) throw new ConflictError('This is no mobile number');
  return { PK: tenantPk(tenantId, 'CHAT', person), SK: 'CONVERSATION' };
};

/** The number's conversation, read consistently (the last message's change is seen); null: none yet. */
export async function getConversation(tenantId: string, phone: string): Promise<Conversation | null> {
  const res = await ddb().send(
    new GetCommand({ TableName: config.tableName, Key: conversationKey(tenantId, phone), ConsistentRead: true }),
  );
  const item = res.Item as (Conversation & { [TTL_ATTRIBUTE]?: number }) | undefined;
  if (!item) return null;
  // TTL deletion is lazy: an expired conversation is none.
  if ((item[TTL_ATTRIBUTE] ?? Infinity) * 1000 <= Date.now()) return null;
  return {
    tenantId,
    phone,
    language: item.language,
    step: item.step,
    draft: item.draft,
    asked: item.asked ?? [],
    version: item.version,
    updatedAt: item.updatedAt,
  };
}

/**
 * Saves the conversation as changed from version `conversation.version` (0: there was none), raising
 * its version; another change in between (a second message handled at once) is a ConflictError.
 */
export async function saveConversation(conversation: Conversation, now: Date): Promise<Conversation> {
  const seen = conversation.version;
  const saved: Conversation = { ...conversation, version: seen + 1, updatedAt: now.toISOString() };
  // The number itself stays out of the item (its key is the number's hash): erasure has nothing here to find.
  const { phone: _phone, ...kept } = saved;
  try {
    await ddb().send(
      new PutCommand({
        TableName: config.tableName,
        Item: {
          ...conversationKey(conversation.tenantId, conversation.phone),
          entity: 'chat-conversation',
          ...kept,
          [TTL_ATTRIBUTE]: Math.floor(now.getTime() / 1000) + CONVERSATION_DAYS * 86_400,
        },
        ConditionExpression: seen === 0 ? 'attribute_not_exists(PK)' : 'version = :seen',
        ...(seen === 0 ? {} : { ExpressionAttributeValues: { ':seen': seen } }),
      }),
    );
  } catch (err) {
    if (isConditionalCheckFailed(err)) throw new ConflictError('The conversation changed meanwhile');
    throw err;
  }
  return saved;
}

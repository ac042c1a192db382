// The chat's inbox worker (functions/workers.ts 'chat-inbox', issue #56): on each message recorded in
// the inbox (and each inbound SMS messaging recorded, which it first moves into the inbox), it answers
// the conversation's messages one at a time, in the order received, under the conversation's claim:
// a conditional update that one worker holds (a lease it extends per message). A worker that finds the
// claim held leaves its message to the holder, which looks for messages again before it lets go and
// once more after; if the holder stopped, its claim lapses and the waiting worker takes over. A message
// is answered in two steps: the conversation's answer is kept on the item (so a retry does not ask the
// conversation twice), then each reply is handed to messaging (named by the message and its place, so
// a retry sends it once), and only then is the message done.
import { randomUUID } from 'node:crypto';
import { unmarshall } from '@aws-sdk/util-dynamodb';
import type { AttributeValue } from '@aws-sdk/client-dynamodb';
import { defineWorker } from '../lib/worker';
import { logger } from '../lib/logger';
import { applyOptOutKeyword, openWhatsappWindow, SMS_INBOUND_ENTITY, type InboundSms } from '../messaging';
import { converse } from './bot';
import { sendTurn } from './send';
import {
  claimConversation,
  inboxItemOf,
  isDone,
  markDone,
  recordChatInbound,
  releaseConversation,
  saveTurn,
  unansweredOf,
  type InboxItem,
} from './inbox.store';
import type { ChatMessageIn, ChatTurn } from './types';

/** How long a claim holds without being extended: longer than one message's answer takes. */
const LEASE_MS = 60_000;
const WAIT_STEP_MS = 100;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

const messageOf = (item: InboxItem): ChatMessageIn => ({
  tenantId: item.tenantId,
  phone: item.phone,
  channel: item.channel,
  providerMessageId: item.providerMessageId,
  receivedAt: item.receivedAt,
  content: item.content,
});

/** One message: the conversation's answer (kept first), its replies handed to messaging, then done. */
async function answer(item: InboxItem): Promise<void> {
  let turn: ChatTurn | undefined = item.turn;
  if (item.state === 'pending') {
    const at = new Date(item.receivedAt);
    let keyword: 'stop' | 'start' | null = null;
    if (item.channel === 'whatsapp') {
      // The person wrote: free-form replies may follow for 24 hours from their message (messaging's rule).
      await openWhatsappWindow(item.tenantId, item.phone, at);
      // STOP and START are messaging's (the same opt-out as every channel), applied in the order written.
      if (item.content.kind === 'text')
        keyword = await applyOptOutKeyword(item.tenantId, item.phone, item.content.text, at);
    }
    turn = keyword ? { language: 'en', replies: [] } : await converse(messageOf(item));
    await saveTurn(item, turn);
  }
  await sendTurn(item, turn ?? { language: 'en', replies: [] });
  await markDone({ ...item, state: 'answered' });
}

/** Answers every message of the conversation not yet done, oldest first, while the claim is ours. */
async function drain(tenantId: string, phone: string, owner: string): Promise<void> {
  for (;;) {
    const unanswered = await unansweredOf(tenantId, phone);
    if (!unanswered.length) return;
    for (const item of unanswered) {
      if (!(await claimConversation(tenantId, phone, owner, new Date(), LEASE_MS)))
        throw new Error('The conversation claim lapsed while its messages were answered');
      await answer(item);
    }
  }
}

/**
 * Answers the conversation of `item` (every message of it not yet done), or leaves it to the worker
 * holding its claim; waits for that worker only while this item is not done, at most a lease and a bit
 * (then the stream retries the record).
 */
export async function answerConversation(item: InboxItem): Promise<void> {
  const { tenantId, phone } = item;
  const owner = randomUUID();
  const giveUpAt = Date.now() + LEASE_MS + 10_000;
  for (;;) {
    if (await claimConversation(tenantId, phone, owner, new Date(), LEASE_MS)) {
      try {
        await drain(tenantId, phone, owner);
      } finally {
        await releaseConversation(tenantId, phone, owner);
      }
      // A message recorded after the last look and before the release found the claim held: it is ours.
      if (!(await unansweredOf(tenantId, phone)).length) return;
      continue;
    }
    if (await isDone(item)) return;
    if (Date.now() > giveUpAt) throw new Error('The conversation stayed claimed past its lease');
    await sleep(WAIT_STEP_MS);
  }
}

/** An inbound SMS (messaging's record) becomes a message of the inbox, once per SMS id. */
async function fromSms(sms: InboundSms): Promise<void> {
  await recordChatInbound(
    {
      tenantId: sms.tenantId,
      phone: sms.phone,
      channel: 'sms',
      providerMessageId: sms.sid,
      receivedAt: sms.receivedAt,
      content: { kind: 'text', text: sms.text },
    },
    new Date(),
  );
}

export const { handler, worker } = defineWorker('chat-inbox', 'stream', async (record) => {
  const image = record.dynamodb?.NewImage as Record<string, AttributeValue> | undefined;
  const item = image ? unmarshall(image) : undefined;
  if (item?.entity === SMS_INBOUND_ENTITY) return fromSms(item as InboundSms);
  const inbound = inboxItemOf(item);
  if (!inbound || inbound.state !== 'pending') return;
  logger.debug('chat message', { tenantId: inbound.tenantId, channel: inbound.channel });
  await answerConversation(inbound);
});

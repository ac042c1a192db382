// Sending the conversation's answer (issue #56): each ChatReply handed to messaging's one delivery path
// (sendConversationReply), so the message log, opt-outs, WhatsApp's 24-hour window and the providers'
// fail-over apply. On WhatsApp a reply goes as it is (text, reply buttons, a list, an image); by SMS as
// text only: buttons and list rows as numbered lines, an image as its link. Each reply is named by the
// message it answers and its place in the answer, so an answer sent again after a crash is sent once.
import { sendConversationReply, type RichContent } from '../messaging';
import type { SendOutcome } from '../../shared/contracts/messaging';
import type { ChatMessageIn, ChatReply, ChatTurn } from './types';

/** A reply as plain text: what an SMS carries and what the message log shows of a WhatsApp one. */
export function replyText(reply: ChatReply): string {
  const numbered = (titles: string[]) => titles.map((t, i) => `${i + 1}. ${t}`).join('\n');
  switch (reply.kind) {
    case 'text':
      return reply.body;
    case 'buttons':
      return `${reply.body}\n${numbered(reply.buttons.map((b) => b.title))}`;
    case 'list':
      return `${reply.body}\n${numbered(reply.rows.map((r) => (r.description ? `${r.title} - ${r.description}` : r.title)))}`;
    case 'image':
      return reply.caption ? `${reply.caption}\n${reply.link}` : reply.link;
  }
}

/** The reply's WhatsApp form beyond text (null for a text). */
function richOf(reply: ChatReply): RichContent | null {
  return reply.kind === 'text' ? null : reply;
}

/** Hands every reply of the turn to messaging, in order; answers each one's outcome. */
export async function sendTurn(
  message: Pick<ChatMessageIn, 'tenantId' | 'phone' | 'channel' | 'providerMessageId'>,
  turn: ChatTurn,
  now = new Date(),
): Promise<SendOutcome[]> {
  const outcomes: SendOutcome[] = [];
  for (const [i, reply] of turn.replies.entries()) {
    outcomes.push(
      await sendConversationReply(
        {
          tenantId: message.tenantId,
          channel: message.channel,
          to: message.phone,
          language: turn.language,
          text: replyText(reply),
          rich: message.channel === 'whatsapp' ? richOf(reply) : null,
          once: { id: `chat:${message.channel}:${message.providerMessageId}#${i}`, type: 'chat.reply' },
        },
        now,
      ),
    );
  }
  return outcomes;
}

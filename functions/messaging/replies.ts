// A conversation's replies (issue #56): what the chat answers a person who wrote to the hub, sent on
// the channel they wrote on through the one delivery path (deliver.ts), so the message log, opt-outs,
// WhatsApp's 24-hour window (free-form only inside it: the person has just written) and the providers'
// retries and fail-over apply as to every message. By SMS only a DLT-registered text can go out: the
// reply is sent under the hub template its text matches, and is logged as failed with the reason when
// none does (India's DLT rules allow no other SMS).
import { sendOne } from './deliver';
import type { RichContent } from './providers/types';
import { checkDlt, HUB_TEMPLATES, type Language, type SendOutcome } from '../../shared/contracts/messaging';

export type { RichContent };

export interface ConversationReply {
  tenantId: string;
  channel: 'whatsapp' | 'sms';
  /** The person's number (E.164). */
  to: string;
  language: Language;
  /** The text as the log shows it, and as an SMS carries it. */
  text: string;
  /** WhatsApp: buttons, a list or an image (the text stands for it in the log). */
  rich?: RichContent | null;
  /** Names the reply (the inbound message's id and its place in the answer): sent again, it is sent once. */
  once: { id: string; type: string };
}

/** The hub template whose registered text this SMS text is (its values filled in), or null. */
export function smsTemplateOf(text: string, language: Language): string | null {
  return HUB_TEMPLATES.find((t) => checkDlt(t.text[language], text.trim()).ok)?.key ?? null;
}

/** Hands one reply to the channel's providers; answers how it went (the log's outcome). */
export function sendConversationReply(reply: ConversationReply, now = new Date()): Promise<SendOutcome> {
  return sendOne(
    {
      tenantId: reply.tenantId,
      channel: reply.channel,
      to: reply.to,
      language: reply.language,
      templateKey: reply.channel === 'sms' ? smsTemplateOf(reply.text, reply.language) : null,
      text: reply.text,
      rich: reply.channel === 'whatsapp' ? (reply.rich ?? null) : null,
      event: reply.once,
      conversation: true,
    },
    now,
  );
}

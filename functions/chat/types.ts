// WhatsApp as a full channel (issue #56): what the webhook hands the conversation and what the
// conversation answers. The webhook side (webhook.ts, the inbox and its worker, send.ts) turns Meta's
// payloads and the SMS provider's inbound callbacks into a ChatMessageIn, one at a time per number and
// tenant, in the order they were received; the conversation (bot.ts) answers with ChatReply values,
// which send.ts turns into Cloud API messages (or plain SMS text).
import type { Language } from '../../shared/contracts/messaging-templates';

/** What the person sent: text, a tapped reply button or list row (its id), or a shared location. */
export type ChatContent =
  | { kind: 'text'; text: string }
  | { kind: 'reply'; id: string; title: string }
  | { kind: 'location'; latitude: number; longitude: number };

export interface ChatMessageIn {
  tenantId: string;
  /** The person's number, E.164 (+91...). */
  phone: string;
  channel: 'whatsapp' | 'sms';
  /** The provider's id of the message (a WhatsApp wamid, an SMS sid): each is applied once. */
  providerMessageId: string;
  /** When the provider received it (ISO). */
  receivedAt: string;
  content: ChatContent;
}

/**
 * One message of the answer. WhatsApp's limits apply: at most 3 buttons (title up to 20 characters),
 * a list of at most 10 rows (title up to 24, description up to 72), a body up to 1,024 characters.
 * By SMS, buttons and lists are sent as numbered text (send.ts) and an image as its link.
 */
export type ChatReply =
  | { kind: 'text'; body: string }
  | { kind: 'buttons'; body: string; buttons: { id: string; title: string }[] }
  | { kind: 'list'; body: string; button: string; rows: { id: string; title: string; description?: string }[] }
  | { kind: 'image'; link: string; caption?: string };

export interface ChatTurn {
  /** The person's language, as the conversation knows it (asked once, remembered). */
  language: Language;
  replies: ChatReply[];
}

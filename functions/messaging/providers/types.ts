// One port, one adapter per provider (issue #15): an adapter turns a message into the exact request
// its provider takes (`build`) and reads the provider's message id from the answer (`messageIdOf`).
// The transport (transport.ts) makes the request, or records it in the local sink with
// MESSAGING_MODE=local, so what the sink shows is exactly what would have gone out.
import type { PublishCommandInput } from '@aws-sdk/client-sns';
import type { SendEmailCommandInput } from '@aws-sdk/client-ses';
import type { Channel, Language, MessageTemplate } from '../../../shared/contracts/messaging';

export interface ProviderMessage {
  /** Our message id: sent along as the provider's reference, so its callbacks name it. */
  id: string;
  tenantId: string;
  channel: Channel;
  to: string;
  body: string;
  language: Language;
  template: MessageTemplate | null;
  /** The template's placeholder values (WhatsApp template parameters, in placeholder order). */
  values: Record<string, string> | null;
  subject: string | null;
  /** WhatsApp: inside the 24-hour customer-service window a free-text message may be sent. */
  freeText: boolean;
  /** WhatsApp template: the person's choices token, the dynamic part of the template's URL button. */
  choicesButton: string | null;
  /** SMS: the sender's DLT registration for this text (rules.ts smsDlt); an SMS is never built without it. */
  dlt: SmsDlt | null;
  /** WhatsApp inside the window: reply buttons, a list or an image instead of plain text (issue #56). */
  rich?: RichContent | null;
}

/**
 * A free-form WhatsApp message richer than text: up to 3 reply buttons, a list of up to 10 rows (one
 * section), or an image by its link. Only inside the 24-hour window; by SMS it goes as its text.
 */
export type RichContent =
  | { kind: 'buttons'; body: string; buttons: { id: string; title: string }[] }
  | { kind: 'list'; body: string; button: string; rows: { id: string; title: string; description?: string }[] }
  | { kind: 'image'; link: string; caption?: string };

export interface SmsDlt {
  entityId: string;
  header: string;
  templateId: string;
}

/** The DLT fields of an SMS, or an error: no provider request is made without them. */
export function dltOf(m: ProviderMessage): SmsDlt {
  if (!m.dlt) throw new Error('An SMS needs its DLT registration');
  return m.dlt;
}

export type ProviderRequest =
  | { kind: 'http'; method: 'POST'; url: string; headers: Record<string, string>; body: string }
  | { kind: 'sns'; input: PublishCommandInput }
  | { kind: 'ses'; input: SendEmailCommandInput };

export interface Provider<C = unknown> {
  /** e.g. 'exotel-sms', 'sns-sms', 'whatsapp-cloud', 'exotel-voice', 'ses-email'. */
  readonly name: string;
  readonly channel: Channel;
  build(message: ProviderMessage, config: C): ProviderRequest;
  messageIdOf(answer: unknown): string | null;
}

/**
 * A failed provider call: `retryable` for timeouts, network errors and 5xx; not for a refused request.
 * `maybeSent`: the provider got the whole request and its answer was lost (a timeout after it): it
 * may have sent the message, so the message is not sent again (deliver.ts, issue #55).
 */
export class ProviderError extends Error {
  constructor(
    message: string,
    readonly retryable: boolean,
    readonly maybeSent = false,
  ) {
    super(message);
  }
}

/** Headers never recorded in the local sink or a log line. */
export const SECRET_HEADERS = ['authorization'];

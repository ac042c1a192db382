// What every flow of the conversation shares (issue #56): the turn's context, the outcome a flow gives
// (the next step, the draft, the replies) and how a domain's refusal is told in the person's language.
import { HttpError } from '../lib/errors';
import { translateServerMessage } from '../lib/server-messages';
import { logger } from '../lib/logger';
import type { Language } from '../../shared/contracts/messaging-templates';
import type { ChatMessageIn, ChatReply } from './types';
import type { Conversation, Draft, Step } from './steps';
import type { Person } from './people';
import { CHAT_TEXTS, type ChatTexts } from './texts';

export interface Turn {
  message: ChatMessageIn;
  now: Date;
  conversation: Conversation;
  language: Language;
  t: ChatTexts;
  person: Person;
}

export interface Outcome {
  step: Step;
  draft?: Draft;
  replies: ChatReply[];
  /** A language the person chose in this turn. */
  language?: Language;
  /** Replies that are a question: asked again when the next reply answers nothing (default: the last one). */
  asked?: ChatReply[];
}

export const textsOf = (language: Language) => CHAT_TEXTS[language];

export const text = (body: string): ChatReply => ({ kind: 'text', body });

/** WhatsApp's limits (types.ts): a button title up to 20 characters, a row's 24, its description 72. */
export const cut = (s: string, max: number) => (s.length <= max ? s : `${s.slice(0, max - 1)}…`);

export const buttons = (body: string, options: { id: string; title: string }[]): ChatReply => ({
  kind: 'buttons',
  body,
  buttons: options.slice(0, 3).map((o) => ({ id: o.id, title: cut(o.title, 20) })),
});

export const list = (
  body: string,
  button: string,
  rows: { id: string; title: string; description?: string }[],
): ChatReply => ({
  kind: 'list',
  body,
  button: cut(button, 20),
  rows: rows.slice(0, 10).map((r) => ({
    id: r.id,
    title: cut(r.title, 24),
    ...(r.description ? { description: cut(r.description, 72) } : {}),
  })),
});

/** A domain's refusal (cut-off, conflict, validation) in the person's language: the spec's own text. */
export function refusal(err: unknown, turn: Pick<Turn, 'language' | 't'>): string {
  if (err instanceof HttpError && err.status < 500) {
    const field = err.errors ? Object.values(err.errors)[0] : undefined;
    const said = translateServerMessage(err.message, turn.language);
    return field && field !== err.message ? `${said} ${translateServerMessage(field, turn.language)}` : said;
  }
  logger.error('chat turn failed', { error: err });
  return turn.t.tryAgain;
}

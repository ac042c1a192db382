// SMS keywords for feature phones (issue #56): STATUS <code>, CANCEL <code> and HELP (in Hindi too:
// स्थिति, रद्द, मदद), answered in plain text by the same rules as the chat: the code must be a booking of
// this number (another person's code is "none"), and a cancellation keeps the booker's cut-offs.
import { cancelByBooker } from '../appointments';
import type { Language } from '../../shared/contracts/messaging-templates';
import type { ChatMessageIn } from './types';
import { bookingOfNumber, chatActor, personOf } from './people';
import { CHAT_TEXTS, smsAnswers } from './texts';
import { HttpError } from '../lib/errors';

export type SmsKeyword = { word: 'help' } | { word: 'status' | 'cancel'; code: string };

const WORDS: Record<string, 'help' | 'status' | 'cancel'> = {
  help: 'help',
  madad: 'help',
  मदद: 'help',
  status: 'status',
  sthiti: 'status',
  स्थिति: 'status',
  cancel: 'cancel',
  radd: 'cancel',
  रद्द: 'cancel',
};

/** The keyword an SMS sends, if it is one: "status ab12cd", "CANCEL AB12CD", "help". */
export function smsKeyword(text: string): SmsKeyword | null {
  const [first = '', ...rest] = text.trim().split(/\s+/);
  const word = WORDS[first.toLowerCase()];
  if (!word) return null;
  if (word === 'help') return rest.length ? null : { word };
  const code = rest.join('').toUpperCase();
  return /^[A-Z0-9-]{4,20}$/.test(code) ? { word, code } : null;
}

/**
 * The plain-text answer of a keyword, or null when the SMS is no keyword (the conversation answers it).
 * Each answer is a registered template's text (functions/chat/texts.ts smsAnswers), so it may go by SMS.
 */
export async function answerSmsKeyword(
  message: ChatMessageIn,
  language: Language,
  now = new Date(),
): Promise<string | null> {
  if (message.content.kind !== 'text') return null;
  const keyword = smsKeyword(message.content.text);
  if (!keyword) return null;
  const t = CHAT_TEXTS[language];
  const answers = smsAnswers(language);
  if (keyword.word === 'help') return answers.help;
  const { tenantId, phone } = message;
  const a = await bookingOfNumber(tenantId, phone, await personOf(tenantId, phone), keyword.code);
  if (!a) return answers.unknownCode;
  if (keyword.word === 'cancel') {
    // Only a scheduled booking (or one awaiting approval) is cancelled; a later one says what it is.
    if (a.status !== 'scheduled' && a.status !== 'pending_approval')
      return answers.notCancelled(a.bookingReference, t.notCancellableBecause(t.statuses[a.status]));
    try {
      await cancelByBooker(tenantId, chatActor(phone), a.id, 'Cancelled by the driver by SMS', now);
      return answers.cancelled(a.bookingReference);
    } catch (err) {
      // The booker's change cut-off (a 4xx); anything else is the worker's to retry.
      if (err instanceof HttpError && err.status < 500) return answers.notCancelled(a.bookingReference, t.cutoffPassed);
      throw err;
    }
  }
  return answers.status({
    code: a.bookingReference,
    status: t.statuses[a.status],
    date: a.scheduledDate,
    start: a.scheduledTimeStart,
    hub: a.facilityName,
    door: a.doorNumber,
  });
}

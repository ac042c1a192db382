// SMS keywords for feature phones (issue #56): STATUS <code>, CANCEL <code> and HELP (in Hindi too:
// स्थिति, रद्द, मदद), answered in plain text by the same rules as the chat: the code must be a booking of
// this number (another person's code is "none"), and a cancellation keeps the booker's cut-offs.
import { cancelByBooker } from '../appointments';
import type { Language } from '../../shared/contracts/messaging-templates';
import type { ChatMessageIn } from './types';
import { bookingOfNumber, chatActor, personOf } from './people';
import { dayLabel, CHAT_TEXTS } from './texts';
import { refusal } from './turn';

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

/** The plain-text answer of a keyword, or null when the SMS is no keyword (the conversation answers it). */
export async function answerSmsKeyword(
  message: ChatMessageIn,
  language: Language,
  now = new Date(),
): Promise<string | null> {
  if (message.content.kind !== 'text') return null;
  const keyword = smsKeyword(message.content.text);
  if (!keyword) return null;
  const t = CHAT_TEXTS[language];
  if (keyword.word === 'help') return t.smsHelp;
  const { tenantId, phone } = message;
  const a = await bookingOfNumber(tenantId, phone, await personOf(tenantId, phone), keyword.code);
  if (!a) return t.notYourCode;
  if (keyword.word === 'cancel') {
    try {
      await cancelByBooker(tenantId, chatActor(phone), a.id, 'Cancelled by the driver by SMS', now);
      return t.cancelled(a.bookingReference);
    } catch (err) {
      return refusal(err, { language, t });
    }
  }
  return t.smsStatus({
    code: a.bookingReference,
    status: t.statuses[a.status],
    day: dayLabel(a.scheduledDate, language),
    start: a.scheduledTimeStart,
    hub: a.facilityName,
    door: a.doorNumber,
  });
}

// The API's messages in the language the client asks for (Accept-Language: hi -> Hindi, anything
// else -> the spec's English). One catalogue keyed by the English text
// (shared/i18n/server-messages-hi.json: {0}, {1}... stand for the values a message carries, in the
// English order), so every domain's errors and zod messages are translated by the kernel without the
// domain doing anything; the SPA translates its client-side validation with the same translator.
// The catalogue is not imported here: the SPA imports it, the kernel reads it on the first request
// that asks for Hindi (functions/lib/server-messages.ts), so it is in no Lambda bundle.
import { dateTimeFormat } from './intl';

export type MessageLanguage = 'en' | 'hi';
/** Hindi of every message the API answers with, keyed by its English text. */
export type HindiCatalogue = Readonly<Record<string, string>>;

/** The first language of an Accept-Language header that we speak (q-values respected); English by default. */
export function requestLanguage(header: string | undefined | null): MessageLanguage {
  if (!header) return 'en';
  const ranked = header
    .split(',')
    .map((part, index) => {
      const [tag = '', ...params] = part.trim().toLowerCase().split(';');
      const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
      return { tag: tag.trim(), q: q ? Number(q.slice(2)) : 1, index };
    })
    .filter((l) => l.q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index);
  for (const { tag } of ranked) {
    if (tag === 'hi' || tag.startsWith('hi-')) return 'hi';
    if (tag === 'en' || tag.startsWith('en-')) return 'en';
  }
  return 'en';
}

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Translation through a Hindi catalogue. */
export function serverMessageTranslator(hindi: HindiCatalogue) {
  // Catalogue entries with values ({0}...) as patterns, longest first so the most specific wins.
  const patterns = Object.entries(hindi)
    .filter(([english]) => /\{\d+\}/.test(english))
    .sort(([a], [b]) => b.length - a.length)
    .map(([english, text]) => {
      const order: number[] = [];
      const source = escape(english).replace(/\\\{(\d+)\\\}/g, (_, n: string) => {
        order.push(Number(n));
        return '(.+?)';
      });
      return { pattern: new RegExp(`^${source}$`, 's'), order, text };
    });
  const byPattern = (message: string): string | undefined => {
    for (const { pattern, order, text } of patterns) {
      const match = pattern.exec(message);
      if (!match) continue;
      const values: string[] = [];
      order.forEach((n, i) => (values[n] = match[i + 1]!));
      return text.replace(/\{(\d+)\}/g, (_, n: string) => hindiValue(values[Number(n)] ?? ''));
    }
    return undefined;
  };
  // A value a message carries reads in Hindi too: a date in Hindi, a status or a word the catalogue
  // knows ('checked-in', 'mobile number', '2 hours') in its Hindi; codes, numbers and names stay.
  const hindiValue = (value: string): string => {
    if (ISO_DATE.test(value)) return hindiDate(value);
    return hindi[value] ?? byValuePattern(value) ?? value;
  };
  const byValuePattern = (value: string): string | undefined => {
    for (const { pattern, order, text } of patterns) {
      const match = pattern.exec(value);
      if (!match) continue;
      const values: string[] = [];
      order.forEach((n, i) => (values[n] = match[i + 1]!));
      return text.replace(/\{(\d+)\}/g, (_, n: string) => values[Number(n)] ?? '');
    }
    return undefined;
  };
  return {
    /** The message in the language; a message the catalogue does not know stays as it is. */
    translate(message: string, language: MessageLanguage): string {
      if (language === 'en') return message;
      return hindi[message] ?? byPattern(message) ?? message;
    },
    /** Whether the catalogue has Hindi for a message (exactly, or through a pattern). */
    has(message: string): boolean {
      return message in hindi || patterns.some(({ pattern }) => pattern.test(message));
    },
  };
}

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;
/** A calendar date 'YYYY-MM-DD' as a Hindi reader reads it, e.g. '29 फ़र॰ 2024'. */
const hindiDate = (date: string): string =>
  dateTimeFormat('hi-IN', { dateStyle: 'medium', timeZone: 'UTC' }).format(new Date(`${date}T00:00:00Z`));

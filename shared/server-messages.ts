// The API's messages in the language the client asks for (Accept-Language: hi -> Hindi, anything
// else -> the spec's English). One catalogue keyed by the English text (shared/i18n/), so every
// domain's errors and zod messages are translated by the kernel without the domain doing anything;
// the SPA translates its client-side validation with the same function.
import { SERVER_MESSAGES_HI } from './i18n/server-messages-hi';

export type MessageLanguage = 'en' | 'hi';

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

/** Catalogue entries with values ({0}...) as patterns, longest first so the most specific wins. */
const PATTERNS = Object.entries(SERVER_MESSAGES_HI)
  .filter(([english]) => /\{\d+\}/.test(english))
  .sort(([a], [b]) => b.length - a.length)
  .map(([english, hindi]) => {
    const order: number[] = [];
    const source = escape(english).replace(/\\\{(\d+)\\\}/g, (_, n: string) => {
      order.push(Number(n));
      return '(.+?)';
    });
    return { pattern: new RegExp(`^${source}$`, 's'), order, hindi };
  });

/** The message in the language; a message the catalogue does not know stays as it is. */
export function translateServerMessage(message: string, language: MessageLanguage): string {
  if (language === 'en') return message;
  const exact = SERVER_MESSAGES_HI[message];
  if (exact) return exact;
  for (const { pattern, order, hindi } of PATTERNS) {
    const match = pattern.exec(message);
    if (!match) continue;
    const values: string[] = [];
    order.forEach((n, i) => (values[n] = match[i + 1]!));
    return hindi.replace(/\{(\d+)\}/g, (_, n: string) => values[Number(n)] ?? '');
  }
  return message;
}

/** Whether the catalogue has Hindi for a message (exactly, or through a pattern). */
export function hasHindi(message: string): boolean {
  return message in SERVER_MESSAGES_HI;
}

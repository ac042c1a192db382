// Every message the API can answer with reaches a Hindi reader in Hindi (issue #29): each one, with
// representative values for what it carries (statuses, dates, kinds of field, codes), goes through
// the kernel's Hindi path, and no English word may be left in what comes out. Codes, numbers and the
// names passed in as values stay as they are; so do the few technical names below.
import { describe, expect, it } from 'vitest';
import { translateServerMessage } from '../../functions/lib/server-messages';
import { serverMessages } from '../support/server-messages';

// Values a message may carry, by what its source expression names. Written by hand: every status word
// the API writes into a message, as the record holds it and as statusLabel writes it.
const STATUS_WORDS = [
  'scheduled',
  'arrived',
  'loading',
  'unloading',
  'departed',
  'cancelled',
  'no_show',
  'no-show',
  'checked_in',
  'checked-in',
  'at_dock',
  'at-dock',
  'completed',
  'pending',
  'approved',
  'rejected',
  'accepted',
  'revoked',
  'expired',
  'planned',
  'active',
  'available',
  'occupied',
  'blocked',
  'maintenance',
  'hold',
  'damaged',
  'denied',
];
const DATES = ['2024-02-29', '2025-12-31', '2026-01-01'];
const CODE = 'D-04';

function representativeValues(expression: string): string[] {
  if (/\.join\(/.test(expression)) return ['checked_in, at_dock']; // the codes the API accepts
  if (/status/i.test(expression)) return STATUS_WORDS;
  if (/date|day\b|until|expir/i.test(expression)) return DATES;
  if (/WINDOW_TEXT/.test(expression)) return ['1 hour', '2 hours', '90 minutes'];
  if (/kind/.test(expression)) return ['email', 'username'];
  if (/Method/.test(expression)) return ['qr_code', 'manual', 'tablet'];
  if (/^(?:minutes|count|[\w.]*[Qq]uantity.*|max|MAX_\w+|MIN_\w+|[A-Z_]+_MIN)$/.test(expression)) return ['12'];
  return [CODE];
}

/** Each combination of the values of a message's slots. */
function renderings(text: string, values: string[]): string[] {
  let texts = [text];
  values.forEach((expression, n) => {
    texts = texts.flatMap((t) => representativeValues(expression).map((v) => t.replace(`{${n}}`, v)));
  });
  return texts;
}

// Technical names a Hindi text keeps in Latin letters (header names, formats, brand and product names,
// the forms a value is typed in); anything else in Latin letters is English left behind. Values the API
// accepts are quoted ("true") or snake_case codes (checked_in), and pattern parts ({rack}) are typed as shown.
const KEPT_IN_LATIN = new Set([
  'FASTag',
  'WhatsApp',
  'DockSaathi',
  'OAuth2',
  'HH:mm',
  'http(s)',
  'Idempotency-Key',
  'Content-Type',
  'application/json',
  'webhook-id',
]);

/** The English words left in a Hindi text: Latin words that are neither codes nor kept names. */
function englishWords(hindi: string): string[] {
  const words = hindi.replace(/"[^"]*"|\{[a-z]+\}|https?:\/\/\S*/g, ' ').match(/[A-Za-z][\w:./()-]*/g);
  return (words ?? [])
    .map((word) => (word.includes('(') ? word : word.replace(/[).:]+$/, '')))
    .filter(
      (word) =>
        !KEPT_IN_LATIN.has(word) && !/^[A-Z0-9][A-Z0-9_:./-]*$/.test(word) && !/^[a-z]+(?:_[a-z]+)+$/.test(word),
    );
}

describe('every server message key in Hindi', () => {
  const messages = [...new Map(serverMessages().map((m) => [m.text, m])).values()];

  it('finds the messages (refusal reasons, both sides of a choice, field errors)', () => {
    const texts = messages.map((m) => m.text);
    expect(texts.length).toBeGreaterThan(400);
    expect(texts).toContain('Check-in for this appointment opens at {0} on {1}, {2} before its {3} start.');
    expect(texts).toContain('This appointment is {0} at door {1}; a door cannot be assigned');
    expect(texts).toContain('This appointment is {0}; a door cannot be assigned');
    expect(texts).toContain('This mobile number is already registered');
  });

  it('leaves no English word in any message rendered through the Hindi path', () => {
    const english: string[] = [];
    for (const { text, values, file } of messages)
      for (const rendered of renderings(text, values)) {
        const hindi = translateServerMessage(rendered, 'hi');
        const left = englishWords(hindi);
        if (left.length) english.push(`${file}: "${rendered}" -> "${hindi}" (${left.join(', ')})`);
      }
    expect(english, 'add Hindi to shared/i18n/server-messages-hi.json').toEqual([]);
  });

  it('writes dates, statuses and durations inside a message in Hindi', () => {
    expect(
      translateServerMessage(
        'Check-in for this appointment opens at 08:00 on 2024-02-29, 2 hours before its 10:00 start.',
        'hi',
      ),
    ).toBe('इस अपॉइंटमेंट का चेक-इन 29 फ़र॰ 2024 को 08:00 बजे खुलेगा, इसके 10:00 बजे के आरंभ से 2 घंटे पहले।');
    expect(translateServerMessage('This appointment was on 2025-12-31 and can no longer be checked in.', 'hi')).toBe(
      'यह अपॉइंटमेंट 31 दिस॰ 2025 को था और अब इसका चेक-इन नहीं हो सकता।',
    );
    expect(translateServerMessage('An appointment that is checked-in cannot become no-show', 'hi')).toBe(
      'चेक-इन हो चुका अपॉइंटमेंट अनुपस्थित नहीं हो सकता',
    );
    // English readers keep the message as written.
    expect(translateServerMessage('This appointment was on 2025-12-31 and can no longer be checked in.', 'en')).toBe(
      'This appointment was on 2025-12-31 and can no longer be checked in.',
    );
  });

  it('fails on English: a message the catalogue does not know is caught', () => {
    expect(englishWords(translateServerMessage('A message nobody wrote down', 'hi'))).toEqual([
      'message',
      'nobody',
      'wrote',
      'down',
    ]);
    expect(englishWords('डॉक D-04 पर MH12AB1234 है (PDF, FASTag); "true" या {rack}')).toEqual([]);
    expect(englishWords('बिन D-04 (not receivable)')).toEqual(['not', 'receivable']);
  });
});

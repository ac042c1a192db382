// The message templates (issue #15): every key of the spec and the hub's own, in English and Hindi,
// with typed placeholders; DLT scrubbing rules; Indian mobile numbers; channel limits.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  channelLimitProblem,
  checkDlt,
  LANGUAGES,
  MESSAGE_TEMPLATES,
  PLACEHOLDERS,
  placeholdersIn,
  renderTemplate,
  smsBytes,
  TemplateError,
  toIndianE164,
  type Placeholder,
} from '../../shared/contracts/messaging';
import { prepare, SendRefused } from '../../functions/messaging/rules';
import { displayDate, templateFor } from '../../functions/messaging/notify';

const SPEC_KEYS = ['appointment_confirmed', 'dock_assigned', 'delay_alert', 'check_in_success', 'loading_complete'];
const HUB_KEYS = [
  'reschedule_approved',
  'reschedule_denied',
  'slot_booking_confirmed',
  'slot_booking_pass',
  'appointment_pass',
  'reschedule_pass',
  'gate_qr_link',
  'late_truck_reslot',
  'registration_approved',
  'registration_rejected',
];

/** A value of the placeholder's type at its maximum length (Devanagari where the type is free text). */
const maxValue: Record<Placeholder, fc.Arbitrary<string>> = {
  date: fc.constantFrom('28 Feb 2026', '31 Dec 2099', '2026-11-24'),
  time: fc.constantFrom('00:00', '23:59', '09:05'),
  newTime: fc.constantFrom('00:00', '23:59'),
  delay: fc.integer({ min: 1, max: 9999 }).map(String),
  dock: fc
    .string({ unit: fc.constantFrom('D', '-', '0', 'ड', 'क', ' '), minLength: 30, maxLength: 30 })
    .filter((v) => v.trim().length > 0),
  spot: fc
    .string({ unit: fc.constantFrom('Y', 'प', 'ा', '1', ' '), minLength: 30, maxLength: 30 })
    .filter((v) => v.trim() === v && v.length > 0),
  code: fc.string({ unit: fc.constantFrom('D', 'S', '-', '7', 'K'), minLength: 20, maxLength: 20 }),
  link: fc
    .string({ unit: fc.constantFrom('a', 'b', '1', '/'), minLength: 22, maxLength: 22 })
    .map((v) => `https://${v}`),
  reason: fc
    .string({ unit: fc.constantFrom('a', 'क', ' ', 'म'), minLength: 30, maxLength: 30 })
    .filter((v) => v.trim() === v && v.length > 0),
  inviteLink: fc
    .string({ unit: fc.constantFrom('a', 'Z', '9', '_', '-'), minLength: 43, maxLength: 43 })
    .map((token) => `https://app.docksaathi.in/invite/${token}`),
  // A reslot link's token: 16 characters of id, a dot, 22 of signature (functions/trips/reslot.ts).
  reslotLink: fc
    .string({ unit: fc.constantFrom('a', 'Z', '9', '_', '-'), minLength: 39, maxLength: 39 })
    .map((token) => `https://app.docksaathi.in/reslot/${token}`),
  // A gate pass link's token: 16 characters of id, a tilde, 22 of signature (functions/lib/signed-link.ts).
  passLink: fc
    .string({ unit: fc.constantFrom('a', 'Z', '9', '_', '-'), minLength: 39, maxLength: 39 })
    .map((token) => `https://app.docksaathi.in/pass/${token}`),
  // A booking link's token: 16 characters of id, a tilde, 22 of signature (functions/booking-links).
  bookingLink: fc
    .string({ unit: fc.constantFrom('a', 'Z', '9', '_', '-'), minLength: 39, maxLength: 39 })
    .map((token) => `https://app.docksaathi.in/book/${token}`),
  hub: fc
    .string({ unit: fc.constantFrom('L', 'o', 'g', 'ह', 'ब', ' '), minLength: 30, maxLength: 30 })
    .filter((v) => v.trim() === v && v.length > 0),
  status: fc
    .string({ unit: fc.constantFrom('S', 'c', 'ि', 'र', ' '), minLength: 30, maxLength: 30 })
    .filter((v) => v.trim() === v && v.length > 0),
};

describe('message templates', () => {
  it('has every key of the spec and the ones a hub needs, with the spec’s English previews', () => {
    const keys = MESSAGE_TEMPLATES.map((t) => t.key);
    for (const key of [...SPEC_KEYS, ...HUB_KEYS]) expect(keys).toContain(key);
    expect(MESSAGE_TEMPLATES.find((t) => t.key === 'dock_assigned')!.text.en).toBe(
      'Dock {dock} assigned! Please proceed for loading/unloading.',
    );
    expect(MESSAGE_TEMPLATES.find((t) => t.key === 'delay_alert')!.text.en).toBe(
      'Your appointment is delayed by {delay} minutes. New ETA: {newTime}',
    );
  });

  it.each(MESSAGE_TEMPLATES.map((t) => [t.key, t] as const))(
    '%s has both languages, Hindi in Devanagari, the same placeholders, and no DLT id of its own',
    (_key, t) => {
      for (const language of LANGUAGES) {
        expect(t.text[language].trim().length).toBeGreaterThan(0);
        expect(placeholdersIn(t.text[language]).sort()).toEqual([...t.placeholders].sort());
      }
      expect(t.text.hi).toMatch(/[\u0900-\u097F]/);
      // The operators issue template ids to whoever registers the text: none ships in the catalogue.
      expect(JSON.stringify(t)).not.toMatch(/\d{12,}/);
      for (const p of t.placeholders) expect(PLACEHOLDERS).toHaveProperty(p);
    },
  );

  it('refuses a missing or ill-typed value instead of sending a literal placeholder', () => {
    expect(() => renderTemplate('appointment_confirmed', 'en', { date: '24 Nov 2026', time: '10:30' })).toThrow(
      new TemplateError('The value of {dock} is missing'),
    );
    expect(() =>
      renderTemplate('appointment_confirmed', 'hi', { date: '24 Nov 2026', time: '25:00', dock: 'D01' }),
    ).toThrow('The value of {time} is not a valid time');
    expect(() => renderTemplate('dock_assigned', 'en', { dock: '{dock}' })).toThrow('may not contain braces');
    expect(() => renderTemplate('dock_assigned', 'en', { dock: 'x'.repeat(31) })).toThrow('longer than 30 characters');
    expect(renderTemplate('dock_assigned', 'hi', { dock: 'D04' })).toBe(
      'डॉक D04 आवंटित! कृपया लोडिंग/अनलोडिंग के लिए आगे बढ़ें।',
    );
  });

  it('renders every template in both languages with maximum-length values into a text DLT accepts and one SMS carries', () => {
    for (const t of MESSAGE_TEMPLATES) {
      const values = fc.record(Object.fromEntries(t.placeholders.map((p) => [p, maxValue[p]])));
      fc.assert(
        fc.property(values, fc.constantFrom(...LANGUAGES), (v, language) => {
          const text = renderTemplate(t.key, language, v);
          expect(checkDlt(t.text[language], text).ok).toBe(true);
          expect(smsBytes(text)).toBeLessThanOrEqual(1600);
          expect(text).not.toMatch(/\{\w+\}/);
        }),
        { numRuns: 40 },
      );
    }
  });
});

describe('DLT scrubbing', () => {
  const registered = MESSAGE_TEMPLATES.find((t) => t.key === 'appointment_confirmed')!.text.en;
  it('accepts the registered text with its variables filled, and names why anything else is refused', () => {
    expect(checkDlt(registered, 'Your appointment is confirmed for 24 Nov 2026 at 10:30. Dock: D01.')).toEqual({
      ok: true,
      values: { date: '24 Nov 2026', time: '10:30', dock: 'D01' },
    });
    expect(checkDlt(registered, 'Your slot is confirmed for 24 Nov 2026 at 10:30. Dock: D01.')).toMatchObject({
      ok: false,
    });
    expect(
      checkDlt(registered, `Your appointment is confirmed for 24 Nov 2026 at 10:30. Dock: ${'D'.repeat(31)}.`),
    ).toMatchObject({ ok: false });
    expect(checkDlt(registered, 'Your appointment is confirmed for {date} at 10:30. Dock: D01.')).toEqual({
      ok: false,
      reason: 'Fill in {date} before sending',
    });
  });

  it('refuses an SMS without a template, free WhatsApp text outside the 24-hour window, and text over the channel limit', () => {
    const base = { language: 'en' as const, insideWhatsappWindow: false };
    expect(() => prepare({ ...base, channel: 'sms', templateKey: null, text: 'Hello driver' })).toThrow(SendRefused);
    expect(() => prepare({ ...base, channel: 'whatsapp', templateKey: null, text: 'Hello driver' })).toThrow(
      /24-hour customer-service window/,
    );
    expect(
      prepare({ ...base, insideWhatsappWindow: true, channel: 'whatsapp', templateKey: null, text: 'Hello driver' }),
    ).toMatchObject({ freeText: true });
    expect(
      prepare({
        ...base,
        channel: 'whatsapp',
        templateKey: 'dock_assigned',
        text: 'Dock D04 assigned! Please proceed for loading/unloading.',
      }),
    ).toMatchObject({ freeText: false, values: { dock: 'D04' } });
    expect(() => prepare({ ...base, channel: 'voice', templateKey: null, text: 'x'.repeat(1001) })).toThrow(
      /at most 1,000 characters/,
    );
    expect(channelLimitProblem('sms', 'क'.repeat(801))).toMatch(/at most 1,600 bytes/);
    expect(channelLimitProblem('whatsapp', 'a'.repeat(4096))).toBeNull();
    expect(channelLimitProblem('whatsapp', 'a'.repeat(4097))).toMatch(/4,096/);
  });

  it("carries the person's choices link: a line after an e-mail or free WhatsApp text, a template's button, nothing in an SMS", () => {
    const choices = { url: 'https://app.example.in/privacy/choices/abc~def', token: 'abc~def' };
    const base = { insideWhatsappWindow: true, templateKey: null, choices };
    expect(prepare({ ...base, channel: 'email', language: 'hi', text: 'गेट 3 खुला है' })).toMatchObject({
      body: 'गेट 3 खुला है\n\nआपके संदेश विकल्प: https://app.example.in/privacy/choices/abc~def',
      choicesButton: null,
    });
    expect(prepare({ ...base, channel: 'whatsapp', language: 'en', text: 'Gate 3 is open' })).toMatchObject({
      body: 'Gate 3 is open\n\nYour message choices: https://app.example.in/privacy/choices/abc~def',
      freeText: true,
    });
    const dock = { templateKey: 'dock_assigned', values: { dock: 'D04' }, language: 'en' as const };
    expect(prepare({ ...base, ...dock, channel: 'whatsapp', insideWhatsappWindow: false })).toMatchObject({
      body: 'Dock D04 assigned! Please proceed for loading/unloading.',
      values: { dock: 'D04' },
      freeText: false,
      choicesButton: 'abc~def',
    });
    expect(prepare({ ...base, ...dock, channel: 'sms' })).toMatchObject({
      body: 'Dock D04 assigned! Please proceed for loading/unloading.',
      choicesButton: null,
    });
    // The line counts: 4,050 characters of text fit WhatsApp alone, not with the line after them.
    expect(() => prepare({ ...base, channel: 'whatsapp', language: 'en', text: 'a'.repeat(4050) })).toThrow(/4,096/);
  });
});

describe('Indian mobile numbers', () => {
  it.each([
    ['+91 98450 12345', '+919845012345'],
    ['09845012345', '+919845012345'],
    ['9845012345', '+919845012345'],
    ['919845012345', '+919845012345'],
    ['+91-98450-12345', '+919845012345'],
  ])('normalises %s to E.164', (input, e164) => expect(toIndianE164(input)).toBe(e164));

  it.each(['+14155550123', '12345', '+91 5845012345', '98450123456', 'driver@example.in', ''])('refuses %s', (input) =>
    expect(toIndianE164(input)).toBeNull(),
  );
});

describe('event templates', () => {
  it('chooses the template and values of each event in the driver’s language', () => {
    const booked = {
      type: 'appointment.created',
      detail: { scheduledDate: '2026-11-26', scheduledTimeStart: '10:00', doorNumber: null, bookingType: 'staff' },
    };
    expect(templateFor(booked, 'hi')).toEqual({
      key: 'appointment_confirmed',
      values: { date: '26 नवंबर 2026', time: '10:00', dock: 'बाद में बताया जाएगा' },
    });
    expect(
      templateFor({ ...booked, detail: { ...booked.detail, guest: true, bookingReference: 'DS-1126-K7Q2' } }, 'en'),
    ).toMatchObject({ key: 'slot_booking_confirmed', values: { code: 'DS-1126-K7Q2' } });
    expect(templateFor({ type: 'appointment.delayed', detail: { minutesLate: 20, newTime: '10:50' } }, 'en')).toEqual({
      key: 'delay_alert',
      values: { delay: '20', newTime: '10:50' },
    });
    expect(templateFor({ type: 'appointment.cancelled', detail: {} }, 'en')).toBeNull();
    expect(displayDate('2026-01-05')).toBe('5 Jan 2026');
    // Issue #53: a Hindi SMS names the month in Hindi.
    expect(displayDate('2026-12-04', 'hi')).toBe('4 दिसंबर 2026');
    expect(displayDate('2026-01-05', 'en')).toBe('5 Jan 2026');
  });
});

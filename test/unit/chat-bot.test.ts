// The conversation's pure parts (issue #56): which option a message chose (a tap, a number typed by SMS,
// a title typed out), the words that mean menu or language anywhere, the next days on the hub's clock
// (month end, 31 Dec, 29 Feb, either side of IST midnight), a forwarded booking link, the SMS keywords,
// the texts complete in both languages within WhatsApp's limits, and the eight messages of a booking.
import { describe, expect, it } from 'vitest';
import {
  chosen,
  DETAIL_FIELDS,
  fieldsToAsk,
  globalWord,
  isStale,
  linkAndCode,
  newConversation,
  nextDays,
  vehicleChoicesFor,
  vehicleOfChoice,
  vehicleChoiceId,
  MENU_ACTIONS,
} from '../../functions/chat/steps';
import { smsKeyword } from '../../functions/chat/sms-keywords';
import { CHAT_TEXTS, dayLabel, vehicleLabel } from '../../functions/chat/texts';
import { APPOINTMENT_STATUSES } from '../../shared/contracts/truck-flow';

const offered = [
  { id: 'day:2026-12-31', title: 'Thu, 31 Dec' },
  { id: 'day:2027-01-01', title: 'Fri, 1 Jan' },
];

describe('chosen: the option a message answers', () => {
  it('takes a tapped id only among those offered', () => {
    expect(chosen({ kind: 'reply', id: 'day:2027-01-01', title: 'Fri, 1 Jan' }, offered)).toBe('day:2027-01-01');
    expect(chosen({ kind: 'reply', id: 'day:2027-01-02', title: 'Sat, 2 Jan' }, offered)).toBeNull();
  });

  it('takes the number of an option typed by SMS, 1 to the last, and its title typed out', () => {
    expect(chosen({ kind: 'text', text: ' 1 ' }, offered)).toBe('day:2026-12-31');
    expect(chosen({ kind: 'text', text: '2' }, offered)).toBe('day:2027-01-01');
    expect(chosen({ kind: 'text', text: '3' }, offered)).toBeNull();
    expect(chosen({ kind: 'text', text: '0' }, offered)).toBeNull();
    expect(chosen({ kind: 'text', text: 'fri,  1 jan' }, offered)).toBe('day:2027-01-01');
  });

  it('finds no answer in other words or in a location', () => {
    expect(chosen({ kind: 'text', text: 'banana' }, offered)).toBeNull();
    expect(chosen({ kind: 'location', latitude: 19, longitude: 73 }, offered)).toBeNull();
  });
});

describe('globalWord', () => {
  it('hears the menu in a greeting in English or Hindi, and the language question', () => {
    expect(globalWord({ kind: 'text', text: 'Hi' })).toBe('menu');
    expect(globalWord({ kind: 'text', text: 'hello!' })).toBe('menu');
    expect(globalWord({ kind: 'text', text: 'नमस्ते' })).toBe('menu');
    expect(globalWord({ kind: 'text', text: 'भाषा' })).toBe('language');
    expect(globalWord({ kind: 'text', text: 'MH12AB1234' })).toBeNull();
    expect(globalWord({ kind: 'reply', id: 'menu:book', title: 'Hi' })).toBeNull();
  });
});

describe('nextDays on the hub clock', () => {
  const IST = 'Asia/Kolkata';
  it('starts on the hub day: 23:59 IST on 31 Dec is still 31 Dec, a minute later it is 1 Jan', () => {
    expect(nextDays(IST, new Date('2026-12-31T18:29:00Z'), 3)).toEqual(['2026-12-31', '2027-01-01', '2027-01-02']);
    expect(nextDays(IST, new Date('2026-12-31T18:30:00Z'), 2)).toEqual(['2027-01-01', '2027-01-02']);
  });

  it('counts 29 Feb in a leap year, and not in another', () => {
    expect(nextDays(IST, new Date('2028-02-28T20:00:00Z'), 2)).toEqual(['2028-02-29', '2028-03-01']);
    expect(nextDays(IST, new Date('2027-02-28T06:00:00Z'), 2)).toEqual(['2027-02-28', '2027-03-01']);
  });

  it('turns the month after 30 April, and counts ten days by default', () => {
    const days = nextDays(IST, new Date('2026-04-29T10:00:00Z'));
    expect(days).toHaveLength(10);
    expect(days.slice(0, 3)).toEqual(['2026-04-29', '2026-04-30', '2026-05-01']);
  });

  it('reads another hub’s own zone: 01:00 UTC is still the day before in New York', () => {
    expect(nextDays('America/New_York', new Date('2027-01-01T01:00:00Z'), 1)).toEqual(['2026-12-31']);
  });

  it('labels a day in both languages without shifting it', () => {
    expect(dayLabel('2026-12-31', 'en')).toBe('Thu, 31 Dec');
    expect(dayLabel('2028-02-29', 'en')).toBe('Tue, 29 Feb');
    expect(dayLabel('2026-12-31', 'hi')).toBe('गुरु, 31 दिस॰');
  });
});

describe('linkAndCode', () => {
  const token = 'AbCdEfGhIjKlMnOpQrSt.uvwxyz_12-3';
  it('reads the link and its 6-digit code from a forwarded booking link message, with its language', () => {
    const message = `Book your slot at Bhiwandi DC: https://app.docksaathi.in/book/${token}?lang=hi Access code: 042917`;
    expect(linkAndCode(message)).toEqual({ token, code: '042917', language: 'hi' });
  });

  it('reads a link without a code, and no link in other text', () => {
    expect(linkAndCode(`https://x.in/book/${token}`)).toEqual({ token, code: null, language: null });
    expect(linkAndCode('my code is 123456')).toBeNull();
  });
});

describe('smsKeyword', () => {
  it('reads STATUS, CANCEL and HELP in English and Hindi, the code in upper case', () => {
    expect(smsKeyword('STATUS ab12cd')).toEqual({ word: 'status', code: 'AB12CD' });
    expect(smsKeyword('cancel  AB12CD')).toEqual({ word: 'cancel', code: 'AB12CD' });
    expect(smsKeyword('रद्द AB12CD')).toEqual({ word: 'cancel', code: 'AB12CD' });
    expect(smsKeyword('स्थिति AB12CD')).toEqual({ word: 'status', code: 'AB12CD' });
    expect(smsKeyword('help')).toEqual({ word: 'help' });
    expect(smsKeyword('मदद')).toEqual({ word: 'help' });
  });

  it('is no keyword without a code, with a word after HELP, or in other words', () => {
    expect(smsKeyword('status')).toBeNull();
    expect(smsKeyword('help me please')).toBeNull();
    expect(smsKeyword('hello')).toBeNull();
  });
});

describe('the texts', () => {
  /** Every argument a text takes: a summary's parts, or (as a string) a code, day, link or time. */
  const args = {
    code: 'AB12CD',
    hub: 'Bhiwandi DC',
    day: '31 Dec',
    start: '09:00',
    end: '10:00',
    vehicle: 'MH12AB1234',
    driver: 'Ramesh',
    status: 'Scheduled',
    door: 'D05',
    toString: () => 'https://docksaathi.in/x',
  };
  const sample = (value: unknown): string[] => {
    if (typeof value === 'string') return [value];
    // A text that is a message template's (a booking cancelled) takes a code of the code's shape.
    if (value === CHAT_TEXTS.en.cancelled || value === CHAT_TEXTS.hi.cancelled)
      return [(value as (code: string) => string)('DS-241126-K7Q2')];
    if (typeof value === 'function') return [String((value as (...a: unknown[]) => unknown)(args, 3))];
    return Object.values(value as Record<string, unknown>).flatMap(sample);
  };

  it('has every text in both languages, the Hindi ones in Devanagari', () => {
    const en = CHAT_TEXTS.en;
    const hi = CHAT_TEXTS.hi;
    expect(Object.keys(hi).sort()).toEqual(Object.keys(en).sort());
    // A booking's row is its day, time and hub's name, the same words in both languages.
    const neutral = ['bookingRow'];
    for (const key of (Object.keys(en) as (keyof typeof en)[]).filter((k) => !neutral.includes(k))) {
      const said = sample(hi[key]);
      expect(said.length, key).toBe(sample(en[key]).length);
      for (const s of said) expect(s, key).toMatch(/[\u0900-\u097F]/);
      expect(said.join(), key).not.toBe(sample(en[key]).join());
    }
    expect(Object.keys(en.statuses).sort()).toEqual([...APPOINTMENT_STATUSES].sort());
  });

  it('keeps titles within WhatsApp’s limits: rows 24, descriptions 72, buttons 20', () => {
    for (const t of Object.values(CHAT_TEXTS)) {
      for (const action of MENU_ACTIONS) {
        expect(t.menuRows[action].title.length).toBeLessThanOrEqual(24);
        expect(t.menuRows[action].description.length).toBeLessThanOrEqual(72);
      }
      for (const b of [t.confirm, t.changeDetails, t.yesCancel, t.keep, t.menuButton, t.dayButton, t.startButton])
        expect(b.length, b).toBeLessThanOrEqual(20);
      for (const c of vehicleChoicesFor([])) expect(vehicleLabel(c.type, c.tons, 'hi').length).toBeLessThanOrEqual(24);
    }
    expect(MENU_ACTIONS).toHaveLength(7);
  });
});

describe('the booking steps', () => {
  it('takes a known driver from Hi to confirmed in 8 messages or taps at most', () => {
    // Hi, Book, hub and type, day, start, the fields their driver record does not know, confirm.
    const known = { driverName: 'Suresh Kumar', driverLicense: 'MH0420190012345' };
    const messages = 1 + 1 + 1 + 1 + 1 + fieldsToAsk(known).length + 1;
    expect(fieldsToAsk(known)).toEqual(['vehicleNumber', 'vehicle']);
    expect(messages).toBeLessThanOrEqual(8);
    // A returning number's last booking knows the vehicle too: six.
    expect(fieldsToAsk({ ...known, vehicleNumber: 'MH12AB1234', vehicleType: 'Truck', capacityTons: 16 })).toEqual([]);
  });

  it('asks the fields in the form’s order, the vehicle once for type and capacity', () => {
    expect(fieldsToAsk({})).toEqual([...DETAIL_FIELDS]);
    expect(fieldsToAsk({ vehicleType: 'Truck' })).toContain('vehicle');
    expect(vehicleOfChoice(vehicleChoiceId({ type: 'Trailer', tons: 32 }))).toEqual({ type: 'Trailer', tons: 32 });
    expect(vehicleOfChoice('veh:other')).toBeNull();
    expect(vehicleChoicesFor(['Tanker']).map((c) => c.type)).toEqual(['Tanker']);
    expect(vehicleChoicesFor([]).length + 1).toBeLessThanOrEqual(10);
  });

  it('starts again after 24 silent hours (the customer-service window)', () => {
    const c = { ...newConversation('demo', '+919800000004', 'en'), updatedAt: '2026-12-01T10:00:00.000Z' };
    expect(isStale(c, new Date('2026-12-02T10:00:00.000Z'))).toBe(false);
    expect(isStale(c, new Date('2026-12-02T10:00:01.000Z'))).toBe(true);
  });
});

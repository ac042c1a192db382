// Dates, times and numbers for en-IN and hi-IN in the facility's time zone (web/src/lib/format.ts).
import { describe, expect, it } from 'vitest';
import {
  formatClock,
  formatDateTime,
  formatDay,
  formatNumber,
  formatTime,
  localeOf,
  readableDates,
} from '../../web/src/lib/format';

describe('format', () => {
  it('picks the locale from the language', () => {
    expect(localeOf('hi')).toBe('hi-IN');
    expect(localeOf('en')).toBe('en-IN');
    expect(localeOf(undefined)).toBe('en-IN');
  });

  it('writes a calendar date as written, in either language', () => {
    expect(formatDay('2025-10-01', 'en-IN', 'long')).toBe('1 October 2025');
    expect(formatDay('2025-10-01', 'hi-IN', 'long')).toBe('1 अक्टूबर 2025');
  });

  it('shows instants in the facility time zone (India by default, or the one given)', () => {
    const instant = '2026-01-15T20:00:00Z'; // 01:30 the next day in India
    expect(formatTime(instant, 'en-IN')).toMatch(/^01:30\s?am$/i);
    expect(formatDateTime(instant, 'en-IN')).toContain('16 Jan 2026');
    expect(formatTime(instant, 'en-IN', 'Asia/Dubai')).toMatch(/^12:00\s?am$/i);
    expect(formatTime(instant, 'hi-IN')).toMatch(/01:30/);
  });

  it('writes slot times and Indian digit grouping', () => {
    expect(formatClock('14:30', 'en-IN')).toMatch(/^2:30\s?pm$/i);
    expect(formatNumber(1234567, 'en-IN')).toBe('12,34,567');
    expect(formatNumber(1234567, 'hi-IN')).toBe('12,34,567');
  });

  it('writes the dates inside a message as the reader reads them, and leaves codes alone (issue #53)', () => {
    expect(readableDates('This gate pass is for 2026-12-04, not today', 'en-IN')).toBe(
      'This gate pass is for 4 Dec 2026, not today',
    );
    expect(readableDates('Sahyadri Roadways booked 2026-12-03 20:00', 'hi-IN')).toBe(
      'Sahyadri Roadways booked 3 दिस॰ 2026 20:00',
    );
    expect(readableDates('Sent at 2026-01-15T20:00:00.000Z', 'en-IN')).toMatch(/^Sent at 16 Jan 2026, 1:30\s?am$/i);
    // A booking code, a lot number, a date that is no date and a text without dates stay as they are.
    for (const text of ['Code DS-261203-R427Y2', 'Lot LOT-2025-12-031', 'On 2026-13-45', 'No dates here'])
      expect(readableDates(text, 'en-IN')).toBe(text);
  });
});

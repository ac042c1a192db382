// The appointments' pure rules: quarter-hour blocks, opening hours, "has started", punctuality and
// booking references, each at its boundaries.
import { describe, expect, it } from 'vitest';
import {
  arrivalOutcome,
  bookingReference,
  hasStarted,
  isPunctual,
  ON_TIME_TOLERANCE_MINUTES,
  quarterBlocks,
  withinOpeningHours,
} from '../../functions/appointments/rules';
import { DEFAULT_TIME_ZONE } from '../../shared/time';

const TZ = DEFAULT_TIME_ZONE;
/** An instant given as India time (UTC+05:30). */
const ist = (date: string, time: string) => new Date(`${date}T${time}+05:30`);

describe('quarterBlocks', () => {
  it('lists every quarter hour a window covers, the end excluded', () => {
    // Act
    const blocks = quarterBlocks('10:00', '10:45');
    // Assess
    expect(blocks).toEqual(['10:00', '10:15', '10:30']);
  });

  it('gives one block for a 15-minute window and none for an empty one', () => {
    expect(quarterBlocks('23:45', '24:00')).toEqual(['23:45']);
    expect(quarterBlocks('10:00', '10:00')).toEqual([]);
  });
});

describe('withinOpeningHours', () => {
  const facility = { operatingHoursStart: '08:00', operatingHoursEnd: '18:00' };

  it('accepts a window from opening to closing exactly', () => {
    expect(withinOpeningHours(facility, '08:00', '18:00')).toBe(true);
  });

  it('refuses a window starting before opening or ending after closing by one minute', () => {
    expect(withinOpeningHours(facility, '07:59', '09:00')).toBe(false);
    expect(withinOpeningHours(facility, '17:00', '18:01')).toBe(false);
  });
});

describe('hasStarted', () => {
  // The decision (shared/time.ts): a window starting at 10:00 has started at 10:00:00.
  it('has not started one second before its start minute', () => {
    expect(hasStarted(TZ, '2026-03-10', '10:00', ist('2026-03-10', '09:59:59'))).toBe(false);
  });

  it('has started at the start minute itself', () => {
    expect(hasStarted(TZ, '2026-03-10', '10:00', ist('2026-03-10', '10:00:00'))).toBe(true);
  });

  it('compares in the facility time zone, not in UTC', () => {
    // Prepare: 23:00 UTC on the 9th is 04:30 on the 10th in India.
    const now = new Date('2026-03-09T23:00:00Z');
    // Act + Assess
    expect(hasStarted(TZ, '2026-03-10', '04:30', now)).toBe(true);
    expect(hasStarted(TZ, '2026-03-10', '04:31', now)).toBe(false);
    expect(hasStarted('UTC', '2026-03-10', '00:00', now)).toBe(false);
  });

  it('treats any time of an earlier day as started and of a later day as not', () => {
    const now = ist('2026-03-10', '12:00:00');
    expect(hasStarted(TZ, '2026-03-09', '23:45', now)).toBe(true);
    expect(hasStarted(TZ, '2026-03-11', '00:00', now)).toBe(false);
  });
});

describe('arrivalOutcome', () => {
  const at = (time: string) => arrivalOutcome(TZ, '2026-03-10', '10:00', ist('2026-03-10', time));

  it(`is on time up to ${ON_TIME_TOLERANCE_MINUTES} minutes either side of the start`, () => {
    expect(at('09:45:00')).toBe('onTime');
    expect(at('10:00:00')).toBe('onTime');
    expect(at('10:15:59')).toBe('onTime');
  });

  it('is early one minute before the tolerance and late one minute after it', () => {
    expect(at('09:44:59')).toBe('early');
    expect(at('10:16:00')).toBe('late');
  });

  it('is early on an earlier day and late on a later day, whatever the time', () => {
    expect(arrivalOutcome(TZ, '2026-03-10', '00:00', ist('2026-03-09', '23:59:00'))).toBe('early');
    expect(arrivalOutcome(TZ, '2026-03-10', '23:45', ist('2026-03-11', '00:00:00'))).toBe('late');
  });
});

describe('isPunctual', () => {
  it('counts early and on-time arrivals, not late ones or unknown punctuality', () => {
    expect(isPunctual('early')).toBe(true);
    expect(isPunctual('onTime')).toBe(true);
    expect(isPunctual('late')).toBe(false);
    expect(isPunctual(null)).toBe(false);
  });
});

describe('bookingReference', () => {
  it('reads DS-<yymmdd>-<6 characters> without I, L, O or U', () => {
    // Act
    const refs = Array.from({ length: 200 }, () => bookingReference('2026-03-10'));
    // Assess
    for (const ref of refs) expect(ref).toMatch(/^DS-260310-[0-9A-HJKMNP-TV-Z]{6}$/);
    expect(new Set(refs).size).toBeGreaterThan(190);
  });
});

// The facility's clock: its own zone, the default only where a facility names none (shared/time.ts),
// and an instant turned into the facility's local day and time at the edges of days, months and years.
import { describe, expect, it } from 'vitest';
import { DEFAULT_TIME_ZONE, facilityClock, facilityTimeZone } from '../../shared/time';
import { facilityInputSchema } from '../../shared/contracts/facilities';

describe('facility time zone', () => {
  it('is India time where the facility names none', () => {
    expect(DEFAULT_TIME_ZONE).toBe('Asia/Kolkata');
    expect(facilityTimeZone(null)).toBe('Asia/Kolkata');
    expect(facilityTimeZone({ timeZone: '' })).toBe('Asia/Kolkata');
  });

  it("is the facility's own zone when it has one", () => {
    expect(facilityTimeZone({ timeZone: 'Asia/Dubai' })).toBe('Asia/Dubai');
  });

  it('is given to a new facility whose form leaves it out', () => {
    const parsed = facilityInputSchema.safeParse({
      name: 'Nhava Sheva Hub',
      address: 'Plot 4, JNPT Road',
      operatingHoursStart: '08:00',
      operatingHoursEnd: '20:00',
    });
    expect(parsed.success && parsed.data.timeZone).toBe('Asia/Kolkata');
  });
});

describe('facilityClock', () => {
  const india = { timeZone: 'Asia/Kolkata' };
  it('turns over at midnight India time, 18:30 UTC', () => {
    expect(facilityClock(india, new Date('2026-03-09T18:29:59Z'))).toEqual({ date: '2026-03-09', time: '23:59' });
    expect(facilityClock(india, new Date('2026-03-09T18:30:00Z'))).toEqual({ date: '2026-03-10', time: '00:00' });
  });

  it('reaches 29 February, the 1st of a month and the new year on the facility clock', () => {
    expect(facilityClock(india, new Date('2028-02-28T18:30:00Z'))).toEqual({ date: '2028-02-29', time: '00:00' });
    expect(facilityClock(india, new Date('2026-04-30T19:00:00Z'))).toEqual({ date: '2026-05-01', time: '00:30' });
    expect(facilityClock(india, new Date('2026-12-31T18:30:00Z'))).toEqual({ date: '2027-01-01', time: '00:00' });
  });

  it("reads another facility's zone, not India's", () => {
    // 20:00 UTC on 31 Dec is already 1 Jan in India (01:30) but still 31 Dec in Dubai (00:00 is at 20:00 UTC).
    expect(facilityClock({ timeZone: 'Asia/Dubai' }, new Date('2026-12-31T19:59:00Z'))).toEqual({
      date: '2026-12-31',
      time: '23:59',
    });
    expect(facilityClock(null, new Date('2026-12-31T19:59:00Z'))).toEqual({ date: '2027-01-01', time: '01:29' });
  });
});

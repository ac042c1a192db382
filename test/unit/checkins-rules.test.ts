import { describe, expect, it } from 'vitest';
import { checkinWindow, EARLY_CHECKIN_MINUTES } from '../../functions/checkins/rules';
import { arrivalOutcome, isPunctual } from '../../functions/appointments/rules';

// Instants in India Standard Time (UTC+05:30, no daylight saving): `ist('2030-05-10', '07:00')`.
const ist = (date: string, time: string, seconds = '00') => new Date(`${date}T${time}:${seconds}+05:30`);
const TZ = 'Asia/Kolkata';

describe('checkinWindow', () => {
  it('opens two hours before the start on the appointment day, to the minute', () => {
    // Prepare
    expect(EARLY_CHECKIN_MINUTES).toBe(120);
    // Act
    const justBefore = checkinWindow(TZ, '2030-05-10', '09:00', ist('2030-05-10', '06:59', '59'));
    const atOpening = checkinWindow(TZ, '2030-05-10', '09:00', ist('2030-05-10', '07:00'));
    // Assess
    expect(justBefore).toEqual({
      open: false,
      opensLaterToday: true,
      reason: 'Check-in for this appointment opens at 07:00 on 2030-05-10, 2 hours before its 09:00 start.',
    });
    expect(atOpening).toEqual({ open: true });
  });

  it('stays open for a late arrival until the end of the appointment day', () => {
    expect(checkinWindow(TZ, '2030-05-10', '09:00', ist('2030-05-10', '23:59', '59'))).toEqual({ open: true });
  });

  it('refuses an appointment of a later day, even within two hours across midnight', () => {
    // Act
    const dayBefore = checkinWindow(TZ, '2030-05-10', '00:30', ist('2030-05-09', '23:45'));
    const weekAhead = checkinWindow(TZ, '2030-05-17', '10:00', ist('2030-05-10', '10:00'));
    // Assess
    expect(dayBefore).toMatchObject({
      open: false,
      opensLaterToday: false,
      reason: 'Check-in for this appointment opens at 00:00 on 2030-05-10, 2 hours before its 00:30 start.',
    });
    expect(weekAhead).toMatchObject({
      open: false,
      opensLaterToday: false,
      reason: expect.stringContaining('opens at 08:00 on 2030-05-17'),
    });
  });

  it('refuses an appointment of an earlier day', () => {
    expect(checkinWindow(TZ, '2030-05-09', '23:00', ist('2030-05-10', '00:00'))).toEqual({
      open: false,
      opensLaterToday: false,
      reason: 'This appointment was on 2030-05-09 and can no longer be checked in.',
    });
  });

  it('reads the day in the facility time zone, not in UTC', () => {
    // Prepare: 2030-05-10 01:00 IST is still 2030-05-09 in UTC.
    const now = ist('2030-05-10', '01:00');
    // Assess
    expect(checkinWindow(TZ, '2030-05-10', '02:00', now)).toEqual({ open: true });
    expect(checkinWindow('UTC', '2030-05-10', '02:00', now)).toMatchObject({ open: false });
  });
});

describe('arrivalOutcome', () => {
  it.each([
    ['08:44', 'early'],
    ['08:45', 'onTime'],
    ['09:00', 'onTime'],
    ['09:15', 'onTime'],
    ['09:16', 'late'],
  ] as const)('an arrival at %s for a 09:00 start is %s', (time, outcome) => {
    expect(arrivalOutcome(TZ, '2030-05-10', '09:00', ist('2030-05-10', time))).toBe(outcome);
  });

  it('calls an arrival on an earlier day early and on a later day late, never on time', () => {
    expect(arrivalOutcome(TZ, '2030-05-10', '09:00', ist('2030-05-09', '09:00'))).toBe('early');
    expect(arrivalOutcome(TZ, '2030-05-10', '00:00', ist('2030-05-09', '23:55'))).toBe('early');
    expect(arrivalOutcome(TZ, '2030-05-10', '23:50', ist('2030-05-11', '00:01'))).toBe('late');
  });

  it('counts early and on-time arrivals as punctual, late ones and unknown ones not', () => {
    expect([isPunctual('early'), isPunctual('onTime'), isPunctual('late'), isPunctual(null)]).toEqual([
      true,
      true,
      false,
      false,
    ]);
  });
});

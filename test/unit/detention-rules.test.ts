// The detention rules (issue #57), case by case. Every expected figure is worked out by hand below
// from the rules as the issue states them, never from the module.
import { describe, expect, it } from 'vitest';
import type { DetentionTerms, TimelineEvent } from '../../shared/contracts/detention';
import { assessDetention, type DetentionCase } from '../../functions/detention/rules';

/** 32-ft MXL at the Chakan hub: 2 h free, ₹500 per started hour, 30 min grace, ₹1,500 late fee. */
const MXL: DetentionTerms = {
  vehicleClass: 'mxl_32ft',
  freeMinutes: 120,
  ratePaisePerHour: 50_000,
  graceMinutes: 30,
  lateFeePaise: 150_000,
};

/** India's time on 15 Dec 2026 (IST is UTC+05:30). */
const ist = (time: string, date = '2026-12-15') => new Date(`${date}T${time}:00+05:30`);

function truck(stamps: Partial<Record<TimelineEvent, Date>>, more: Partial<DetentionCase> = {}): DetentionCase {
  return {
    window: { date: '2026-12-15', startTime: '10:00' },
    timeZone: 'Asia/Kolkata',
    stamps,
    documentsLateParty: null,
    noShow: false,
    terms: MXL,
    now: ist('23:00'),
    ...more,
  };
}

describe('detention', () => {
  it('an on-time truck kept 3 h with 2 h free: one started hour owed to the carrier, put down to its causes', () => {
    const a = assessDetention(
      truck({
        gate_in: ist('10:00'),
        at_door: ist('10:40'),
        work_started: ist('10:45'),
        work_finished: ist('12:10'),
        documents_done: ist('12:30'),
        gate_out: ist('13:00'),
      }),
    );
    // 10:00-13:00: 180 min, 120 free, 60 over = 1 started hour at ₹500.
    expect(a).toMatchObject({
      day: '2026-12-15',
      arrival: 'on_time',
      lateByMinutes: 0,
      open: false,
      dwellMinutes: 180,
      doorWaitMinutes: 40,
      atDoorMinutes: 90,
      minutesByCause: { door_wait: 40, at_door: 90, documents: 20, hub_hold: 30 },
      carrierMinutes: 0,
      detentionMinutes: 60,
      chargedHours: 1,
      detentionPaise: 50_000,
      lateFeePaise: 0,
    });
    // The free 120 min are 40 of door wait and the first 80 of the 90 at the door: the rest is detention.
    expect(a.detentionMinutesByCause).toEqual({ door_wait: 0, at_door: 10, documents: 20, hub_hold: 30 });
  });

  it('an early truck is on the clock from its window’s start, not from its gate-in', () => {
    const a = assessDetention(truck({ gate_in: ist('09:10'), at_door: ist('10:30'), gate_out: ist('12:30') }));
    // Dwell 09:10-12:30 = 200 min; the clock runs 10:00-12:30 = 150 min: 30 over, one hour.
    expect(a).toMatchObject({ arrival: 'early', lateByMinutes: -50, dwellMinutes: 200, detentionMinutes: 30 });
    expect(a.clockStartsAt).toEqual(ist('10:00'));
    expect(a.chargedHours).toBe(1);
    // The truck is at the door from 10:30 with no work recorded to end: the rest is "at door".
    expect(a.detentionMinutesByCause).toEqual({ door_wait: 0, at_door: 30, documents: 0, hub_hold: 0 });
  });

  it('61 minutes past the free time are two started hours', () => {
    const a = assessDetention(truck({ gate_in: ist('10:00'), gate_out: ist('13:01') }));
    expect(a).toMatchObject({ detentionMinutes: 61, chargedHours: 2, detentionPaise: 100_000 });
    expect(a.detentionMinutesByCause.door_wait).toBe(61);
  });

  it('a truck within its grace keeps the guarantee; its clock starts at its gate-in', () => {
    const a = assessDetention(truck({ gate_in: ist('10:30'), gate_out: ist('12:45') }));
    // 30 min late is within the 30-minute grace: 10:30-12:45 = 135 min, 15 over.
    expect(a).toMatchObject({ arrival: 'on_time', lateByMinutes: 30, detentionMinutes: 15, lateFeePaise: 0 });
  });

  it('a late truck loses the free-time guarantee and owes the late fee, however long it is kept', () => {
    const a = assessDetention(
      truck({ gate_in: ist('10:31'), at_door: ist('13:00'), work_finished: ist('15:00'), gate_out: ist('16:00') }),
    );
    expect(a).toMatchObject({
      arrival: 'late',
      lateByMinutes: 31,
      dwellMinutes: 329,
      minutesByCause: { door_wait: 149, at_door: 120, documents: 0, hub_hold: 60 },
      clockStartsAt: null,
      detentionMinutes: 0,
      detentionPaise: 0,
      lateFeePaise: 150_000,
    });
  });

  it('documents late on the carrier’s side are the carrier’s time; late on the hub’s, detention', () => {
    const stamps = {
      gate_in: ist('10:00'),
      at_door: ist('10:30'),
      work_finished: ist('11:30'),
      documents_done: ist('13:30'),
      gate_out: ist('13:45'),
    };
    const carriers = assessDetention(truck(stamps, { documentsLateParty: 'carrier' }));
    // 225 min of dwell, 120 of them the carrier's documents: the hub's 105 are inside the free 120.
    expect(carriers).toMatchObject({ dwellMinutes: 225, carrierMinutes: 120, detentionMinutes: 0, detentionPaise: 0 });
    expect(carriers.minutesByCause).toEqual({ door_wait: 30, at_door: 60, documents: 120, hub_hold: 15 });

    const hubs = assessDetention(truck(stamps, { documentsLateParty: 'hub' }));
    // All 225 are the hub's: 105 over, two started hours; the free time went on door wait and the work.
    expect(hubs).toMatchObject({ carrierMinutes: 0, detentionMinutes: 105, chargedHours: 2, detentionPaise: 100_000 });
    expect(hubs.detentionMinutesByCause).toEqual({ door_wait: 0, at_door: 0, documents: 90, hub_hold: 15 });
  });

  it('a truck that crosses midnight on 31 December is counted on the day it came in', () => {
    const a = assessDetention(
      truck(
        {
          gate_in: ist('22:50', '2026-12-31'),
          at_door: ist('23:40', '2026-12-31'),
          work_finished: ist('01:30', '2027-01-01'),
          gate_out: ist('02:40', '2027-01-01'),
        },
        { window: { date: '2026-12-31', startTime: '23:00' }, now: ist('09:00', '2027-01-01') },
      ),
    );
    // Early by 10 min: the clock runs 23:00-02:40 = 220 min, 100 over: two started hours.
    expect(a).toMatchObject({
      day: '2026-12-31',
      arrival: 'early',
      dwellMinutes: 230,
      doorWaitMinutes: 50,
      atDoorMinutes: 110,
      detentionMinutes: 100,
      chargedHours: 2,
      detentionPaise: 100_000,
    });
    // Free: 40 of door wait (23:00-23:40) and 80 at the door; over: 30 at the door, 70 held after.
    expect(a.detentionMinutesByCause).toEqual({ door_wait: 0, at_door: 30, documents: 0, hub_hold: 70 });
  });

  it('a hub in Singapore reads its window on its own clock', () => {
    // Window 08:00 in Singapore (UTC+8) = 00:00 UTC; in at 08:05, out at 11:20 Singapore time.
    const a = assessDetention(
      truck(
        { gate_in: new Date('2027-01-05T00:05:00Z'), gate_out: new Date('2027-01-05T03:20:00Z') },
        {
          window: { date: '2027-01-05', startTime: '08:00' },
          timeZone: 'Asia/Singapore',
          now: new Date('2027-01-05T12:00:00Z'),
        },
      ),
    );
    // On time by its own clock (5 min after the start): 195 min on the clock, 75 over, two hours.
    // (Read as India's 08:00, 02:30 UTC, the truck would have been early and kept only 50 minutes.)
    expect(a).toMatchObject({
      day: '2027-01-05',
      arrival: 'on_time',
      lateByMinutes: 5,
      detentionMinutes: 75,
      chargedHours: 2,
    });
  });

  it('a truck still in runs to now, and says so', () => {
    const a = assessDetention(truck({ gate_in: ist('10:00'), at_door: ist('11:00') }, { now: ist('12:30') }));
    expect(a).toMatchObject({
      open: true,
      dwellMinutes: 150,
      doorWaitMinutes: 60,
      atDoorMinutes: 90,
      detentionMinutes: 30,
    });
  });

  it('a no-show owes the late fee and is kept for nothing; a truck not yet come owes nothing', () => {
    expect(assessDetention(truck({}, { noShow: true }))).toMatchObject({
      arrival: 'no_show',
      dwellMinutes: null,
      detentionPaise: 0,
      lateFeePaise: 150_000,
    });
    expect(assessDetention(truck({}))).toMatchObject({ arrival: 'not_yet', detentionPaise: 0, lateFeePaise: 0 });
  });

  it('a hub without a late fee charges none; free time of a whole day means no detention', () => {
    const terms = { ...MXL, lateFeePaise: 0, freeMinutes: 24 * 60 };
    expect(assessDetention(truck({ gate_in: ist('12:00'), gate_out: ist('20:00') }, { terms }))).toMatchObject({
      arrival: 'late',
      lateFeePaise: 0,
      detentionPaise: 0,
    });
    expect(assessDetention(truck({ gate_in: ist('10:00'), gate_out: ist('20:00') }, { terms }))).toMatchObject({
      detentionMinutes: 0,
    });
  });

  it('work recorded without an at-door event starts the time at the door with the work', () => {
    const a = assessDetention(
      truck({ gate_in: ist('10:00'), work_started: ist('10:20'), work_finished: ist('11:00'), gate_out: ist('11:10') }),
    );
    expect(a.minutesByCause).toEqual({ door_wait: 20, at_door: 40, documents: 0, hub_hold: 10 });
  });
});

// How a screen folds a poll's answer into today's schedule it holds (shared/contracts/todays-schedule.ts,
// issue #60): the SPA and the bench's screens use this one rule. Expected lists written by hand.
import { describe, expect, it } from 'vitest';
import { applyScheduleChanges, type TodaysSchedule } from '../../shared/contracts/todays-schedule';
import type { Appointment } from '../../shared/contracts/appointments';

const appt = (id: string, start: string, over: Partial<Appointment> = {}) =>
  ({
    id,
    scheduledDate: '2026-12-31',
    scheduledTimeStart: start,
    createdAt: `2026-12-01T00:00:0${id.length % 10}.000Z`,
    status: 'scheduled',
    ...over,
  }) as Appointment;

const held: TodaysSchedule = {
  date: '2026-12-31',
  asOf: '2026-12-31T10:00:00.000Z',
  appointments: [appt('a', '07:00'), appt('b', '09:00'), appt('c', '12:00')],
};
const ids = (s: TodaysSchedule) =>
  s.appointments.map((a) => `${a.id}${a.status === 'scheduled' ? '' : `:${a.status}`}`);

describe('folding a poll of today’s schedule into the one held', () => {
  it('puts changed appointments in place of the held ones, new ones in start order, and takes removed ones out', () => {
    const next = applyScheduleChanges(held, {
      date: '2026-12-31',
      asOf: '2026-12-31T10:00:30.000Z',
      full: false,
      appointments: [appt('d', '08:00'), appt('c', '12:00', { status: 'arrived' })],
      removed: ['a'],
    });
    expect(ids(next)).toEqual(['d', 'b', 'c:arrived']);
    expect(next.asOf).toBe('2026-12-31T10:00:30.000Z');
  });

  it('moves a changed appointment to its new place when its start changed', () => {
    const next = applyScheduleChanges(held, {
      date: '2026-12-31',
      asOf: '2026-12-31T10:00:30.000Z',
      full: false,
      appointments: [appt('a', '13:00')],
      removed: [],
    });
    expect(ids(next)).toEqual(['b', 'c', 'a']);
  });

  it('orders two appointments of one start by when they were booked', () => {
    const next = applyScheduleChanges(
      { ...held, appointments: [appt('b', '09:00', { createdAt: '2026-12-01T08:00:00.000Z' })] },
      {
        date: '2026-12-31',
        asOf: '2026-12-31T10:00:30.000Z',
        full: false,
        appointments: [appt('e', '09:00', { createdAt: '2026-12-01T07:00:00.000Z' })],
        removed: [],
      },
    );
    expect(ids(next)).toEqual(['e', 'b']);
  });

  it('takes a whole day as it comes: the first poll, a full answer, and a day that has turned', () => {
    const newYear = { date: '2027-01-01', asOf: '2026-12-31T18:30:05.000Z', removed: [] };
    expect(
      ids(applyScheduleChanges(undefined, { ...newYear, full: true, appointments: [appt('x', '06:00')] })),
    ).toEqual(['x']);
    expect(ids(applyScheduleChanges(held, { ...held, removed: [], full: true, appointments: [] }))).toEqual([]);
    // A partial answer of another day than the one held replaces it too: yesterday's trucks are not kept.
    const turned = applyScheduleChanges(held, { ...newYear, full: false, appointments: [appt('y', '06:00')] });
    expect(turned.date).toBe('2027-01-01');
    expect(ids(turned)).toEqual(['y']);
  });

  it('leaves the held schedule as it was', () => {
    applyScheduleChanges(held, { ...held, full: false, appointments: [appt('z', '05:00')], removed: ['b'] });
    expect(ids(held)).toEqual(['a', 'b', 'c']);
  });
});

// The read model gives exactly the figures of the list computation (figures.ts) on the same data,
// for any data (property tests), and a sequence of changes applied as deltas ends where summing the
// final items ends: reschedules move an appointment between days, cancellations take back door time.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { analytics, dashboardMetrics, gateStatistics } from '../../functions/insights/figures';
import {
  analyticsFromCounters,
  changeDeltas,
  contributionOf,
  dashboardFromCounters,
  gateFromCounters,
  sumContributions,
  total,
  type Contribution,
  type Counters,
} from '../../functions/insights/day-figures';
import { APPOINTMENT_STATUSES, type Appointment } from '../../shared/contracts/appointments';
import { CHECKIN_METHODS, type Checkin } from '../../shared/contracts/checkins';
import type { DockDoor } from '../../functions/facilities';

const DAYS = ['2026-03-09', '2026-03-10', '2026-03-11'];
const DOORS = ['d1', 'd2', 'd3', 'd4'];
const ZONE = 'Asia/Kolkata';
const instant = fc
  .integer({ min: 0, max: 3 * 24 * 60 })
  .map((m) => new Date(Date.parse('2026-03-08T18:30:00Z') + m * 60000).toISOString());

const appointmentArb = fc
  .record({
    id: fc.uuid(),
    scheduledDate: fc.constantFrom(...DAYS),
    start: fc.integer({ min: 0, max: 80 }),
    length: fc.integer({ min: 1, max: 12 }),
    status: fc.constantFrom(...APPOINTMENT_STATUSES),
    loadType: fc.constantFrom('inbound', 'outbound'),
    carrierName: fc.option(fc.constantFrom('Ganga Roadways', 'Deccan.Freight', 'A|B Logistics'), { nil: null }),
    dockDoorId: fc.option(fc.constantFrom(...DOORS), { nil: null }),
    arrivalOutcome: fc.option(fc.constantFrom('early', 'onTime', 'late'), { nil: null }),
    arrivedAt: fc.option(instant, { nil: null }),
    dwell: fc.option(fc.integer({ min: 1, max: 600_000_000 }), { nil: null }),
  })
  .map(({ start, length, dwell, ...a }) => {
    const hhmm = (q: number) =>
      `${String(Math.floor(q / 4)).padStart(2, '0')}:${String((q % 4) * 15).padStart(2, '0')}`;
    const departedAt = a.arrivedAt && dwell ? new Date(Date.parse(a.arrivedAt) + dwell).toISOString() : null;
    return {
      ...a,
      tenantId: 't1',
      facilityId: 'f1',
      scheduledTimeStart: hhmm(start),
      scheduledTimeEnd: hhmm(start + length),
      departedAt,
    } as unknown as Appointment;
  });

const checkinArb = fc
  .record({
    id: fc.uuid(),
    checkInTime: instant,
    toDock: fc.option(fc.integer({ min: 0, max: 50_000_000 }), { nil: null }),
    checkinMethod: fc.constantFrom(...CHECKIN_METHODS),
  })
  .map(({ toDock, ...c }) => ({
    ...c,
    tenantId: 't1',
    facilityId: 'f1',
    status: 'checked_in',
    atDockAt: toDock === null ? null : new Date(Date.parse(c.checkInTime) + toDock).toISOString(),
  })) as fc.Arbitrary<Checkin>;

const doorsArb = fc
  .tuple(...DOORS.map(() => fc.constantFrom('available', 'occupied', 'maintenance')))
  .map((statuses) =>
    DOORS.map(
      (id, i) =>
        ({ id, doorNumber: id, doorType: 'standard', status: statuses[i], assetId: null }) as unknown as DockDoor,
    ),
  );

const item = (entity: string, value: object) => ({ entity, ...value }) as Record<string, unknown>;
const contributions = (appointments: Appointment[], checkins: Checkin[]) =>
  sumContributions([
    ...appointments.map((a) => contributionOf(item('appointment', a), () => ZONE)!),
    ...checkins.map((c) => contributionOf(item('checkin', c), () => ZONE)!),
  ]);
const dayOf = (days: Contribution[], date: string): Counters => days.find((d) => d.date === date)?.counters ?? {};
const localDay = (iso: string) => new Intl.DateTimeFormat('en-CA', { timeZone: ZONE }).format(new Date(iso));

describe('day figures (read model)', () => {
  it('give the dashboard and gate figures of the list computation, for any day of data', () => {
    fc.assert(
      fc.property(
        fc.array(appointmentArb, { maxLength: 40 }),
        fc.array(checkinArb, { maxLength: 25 }),
        doorsArb,
        (appointments, checkins, doors) => {
          const days = contributions(appointments, checkins);
          for (const date of DAYS) {
            const today = appointments.filter((a) => a.scheduledDate === date);
            const todays = checkins.filter((c) => localDay(c.checkInTime) === date);
            expect(dashboardFromCounters(doors, dayOf(days, date))).toEqual(dashboardMetrics(doors, today, todays));
            expect(gateFromCounters(dayOf(days, date))).toEqual(gateStatistics(todays));
          }
        },
      ),
      { numRuns: 200 },
    );
  });

  it('give the analytics of the list computation over a range', () => {
    fc.assert(
      fc.property(
        fc.array(appointmentArb, { maxLength: 60 }),
        doorsArb,
        fc.integer({ min: 60, max: 900 }),
        (appointments, doors, openMinutes) => {
          const days = contributions(appointments, []);
          const perDay = DAYS.map((date) => ({ date, counters: dayOf(days, date) }));
          expect(analyticsFromCounters(perDay, doors, openMinutes)).toEqual(
            analytics(appointments, doors, DAYS, openMinutes),
          );
        },
      ),
      { numRuns: 200 },
    );
  });

  it('after any sequence of changes, the applied deltas equal the counters of the final items', () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.integer({ min: 0, max: 5 }), fc.option(appointmentArb, { nil: null })), {
          minLength: 1,
          maxLength: 60,
        }),
        (steps) => {
          const items = new Map<number, Appointment>();
          const applied = new Map<string, Counters>();
          for (const [slot, next] of steps) {
            const before = items.get(slot);
            const after = next ? { ...next, id: `a${slot}` } : undefined;
            for (const d of changeDeltas(
              contributionOf(before && item('appointment', before), () => ZONE),
              contributionOf(after && item('appointment', after), () => ZONE),
            )) {
              applied.set(d.date, total([applied.get(d.date) ?? {}, d.counters]));
            }
            if (after) items.set(slot, after);
            else items.delete(slot);
          }
          const expected = contributions([...items.values()], []);
          for (const date of DAYS) {
            const nonZero = Object.fromEntries(Object.entries(applied.get(date) ?? {}).filter(([, v]) => v !== 0));
            expect(nonZero).toEqual(dayOf(expected, date));
          }
        },
      ),
      { numRuns: 200 },
    );
  });

  it('moves a rescheduled appointment from its old day to its new one and leaves nothing behind', () => {
    const a = {
      id: 'a1',
      tenantId: 't1',
      facilityId: 'f1',
      scheduledDate: DAYS[0],
      scheduledTimeStart: '10:00',
      scheduledTimeEnd: '11:00',
      status: 'scheduled',
      loadType: 'inbound',
      carrierName: 'Ganga',
      dockDoorId: 'd1',
      arrivalOutcome: null,
      arrivedAt: null,
      departedAt: null,
    } as unknown as Appointment;
    const moved = { ...a, scheduledDate: DAYS[1] };
    const deltas = changeDeltas(
      contributionOf(item('appointment', a), () => ZONE),
      contributionOf(item('appointment', moved), () => ZONE),
    );
    expect(deltas.map((d) => [d.date, d.counters.appointments, d.counters.bookedDoorMinutes])).toEqual([
      [DAYS[1], 1, 60],
      [DAYS[0], -1, -60],
    ]);
    expect(
      changeDeltas(
        contributionOf(item('appointment', a), () => ZONE),
        contributionOf(item('appointment', a), () => ZONE),
      ),
    ).toEqual([]);
  });
});

// The plan of the modelled day (day.ts): when each truck of the sample comes and how (booked by staff,
// by a guest through the public booking link, or a walk-in), the steps of its day at the hub, and the
// polls and scheduled work that come with the clock. Each step is a call of the real handlers, run
// later in time order by day.ts.
import { addDays, fromMinutes } from '../../shared/time';
import type { CallContext } from './accesses';
import type { InvokeOptions, InvokeResult, Session } from './invoke';

export const QUARTER_MS = 15 * 60 * 1000;

/** A third of the day's trucks arrive in the 8-10 am peak: 25 % there on purpose, the rest spread 6 am - 10 pm. */
const PEAK = { share: 0.25, from: 32, to: 40 };
const OPEN = { from: 24, to: 88 };
const overlap = (a: { from: number; to: number }, b: { from: number; to: number }) =>
  Math.max(0, Math.min(a.to, b.to) - Math.max(a.from, b.from));
/** The share of the day's arrivals in quarter hours [from, to). */
export function windowShare(window: { from: number; to: number }): number {
  return (
    (PEAK.share * overlap(window, PEAK)) / (PEAK.to - PEAK.from) +
    ((1 - PEAK.share) * overlap(window, OPEN)) / (OPEN.to - OPEN.from)
  );
}

export interface Step {
  at: number;
  truck: string;
  name: string;
  run: (ctx: Omit<CallContext, 'fn'>) => Promise<void>;
}

/** A call of the day: the route's function invoked in the step's context (day.ts). */
export type Call = (
  ctx: Omit<CallContext, 'fn'>,
  method: string,
  path: string,
  opts?: InvokeOptions,
) => Promise<InvokeResult>;

export interface Driver {
  id: string;
  carrierId: string;
  phone: string;
}

/** The hub as its set-up left it, and what the plan's steps need to act on it. */
export interface Hub {
  date: string;
  facilityId: string;
  ops: Session;
  yard: Session;
  admin: Session;
  doors: string[];
  drivers: Driver[];
  /** The guests' slot of the day nearest to `minutes` after midnight. */
  slotFor: (minutes: number) => { id: string; minutes: number };
  call: Call;
  /** Whether the action succeeded; a refusal is recorded. */
  ok: (name: string, res: { status: number; body: any }) => boolean;
  /** Ids that name one truck's records (DayRecord.truckIds). */
  truckIds: Set<string>;
  random: () => number;
  /** The instant `minutes` after midnight of `day` (India's time). */
  at: (day: string, minutes: number) => number;
}

export type TruckPlan = ReturnType<typeof drawTrucks>[number];

/** The sample's trucks, in order of arrival: how each comes, when, which driver, and its fate. */
export function drawTrucks(
  sample: number,
  window: { from: number; to: number },
  drivers: Driver[],
  random: () => number,
) {
  const quarterOfDay = (): number => {
    const q =
      random() < PEAK.share
        ? PEAK.from + Math.floor(random() * (PEAK.to - PEAK.from))
        : OPEN.from + Math.floor(random() * (OPEN.to - OPEN.from));
    return q >= window.from && q < window.to ? q : quarterOfDay();
  };
  const plans = Array.from({ length: sample }, (_, i) => {
    const r = random();
    return {
      truck: `truck-${i}`,
      kind: r < 0.05 ? 'walk-in' : r < 0.3 ? 'guest' : 'staff',
      quarter: quarterOfDay(),
      driver: drivers[i % drivers.length]!,
      vehicle: `MH04CP${String(i).padStart(4, '0')}`,
      fate: random(),
      message: random() < 1 / 6,
      lateness: -20 + random() * 45,
    };
  });
  plans.sort((a, b) => a.quarter - b.quarter);
  return plans;
}

/** Each truck's steps: its booking (or cancellation), check-in, door, message, loading, completion and check-out. */
export function planTrucks(plans: TruckPlan[], hub: Hub): Step[] {
  const { date, facilityId, ops, doors, slotFor, call, ok, truckIds, random, at } = hub;
  const pick = <T>(xs: readonly T[]) => xs[Math.floor(random() * xs.length)]!;
  const steps: Step[] = [];
  const doorFreeAt = doors.map(() => 0);
  for (const p of plans) {
    truckIds.add(p.vehicle);
    const state: { appointmentId?: string; checkinId?: string } = {};
    const start = fromMinutes(p.quarter * 15);
    const end = fromMinutes(p.quarter * 15 + 60);
    const arrival = at(date, p.quarter * 15 + p.lateness);
    if (p.kind !== 'walk-in') {
      const bookedAt = at(addDays(date, -1), 8 * 60 + random() * 12 * 60);
      steps.push({
        at: bookedAt,
        truck: p.truck,
        name: p.kind === 'guest' ? 'guest booking' : 'booking',
        run: async (ctx) => {
          const res =
            p.kind === 'guest'
              ? await call(ctx, 'POST', '/api/bookings/slot', {
                  ip: `10.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250) + 1}`,
                  body: {
                    ownerType: 'Driver',
                    vehicleNumber: p.vehicle,
                    vehicleType: 'Truck',
                    capacityTons: 10,
                    driverName: `Guest ${p.truck}`,
                    driverLicense: 'L1',
                    mobileNumber: p.driver.phone,
                    expectedArrivalDate: new Date(arrival).toISOString(),
                    slotId: slotFor(p.quarter * 15).id,
                  },
                })
              : await call(ctx, 'POST', '/api/appointments', {
                  session: ops,
                  body: {
                    facilityId,
                    carrierId: p.driver.carrierId,
                    driverId: p.driver.id,
                    scheduledDate: date,
                    scheduledTimeStart: start,
                    scheduledTimeEnd: end,
                    loadType: random() < 0.5 ? 'inbound' : 'outbound',
                    poNumber: `PO-${p.truck}`,
                  },
                });
          if (!ok(p.kind === 'guest' ? 'guest booking' : 'booking', res)) return;
          const body = res.body ?? {};
          state.appointmentId = body.id ?? body.appointment?.id ?? body.appointmentId;
          for (const id of [
            state.appointmentId,
            body.bookingReference,
            body.confirmationNumber,
            body.appointment?.bookingReference,
          ])
            if (typeof id === 'string') truckIds.add(id);
        },
      });
      if (p.fate < 0.03) {
        steps.push({
          at: bookedAt + 3 * 3600_000,
          truck: p.truck,
          name: 'cancellation',
          run: async (ctx) => {
            if (!state.appointmentId) return;
            ok(
              'cancellation',
              await call(ctx, 'POST', `/api/appointments/${state.appointmentId}/cancel`, {
                session: ops,
                body: { reason: 'Truck not available' },
              }),
            );
          },
        });
        continue;
      }
      if (p.fate < 0.06) continue; // a no-show: marked by the day's own workers, if at all
    }
    // Arrival: staff check the booked truck in at the gate, or take a walk-in.
    steps.push({
      at: arrival,
      truck: p.truck,
      name: p.kind === 'walk-in' ? 'walk-in check-in' : 'check-in',
      run: async (ctx) => {
        if (p.kind === 'walk-in') {
          const res = await call(ctx, 'POST', '/api/checkins/walk-in', {
            session: ops,
            body: { driverName: `Walk-in ${p.truck}`, vehicleLicense: p.vehicle, carrierName: 'Walk-in Roadways' },
          });
          if (!ok('walk-in check-in', res)) return;
          state.checkinId = res.body?.checkin?.id ?? res.body?.id;
          state.appointmentId = res.body?.appointment?.id ?? res.body?.appointmentId;
        } else {
          if (!state.appointmentId) return;
          const res = await call(ctx, 'POST', `/api/appointments/${state.appointmentId}/checkin`, {
            session: ops,
            body: {},
          });
          if (!ok('check-in', res)) return;
          state.checkinId = res.body?.checkin?.id ?? res.body?.checkinId ?? res.body?.id;
        }
        for (const id of [state.checkinId, state.appointmentId]) if (id) truckIds.add(id);
      },
    });
    // A door: the first one free (the truck waits in the yard until then).
    let door = 0;
    for (let d = 1; d < doors.length; d++) if (doorFreeAt[d]! < doorFreeAt[door]!) door = d;
    const atDoor = Math.max(arrival + (5 + random() * 15) * 60_000, doorFreeAt[door]!);
    const done = atDoor + (35 + random() * 30) * 60_000;
    doorFreeAt[door] = done + 5 * 60_000;
    const checkinStatus = (status: string) => async (ctx: Omit<CallContext, 'fn'>) => {
      if (!state.checkinId) return;
      ok(
        status,
        await call(ctx, 'PATCH', `/api/checkins/${state.checkinId}/status`, { session: ops, body: { status } }),
      );
    };
    steps.push({
      at: atDoor,
      truck: p.truck,
      name: 'door assignment',
      run: async (ctx) => {
        if (!state.checkinId) return;
        ok(
          'door assignment',
          await call(ctx, 'PATCH', `/api/checkins/${state.checkinId}/door`, {
            session: ops,
            body: { dockDoorId: doors[door]! },
          }),
        );
      },
    });
    if (p.message)
      steps.push({
        at: atDoor + 60_000,
        truck: p.truck,
        name: 'staff message',
        run: async (ctx) => {
          if (!state.appointmentId) return;
          ok(
            'staff message',
            await call(ctx, 'POST', '/api/messaging/driver-messages', {
              session: ops,
              body: {
                recipient: { kind: 'appointment', appointmentId: state.appointmentId },
                templateKey: 'dock_assigned',
              },
            }),
          );
        },
      });
    steps.push({
      at: atDoor + 3 * 60_000,
      truck: p.truck,
      name: 'loading',
      run: checkinStatus(pick(['loading', 'unloading'])),
    });
    steps.push({ at: done, truck: p.truck, name: 'completed', run: checkinStatus('completed') });
    steps.push({ at: done + 10 * 60_000, truck: p.truck, name: 'check-out', run: checkinStatus('departed') });
  }
  return steps;
}

/** Polls and scheduled work, once per quarter hour (each run stands for the quarter's runs). */
export function planTimeSteps(
  window: { from: number; to: number },
  dayStart: number,
  screens: { dashboards: number; yardScreens: number },
  hub: Pick<Hub, 'call' | 'ops' | 'yard'>,
  runScheduled: (ctx: CallContext) => Promise<void>,
): Step[] {
  const { call, ops, yard } = hub;
  const timeSteps: Step[] = [];
  for (let q = Math.max(0, window.from - 1); q < Math.min(96, window.to + 1); q++) {
    const instant = dayStart + q * QUARTER_MS + 7 * 60_000;
    const open = q >= 24 && q < 88;
    // The screens opened at the start of the day read the whole day once (the SPA's first poll).
    if (q === 24)
      timeSteps.push({
        at: instant - 60_000,
        truck: '',
        name: 'screens opened',
        run: async (ctx) => {
          await call({ ...ctx, weight: screens.dashboards }, 'GET', '/api/appointments/today/changes', {
            session: ops,
          });
        },
      });
    if (open)
      timeSteps.push({
        at: instant,
        truck: '',
        name: 'dashboard poll',
        run: async (ctx) => {
          const polls = { ...ctx, weight: screens.dashboards * 30 };
          // Each poll after the first asks for the day's changes since the last one, 30 s before.
          const since = new Date(Date.now() - 30_000).toISOString();
          await Promise.all([
            call(polls, 'GET', '/api/dashboard/metrics', { session: ops }),
            call(polls, 'GET', `/api/appointments/today/changes?since=${since}`, { session: ops }),
            call(polls, 'GET', '/api/notifications', { session: ops }),
            call({ ...ctx, weight: screens.yardScreens * 30 }, 'GET', '/api/yard/overview', { session: yard }),
          ]);
        },
      });
    timeSteps.push({
      at: instant + 60_000,
      truck: '',
      name: 'scheduled workers',
      run: (ctx) => runScheduled({ ...ctx, fn: 'scheduled', weight: 3 }),
    });
  }
  return timeSteps;
}

// The chaos run (issue #55): a mixed workload of people booking (staff, carriers in their portal, guests
// by the facility link and by a booking link, an external system by its inbound webhook), rescheduling
// and cancelling, checking trucks in (walk-in, quick, gate pass, an offline gate's queued check-ins),
// giving them doors and moving them through the yard (each departure sent to a webhook subscriber),
// receiving and moving goods, sending messages and watching the dashboard (the later kinds are in
// chaos-kinds.ts, the world they work in in chaos-world.ts), while the local stack injects faults at a rate
// (functions/local/faults.ts); then the table is reconciled against what each client was told:
//   lost          a change the client was told was made (2xx) is not in the table
//   doubled       a change is in the table more than once (a booking, a receipt, a message per event)
//   inconsistent  a change the client was told failed (4xx, or 503 "busy": nothing written) is there, or a
//                 change is there in part (a check-in without its arrival, a move's one side); a
//                 door's quarter-hours held by no booking or missing from one; two trucks on site at one
//                 door; a slot over its capacity; a booking counter that differs from the bookings it
//                 counts; a stock line, bin and the receipts into them that disagree; negative stock
// A client told "may or may not have been saved" (or whose answer never came) does not retry blindly:
// a guest, a booking link's booker, the gate (a pass) and an external system (its webhook-id) send the
// same request again with the same key; anyone else reads what happened (here, at the reconciliation,
// when faults are off). `npm run chaos` (scripts/chaos.ts) runs it at 0, 1, 5 and
// 20 %; test/integration/chaos.test.ts runs a small one in `npm test`. The reconciliation: chaos-reconcile.ts.
import { DEMO_FACILITY_ID } from '../../functions/local/demo-ids';
import { seededRandom } from '../../functions/local/seeded-random';
import { chaosClient, told, type Answer, type Send } from './chaos-client';
import { actMore, keyedRetries } from './chaos-kinds';
import {
  bookedHour,
  chaosDays,
  guestForm,
  hhmm,
  type Arrival,
  type ChaosLedger,
  type ChaosOp,
  type ChaosWorld,
  type Kind,
  type Place,
} from './chaos-world';

export {
  gateArrivals,
  hhmm,
  prepareChaos,
  stockPlaces,
  type Arrival,
  type ChaosLedger,
  type ChaosOp,
  type ChaosWorld,
  type Place,
} from './chaos-world';

// ---- The load ------------------------------------------------------------------------------------

const WEIGHTS: [Kind, number][] = [
  ['staff booking', 2],
  ['guest booking', 2],
  ['carrier booking', 1],
  ['link booking', 1],
  ['inbound webhook', 1],
  ['reschedule', 1],
  ['cancel', 1],
  ['walk-in', 1],
  ['quick check-in', 1],
  ['gate-pass check-in', 1],
  ['offline sync', 1],
  ['door assignment', 1],
  ['status move', 1],
  ['receipt', 2],
  ['warehouse move', 1],
  ['message', 1],
  ['dashboard poll', 1],
];
const TOTAL = WEIGHTS.reduce((s, [, w]) => s + w, 0);
const CHECKINS = new Set<Kind>(['quick check-in', 'gate-pass check-in', 'offline sync']);

/** How many trucks a rate of `operations` needs due at the gate (gateArrivals): its check-ins, and a margin. */
export const arrivalsNeeded = (operations: number) =>
  Math.ceil((operations * WEIGHTS.filter(([k]) => CHECKINS.has(k)).reduce((s, [, w]) => s + w, 0) * 1.25) / TOTAL + 5);

export interface ChaosOptions {
  operations: number;
  people: number;
  seed: number;
  /** Names this run's markers (a few letters). */
  tag: string;
  /** Where its receipts go (stockPlaces). */
  places: Place[];
  /** The trucks due at the gate hub for its check-ins (gateArrivals). */
  arrivals: Arrival[];
  /** Its bookings fall on the 8 days from this many days ahead (each rate of a run its own days). */
  fromDay?: number;
}

export async function chaosLoad(world: ChaosWorld, options: ChaosOptions): Promise<ChaosLedger> {
  const random = seededRandom(options.seed);
  const pick = <T>(list: readonly T[]): T | undefined => list[Math.floor(random() * list.length)];
  const days = chaosDays(world, options.fromDay);
  const ledger: ChaosLedger = {
    tag: options.tag,
    days,
    startedAt: new Date().toISOString(),
    ops: [],
    booked: [],
    walkIns: [],
    places: options.places,
    arrivals: options.arrivals,
    requests: [],
  };
  const guest = await chaosClient(world.base);
  const record = (a: Answer) => {
    ledger.requests.push({ ms: a.ms, error: a.status === 0 || a.status >= 500 });
    return a;
  };
  const as =
    (send: Send): Send =>
    async (...args) =>
      record(await send(...args));
  const ops = as(world.operations);
  const yard = as(world.yard);
  const guestSend = as(guest);
  const carrier = as(world.carrier);
  const due = [...options.arrivals];
  let next = 0;

  const poll = async (n: number): Promise<ChaosOp> => {
    const answers = await Promise.all([ops('GET', '/api/dashboard/metrics'), ops('GET', '/api/appointments/today')]);
    return { n, kind: 'dashboard poll', told: answers.every((a) => told(a) === 'done') ? 'done' : 'refused' };
  };

  const act = async (n: number): Promise<ChaosOp> => {
    let roll = random() * TOTAL;
    const kind = WEIGHTS.find(([, w]) => (roll -= w) < 0)?.[0] ?? 'dashboard poll';
    const marker = `${options.tag}${String(n).padStart(5, '0')}`;
    switch (kind) {
      case 'staff booking': {
        const date = pick(days)!;
        const start = (6 + Math.floor(random() * 13)) * 60;
        const door = random() < 0.6 ? pick(world.doors)! : null;
        const a = await ops('POST', '/api/appointments', {
          facilityId: DEMO_FACILITY_ID,
          carrierId: 'carrier-deccan',
          vehicleLicense: marker,
          dockDoorId: door,
          scheduledDate: date,
          scheduledTimeStart: hhmm(start),
          scheduledTimeEnd: hhmm(start + 60),
          poNumber: marker,
        });
        if (told(a) === 'done') ledger.booked.push(bookedHour(a.body.id, date, start));
        return { n, kind, told: told(a), marker };
      }
      case 'guest booking': {
        const date = pick(days)!;
        const key = `chaos-${marker}`;
        const body = {
          ...guestForm(marker, n, date, random, {
            driverName: 'Chaos Guest',
            licencePrefix: 'MH14',
            mobilePrefix: '97',
          }),
          facility: world.guestFacility.link,
        };
        // A guest whose answer did not come, or was "busy", sends the same booking again with the same
        // key (never a new one).
        const answer = await keyedRetries(random, () =>
          guestSend('POST', '/api/bookings/slot', body, { 'idempotency-key': key }),
        );
        return { n, kind, told: answer, marker };
      }
      case 'reschedule': {
        const target = pick(ledger.booked.filter((b) => b.status === 'scheduled' && !b.unsure && !b.busy));
        if (!target) return { n, kind: 'dashboard poll', told: told(await ops('GET', '/api/dashboard/metrics')) };
        target.busy = true;
        const date = pick(days)!;
        const start = (6 + Math.floor(random() * 13)) * 60;
        const wish = { newDate: date, newTimeStart: hhmm(start), newTimeEnd: hhmm(start + 60) };
        const requested = await ops('POST', `/api/appointments/${target.id}/reschedule`, {
          ...wish,
          reason: 'schedule_change',
          reasonDetails: 'The consignee moved the unloading window',
          requestedBy: 'admin',
        });
        let outcome = told(requested);
        if (outcome === 'done') {
          outcome = told(await yard('PATCH', `/api/reschedules/${requested.body.id}/approve`));
          if (outcome === 'done') Object.assign(target, { date, start: wish.newTimeStart, end: wish.newTimeEnd });
          // A request left pending (its approval refused) or unknown: the booking is not the client's to check any more.
          else target.unsure = true;
        } else if (outcome === 'unknown') target.unsure = true;
        target.busy = false;
        return { n, kind, told: outcome };
      }
      case 'cancel': {
        const target = pick(ledger.booked.filter((b) => b.status === 'scheduled' && !b.unsure && !b.busy));
        if (!target) return { n, kind: 'dashboard poll', told: told(await ops('GET', '/api/dashboard/metrics')) };
        target.busy = true;
        const outcome = told(
          await ops('POST', `/api/appointments/${target.id}/cancel`, { reason: 'Chaos run cancel' }),
        );
        if (outcome === 'done') target.status = 'cancelled';
        if (outcome === 'unknown') target.unsure = true;
        target.busy = false;
        return { n, kind, told: outcome };
      }
      case 'walk-in': {
        const a = await ops('POST', '/api/checkins/walk-in', {
          driverName: `Chaos Driver ${n}`,
          vehicleLicense: marker,
          carrierName: 'Chaos Carriers',
          poNumber: marker,
        });
        if (told(a) === 'done')
          ledger.walkIns.push({
            checkinId: a.body.id,
            appointmentId: a.body.appointmentId,
            door: null,
            stage: 'checked_in',
            unsure: false,
            busy: false,
          });
        return { n, kind, told: told(a), marker };
      }
      case 'door assignment': {
        const target = pick(ledger.walkIns.filter((w) => w.stage === 'checked_in' && !w.door && !w.unsure && !w.busy));
        if (!target) return { n, kind: 'dashboard poll', told: told(await ops('GET', '/api/appointments/today')) };
        target.busy = true;
        const door = pick(world.doors)!;
        const outcome = told(await yard('PATCH', `/api/checkins/${target.checkinId}/door`, { dockDoorId: door }));
        if (outcome === 'done') target.door = door;
        if (outcome === 'unknown') target.unsure = true;
        target.busy = false;
        return { n, kind, told: outcome };
      }
      case 'status move': {
        const target = pick(ledger.walkIns.filter((w) => w.door && w.stage !== 'completed' && !w.unsure && !w.busy));
        if (!target) return { n, kind: 'dashboard poll', told: told(await ops('GET', '/api/appointments/today')) };
        target.busy = true;
        const to = target.stage === 'checked_in' ? 'unloading' : 'completed';
        const outcome = told(await ops('PATCH', `/api/checkins/${target.checkinId}/status`, { status: to }));
        if (outcome === 'done') target.stage = to;
        if (outcome === 'unknown') target.unsure = true;
        target.busy = false;
        return { n, kind, told: outcome };
      }
      case 'receipt': {
        const place = pick(ledger.places)!;
        const quantity = 1 + Math.floor(random() * 5);
        const a = await ops('POST', '/api/wms/inventory/receive', {
          facilityId: DEMO_FACILITY_ID,
          productId: place.productId,
          binId: place.binId,
          quantity,
          unitCost: 10,
          notes: marker,
        });
        return { n, kind, told: told(a), marker, quantity, place };
      }
      case 'dashboard poll':
        return poll(n);
      default: {
        const context = { world, ledger, n, marker, random, due, ops, yard, carrier, guest: guestSend };
        return (await actMore(kind, context)) ?? poll(n);
      }
    }
  };

  await Promise.all(
    Array.from({ length: options.people }, async () => {
      while (next < options.operations) ledger.ops.push(await act(next++));
    }),
  );
  return ledger;
}

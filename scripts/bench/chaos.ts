// The chaos run (issue #55): a mixed workload of people booking (staff and guests), rescheduling and
// cancelling, checking trucks in at the gate, giving them doors and moving them through the yard,
// receiving goods and watching the dashboard, while the local stack injects faults at a rate
// (functions/local/faults.ts); then the table is reconciled against what each client was told:
//   lost          a change the client was told was made (2xx) is not in the table
//   doubled       a change is in the table more than once (a booking, a receipt, a message per event)
//   inconsistent  a change the client was told failed (4xx, or 503 "busy": nothing written) is there; a
//                 door's quarter-hours held by no booking or missing from one; two trucks on site at one
//                 door; a slot over its capacity; a booking counter that differs from the bookings it
//                 counts; a stock line, bin and the receipts into them that disagree; negative stock
// A client told "may or may not have been saved" (or whose answer never came) does not retry blindly:
// a guest sends the booking again with its Idempotency-Key, anyone else reads what happened (here, at
// the reconciliation, when faults are off). `npm run chaos` (scripts/chaos.ts) runs it at 0, 1, 5 and
// 20 %; test/integration/chaos.test.ts runs a small one in `npm test`. The reconciliation: chaos-reconcile.ts.
import { addDays, localDateTime } from '../../shared/time';
import { DEMO_FACILITY_ID, DEMO_TENANT_ID } from '../../functions/local/demo-ids';
import { seededRandom } from '../../functions/local/seeded-random';
import { chaosClient, told, busy, type Answer, type Send, type Told } from './chaos-client';

// ---- The world the load works in (made with faults off) ----------------------------------------------

export interface ChaosWorld {
  base: string;
  operations: Send;
  yard: Send;
  /** The demo facility's doors (staff bookings, walk-ins). */
  doors: string[];
  /** A facility of the run's own that guests book through its link: 3 places a slot. */
  guestFacility: { id: string; link: string; capacity: number };
  today: string;
}

const expectCreated = (what: string, a: Answer) => {
  if (a.status !== 200 && a.status !== 201) throw new Error(`${what}: HTTP ${a.status} ${JSON.stringify(a.body)}`);
  return a.body;
};

export async function prepareChaos(base: string): Promise<ChaosWorld> {
  const [operations, yard] = await Promise.all([chaosClient(base, 'operations'), chaosClient(base, 'yard_manager')]);
  const { listDockDoors } = await import('../../functions/facilities');
  const doors = (await listDockDoors(DEMO_TENANT_ID, DEMO_FACILITY_ID))
    .filter((d) => d.status !== 'maintenance')
    .map((d) => d.id);
  const tag = Date.now().toString(36).slice(-5).toUpperCase();
  const facility = expectCreated(
    'guest facility',
    await operations('POST', '/api/facilities', {
      name: `Chaos Guest Hub ${tag}`,
      address: 'Plot 9, Chakan MIDC',
      city: 'Pune',
      state: 'Maharashtra',
      zipCode: '410501',
      operatingHoursStart: '06:00',
      operatingHoursEnd: '20:00',
      timeZone: 'Asia/Kolkata',
      slotMinutes: 60,
      slotCapacity: 3,
    }),
  );
  const link = expectCreated('guest link', await operations('GET', `/api/facilities/${facility.id}/link`));
  return {
    base,
    operations,
    yard,
    doors,
    guestFacility: { id: facility.id, link: link.token, capacity: 3 },
    today: localDateTime(new Date(), 'Asia/Kolkata').date,
  };
}

export interface Place {
  productId: string;
  sku: string;
  binId: string;
}

/** Three bins and three products of the run's own (each rate its own, so its stock starts at 0); made
 * before the faults are switched on. */
export async function stockPlaces(world: ChaosWorld, tag: string): Promise<Place[]> {
  const zone = expectCreated(
    'zone',
    await world.operations('POST', '/api/wms/zones', {
      facilityId: DEMO_FACILITY_ID,
      name: `Chaos receiving ${tag}`,
      code: `CH${tag}`,
      zoneType: 'receiving',
    }),
  );
  const places: Place[] = [];
  for (let i = 1; i <= 3; i++) {
    const bin = expectCreated(
      'bin',
      await world.operations('POST', '/api/wms/bins', { zoneId: zone.id, binCode: `CH-${tag}-${i}`, binType: 'floor' }),
    );
    const product = expectCreated(
      'product',
      await world.operations('POST', '/api/wms/products', { sku: `CH-${tag}-${i}`, name: `Chaos goods ${tag} ${i}` }),
    );
    places.push({ productId: product.id, sku: product.sku, binId: bin.id });
  }
  return places;
}

// ---- The load ------------------------------------------------------------------------------------

type Kind =
  | 'staff booking'
  | 'guest booking'
  | 'reschedule'
  | 'cancel'
  | 'walk-in'
  | 'door assignment'
  | 'status move'
  | 'receipt'
  | 'dashboard poll';

const WEIGHTS: [Kind, number][] = [
  ['staff booking', 3],
  ['guest booking', 2],
  ['reschedule', 1],
  ['cancel', 1],
  ['walk-in', 1],
  ['door assignment', 1],
  ['status move', 1],
  ['receipt', 2],
  ['dashboard poll', 2],
];

export interface ChaosOp {
  n: number;
  kind: Kind;
  told: Told;
  /** What the client can find its change by (a PO number, a guest's vehicle, a receipt's note). */
  marker?: string;
  quantity?: number;
  place?: Place;
}

/** A booking the client knows of, and what it was last told about it. */
interface Booked {
  id: string;
  date: string;
  start: string;
  end: string;
  status: 'scheduled' | 'cancelled';
  /** An answer left it unknown (or a reschedule request pending): no more changes, nor checks of its state. */
  unsure: boolean;
  busy: boolean;
}

interface WalkIn {
  checkinId: string;
  appointmentId: string;
  door: string | null;
  stage: 'checked_in' | 'unloading' | 'completed';
  unsure: boolean;
  busy: boolean;
}

export interface ChaosOptions {
  operations: number;
  people: number;
  seed: number;
  /** Names this run's markers (a few letters). */
  tag: string;
  /** Where its receipts go (stockPlaces). */
  places: Place[];
  /** Its bookings fall on the 8 days from this many days ahead (each rate of a run its own days). */
  fromDay?: number;
}

export interface ChaosLedger {
  tag: string;
  /** The days its bookings fall on. */
  days: string[];
  startedAt: string;
  ops: ChaosOp[];
  booked: Booked[];
  walkIns: WalkIn[];
  places: Place[];
  /** Every request's time and whether its person saw an error (5xx, or no answer). */
  requests: { ms: number; error: boolean }[];
}

export const hhmm = (minutes: number) =>
  `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;

export async function chaosLoad(world: ChaosWorld, options: ChaosOptions): Promise<ChaosLedger> {
  const random = seededRandom(options.seed);
  const pick = <T>(list: readonly T[]): T | undefined => list[Math.floor(random() * list.length)];
  const days = Array.from({ length: 8 }, (_, i) => addDays(world.today, (options.fromDay ?? 30) + i));
  const ledger: ChaosLedger = {
    tag: options.tag,
    days,
    startedAt: new Date().toISOString(),
    ops: [],
    booked: [],
    walkIns: [],
    places: options.places,
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
  const total = WEIGHTS.reduce((s, [, w]) => s + w, 0);
  let next = 0;

  const act = async (n: number): Promise<ChaosOp> => {
    let roll = random() * total;
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
        if (told(a) === 'done')
          ledger.booked.push({
            id: a.body.id,
            date,
            start: hhmm(start),
            end: hhmm(start + 60),
            status: 'scheduled',
            unsure: false,
            busy: false,
          });
        return { n, kind, told: told(a), marker };
      }
      case 'guest booking': {
        const date = pick(days)!;
        const slot = `${date}_${String(6 + Math.floor(random() * 14)).padStart(2, '0')}00`;
        const key = `chaos-${marker}`;
        const body = {
          ownerType: 'Driver',
          vehicleNumber: marker,
          vehicleType: 'Truck',
          capacityTons: 9,
          driverName: 'Chaos Guest',
          driverLicense: `MH14${marker}`,
          mobileNumber: `+91 97${String(n % 1e8).padStart(8, '0')}`,
          expectedArrivalDate: new Date().toISOString(),
          slotId: slot,
          facility: world.guestFacility.link,
        };
        // A guest whose answer did not come, or was "busy", sends the same booking again with the same
        // key (never a new one). Once an answer was unknown, a later refusal speaks for that try only:
        // whether the booking was made is then read.
        let answer: Told = 'unknown';
        let unsure = false;
        for (let attempt = 0; attempt < 6; attempt++) {
          if (attempt) await new Promise((r) => setTimeout(r, 100 + 200 * random()));
          const a = await guestSend('POST', '/api/bookings/slot', body, { 'idempotency-key': key });
          answer = told(a);
          if (answer === 'done' || (answer === 'refused' && !busy(a))) break;
          if (answer === 'unknown') unsure = true;
        }
        return { n, kind, told: answer !== 'done' && unsure ? 'unknown' : answer, marker };
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
      case 'dashboard poll': {
        const answers = await Promise.all([
          ops('GET', '/api/dashboard/metrics'),
          ops('GET', '/api/appointments/today'),
        ]);
        return { n, kind, told: answers.every((a) => told(a) === 'done') ? 'done' : 'refused' };
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

// The chaos run's reconciliation (scripts/bench/chaos.ts): with faults off and the workers caught up,
// the table read against what each client was told: lost, doubled, inconsistent.
import { DEMO_FACILITY_ID, DEMO_TENANT_ID } from '../../functions/local/demo-ids';
import { percentiles } from './measure';
import { hhmm, type ChaosLedger, type ChaosOp, type ChaosWorld } from './chaos';
import { reconcileCheckins, reconcileDeliveries, reconcileMessages, reconcileStock } from './chaos-reconcile-kinds';

export interface ChaosReport {
  operations: number;
  acknowledged: number;
  refused: number;
  /** Answers neither done nor refused, settled by reading. */
  resolvedByReading: number;
  lost: number;
  doubled: number;
  inconsistent: number;
  requests: number;
  errorRate: number;
  p95: number;
  /** What the clients were told, per kind. */
  byKind: Record<string, Record<'done' | 'refused' | 'unknown', number>>;
  /** What each problem was (the first 20), to fix it. */
  problems: string[];
}

const ON_SITE = new Set(['arrived', 'loading', 'unloading']);

/** The India date and the start of the quarter-hour a truck left in (the demo facility keeps India's time). */
function leftAt(departedAt: string | null): { date: string; quarter: string } | null {
  if (!departedAt) return null;
  const ist = new Date(new Date(departedAt).getTime() + 330 * 60_000).toISOString();
  const minutes = Number(ist.slice(11, 13)) * 60 + Number(ist.slice(14, 16));
  return { date: ist.slice(0, 10), quarter: hhmm(minutes - (minutes % 15)) };
}
const HOLDS_DOOR = new Set(['pending_approval', 'scheduled', 'arrived', 'loading', 'unloading']);
/** The kinds that make an appointment, found by their marker (a PO number or a vehicle). */
const BOOKINGS = new Set([
  'staff booking',
  'guest booking',
  'carrier booking',
  'link booking',
  'inbound webhook',
  'walk-in',
]);

export async function reconcile(world: ChaosWorld, ledger: ChaosLedger): Promise<ChaosReport> {
  const { listAppointmentsByDate, doorHolders, reconcileCounters } = await import('../../functions/appointments');
  const tenant = DEMO_TENANT_ID;
  const problems: string[] = [];
  const counts = { lost: 0, doubled: 0, inconsistent: 0, resolvedByReading: 0 };
  const problem = (category: 'lost' | 'doubled' | 'inconsistent', what: string) => {
    counts[category]++;
    if (problems.length < 20) problems.push(`${category}: ${what}`);
  };

  // Every appointment of the run's days at both facilities, and today's at the demo facility (walk-ins).
  const days = [...new Set([world.today, ...ledger.days])];
  const appointments = (
    await Promise.all(
      days.flatMap((d) => [
        listAppointmentsByDate(tenant, d, DEMO_FACILITY_ID),
        listAppointmentsByDate(tenant, d, world.guestFacility.id),
      ]),
    )
  ).flat();
  const byMarker = new Map<string, typeof appointments>();
  for (const a of appointments)
    for (const marker of new Set([a.poNumber, a.vehicleLicense]))
      if (marker?.startsWith(ledger.tag)) byMarker.set(marker, [...(byMarker.get(marker) ?? []), a]);

  // Each change that makes a record: told done -> there once; told refused -> not there; unknown -> read.
  const settle = (op: ChaosOp, present: number, what: string) => {
    if (present > 1) return problem('doubled', `${what} ${op.marker} is there ${present} times`);
    if (op.told === 'done' && present === 0)
      return problem('lost', `${what} ${op.marker} was confirmed and is not there`);
    if (op.told === 'refused' && present > 0)
      return problem('inconsistent', `${what} ${op.marker} was refused and is there`);
    if (op.told === 'unknown') counts.resolvedByReading++;
  };
  for (const op of ledger.ops.filter((o) => BOOKINGS.has(o.kind))) {
    const found = byMarker.get(op.marker!) ?? [];
    settle(op, found.length, op.kind);
    // Made as the kind says: a carrier's in its carrier's name, a link's as the link's.
    const a = found[0];
    if (a && op.kind === 'carrier booking' && a.carrierId !== 'carrier-deccan')
      problem('inconsistent', `carrier booking ${op.marker} is in the name of ${a.carrierId}`);
    if (a && op.kind === 'link booking' && a.bookingLinkId !== world.bookingLink.id)
      problem('inconsistent', `link booking ${op.marker} is not recorded as the link's (${a.bookingLinkId})`);
  }

  // The bookings the client knows of are as it was last told.
  const byId = new Map(appointments.map((a) => [a.id, a]));
  for (const b of ledger.booked.filter((x) => !x.unsure)) {
    const a = byId.get(b.id);
    if (!a) continue; // counted above
    const status = a.status === 'cancelled' ? 'cancelled' : 'scheduled';
    if (status !== b.status)
      problem(
        b.status === 'cancelled' ? 'lost' : 'inconsistent',
        `booking ${a.poNumber} is ${a.status}, told ${b.status}`,
      );
    if (a.scheduledDate !== b.date || a.scheduledTimeStart !== b.start)
      problem(
        'inconsistent',
        `booking ${a.poNumber} is at ${a.scheduledDate} ${a.scheduledTimeStart}, told ${b.date} ${b.start}`,
      );
  }
  for (const w of ledger.walkIns.filter((x) => !x.unsure)) {
    const a = byId.get(w.appointmentId);
    if (!a) continue;
    const expected = { checked_in: 'arrived', unloading: 'unloading', completed: 'departed' }[w.stage];
    if (a.status !== expected) problem('lost', `walk-in ${a.poNumber} is ${a.status}, told ${expected}`);
    if (w.door && a.dockDoorId !== w.door)
      problem('lost', `walk-in ${a.poNumber} is at ${a.dockDoorId}, told ${w.door}`);
  }

  // Doors: each quarter-hour held by a booking that holds that door, every quarter of a booking held, one truck on site.
  for (const date of days)
    for (const door of world.doors) {
      const here = appointments.filter(
        (a) => a.facilityId === DEMO_FACILITY_ID && a.dockDoorId === door && a.scheduledDate === date,
      );
      for (const id of await doorHolders(tenant, DEMO_FACILITY_ID, door, date, '00:00', '24:00')) {
        const a = byId.get(id);
        if (!a || a.scheduledDate !== date) continue;
        // A truck that left keeps the door time it used, the quarters before the one it left in; none after.
        const left = a.status === 'departed' && a.dockDoorId === door ? leftAt(a.departedAt) : null;
        if (left) {
          if (left.date !== date) continue;
          if ((await doorHolders(tenant, DEMO_FACILITY_ID, door, date, left.quarter, '24:00')).includes(id))
            problem('inconsistent', `${door} on ${date} is still held by ${a.poNumber ?? id} after it left`);
        } else if (a.dockDoorId !== door || !HOLDS_DOOR.has(a.status))
          problem('inconsistent', `${door} on ${date} is held by ${a.poNumber ?? id}, which is ${a.status}`);
      }
      const onSite = here.filter((a) => ON_SITE.has(a.status));
      if (onSite.length > 1)
        problem(
          'inconsistent',
          `${door} holds ${onSite.length} trucks on site: ${onSite.map((a) => a.poNumber).join(', ')}`,
        );
      for (const a of here.filter((x) => x.status === 'scheduled' && x.poNumber?.startsWith(ledger.tag))) {
        const [h, m] = a.scheduledTimeStart.split(':').map(Number) as [number, number];
        const [eh, em] = a.scheduledTimeEnd.split(':').map(Number) as [number, number];
        for (let q = h * 60 + m; q < eh * 60 + em; q += 15) {
          const holders = await doorHolders(tenant, DEMO_FACILITY_ID, door, date, hhmm(q), hhmm(q + 15));
          if (holders.length !== 1 || holders[0] !== a.id)
            problem(
              'inconsistent',
              `${door} ${date} ${hhmm(q)} of booking ${a.poNumber} is held by [${holders.join(', ')}]`,
            );
        }
      }
    }

  // Slots within capacity; the booking counters (day counts, slot places) equal the bookings they count.
  const perSlot = new Map<string, number>();
  for (const a of appointments)
    if (a.facilityId === world.guestFacility.id && a.slotId && a.status !== 'cancelled' && a.status !== 'no_show')
      perSlot.set(a.slotId, (perSlot.get(a.slotId) ?? 0) + 1);
  for (const [slot, n] of perSlot)
    if (n > world.guestFacility.capacity)
      problem('inconsistent', `slot ${slot} holds ${n} bookings, capacity ${world.guestFacility.capacity}`);
  for (const c of await reconcileCounters(tenant, { days: 75 }))
    problem(
      'inconsistent',
      `${c.counter} of ${c.date}${c.startTime ? ` ${c.startTime}` : ''}: ${c.was ?? 'none'}, counted ${c.count}`,
    );

  await reconcileStock(world, ledger, problem, settle);
  await reconcileCheckins(ledger, problem, settle);
  await reconcileMessages(ledger, problem, settle);
  await reconcileDeliveries(world, ledger, problem);

  const times = ledger.requests.map((r) => r.ms);
  return {
    operations: ledger.ops.length,
    acknowledged: ledger.ops.filter((o) => o.told === 'done').length,
    refused: ledger.ops.filter((o) => o.told === 'refused').length,
    resolvedByReading: counts.resolvedByReading,
    lost: counts.lost,
    doubled: counts.doubled,
    inconsistent: counts.inconsistent,
    requests: ledger.requests.length,
    errorRate: ledger.requests.length ? ledger.requests.filter((r) => r.error).length / ledger.requests.length : 0,
    p95: percentiles(times, 1, 1).p95,
    byKind: Object.fromEntries(
      [...new Set(ledger.ops.map((o) => o.kind))].map((kind) => {
        const of = ledger.ops.filter((o) => o.kind === kind);
        const n = (t: string) => of.filter((o) => o.told === t).length;
        return [kind, { done: n('done'), refused: n('refused'), unknown: n('unknown') }];
      }),
    ),
    problems,
  };
}

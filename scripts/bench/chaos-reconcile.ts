// The chaos run's reconciliation (scripts/bench/chaos.ts): with faults off and the workers caught up,
// the table read against what each client was told: lost, doubled, inconsistent.
import { DEMO_FACILITY_ID, DEMO_TENANT_ID } from '../../functions/local/demo-ids';
import { percentiles } from './measure';
import { hhmm, type ChaosLedger, type ChaosOp, type ChaosWorld } from './chaos';

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
  /** What each problem was (the first 20), to fix it. */
  problems: string[];
}

const ON_SITE = new Set(['arrived', 'loading', 'unloading']);
const HOLDS_DOOR = new Set(['pending_approval', 'scheduled', 'arrived', 'loading', 'unloading']);

export async function reconcile(world: ChaosWorld, ledger: ChaosLedger): Promise<ChaosReport> {
  const [{ listAppointmentsByDate, doorHolders, reconcileCounters }, { receiptsSince }] = await Promise.all([
    import('../../functions/appointments'),
    import('../../functions/wms'),
  ]);
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
  for (const op of ledger.ops) {
    if (op.kind === 'staff booking' || op.kind === 'guest booking' || op.kind === 'walk-in')
      settle(op, byMarker.get(op.marker!)?.length ?? 0, op.kind);
  }
  const receipts = (await receiptsSince(tenant, ledger.startedAt)).filter((r) => r.notes?.startsWith(ledger.tag));
  const receiptsOf = new Map<string, number>();
  for (const r of receipts) receiptsOf.set(r.notes!, (receiptsOf.get(r.notes!) ?? 0) + 1);
  for (const op of ledger.ops) if (op.kind === 'receipt') settle(op, receiptsOf.get(op.marker!) ?? 0, 'receipt');

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
        if (a && (a.dockDoorId !== door || !HOLDS_DOOR.has(a.status)) && a.scheduledDate === date)
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

  // Stock: each line, its bin and the receipts into them agree; nothing negative.
  for (const place of ledger.places) {
    const received = receipts.filter((r) => r.productId === place.productId).reduce((s, r) => s + r.quantity, 0);
    const lines = await world.operations('GET', `/api/wms/inventory?search=${encodeURIComponent(place.sku)}&limit=100`);
    const inLines = (lines.body?.data ?? []).reduce((s: number, l: { quantity: number }) => s + l.quantity, 0);
    const bin = (await world.operations('GET', `/api/wms/bins/${place.binId}`)).body?.currentQuantity ?? 0;
    if (inLines !== received || bin !== received)
      problem('inconsistent', `${place.sku}: receipts ${received}, lines ${inLines}, bin ${bin}`);
    if (inLines < 0 || bin < 0) problem('inconsistent', `${place.sku}: negative stock`);
  }

  // Messages: at most one to the provider per message id (an event's message id is derived from it).
  const { localOutbox } = await import('../../functions/messaging');
  const sent = new Map<string, number>();
  for (const m of await localOutbox(5000))
    if (m.messageId && m.sentAt >= ledger.startedAt) sent.set(m.messageId, (sent.get(m.messageId) ?? 0) + 1);
  for (const [id, n] of sent) if (n > 1) problem('doubled', `message ${id} went to the provider ${n} times`);

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
    problems,
  };
}

// The reconciliation of the chaos run's later kinds (chaos-kinds.ts): check-ins at the gate hub, stock
// moved between bins, Messaging Center sends, and the outbound webhook of each departure. Each change
// the client was told was made is there once with all its parts; a refused one is not there, not even
// in part; an unknown one is read and must be whole or absent.
import { DEMO_TENANT_ID } from '../../functions/local/demo-ids';
import type { ChaosLedger, ChaosOp, ChaosWorld } from './chaos-world';

export type Problem = (category: 'lost' | 'doubled' | 'inconsistent', what: string) => void;
/** Counts a change the client was told done, refused or unknown against how often it is there. */
export type Settle = (op: ChaosOp, present: number, what: string) => void;

const CHECKINS = new Set(['quick check-in', 'gate-pass check-in', 'offline sync']);

/** Each truck due at the gate hub: checked in once, with its appointment arrived, exactly when a client made it so. */
export async function reconcileCheckins(ledger: ChaosLedger, problem: Problem, settle: Settle) {
  const [{ getAppointment }, { listCheckinsSince }] = await Promise.all([
    import('../../functions/appointments'),
    import('../../functions/checkins'),
  ]);
  // An offline gate's check-in is filed at its gate time, minutes before it was sent.
  const since = new Date(Date.parse(ledger.startedAt) - 15 * 60_000).toISOString();
  const checkinsOf = new Map<string, { checkInTime: string }[]>();
  for (const c of await listCheckinsSince(DEMO_TENANT_ID, since))
    checkinsOf.set(c.appointmentId, [...(checkinsOf.get(c.appointmentId) ?? []), c]);
  const opOf = new Map(ledger.ops.filter((o) => CHECKINS.has(o.kind)).map((o) => [o.appointmentId!, o]));
  for (const arrival of ledger.arrivals) {
    const a = await getAppointment(DEMO_TENANT_ID, arrival.id);
    const checkins = checkinsOf.get(arrival.id) ?? [];
    const op = opOf.get(arrival.id);
    if (!a) {
      problem('lost', `truck ${arrival.vehicle}'s appointment is gone`);
      continue;
    }
    // All or nothing: a check-in and its appointment's arrival go together.
    const arrived = a.status !== 'scheduled';
    if (checkins.length > 0 !== arrived || (arrived && !a.arrivedAt))
      problem(
        'inconsistent',
        `truck ${arrival.vehicle}: ${checkins.length} check-ins, its appointment ${a.status} (arrived at ${a.arrivedAt ?? 'none'})`,
      );
    if (!op) {
      if (checkins.length) problem('inconsistent', `truck ${arrival.vehicle} was checked in by nobody's request`);
      continue;
    }
    settle(op, checkins.length, op.kind);
    // A gate pass's check-in is at its gate time (an offline one's minutes before it was sent).
    if (op.at && checkins.length === 1 && (checkins[0]!.checkInTime !== op.at || a.arrivedAt !== op.at))
      problem(
        'inconsistent',
        `${op.kind} of ${arrival.vehicle}: in at ${checkins[0]!.checkInTime}, arrived ${a.arrivedAt}, gate time ${op.at}`,
      );
  }
}

/**
 * Stock: each move's two records (out of one bin, into another, the same quantity), or none; each
 * product's lines add up to its receipts; each bin holds what its lines hold, and what came in and moved
 * through it; no line or bin below zero.
 */
export async function reconcileStock(world: ChaosWorld, ledger: ChaosLedger, problem: Problem, settle: Settle) {
  const { adjustmentsSince, receiptsSince } = await import('../../functions/wms');
  const receipts = (await receiptsSince(DEMO_TENANT_ID, ledger.startedAt)).filter((r) =>
    r.notes?.startsWith(ledger.tag),
  );
  const receiptsOf = new Map<string, number>();
  for (const r of receipts) receiptsOf.set(r.notes!, (receiptsOf.get(r.notes!) ?? 0) + 1);
  for (const op of ledger.ops) if (op.kind === 'receipt') settle(op, receiptsOf.get(op.marker!) ?? 0, 'receipt');

  const moves = (await adjustmentsSince(DEMO_TENANT_ID, ledger.startedAt)).filter(
    (a) => a.move && a.notes?.startsWith(ledger.tag),
  );
  const movesOf = new Map<string, typeof moves>();
  for (const m of moves) movesOf.set(m.notes!, [...(movesOf.get(m.notes!) ?? []), m]);
  for (const op of ledger.ops.filter((o) => o.kind === 'warehouse move')) {
    const records = movesOf.get(op.marker!) ?? [];
    const out = records.filter((r) => r.reasonCode === 'transfer_out');
    const into = records.filter((r) => r.reasonCode === 'transfer_in');
    if (out.length !== into.length)
      problem('inconsistent', `move ${op.marker}: ${out.length} records out, ${into.length} in`);
    settle(op, Math.max(out.length, into.length), 'move');
    const [o, i] = [out[0], into[0]];
    if (o && i && (o.quantityAdjusted !== -op.quantity! || i.quantityAdjusted !== op.quantity! || o.binId === i.binId))
      problem(
        'inconsistent',
        `move ${op.marker} of ${op.quantity}: out ${o.quantityAdjusted} from ${o.binCode}, in ${i.quantityAdjusted} to ${i.binCode}`,
      );
  }

  const linesInBin = new Map<string, number>();
  for (const place of ledger.places) {
    const received = receipts.filter((r) => r.productId === place.productId).reduce((s, r) => s + r.quantity, 0);
    const lines = ((
      await world.operations('GET', `/api/wms/inventory?search=${encodeURIComponent(place.sku)}&limit=100`)
    ).body?.data ?? []) as { binId: string; quantity: number }[];
    const inLines = lines.reduce((s, l) => s + l.quantity, 0);
    if (inLines !== received) problem('inconsistent', `${place.sku}: receipts ${received}, lines ${inLines}`);
    if (lines.some((l) => l.quantity < 0)) problem('inconsistent', `${place.sku}: a line below zero`);
    for (const l of lines) linesInBin.set(l.binId, (linesInBin.get(l.binId) ?? 0) + l.quantity);
  }
  for (const place of ledger.places) {
    const bin = (await world.operations('GET', `/api/wms/bins/${place.binId}`)).body?.currentQuantity ?? 0;
    const flowed =
      receipts.filter((r) => r.binId === place.binId).reduce((s, r) => s + r.quantity, 0) +
      moves.filter((m) => m.binId === place.binId).reduce((s, m) => s + m.quantityAdjusted, 0);
    const lines = linesInBin.get(place.binId) ?? 0;
    if (bin !== lines || bin !== flowed)
      problem('inconsistent', `bin of ${place.sku}: holds ${bin}, its lines ${lines}, receipts and moves ${flowed}`);
    if (bin < 0) problem('inconsistent', `bin of ${place.sku}: below zero`);
  }
}

/**
 * Messages: at most one to the provider per message id; a send the client was told went out reached
 * the provider once; one refused before any provider call (4xx but 422) reached none. A 422 says every
 * provider try failed: one whose answer was lost may still have reached it, once.
 */
export async function reconcileMessages(ledger: ChaosLedger, problem: Problem, settle: Settle) {
  const { localOutbox } = await import('../../functions/messaging');
  const sent = new Map<string, number>();
  const to = new Map<string, number>();
  for (const m of await localOutbox(5000))
    if (m.sentAt >= ledger.startedAt) {
      if (m.messageId) sent.set(m.messageId, (sent.get(m.messageId) ?? 0) + 1);
      to.set(m.to, (to.get(m.to) ?? 0) + 1);
    }
  for (const [id, n] of sent) if (n > 1) problem('doubled', `message ${id} went to the provider ${n} times`);
  for (const op of ledger.ops.filter((o) => o.kind === 'message')) {
    const n = to.get(op.to!) ?? 0;
    if (op.told === 'refused' && op.status === 422) {
      if (n > 1) problem('doubled', `message ${op.marker} to ${op.to} went to the provider ${n} times`);
    } else settle(op, n, 'message');
  }
}

/** Outbound webhooks: each departure the client was told of has one delivery, whose one id its receiver saw. */
export async function reconcileDeliveries(world: ChaosWorld, ledger: ChaosLedger, problem: Problem) {
  const { listDeliveries } = await import('../../functions/integrations');
  const deliveries = await listDeliveries(DEMO_TENANT_ID, world.outbound.webhookId, 5000);
  const deliveriesOf = new Map<string, typeof deliveries>();
  for (const d of deliveries) {
    const id = (JSON.parse(d.payload) as { data?: { appointmentId?: string } }).data?.appointmentId ?? '';
    deliveriesOf.set(id, [...(deliveriesOf.get(id) ?? []), d]);
  }
  const seen = new Map<string, Set<string>>();
  for (const r of world.outbound.received) {
    const id = r.payload?.data?.appointmentId ?? '';
    seen.set(id, (seen.get(id) ?? new Set()).add(r.webhookId));
  }
  for (const w of ledger.walkIns) {
    const found = deliveriesOf.get(w.appointmentId) ?? [];
    const ids = seen.get(w.appointmentId) ?? new Set();
    if (found.length > 1) problem('doubled', `departure of ${w.appointmentId} has ${found.length} deliveries`);
    if (ids.size > 1) problem('doubled', `departure of ${w.appointmentId} was sent under ${ids.size} webhook ids`);
    if (w.stage === 'completed' && !w.unsure && found.length === 0)
      problem('lost', `departure of ${w.appointmentId} has no delivery`);
    if (w.stage !== 'completed' && !w.unsure && (found.length || ids.size))
      problem('inconsistent', `walk-in ${w.appointmentId} not departed has a departure delivery`);
    if (found[0]?.status === 'DELIVERED' && ids.size === 0)
      problem('lost', `delivery ${found[0].id} is marked delivered and its receiver never got it`);
  }
}

// A bounded window of mixed traffic from N simulated people on loopback: staff polling the
// dashboard, bookings, walk-in check-ins and warehouse receipts (bench.ts adds them), each person doing one
// thing after another. Throughput, error rate and percentiles per kind of request.
import { addDays } from '../../shared/time';
import { DEMO_FACILITY_ID } from '../../functions/local/seed';
import { percentiles, type Latency } from './measure';
import { today, type Call } from './hot-paths';

export interface MixedAction {
  kind: string;
  weight: number;
  act: (call: Call, n: number) => Promise<unknown>;
}

export const CORE_ACTIONS: MixedAction[] = [
  {
    kind: 'dashboard poll',
    weight: 6,
    act: (call) =>
      Promise.all([
        call('GET', '/api/dashboard/metrics'),
        call('GET', '/api/appointments/today'),
        call('GET', '/api/notifications'),
      ]),
  },
  {
    kind: 'booking',
    weight: 2,
    act: (call, n) =>
      call('POST', '/api/appointments', {
        facilityId: DEMO_FACILITY_ID,
        carrierId: 'carrier-deccan',
        dockDoorId: null,
        scheduledDate: addDays(today(), 20 + (n % 9)),
        scheduledTimeStart: '10:00',
        scheduledTimeEnd: '11:00',
      }),
  },
  {
    kind: 'walk-in check-in',
    weight: 2,
    act: (call, n) =>
      call('POST', '/api/checkins/walk-in', {
        driverName: `Mixed ${n}`,
        vehicleLicense: `KA01MX${String(n % 10000).padStart(4, '0')}`,
        carrierName: 'Mixed Load Movers',
      }),
  },
];

/**
 * Warehouse receipts: goods received into a zone, bin and product of the load's own (made here, so a
 * receipt is never refused for a place that is not there), as the receiving desk does all day.
 */
export async function warehouseReceipts(operations: Call): Promise<MixedAction> {
  const tag = Date.now().toString(36).toUpperCase();
  const zone = await operations('POST', '/api/wms/zones', {
    facilityId: DEMO_FACILITY_ID,
    name: `Mixed receiving ${tag}`,
    code: `MX${tag}`,
    zoneType: 'receiving',
  });
  const bin = await operations('POST', '/api/wms/bins', { zoneId: zone.id, binCode: `MX-${tag}`, binType: 'floor' });
  const product = await operations('POST', '/api/wms/products', { sku: `MX-${tag}`, name: `Mixed receipt ${tag}` });
  return {
    kind: 'warehouse receipt',
    weight: 2,
    // Received by the operations account (a yard manager may not receive stock: that would be a 403,
    // counted as an error of the load rather than a receipt).
    act: (_call, n) =>
      operations('POST', '/api/wms/inventory/receive', {
        facilityId: DEMO_FACILITY_ID,
        productId: product.id,
        binId: bin.id,
        quantity: 1 + (n % 5),
        unitCost: 12.5,
      }),
  };
}

export async function mixedLoad(people: Call[], seconds: number, actions: MixedAction[]) {
  const totalWeight = actions.reduce((s, a) => s + a.weight, 0);
  const times = new Map<string, number[]>(actions.map((a) => [a.kind, []]));
  const errors = new Map<string, number>(actions.map((a) => [a.kind, 0]));
  /** The first failure of each kind, printed: an error rate alone does not say what to fix. */
  const firstError = new Map<string, string>();
  let n = 0;
  const until = performance.now() + seconds * 1000;
  const started = performance.now();
  await Promise.all(
    people.map(async (call) => {
      while (performance.now() < until) {
        let pick = Math.random() * totalWeight;
        const action = actions.find((a) => (pick -= a.weight) < 0) ?? actions[0]!;
        const t0 = performance.now();
        try {
          await action.act(call, n++);
          times.get(action.kind)!.push(performance.now() - t0);
        } catch (err) {
          errors.set(action.kind, errors.get(action.kind)! + 1);
          if (!firstError.has(action.kind))
            firstError.set(action.kind, err instanceof Error ? err.message : String(err));
        }
      }
    }),
  );
  const elapsed = (performance.now() - started) / 1000;
  const done = [...times.values()].reduce((s, t) => s + t.length, 0);
  const failed = [...errors.values()].reduce((s, e) => s + e, 0);
  return {
    people: people.length,
    seconds: elapsed,
    requests: done + failed,
    perSecond: (done + failed) / elapsed,
    errorRate: done + failed ? failed / (done + failed) : 0,
    byKind: Object.fromEntries(
      actions.map((a) => [
        a.kind,
        {
          ...percentiles(times.get(a.kind)!, elapsed, people.length),
          errors: errors.get(a.kind)!,
          ...(firstError.has(a.kind) ? { firstError: firstError.get(a.kind)! } : {}),
        } satisfies Latency & { errors: number; firstError?: string },
      ]),
    ),
  };
}

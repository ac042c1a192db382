// A bounded window of mixed traffic from N simulated people on loopback: staff polling their screens,
// bookings, walk-in check-ins and warehouse receipts (bench.ts adds them). Two models:
// - paced (the goal's figure, issue #60): a hub's 50 people as they use the product (HUB_SCREENS). Each
//   has the screen of their work open, which polls what the SPA's screen polls at the SPA's intervals
//   (the spec's refresh: dashboard figures, today's schedule, the yard and the session every 30 s;
//   notifications and check-ins every 15 s), and acts at a person's pace: a pause of 15-45 s between
//   a booking typed in, a walk-in at the gate, a receipt scanned (30 s on average: 50 people make some
//   4,000 actions an hour, about 15 times a 1,500-truck hub's peak hour of bookings and check-ins);
// - back to back (saturation, no goal): each person starts the next thing the moment the last one
//   answers, so the figure is what the machine serves when full, and what breaks first.
// Throughput, error rate and percentiles per kind (a poll's time is its slowest request's).
import { addDays } from '../../shared/time';
import { DEMO_FACILITY_ID } from '../../functions/local/seed';
import { percentiles, type Latency } from './measure';
import { today, type Call } from './hot-paths';
import {
  applyScheduleChanges,
  type TodaysSchedule,
  type TodaysScheduleChanges,
} from '../../shared/contracts/todays-schedule';

export interface MixedAction {
  kind: string;
  /** Its share of a person's picks. */
  weight: number;
  /** A poll: paced, its person runs it on this interval (the SPA's refetchInterval), not by weight. */
  everyMs?: number;
  act: (call: Call, n: number) => Promise<unknown>;
}

/** A simulated person: the session they act in and what they do. */
export interface Person {
  call: Call;
  actions: MixedAction[];
}

/** A person's pause between two actions in the paced model, in ms (uniform: 30 s on average). */
export const PAUSE_MS = { min: 15_000, max: 45_000 };

/** One of a poll's requests: a GET of a path, or a request of its own (today's schedule). */
type PollRequest = string | ((call: Call) => Promise<unknown>);

/** A poll of a screen: its requests sent together, as the SPA's queries of one interval refetch. */
const poll = (kind: string, everyMs: number, requests: PollRequest[]): MixedAction => ({
  kind,
  weight: 0,
  everyMs,
  act: (call) => Promise.all(requests.map((r) => (typeof r === 'string' ? call('GET', r) : r(call)))),
});

/** Today's schedule each person's screen holds (keyed by the person's call). */
const heldSchedules = new WeakMap<Call, TodaysSchedule>();

/**
 * Today's schedule as the SPA polls it (web/src/features/appointments/api/appointments.ts): the whole
 * day first, then what changed since the answer held, folded in by the SPA's own rule.
 */
export async function todaysSchedulePoll(call: Call): Promise<void> {
  const held = heldSchedules.get(call);
  const since = held ? `?since=${encodeURIComponent(held.asOf)}` : '';
  const changes = (await call('GET', `/api/appointments/today/changes${since}`)) as TodaysScheduleChanges;
  heldSchedules.set(call, applyScheduleChanges(held, changes));
}

/**
 * A hub's 50 people by the screen of their work, each screen polling what its SPA screen polls:
 * the office on the dashboard (web/src/features/insights/routes/dashboard-route.tsx: metrics, today's
 * schedule, the live yard, the session; notifications and check-ins), the gate on the check-in screen
 * (the gate's day, today's schedule for quick check-in; check-ins), the yard on the yard (the overview;
 * the yard tasks), the warehouse on its dashboard (web/src/features/wms/api/wms.ts). `acts` are the
 * kinds of action (below and bench.ts's) its people take between their pauses.
 */
export const HUB_SCREENS: {
  screen: string;
  people: number;
  account: 'operations' | 'yard_manager';
  polls: MixedAction[];
  acts: string[];
}[] = [
  {
    screen: 'office',
    people: 10,
    account: 'operations',
    polls: [
      poll('office screen, 30 s refresh', 30_000, [
        '/api/dashboard/metrics',
        todaysSchedulePoll,
        '/api/yard/overview',
        '/api/auth/user',
      ]),
      poll('office screen, 15 s refresh', 15_000, ['/api/notifications', '/api/checkins']),
    ],
    acts: ['booking'],
  },
  {
    screen: 'gate',
    people: 10,
    account: 'operations',
    polls: [
      poll('gate screen, 30 s refresh', 30_000, ['/api/gate/today', todaysSchedulePoll, '/api/auth/user']),
      poll('gate screen, 15 s refresh', 15_000, ['/api/checkins']),
    ],
    acts: ['walk-in check-in'],
  },
  {
    screen: 'yard',
    people: 10,
    account: 'yard_manager',
    polls: [
      poll('yard screen, 30 s refresh', 30_000, ['/api/yard/overview', '/api/auth/user']),
      poll('yard screen, 15 s refresh', 15_000, [`/api/facilities/${DEMO_FACILITY_ID}/yard-tasks`]),
    ],
    acts: [],
  },
  {
    screen: 'warehouse',
    people: 20,
    account: 'operations',
    polls: [poll('warehouse screen, 30 s refresh', 30_000, ['/api/wms/dashboard', '/api/auth/user'])],
    acts: ['warehouse receipt'],
  },
];

export const CORE_ACTIONS: MixedAction[] = [
  {
    kind: 'dashboard poll',
    weight: 6,
    act: (call) =>
      Promise.all([call('GET', '/api/dashboard/metrics'), todaysSchedulePoll(call), call('GET', '/api/notifications')]),
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

export type MixedModel = 'paced' | 'back to back';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, Math.max(0, ms)));

export async function mixedLoad(
  people: Person[],
  seconds: number,
  model: MixedModel,
  pauseMs: { min: number; max: number } = PAUSE_MS,
) {
  const kinds = [...new Set(people.flatMap((p) => p.actions.map((a) => a.kind)))];
  const times = new Map<string, number[]>(kinds.map((kind) => [kind, []]));
  const errors = new Map<string, number>(kinds.map((kind) => [kind, 0]));
  /** The first failure of each kind, printed: an error rate alone does not say what to fix. */
  const firstError = new Map<string, string>();
  let n = 0;
  let httpRequests = 0;
  const persons = people.map(({ call: send, actions }) => {
    const call: Call = (...args) => {
      httpRequests++;
      return send(...args);
    };
    // Paced, a poll runs on its interval; back to back, everything is picked by weight.
    const polls = model === 'paced' ? actions.filter((a) => a.everyMs !== undefined) : [];
    return { call, polls, picked: actions.filter((a) => !polls.includes(a) && a.weight > 0) };
  });
  // Paced, the screens are open when the window starts, as a hub keeps them open all shift: each poll's
  // first answer (today's schedule whole, which later polls ask only the changes of) is had before it,
  // untimed; opening a screen is measured apart (the hot requests, the SPA's first loads). People open
  // theirs one after another, as they come to work (fifty screens opened in one instant is a herd no
  // hub has: its 1,000-appointment days read at once are refused as busy).
  for (const { call, polls } of persons) await Promise.all(polls.map((p) => p.act(call, -1)));
  httpRequests = 0;
  const until = performance.now() + seconds * 1000;
  const started = performance.now();
  const timed = async (call: Call, action: MixedAction) => {
    const t0 = performance.now();
    try {
      await action.act(call, n++);
      times.get(action.kind)!.push(performance.now() - t0);
    } catch (err) {
      errors.set(action.kind, errors.get(action.kind)! + 1);
      if (!firstError.has(action.kind)) firstError.set(action.kind, err instanceof Error ? err.message : String(err));
    }
  };
  /** Sleeps, but never past the window's end (a pause in progress then ends with the window). */
  const sleepInWindow = (ms: number) => sleep(Math.min(ms, until - performance.now()));
  const pause = () =>
    model === 'paced' ? sleepInWindow(pauseMs.min + Math.random() * (pauseMs.max - pauseMs.min)) : null;
  await Promise.all(
    persons.flatMap(({ call, polls, picked }) => {
      const totalWeight = picked.reduce((sum, a) => sum + a.weight, 0);
      const pick = () => {
        let at = Math.random() * totalWeight;
        return picked.find((a) => (at -= a.weight) < 0) ?? picked[0]!;
      };
      return [
        (async () => {
          if (!picked.length) return;
          // Paced, a person's first action comes after a pause too: people do not all start at once.
          for (;;) {
            await pause();
            if (performance.now() >= until) return;
            await timed(call, pick());
          }
        })(),
        // Each poll on its interval from a random phase (screens were opened at different times); a
        // poll still waiting for its answer is not sent again (react-query does not overlap a refetch).
        ...polls.map(async (poll) => {
          let next = performance.now() + Math.random() * poll.everyMs!;
          for (;;) {
            await sleepInWindow(next - performance.now());
            if (performance.now() >= until) return;
            await timed(call, poll);
            while (next <= performance.now()) next += poll.everyMs!;
          }
        }),
      ];
    }),
  );
  const elapsed = (performance.now() - started) / 1000;
  const done = [...times.values()].reduce((s, t) => s + t.length, 0);
  const failed = [...errors.values()].reduce((s, e) => s + e, 0);
  return {
    model,
    people: people.length,
    seconds: elapsed,
    requests: done + failed,
    perSecond: (done + failed) / elapsed,
    /** HTTP requests sent (a poll sends several at once). */
    httpRequests,
    httpPerSecond: httpRequests / elapsed,
    errorRate: done + failed ? failed / (done + failed) : 0,
    byKind: Object.fromEntries(
      kinds.map((kind) => [
        kind,
        {
          ...percentiles(times.get(kind)!, elapsed, people.length),
          errors: errors.get(kind)!,
          ...(firstError.has(kind) ? { firstError: firstError.get(kind)! } : {}),
        } satisfies Latency & { errors: number; firstError?: string },
      ]),
    ),
  };
}

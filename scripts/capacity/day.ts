// One modelled day of a hub through the real handlers (issue #60): each user action is the API
// Gateway v2 event the Lambda receives, handed in-process to the function the route table names
// (functions/registry.ts, as functions/local/api-emulator.ts does), and the stream workers of
// functions/workers.ts run on the table's stream (functions/local/stream-poller.ts) one record per
// invocation, each in the context of the write that made its record. The process clock is moved to
// each action's instant of the modelled day, so the handlers' rules (check-in windows, today's
// lists, detention) see the day as it happens.
// The day of a hub of H trucks (docs/scale.md "The day"): ~70 % booked by staff or a carrier, ~25 %
// by guests through the facility's public booking link, ~5 % walk-ins; ~3 % of bookings no-show and
// ~3 % are cancelled; a third of the trucks arrive between 8 and 10 am. Each truck that comes: check-in,
// a door, loading/unloading, completed, checked out; one in six gets a message from the staff; the
// workers send the driver's messages on the way. Staff dashboards poll every 30 s and the yard screen
// too, from 6 am to 10 pm; the scheduled workers run every 5 minutes.
// The day's plan is plan.ts's, the calls of the handlers and the model's clock invoke.ts's.
import { addDays, instantOf, DEFAULT_TIME_ZONE } from '../../shared/time';
import { seededRandom } from '../../functions/local/seeded-random';
import { phoneKeyOf } from '../../functions/lib/person-key';
import { lastWriter, type CallContext } from './accesses';
import { invoke, setClock, type Functions, type Invocation, type Session } from './invoke';
import {
  drawTrucks,
  planTimeSteps,
  planTrucks,
  QUARTER_MS,
  type Call,
  type Driver,
  type Hub,
  type Step,
  type TruckPlan,
  windowShare,
} from './plan';

export interface HubSize {
  /** Trucks a day at the hub. */
  trucks: number;
  doors: number;
  /** Staff screens polling the dashboard (every 30 s, 6 am to 10 pm). */
  dashboards: number;
  /** Yard screens polling the yard overview. */
  yardScreens: number;
  /** Carriers the hub works with (default: one per 15 trucks a day). */
  carriers?: number;
}

export const HUB_SIZES: Record<number, HubSize> = {
  300: { trucks: 300, doors: 20, dashboards: 3, yardScreens: 1 },
  1500: { trucks: 1500, doors: 80, dashboards: 8, yardScreens: 2 },
  3000: { trucks: 3000, doors: 150, dashboards: 15, yardScreens: 4 },
};

export interface DayRecord {
  invocations: Invocation[];
  messages: { channel: string; weight: number; kind: 'truck' | 'time'; bucket: number }[];
  /** Ids that name one truck's records (appointment, check-in, reference, driver, vehicle, person keys). */
  truckIds: Set<string>;
  refused: { action: string; status: number; message: string }[];
  actions: Record<string, number>;
}

export interface DayOptions {
  size: HubSize;
  /** Trucks actually run (a sample of the hub's; each stands for size.trucks / sample). */
  sample: number;
  /** The modelled day (India's date); its bookings are made the day before. */
  date: string;
  tenantId: string;
  facilityId: string;
  seed?: number;
  functions: Functions;
  /** Runs a scheduled worker once (in the given context). */
  runScheduled: (ctx: CallContext) => Promise<void>;
  /** Waits until the stream workers have handled every record so far. */
  settle: () => Promise<void>;
  concurrency?: number;
  /**
   * Quarter hours [from, to) the sample's trucks arrive in (default: the whole day); polls and
   * scheduled work run from a quarter hour before to one after. A window stands for the share of the
   * day's trucks that arrive in it (windowShare).
   */
  window?: { from: number; to: number };
  log?: (line: string) => void;
}

const bucketOf = (instant: number, dayStart: number) =>
  Math.max(0, Math.min(95, Math.floor(((((instant - dayStart) % 86_400_000) + 86_400_000) % 86_400_000) / QUARTER_MS)));

/** The day's calls: a staff session that has expired (the clock moves through two days) signs in again, as staff do each shift. */
function dayCalls(functions: Functions, record: DayRecord) {
  const setupCtx: Omit<CallContext, 'fn'> = { bucket: 0, kind: 'time', weight: 0 };
  const logins = new Map<Session, string>();
  const call: Call = async (ctx, method, path, opts) => {
    let res = await invoke(functions, record, ctx, method, path, opts);
    // A 503 (the table stalled past a call's timeout) is tried again, as a client does after its
    // Retry-After; both attempts' reads and writes stay in the record, as they would be billed.
    for (let retry = 0; res.status === 503 && retry < 3; retry++) {
      await new Promise((r) => setTimeout(r, 500 * (retry + 1)));
      res = await invoke(functions, record, ctx, method, path, opts);
    }
    const identifier = opts?.session && logins.get(opts.session);
    if (res.status !== 401 || !identifier) return res;
    opts.session!.cookies = (await signInAs(identifier)).cookies;
    return invoke(functions, record, ctx, method, path, opts);
  };
  const signInAs = async (identifier: string): Promise<Session> => {
    const res = await invoke(functions, record, setupCtx, 'POST', '/api/auth/login', {
      body: { identifier, password: 'Demo@12345' },
    });
    if (res.status !== 200) throw new Error(`sign-in of ${identifier}: ${res.status}`);
    return { cookies: res.cookies };
  };
  const signIn = async (identifier: string): Promise<Session> => {
    const session = await signInAs(identifier);
    logins.set(session, identifier);
    return session;
  };
  const ok = (name: string, res: { status: number; body: any }) => {
    if (res.status >= 300) {
      record.refused.push({ action: name, status: res.status, message: String(res.body?.message ?? '') });
      return false;
    }
    return true;
  };
  return { setupCtx, call, signIn, ok };
}

type DayCalls = ReturnType<typeof dayCalls>;

/** Set-up (not recorded: weight 0 and a context the model drops): sessions, opening hours, doors, carriers, drivers, the guests' slots. */
async function setUpHub(options: DayOptions, record: DayRecord, calls: DayCalls) {
  const { size, sample, date, facilityId } = options;
  const { setupCtx, call, signIn } = calls;
  const ops = await signIn('operations');
  const yard = await signIn('yard_manager');
  const admin = await signIn('admin');
  // A hub open round the clock, as India's logistics hubs are.
  const hours = await call(setupCtx, 'PATCH', `/api/facilities/${facilityId}`, {
    session: admin,
    body: { operatingHoursStart: '00:00', operatingHoursEnd: '23:45' },
  });
  if (hours.status !== 200) throw new Error(`facility hours: ${hours.status} ${JSON.stringify(hours.body)}`);
  const doors: string[] = [];
  for (let d = 0; d < size.doors; d++) {
    const res = await call(setupCtx, 'POST', '/api/dock-doors', {
      session: ops,
      body: { facilityId, doorNumber: `CAP${String(d + 1).padStart(3, '0')}` },
    });
    if (res.status !== 201) throw new Error(`door: ${res.status} ${JSON.stringify(res.body)}`);
    doors.push(res.body.id);
  }
  // A hub works with ~one carrier per 15 trucks a day; each driver makes about 1.5 trips a day.
  const carriers: string[] = [];
  for (let c = 0; c < (size.carriers ?? Math.max(3, Math.round(size.trucks / 15))); c++) {
    const res = await call(setupCtx, 'POST', '/api/carriers', {
      session: ops,
      body: { name: `Capacity Carrier ${c}`, serviceTypes: ['FTL'] },
    });
    if (res.status !== 201) throw new Error(`carrier: ${res.status} ${JSON.stringify(res.body)}`);
    carriers.push(res.body.id);
  }
  const drivers: Driver[] = [];
  for (let v = 0; v < Math.max(2, Math.ceil(sample / 1.5)); v++) {
    const carrierId = carriers[v % carriers.length]!;
    const phone = `+9197${String(10_000_000 + v).slice(-8)}`;
    const res = await call(setupCtx, 'POST', '/api/drivers', {
      session: ops,
      body: { carrierId, name: `Capacity Driver ${v}`, phone, licenseNumber: `MH01CAP${v}` },
    });
    if (res.status !== 201) throw new Error(`driver: ${res.status} ${JSON.stringify(res.body)}`);
    drivers.push({ id: res.body.id, carrierId, phone });
    // A driver's records: their id, their number and the person key made of it (consent, messages).
    for (const id of [res.body.id, phone, phoneKeyOf(options.tenantId, phone)]) if (id) record.truckIds.add(id);
  }
  // The guests' slots of the day: each with room for every guest of the sample.
  const slotList = await call(setupCtx, 'GET', `/api/facilities/${facilityId}/time-slots?date=${date}`, {
    session: admin,
  });
  const slots = ((slotList.body ?? []) as { id: string; startTime?: string; start?: string }[]).map((slot) => ({
    id: slot.id,
    minutes: Number(slot.id.slice(-4, -2)) * 60 + Number(slot.id.slice(-2)),
  }));
  if (!slots.length) throw new Error(`no guest slots on ${date}: ${slotList.status} ${JSON.stringify(slotList.body)}`);
  const slotFor = (minutes: number) =>
    slots.reduce((best, slot) => (Math.abs(slot.minutes - minutes) < Math.abs(best.minutes - minutes) ? slot : best));
  return { ops, yard, admin, doors, drivers, slotFor };
}

/** Opens each guest slot the sample's guests book to every guest of the sample (at least 5). */
async function openGuestSlots(hub: Hub, plans: TruckPlan[], sample: number, setupCtx: Omit<CallContext, 'fn'>) {
  const { call, slotFor, facilityId, admin } = hub;
  const usedSlots = new Set<string>();
  for (const p of plans) if (p.kind === 'guest') usedSlots.add(slotFor(p.quarter * 15).id);
  for (const slotId of usedSlots) {
    const res = await call(setupCtx, 'PATCH', `/api/facilities/${facilityId}/time-slots/${slotId}`, {
      session: admin,
      body: { capacity: Math.max(5, sample) },
    });
    if (res.status !== 200) throw new Error(`slot ${slotId}: ${res.status} ${JSON.stringify(res.body)}`);
  }
}

/**
 * The day, in time order: quarter hour by quarter hour, the clock is set to the quarter's start and
 * moves on only once its steps are done (a jump under a request in flight would pass its deadline).
 * Within a quarter, each truck's steps run one after another, `limit` at once.
 */
async function runSteps(
  all: Step[],
  context: { dayStart: number; weight: number; limit: number },
  record: DayRecord,
  log: (line: string) => void,
) {
  const { dayStart, weight, limit } = context;
  const count = (name: string) => (record.actions[name] = (record.actions[name] ?? 0) + 1);
  let n = 0;
  const groups = new Map<number, Step[]>();
  for (const step of all) {
    const q = Math.floor(step.at / QUARTER_MS);
    groups.set(q, [...(groups.get(q) ?? []), step]);
  }
  for (const [q, group] of [...groups].sort((a, b) => a[0] - b[0])) {
    setClock(q * QUARTER_MS);
    const truckDone = new Map<string, Promise<void>>();
    const running = new Set<Promise<void>>();
    for (const step of group) {
      while (running.size >= limit) await Promise.race(running);
      const ctx: Omit<CallContext, 'fn'> = step.truck
        ? { bucket: bucketOf(step.at, dayStart), truck: step.truck, kind: 'truck', weight }
        : { bucket: bucketOf(step.at, dayStart), kind: 'time', weight: 1 };
      const before = truckDone.get(step.truck) ?? Promise.resolve();
      const p: Promise<void> = before
        .then(() => step.run(ctx))
        .then(() => void count(step.name))
        .catch((err) => {
          record.refused.push({
            action: step.name,
            status: 0,
            message: err instanceof Error ? err.message : String(err),
          });
        })
        .finally(() => running.delete(p));
      if (step.truck) truckDone.set(step.truck, p);
      running.add(p);
      if (++n % 500 === 0) log(`  ${n} of ${all.length} steps`);
    }
    await Promise.all(running);
  }
}

/** Runs the modelled day and returns what it did besides the DynamoDB calls (recorded by recorder.ts). */
export async function runDay(options: DayOptions, record: DayRecord): Promise<void> {
  const { size, sample, date, facilityId } = options;
  const log = options.log ?? (() => undefined);
  const random = seededRandom(options.seed ?? 60);
  const dayStart = instantOf(date, '00:00', DEFAULT_TIME_ZONE).getTime();
  const at = (day: string, minutes: number) =>
    instantOf(day, '00:00', DEFAULT_TIME_ZONE).getTime() + Math.round(minutes) * 60_000;
  const calls = dayCalls(options.functions, record);

  setClock(at(addDays(date, -2), 9 * 60));
  const set = await setUpHub(options, record, calls);
  await options.settle();

  // The plan: the trucks' steps, their guest slots opened, and the work that comes with the clock.
  const hub: Hub = { ...set, date, facilityId, call: calls.call, ok: calls.ok, truckIds: record.truckIds, random, at };
  const window = options.window ?? { from: 0, to: 96 };
  const plans = drawTrucks(sample, window, set.drivers, random);
  const steps = planTrucks(plans, hub);
  await openGuestSlots(hub, plans, sample, calls.setupCtx);
  const timeSteps = planTimeSteps(window, dayStart, size, hub, options.runScheduled);

  // ---- The day, in time order: each truck's steps one after another, `concurrency` trucks at once ----
  const all = [...steps, ...timeSteps].sort((a, b) => a.at - b.at);
  const weight = (size.trucks * windowShare(window)) / sample;
  await runSteps(all, { dayStart, weight, limit: options.concurrency ?? 6 }, record, log);
  await options.settle();
}

/** The context a stream worker's record inherits: the write that made it, else the current quarter hour. */
export function contextOfRecord(keys: Record<string, { S?: string }> | undefined, fallback: CallContext): CallContext {
  const id = `${keys?.PK?.S}|${keys?.SK?.S}`;
  return lastWriter.get(id) ?? fallback;
}

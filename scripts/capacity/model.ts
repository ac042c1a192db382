// The capacity model's arithmetic (issue #60, docs/scale.md): from one recorded hub day (run.ts) to
// the peak read and write units per second of every partition key and GSI key (ids turned into
// placeholders), item sizes, Lambda, message and event volumes, and the month's cost at list prices.
//
// Scaling a sample: a sample of N trucks stands for a hub of H. A key is
//   - a truck's own when it names one of the sample's trucks (appointment, check-in, reference,
//     driver, vehicle, the driver's person key) or only one truck's actions touched it: its load does
//     not grow with the hub (factor 1);
//   - the hub's (a facility's partition or index, a staff session, a door, a slot): factor H/N;
//   - the tenant's (TENANT#{t}... without a facility): H/N for the hub as its own tenant; reported
//     also with the biggest tenant's hubs all at their peak (tenantRcu/Wcu, docs/scale.md);
//   - the network's (no tenant, no entity: DELAYWATCH#{d}, TENANTS, IDEMPOTENCY): every hub's trucks / N.
// A truck's action counts factor times; a poll or a scheduled run counts its own weight (how many
// real ones it stands for). A Query's bytes of items written during the day grow with the factor too.
// The check (issue #60): every key's peak at 10x the hub (10H/N); network keys at the larger of that
// and the whole network at its peak (India is one time zone: every hub's 8-10 am is the same two hours).
import { HUB_SIZES } from './day';
import type { Access } from './accesses';
import type { HubRun } from './run';

export const LIMITS = { wcu: 1000, rcu: 3000 };
export const QUARTER_SECONDS = 900;

/** The network the model scales to (docs/scale.md "The network"). */
export const NETWORK = {
  hubs: [
    { trucks: 300, count: 1400 },
    { trucks: 1500, count: 450 },
    { trucks: 3000, count: 150 },
  ],
  carriers: 50_000,
  drivers: 500_000,
  /** The biggest tenant: a national 3PL running 100 of the hubs. */
  biggestTenant: [
    { trucks: 300, count: 60 },
    { trucks: 1500, count: 30 },
    { trucks: 3000, count: 10 },
  ],
};
export const networkTrucks = NETWORK.hubs.reduce((s, h) => s + h.trucks * h.count, 0);
export const tenantTrucks = NETWORK.biggestTenant.reduce((s, h) => s + h.trucks * h.count, 0);

export type KeyClass = 'truck' | 'hub' | 'tenant' | 'network';

const LITERAL = /^[A-Z][A-Z0-9_]*$/;
const DATE = /^\d{4}-\d{2}-\d{2}$/;
const MONTH = /^\d{4}-\d{2}$/;
/** Placeholders that name no entity: a key with only these is shared by everyone at its level. */
const SHARED_PLACEHOLDERS = new Set(['{t}', '{f}', '{d}', '{m}', '{n}']);

/** A key with its ids as placeholders: TENANT#{t}#FIGURES#{f}, TENANT#{t}#APPT#{appt}, SESSION#{session}. */
export function keyPattern(key: string, ids: { tenants: Set<string>; facilities: Set<string> }): string {
  const tokens = key.split('#');
  let prev: string | undefined;
  return tokens
    .map((tok) => {
      let out: string;
      if (prev === 'TENANT' && ids.tenants.has(tok)) out = '{t}';
      else if (ids.facilities.has(tok)) out = '{f}';
      else if (DATE.test(tok)) out = '{d}';
      else if (MONTH.test(tok)) out = '{m}';
      else if (LITERAL.test(tok)) out = tok;
      else if (/^\d{1,2}$/.test(tok)) out = '{n}';
      else out = `{${prev ? prev.toLowerCase() : 'id'}}`;
      prev = LITERAL.test(out) ? out : undefined;
      return out;
    })
    .join('#');
}

export interface KeyFigure {
  index: string;
  pattern: string;
  cls: KeyClass;
  keys: number;
  /** The busiest concrete key of the pattern, at the hub's size. */
  peakRcu: number;
  peakWcu: number;
  /** The same at the check's scale: 10x the hub (a network key: or every hub at its peak, if more). */
  checkRcu: number;
  checkWcu: number;
  /** A tenant's key when the biggest tenant's hubs all run at their peak (reported beside the check). */
  tenantRcu: number;
  tenantWcu: number;
  busiestKey: string;
  /** Items written under the pattern (table patterns), bytes. */
  sizeP50?: number;
  sizeMax?: number;
}

export interface HubFigures {
  trucks: number;
  sample: number;
  keys: KeyFigure[];
  busiest: { rcu: KeyFigure; wcu: KeyFigure };
  perDay: {
    rru: number;
    wru: number;
    apiRequests: number;
    workerInvocations: number;
    gbSeconds: number;
    events: number;
    sms: number;
    email: number;
    whatsapp: number;
    streamRecords: number;
    newItemBytes: number;
  };
  peak: { tableWcu: number; tableRcu: number; streamRecordsPerSecond: number; apiPerSecond: number };
  lambda: { fn: string; invocations: number; p50ms: number }[];
  refused: number;
  actions: Record<string, number>;
}

const percentile = (xs: number[], q: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? s[Math.min(s.length - 1, Math.floor(q * s.length))]! : 0;
};

/**
 * An access's units when the day's items in its Query are `dayBytesFactor` times the sample's. A
 * Query with a Limit (a feed's newest page) reads no more at a bigger hub; the sparse index of the
 * trucks at a door (ATDOOR) holds one per door at most: it grows with the hub's doors only (`doorFactor`).
 */
function units(a: Access, dayBytesFactor: number, doorFactor = 1): number {
  if (a.op === 'W') return Math.max(1, Math.ceil(a.bytes / 1024)) * (a.strong ? 2 : 1);
  const factor = a.limited ? 1 : a.key.includes('#ATDOOR#') ? doorFactor : dayBytesFactor;
  const bytes = a.query ? a.bytes - a.dayBytes + a.dayBytes * factor : a.bytes;
  const perRead = Math.max(1, Math.ceil(bytes / 4096)) * (a.strong ? 1 : 0.5);
  return a.command === 'TransactGetItemsCommand' ? perRead * 2 : perRead;
}

const API_FUNCTIONS = new Set([
  'auth',
  'platform',
  'users',
  'facilities',
  'carriers',
  'appointments',
  'checkins',
  'yard',
  'insights',
  'integrations',
  'tenancy',
  'contact',
  'wms',
  'messaging',
  'gate',
  'trips',
  'references',
  'vitals',
  'privacy',
  'appointment-types',
  'booking-links',
  'series',
  'chat',
  'detention',
  'planner',
  'holding',
]);

/** The figures of one recorded hub day, at its size and at the check's scale. */
export function hubFigures(run: HubRun, options: { checkTimes?: number } = {}): HubFigures {
  // A windowed sample (the test's) stands for the share of the day's trucks arriving in its window.
  const share = run.represents / run.size.trucks;
  const H = run.represents;
  const N = run.sample;
  const times = options.checkTimes ?? 10;
  const ids = { tenants: new Set([run.tenantId, 'smoke']), facilities: new Set([run.facilityId]) };
  const truckIds = run.record.truckIds;
  /** The hub's doors over the sample's (a test runs a bigger hub's sample on fewer doors). */
  const doorFactor = (HUB_SIZES[run.size.trucks]?.doors ?? run.size.doors) / run.size.doors;
  // Accesses by concrete key.
  const byKey = new Map<string, Access[]>();
  for (const a of run.accesses) {
    const id = `${a.index} ${a.key}`;
    const list = byKey.get(id);
    if (list) list.push(a);
    else byKey.set(id, [a]);
  }
  const classOf = (key: string, list: Access[], pattern: string): KeyClass => {
    if (key.split('#').some((tok) => truckIds.has(tok))) return 'truck';
    const trucks = new Set(list.map((a) => (a.kind === 'truck' ? a.truck : '-')));
    if (trucks.size === 1 && !trucks.has('-')) return 'truck';
    const entities = (pattern.match(/\{[^}]+\}/g) ?? []).filter((p) => !SHARED_PLACEHOLDERS.has(p));
    if (pattern.startsWith('TENANT#{t}')) return pattern.includes('{f}') || entities.length ? 'hub' : 'tenant';
    return entities.length ? 'hub' : 'network';
  };

  /**
   * A key's busiest quarter hour when its trucks are f times the sample's and `hubs` hubs poll it: a
   * truck's action counts f times, a poll by a staff screen `weight` times per hub, a scheduled
   * worker's run `weight` times (one run serves every tenant). A Query whose sort key range names the
   * facility reads that facility's items only: its bytes grow with `narrowF` (the hub's), not with f.
   */
  const peakOf = (list: Access[], f: number, hubs: number, narrowF: number) => {
    const r = new Map<number, number>();
    const w = new Map<number, number>();
    for (const a of list) {
      const count = a.kind === 'truck' ? f : a.weight * (API_FUNCTIONS.has(a.fn) ? hubs : 1);
      const narrow = a.range?.some((v) => ids.facilities.has(v.split('#')[0]!)) ?? false;
      const m = a.op === 'R' ? r : w;
      m.set(a.bucket, (m.get(a.bucket) ?? 0) + units(a, narrow ? narrowF : f, doorFactor) * count);
    }
    return {
      rcu: Math.max(0, ...r.values()) / QUARTER_SECONDS,
      wcu: Math.max(0, ...w.values()) / QUARTER_SECONDS,
    };
  };
  const max = (x: { rcu: number; wcu: number }, y: { rcu: number; wcu: number }) => ({
    rcu: Math.max(x.rcu, y.rcu),
    wcu: Math.max(x.wcu, y.wcu),
  });
  /** The check: 10x the hub; a network key also with every hub of the network at its peak. */
  const checkOf = (list: Access[], cls: KeyClass) => {
    if (cls === 'truck') return peakOf(list, 1, 1, 1);
    const tenfold = peakOf(list, (times * H) / N, 1, (times * H) / N);
    if (cls !== 'network') return tenfold;
    return max(tenfold, peakOf(list, (networkTrucks * share) / N, networkTrucks / run.size.trucks, H / N));
  };
  /** A tenant's key with all the biggest tenant's hubs at their peak (each hub polling its own screens). */
  const tenantOf = (list: Access[], cls: KeyClass) =>
    cls === 'tenant'
      ? peakOf(list, (tenantTrucks * share) / N, tenantTrucks / run.size.trucks, H / N)
      : { rcu: 0, wcu: 0 };
  const patterns = new Map<string, KeyFigure>();
  for (const [id, list] of byKey) {
    const [index, key] = [id.slice(0, id.indexOf(' ')), id.slice(id.indexOf(' ') + 1)];
    const pattern = keyPattern(key, ids);
    const cls = classOf(key, list, pattern);
    const at = cls === 'truck' ? peakOf(list, 1, 1, 1) : peakOf(list, H / N, 1, H / N);
    const check = checkOf(list, cls);
    const tenant = tenantOf(list, cls);
    const name = `${index} ${pattern}`;
    const fig = patterns.get(name);
    if (!fig)
      patterns.set(name, {
        index,
        pattern,
        cls,
        keys: 1,
        peakRcu: at.rcu,
        peakWcu: at.wcu,
        checkRcu: check.rcu,
        checkWcu: check.wcu,
        tenantRcu: tenant.rcu,
        tenantWcu: tenant.wcu,
        busiestKey: key,
      });
    else {
      fig.keys++;
      if (cls !== 'truck') fig.cls = cls;
      if (
        Math.max(check.rcu / LIMITS.rcu, check.wcu / LIMITS.wcu) >
        Math.max(fig.checkRcu / LIMITS.rcu, fig.checkWcu / LIMITS.wcu)
      )
        fig.busiestKey = key;
      fig.peakRcu = Math.max(fig.peakRcu, at.rcu);
      fig.peakWcu = Math.max(fig.peakWcu, at.wcu);
      fig.checkRcu = Math.max(fig.checkRcu, check.rcu);
      fig.checkWcu = Math.max(fig.checkWcu, check.wcu);
      fig.tenantRcu = Math.max(fig.tenantRcu, tenant.rcu);
      fig.tenantWcu = Math.max(fig.tenantWcu, tenant.wcu);
    }
  }
  const sizes = new Map<string, number[]>();
  for (const s of run.itemSizes) {
    const name = `table ${keyPattern(s.key, ids)}`;
    sizes.set(name, [...(sizes.get(name) ?? []), s.bytes]);
  }
  for (const [name, list] of sizes) {
    const fig = patterns.get(name);
    if (fig) {
      fig.sizeP50 = percentile(list, 0.5);
      fig.sizeMax = Math.max(...list);
    }
  }
  const keys = [...patterns.values()].sort(
    (a, b) =>
      Math.max(b.checkRcu / LIMITS.rcu, b.checkWcu / LIMITS.wcu) -
      Math.max(a.checkRcu / LIMITS.rcu, a.checkWcu / LIMITS.wcu),
  );

  // The day's totals, at the hub's size: every truck's action counts H/N times.
  const count = (kind: 'truck' | 'time', weight: number) => (kind === 'truck' ? H / N : weight);
  let rru = 0;
  let wru = 0;
  let events = 0;
  const tableR = new Map<number, number>();
  const tableW = new Map<number, number>();
  for (const [id, list] of byKey) {
    const key = id.slice(id.indexOf(' ') + 1);
    const cls = classOf(key, list, keyPattern(key, ids));
    const f = cls === 'truck' ? 1 : H / N;
    for (const a of list) {
      const u = units(a, f, doorFactor) * count(a.kind, a.weight);
      const m = a.op === 'R' ? tableR : tableW;
      m.set(a.bucket, (m.get(a.bucket) ?? 0) + u);
      if (a.op === 'R') rru += u;
      else wru += u;
      if (a.op === 'W' && a.index === 'table' && /#EVENT#/.test(a.key) && a.command !== 'UpdateItemCommand')
        events += count(a.kind, a.weight);
    }
  }
  const inv = run.record.invocations;
  const api = inv.filter((i) => API_FUNCTIONS.has(i.fn));
  const apiByBucket = new Map<number, number>();
  for (const i of api) apiByBucket.set(i.bucket, (apiByBucket.get(i.bucket) ?? 0) + count(i.kind, i.weight));
  const byFn = new Map<string, { n: number; ms: number[] }>();
  for (const i of inv) {
    const e = byFn.get(i.fn) ?? { n: 0, ms: [] };
    e.n += count(i.kind, i.weight);
    e.ms.push(i.ms);
    byFn.set(i.fn, e);
  }
  const messages = (channel: string) =>
    run.record.messages.filter((m) => m.channel === channel).reduce((s, m) => s + count(m.kind, m.weight), 0);
  const busiestBy = (k: 'checkRcu' | 'checkWcu') => keys.reduce((best, f) => (f[k] > best[k] ? f : best), keys[0]!);
  return {
    trucks: run.size.trucks,
    sample: N,
    keys,
    busiest: { rcu: busiestBy('checkRcu'), wcu: busiestBy('checkWcu') },
    perDay: {
      rru,
      wru,
      apiRequests: api.reduce((s, i) => s + count(i.kind, i.weight), 0),
      workerInvocations: inv.filter((i) => !API_FUNCTIONS.has(i.fn)).reduce((s, i) => s + count(i.kind, i.weight), 0),
      gbSeconds: inv.reduce((s, i) => s + ((count(i.kind, i.weight) * i.ms) / 1000) * (i.memoryMb / 1024), 0),
      events,
      sms: messages('sms'),
      email: messages('email'),
      whatsapp: messages('whatsapp'),
      streamRecords: [...run.streamRecords.values()].reduce((s, n) => s + n, 0),
      newItemBytes: run.itemSizes.reduce((s, i) => s + i.bytes, 0) * (H / N),
    },
    peak: {
      tableWcu: Math.max(0, ...tableW.values()) / QUARTER_SECONDS,
      tableRcu: Math.max(0, ...tableR.values()) / QUARTER_SECONDS,
      streamRecordsPerSecond: Math.max(0, ...run.streamRecords.values()) / QUARTER_SECONDS,
      apiPerSecond: Math.max(0, ...apiByBucket.values()) / QUARTER_SECONDS,
    },
    lambda: [...byFn]
      .map(([fn, e]) => ({ fn, invocations: Math.round(e.n), p50ms: Number(percentile(e.ms, 0.5).toFixed(1)) }))
      .sort((a, b) => b.invocations - a.invocations),
    refused: run.record.refused.length,
    actions: run.record.actions,
  };
}

export interface Prices {
  asOf: string;
  region: string;
  currency: string;
  sources: Record<string, string>;
  dynamodb: { perMillionWriteRequestUnits: number; perMillionReadRequestUnits: number; storagePerGbMonth: number };
  lambda: { perMillionRequests: number; perGbSecondArm: number };
  apiGatewayHttp: { perMillionRequests: number };
  eventBridge: { perMillionCustomEvents: number };
  snsSmsIndia: { perMessage: number };
  ses: { perThousandEmails: number };
  whatsappUtilityIndia: { perMessage: number };
  s3: { storagePerGbMonth: number };
  cloudWatchLogs: { ingestionPerGb: number; storagePerGbMonth: number };
}

/** Assumptions of the cost that the day does not record (docs/scale.md). */
export const COST_ASSUMPTIONS = {
  days: 30,
  /** Log bytes per invocation: START/END/REPORT and a request line at the INFO level. */
  logBytesPerInvocation: 1500,
  /** Items kept: the audit trail a year; most else far less. Storage = a day's new items x this many days. */
  keptDays: 365,
  /** Each item is also stored in ~1 GSI on average (projection ALL). */
  indexCopies: 1,
};

export function monthlyCost(f: HubFigures, p: Prices) {
  const d = f.perDay;
  const m = COST_ASSUMPTIONS.days;
  const gb = 1024 ** 3;
  const storageGb = (d.newItemBytes * COST_ASSUMPTIONS.keptDays * (1 + COST_ASSUMPTIONS.indexCopies)) / gb;
  const logGb = ((d.apiRequests + d.workerInvocations) * m * COST_ASSUMPTIONS.logBytesPerInvocation) / gb;
  const lines = {
    'DynamoDB writes': ((d.wru * m) / 1e6) * p.dynamodb.perMillionWriteRequestUnits,
    'DynamoDB reads': ((d.rru * m) / 1e6) * p.dynamodb.perMillionReadRequestUnits,
    'DynamoDB storage (a year kept)': storageGb * p.dynamodb.storagePerGbMonth,
    'Lambda requests': (((d.apiRequests + d.workerInvocations) * m) / 1e6) * p.lambda.perMillionRequests,
    'Lambda duration': d.gbSeconds * m * p.lambda.perGbSecondArm,
    'API Gateway HTTP API': ((d.apiRequests * m) / 1e6) * p.apiGatewayHttp.perMillionRequests,
    EventBridge: ((d.events * m) / 1e6) * p.eventBridge.perMillionCustomEvents,
    'SNS SMS (India)': d.sms * m * p.snsSmsIndia.perMessage,
    'SES e-mail': ((d.email * m) / 1000) * p.ses.perThousandEmails,
    'CloudWatch Logs': logGb * p.cloudWatchLogs.ingestionPerGb,
  };
  const aws = Object.values(lines).reduce((s, v) => s + v, 0);
  const whatsapp = d.whatsapp * m * p.whatsappUtilityIndia.perMessage;
  return { lines, aws, whatsapp, total: aws + whatsapp };
}

// Hot requests at a real hub's size, each beside its floor: p50/p95/p99 through the whole local HTTP
// path, DynamoDB calls per request, and the same calls sent straight through the SDK at the same
// concurrency (measure.ts). The day gets 1,000 appointments first, as a busy hub's day.
import { DEMO_FACILITY_ID } from '../../functions/local/seed';
import { addDays, localDateTime, DEFAULT_TIME_ZONE } from '../../shared/time';
import { callsIn, capture, replay, run, runInterleaved, type Latency } from './measure';

export interface PathFigure {
  name: string;
  api: Latency;
  floor: Latency;
  callsPerRequest: number;
  ratioP50: number;
  /** The same request's function called in-process (no HTTP hop: what Lambda runs), with a floor of its
   * own measured in its window. */
  fn: Latency;
  fnFloor: Latency;
  fnRatioP50: number;
}

/** While true, the bench's calls go to the route's function in-process instead of through HTTP. */
let callFunctionsInProcess = false;
/** The emulator's in-process door, loaded once: an import() per call would go through the module
 * loader's hooks each time (tsx's, on a thread of their own), a wait that Lambda never has. */
let inProcess: Promise<typeof import('../../functions/local/api-emulator')> | undefined;

export const today = () => localDateTime(new Date(), DEFAULT_TIME_ZONE).date;

/** A signed-in client of the bench (cookie of one account). */
export async function signIn(base: string, identifier: string) {
  const res = await fetch(`${base}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ identifier, password: 'Demo@12345' }),
  });
  if (!res.ok) throw new Error(`sign-in of ${identifier}: HTTP ${res.status}`);
  const cookie = res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
  return async (method: string, path: string, body?: unknown) => {
    if (callFunctionsInProcess) {
      const { invokeRoute } = await (inProcess ??= import('../../functions/local/api-emulator'));
      const payload = body === undefined ? undefined : JSON.stringify(body);
      const result = await invokeRoute(
        method,
        path,
        { cookie, ...(payload === undefined ? {} : { 'content-type': 'application/json' }) },
        payload === undefined ? undefined : Buffer.from(payload),
      );
      const status = result.statusCode ?? 200;
      if (status >= 400) throw new Error(`${method} ${path} (in-process): ${status} ${result.body?.slice(0, 200)}`);
      return result.body ? JSON.parse(result.body) : null;
    }
    const r = await fetch(`${base}${path}`, {
      method,
      headers: { cookie, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await r.text();
    if (!r.ok) throw new Error(`${method} ${path}: HTTP ${r.status} ${text.slice(0, 200)}`);
    return text ? JSON.parse(text) : null;
  };
}
export type Call = Awaited<ReturnType<typeof signIn>>;

/** 1,000 appointments on today's date at the demo hub, booked through the booking service. */
export async function fillToday(count = 1000): Promise<string[]> {
  const { bookAppointment } = await import('../../functions/appointments');
  const { findUserByIdentifier, toSessionUser } = await import('../../functions/users');
  const user = toSessionUser((await findUserByIdentifier('operations'))!);
  const date = today();
  const dayStart = new Date(`${date}T00:00:00+05:30`);
  const carriers = ['carrier-ganga', 'carrier-deccan', 'carrier-sahyadri'];
  const ids: string[] = [];
  for (let i = 0; i < count; i += 20) {
    const made = await Promise.all(
      Array.from({ length: Math.min(20, count - i) }, (_, k) => {
        const n = i + k;
        const quarter = 32 + (n % 36); // 08:00 - 16:45
        const hhmm = (q: number) =>
          `${String(Math.floor(q / 4)).padStart(2, '0')}:${String((q % 4) * 15).padStart(2, '0')}`;
        const input = {
          facilityId: DEMO_FACILITY_ID,
          carrierId: carriers[n % 3]!,
          driverId: null,
          dockDoorId: null,
          laborInchargeId: null,
          scheduledDate: date,
          scheduledTimeStart: hhmm(quarter),
          scheduledTimeEnd: hhmm(quarter + 4),
          loadType: n % 2 ? ('inbound' as const) : ('outbound' as const),
          priority: 'normal' as const,
          bookedBy: 'carrier' as const,
          poNumber: `PO-B${n}`,
          bolNumber: null,
          palletCount: 10,
          cartonCount: null,
          estimatedDuration: 60,
          specialInstructions: null,
          handlingEquipmentNotes: null,
        };
        return bookAppointment(user, input, dayStart);
      }),
    );
    ids.push(...made.map((a) => a.id));
  }
  return ids;
}

/**
 * Measures one request through the API and its floor, interleaved, after one captured run gives its
 * calls; then its function in-process beside the floor again, in a window of their own.
 */
export async function measurePath(
  name: string,
  endpoint: string,
  count: number,
  concurrency: number,
  request: (i: number) => Promise<unknown>,
): Promise<PathFigure> {
  const waves = await capture(() => request(-1));
  const floorCall = () => replay(waves, endpoint);
  const [api, floor] = await runInterleaved(count, concurrency, request, floorCall);
  callFunctionsInProcess = true;
  try {
    // Warmed up first, as the API's path was by its capture and its window: the in-process path's code
    // is compiled by its first calls, which a p50 of the first window would otherwise weigh.
    await run(Math.min(count, 50), concurrency, (i) => request(2 * count + i));
    // Numbered on from the API's run: a write's request makes items of its own each time.
    const [fn, fnFloor] = await runInterleaved(count, concurrency, (i) => request(count + i), floorCall);
    return {
      name,
      api,
      floor,
      callsPerRequest: callsIn(waves),
      ratioP50: api.p50 / floor.p50,
      fn,
      fnFloor,
      fnRatioP50: fn.p50 / fnFloor.p50,
    };
  } finally {
    callFunctionsInProcess = false;
  }
}

export async function hotPaths(base: string, endpoint: string): Promise<PathFigure[]> {
  const ops = await signIn(base, 'operations');
  const yard = await signIn(base, 'yard_manager');
  const appointmentIds = await fillToday();
  const date = today();
  const figures: PathFigure[] = [];
  figures.push(await measurePath('GET /api/auth/user', endpoint, 2000, 10, () => ops('GET', '/api/auth/user')));
  figures.push(
    await measurePath('GET /api/appointments/today (1,000 that day)', endpoint, 60, 4, () =>
      ops('GET', '/api/appointments/today'),
    ),
  );
  figures.push(
    await measurePath('GET /api/dashboard/metrics (1,000 that day)', endpoint, 300, 10, () =>
      ops('GET', '/api/dashboard/metrics'),
    ),
  );
  figures.push(await measurePath('GET /api/yard/overview', endpoint, 200, 10, () => yard('GET', '/api/yard/overview')));
  figures.push(
    await measurePath('GET /api/analytics?days=90', endpoint, 100, 10, () => ops('GET', '/api/analytics?days=90')),
  );
  // Writes: each request its own item, so none is refused (6 doors x 9 hours = 54 bookings a day).
  let door = 0;
  figures.push(
    await measurePath('POST /api/appointments (door, 1 h = 4 blocks)', endpoint, 60, 4, () => {
      const n = door++;
      return ops('POST', '/api/appointments', {
        facilityId: DEMO_FACILITY_ID,
        carrierId: 'carrier-ganga',
        dockDoorId: `door-${String((n % 6) + 1).padStart(2, '0')}`,
        scheduledDate: addDays(date, 14 + Math.floor(n / 54)),
        scheduledTimeStart: `${String(8 + (Math.floor(n / 6) % 9)).padStart(2, '0')}:00`,
        scheduledTimeEnd: `${String(9 + (Math.floor(n / 6) % 9)).padStart(2, '0')}:00`,
      });
    }),
  );
  let walkIn = 0;
  figures.push(
    await measurePath('POST /api/checkins/walk-in', endpoint, 60, 4, () =>
      ops('POST', '/api/checkins/walk-in', {
        driverName: `Bench Walk-in ${walkIn}`,
        vehicleLicense: `MH04BW${String(walkIn++).padStart(4, '0')}`,
        carrierName: 'Bench Tempo Service',
      }),
    ),
  );
  let moved = 0;
  figures.push(
    await measurePath('PATCH /api/appointments/{id}/status (arrived)', endpoint, 100, 4, () =>
      ops('PATCH', `/api/appointments/${appointmentIds[moved++]}/status`, { status: 'arrived' }),
    ),
  );
  return figures;
}

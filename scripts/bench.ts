// `npm run bench`: measures the hot paths through the real local HTTP path (emulator -> handler ->
// DynamoDB Local) and prints the figures. Numbers, not assertions: compare them between changes.
import { request as httpRequest } from 'node:http';
import { startLocalStack } from '../functions/local/stack';
import { freePort } from '../functions/local/services';
import { addDays, localDateTime } from '../shared/time';
import { DEFAULT_TIME_ZONE } from '../shared/product';

process.env.LOG_LEVEL = 'silent';

interface Figures {
  name: string;
  count: number;
  concurrency: number;
  p50: number;
  p95: number;
  max: number;
  perSecond: number;
}

async function measure(name: string, count: number, concurrency: number, call: (i: number) => Promise<Response>): Promise<Figures> {
  const times: number[] = [];
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < count) {
        const i = next++;
        const t0 = performance.now();
        const res = await call(i);
        await res.arrayBuffer();
        if (!res.ok) throw new Error(`${name}: HTTP ${res.status}`);
        times.push(performance.now() - t0);
      }
    }),
  );
  const elapsed = (performance.now() - started) / 1000;
  times.sort((a, b) => a - b);
  const at = (q: number) => times[Math.min(times.length - 1, Math.floor(q * times.length))]!;
  return { name, count, concurrency, p50: at(0.5), p95: at(0.95), max: times[times.length - 1]!, perSecond: count / elapsed };
}

const today = localDateTime(new Date(), DEFAULT_TIME_ZONE).date;

/** One guest booking from its own loopback address (the guest limit is per address). */
function guestBooking(base: string, slotId: string, i: number): Promise<number> {
  const body = JSON.stringify({ ownerType: 'Driver', vehicleNumber: `MH01BN${String(i).padStart(4, '0')}`, vehicleType: 'Truck', capacityTons: 10, driverName: `Bench ${i}`, driverLicense: 'L1', mobileNumber: '9800012345', expectedArrivalDate: new Date().toISOString(), slotId });
  return new Promise((resolve, reject) => {
    const req = httpRequest(`${base}/api/bookings/slot`, { method: 'POST', headers: { 'content-type': 'application/json' }, localAddress: `127.0.${100 + Math.floor(i / 200)}.${(i % 200) + 1}` }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode ?? 0));
    });
    req.on('error', reject);
    req.end(body);
  });
}

const port = await freePort();
const stack = await startLocalStack({ port });
try {
  const base = stack.url;
  const login = await fetch(`${base}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ identifier: 'operations', password: 'Demo@12345' }) });
  const cookie = login.headers.getSetCookie()[0]!.split(';')[0]!;
  const results = [
    await measure('GET /api/health (emulator overhead)', 500, 10, () => fetch(`${base}/api/health`)),
    await measure('GET /api/auth/user (session + user GetItem)', 500, 10, () => fetch(`${base}/api/auth/user`, { headers: { cookie } })),
    await measure('POST /api/auth/login (scrypt N=2^15)', 40, 2, () =>
      fetch(`${base}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ identifier: 'admin', password: 'Demo@12345' }) }),
    ),
    await measure('GET /api/appointments/today (GSI1 Query)', 300, 10, () => fetch(`${base}/api/appointments/today`, { headers: { cookie } })),
    await measure('GET /api/dashboard/metrics (4 key reads)', 200, 10, () => fetch(`${base}/api/dashboard/metrics`, { headers: { cookie } })),
    await measure('POST /api/appointments (door reserved, 1 h = 4 blocks)', 60, 4, (i) =>
      fetch(`${base}/api/appointments`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', cookie },
        body: JSON.stringify({ facilityId: 'bhiwandi-dc', carrierId: 'carrier-ganga', dockDoorId: `door-${String((i % 6) + 1).padStart(2, '0')}`, scheduledDate: addDays(today, 10 + Math.floor(i / 60)), scheduledTimeStart: `${String(8 + Math.floor(i / 6) % 10).padStart(2, '0')}:00`, scheduledTimeEnd: `${String(9 + Math.floor(i / 6) % 10).padStart(2, '0')}:00` }),
      }),
    ),
  ];

  // The race the product promises to win: 200 guests at once for one slot of 3 places.
  const slotId = `${addDays(today, 12)}_1000`;
  const started = performance.now();
  const statuses = await Promise.all(Array.from({ length: 200 }, (_, i) => guestBooking(base, slotId, i)));
  const raceSeconds = (performance.now() - started) / 1000;
  console.log('\nDockSaathi benchmark (local stack, DynamoDB Local; latency in ms)\n');
  console.table(results.map((r) => ({ route: r.name, requests: r.count, concurrency: r.concurrency, p50: r.p50.toFixed(1), p95: r.p95.toFixed(1), max: r.max.toFixed(1), 'req/s': r.perSecond.toFixed(0) })));
  const booked = statuses.filter((s) => s === 201).length;
  const full = statuses.filter((s) => s === 409).length;
  console.log(`\nGuest slot race: 200 concurrent bookings of one 3-place slot settled in ${raceSeconds.toFixed(2)} s: ${booked} booked, ${full} refused as full, ${200 - booked - full} other.`);
} finally {
  await stack.stop();
}

// `npm run bench`: measures the hot paths through the real local HTTP path (emulator -> handler ->
// DynamoDB Local) and prints the figures. Numbers, not assertions: compare them between changes.
import { startLocalStack } from '../functions/local/stack';
import { freePort } from '../functions/local/services';

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
  ];
  console.log('\nDockSaathi benchmark (local stack, DynamoDB Local; latency in ms)\n');
  console.table(results.map((r) => ({ route: r.name, requests: r.count, concurrency: r.concurrency, p50: r.p50.toFixed(1), p95: r.p95.toFixed(1), max: r.max.toFixed(1), 'req/s': r.perSecond.toFixed(0) })));
} finally {
  await stack.stop();
}

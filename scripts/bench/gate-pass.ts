// The offline gate for `npm run bench` (issue #31), in Chromium against the built SPA: the gate screen
// verifies 50 passes and 50 forged copies on the device with no network (p50/p95 of one verification,
// from the app's own `gate-pass-verify` performance measures; goal < 50 ms on a phone), queues 50
// check-ins, then the network comes back: the time until the server holds every one of them.
import { chromium } from '@playwright/test';
import { localDateTime } from '../../shared/time';
import type { BenchSection } from './section';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const COUNT = Number(process.env.BENCH_GATE_PASS_COUNT ?? 50);
const SLOTS = 6;

/** A whole-hour zone whose clock is between 02:00 and 20:00, so passes due in the next 90 minutes are valid now. */
function openZone(now = new Date()): string {
  for (let offset = -12; offset <= 14; offset++) {
    const zone = offset === 0 ? 'UTC' : `Etc/GMT${offset > 0 ? '-' : '+'}${Math.abs(offset)}`;
    const { time } = localDateTime(now, zone);
    if (time >= '02:00' && time <= '20:00') return zone;
  }
  throw new Error('no time zone fits');
}

const quarter = (minutes: number) =>
  `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;

function p(sorted: number[], q: number) {
  return sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)]!;
}

export const gatePassBench: BenchSection = async ({ base, operations }) => {
  const home = await fetch(base);
  if (!(await home.text()).includes('id="root"'))
    return { title: 'Offline gate: skipped, the SPA is not built (npm run build:web)', rows: [] };
  const tag = Date.now().toString(36).toUpperCase();
  const zone = openZone();
  const facility = (await operations('POST', '/api/facilities', {
    name: `Bench Gate ${tag}`,
    address: 'Plot 9, Bhiwandi',
    operatingHoursStart: '00:00',
    operatingHoursEnd: '23:45',
    timeZone: zone,
    slotMinutes: 15,
    slotCapacity: Math.ceil(COUNT / SLOTS),
  })) as { id: string; name: string };
  const carrier = (await operations('POST', '/api/carriers', {
    name: `Bench Gate Roadways ${tag}`,
    serviceTypes: ['FTL'],
  })) as { id: string };
  const local = localDateTime(new Date(), zone);
  const first = Math.ceil((Number(local.time.slice(0, 2)) * 60 + Number(local.time.slice(3)) + 1) / 15) * 15;
  const tokens: { id: string; token: string }[] = [];
  for (let i = 0; i < COUNT; i++) {
    const start = first + 15 * (i % SLOTS);
    const a = (await operations('POST', '/api/appointments', {
      facilityId: facility.id,
      carrierId: carrier.id,
      scheduledDate: local.date,
      scheduledTimeStart: quarter(start),
      scheduledTimeEnd: quarter(start + 15),
    })) as { id: string };
    tokens.push({
      id: a.id,
      token: ((await operations('GET', `/api/appointments/${a.id}/gate-pass`)) as { token: string }).token,
    });
  }

  const browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox', '--disable-gpu'] });
  try {
    const context = await browser.newContext({ baseURL: base, viewport: { width: 390, height: 844 } });
    const login = await context.request.post('/api/auth/login', {
      data: { identifier: 'yard_manager', password: 'Demo@12345' },
    });
    if (!login.ok()) throw new Error(`sign-in of yard_manager: HTTP ${login.status()}`);
    const page = await context.newPage();
    await page.goto('/gate');
    await page.getByLabel('Gate at facility *').selectOption({ label: facility.name });
    await page.getByTestId('revocations-as-of').waitFor();
    await context.setOffline(true);
    const code = page.getByLabel('Gate pass code');
    const verifyButton = page.getByRole('button', { name: 'Verify pass' });
    const verdict = page.getByTestId('pass-verdict');
    for (const { token } of tokens) {
      const forged = token.slice(0, -10) + (token.at(-10) === 'A' ? 'B' : 'A') + token.slice(-9);
      await code.fill(forged);
      await verifyButton.click();
      await verdict.getByText('Pass refused').waitFor();
      await code.fill(token);
      await verifyButton.click();
      await verdict.getByRole('button', { name: 'Check in' }).click();
      await verdict.getByText('Check-in recorded at').waitFor();
    }
    const verifications = (
      await page.evaluate(() => performance.getEntriesByName('gate-pass-verify').map((e) => e.duration))
    ).sort((a, b) => a - b);

    const ids = new Set(tokens.map((t) => t.id));
    const started = performance.now();
    await context.setOffline(false);
    for (;;) {
      const checkins = (await operations('GET', '/api/checkins')) as { appointmentId: string | null }[];
      if (checkins.filter((c) => c.appointmentId && ids.has(c.appointmentId)).length === ids.size) break;
      if (performance.now() - started > 120_000)
        throw new Error('the queued check-ins did not all arrive in 2 minutes');
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const syncMs = performance.now() - started;
    return {
      title: `Offline gate in Chromium (390 px): pass verification on the device (goal < 50 ms) and the sync of ${COUNT} queued check-ins; ms`,
      rows: [
        {
          measure: 'pass verification (valid + forged)',
          n: verifications.length,
          p50: Number(p(verifications, 0.5).toFixed(2)),
          p95: Number(p(verifications, 0.95).toFixed(2)),
        },
        { measure: `back online -> server holds all ${COUNT} queued check-ins`, n: COUNT, total: Math.round(syncMs) },
      ],
      extra: { verifications, syncMs },
    };
  } finally {
    await browser.close();
  }
};

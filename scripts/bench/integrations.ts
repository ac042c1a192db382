// Integrations figures for `npm run bench` (issue #17), against the fake TMS on loopback: a sync of
// 100 appointment requests (+1 malformed) in pages of 25 booked through the booking service, the same
// sync again (all already imported), connection tests, and the time from a domain event to its signed
// webhook verified at the TMS (transaction -> table stream -> fan-out worker -> HTTP).
import type { BenchSection } from './section';
import { percentiles } from './measure';
import { today } from './hot-paths';

const RECORDS = 100;

export const integrationsBench: BenchSection = async ({ admin }) => {
  const { startFakeTms, FAKE_CREDENTIALS } = await import('../../test/support/fake-tms');
  const { addDays, fromMinutes } = await import('../../shared/time');
  const first = addDays(today(), 40);
  const records = Array.from({ length: RECORDS }, (_, i) => ({
    id: `BENCH-${i}`,
    carrierName: 'Deccan Express Logistics',
    date: addDays(first, Math.floor(i / 8)),
    timeStart: fromMinutes(9 * 60 + (i % 8) * 60),
    timeEnd: fromMinutes(9 * 60 + (i % 8) * 60 + 30),
  }));
  const tms = await startFakeTms({
    records: [...records.slice(0, 50), { id: 'BENCH-BAD' }, ...records.slice(50)],
    pageSize: 25,
  });
  try {
    const system = await admin('POST', '/api/integrations/systems', {
      name: 'Bench TMS',
      systemType: 'TMS',
      baseUrl: tms.url,
      authType: 'API_KEY',
      authConfig: { apiKey: FAKE_CREDENTIALS.apiKey },
    });
    await admin('POST', `/api/integrations/systems/${system.id}/endpoints`, {
      name: 'Requests',
      endpoint: '/appointment-requests',
    });
    const webhook = await admin('POST', `/api/integrations/systems/${system.id}/webhooks`, {
      eventType: 'appointment.created',
      webhookUrl: `${tms.url}/webhooks`,
    });
    tms.state.webhookSecret = webhook.signingSecret;

    const tests: number[] = [];
    for (let i = 0; i < 20; i++) {
      const t0 = performance.now();
      await admin('POST', `/api/integrations/systems/${system.id}/test`);
      tests.push(performance.now() - t0);
    }
    const t1 = performance.now();
    const { log } = await admin('POST', `/api/integrations/systems/${system.id}/sync`, {});
    const syncMs = performance.now() - t1;
    const t2 = performance.now();
    const { log: again } = await admin('POST', `/api/integrations/systems/${system.id}/sync`, {});
    const resyncMs = performance.now() - t2;

    const deadline = Date.now() + 30_000;
    while (tms.state.webhooks.filter((w) => w.verified).length < RECORDS && Date.now() < deadline)
      await new Promise((r) => setTimeout(r, 50));
    const delivered = tms.state.webhooks.filter((w) => w.verified && w.payload);
    const latencies = delivered.map(
      (w) => w.receivedAt - Date.parse(String((w.payload as { timestamp?: string }).timestamp)),
    );
    const l = percentiles(latencies, 1, 1);
    const t = percentiles(tests, 1, 1);
    const ms = (v: number) => Number(v.toFixed(1));
    return {
      title: `Integrations against the fake TMS (${RECORDS} requests + 1 malformed, pages of 25; webhook per booking)`,
      rows: [
        {
          what: 'sync (book every request)',
          n: log.recordsProcessed,
          ms: ms(syncMs),
          'records/s': Number((log.recordsProcessed / (syncMs / 1000)).toFixed(1)),
          failed: log.recordsFailed,
        },
        {
          what: 're-sync (all imported)',
          n: again.recordsProcessed,
          ms: ms(resyncMs),
          'records/s': Number((again.recordsProcessed / (resyncMs / 1000)).toFixed(1)),
          failed: again.recordsFailed,
        },
        { what: 'test connection', n: t.count, p50: ms(t.p50), p95: ms(t.p95) },
        {
          what: 'event -> verified webhook',
          n: l.count,
          p50: ms(l.p50),
          p95: ms(l.p95),
          max: ms(l.max),
          'not delivered in 30 s': RECORDS - delivered.length,
        },
      ],
    };
  } finally {
    await tms.close();
  }
};

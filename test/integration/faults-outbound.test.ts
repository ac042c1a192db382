// A provider that answers 5xx or not at all (issue #55), through the local stack's faults at the
// outbound port (functions/local/faults.ts, functions/lib/outbound.ts): an SMS whose first call the
// provider answered 503, or that timed out before reaching it, is tried again and sent once; the
// message log records both attempts.
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { Client, startTestApi, type TestApi } from '../support/api';
import { fakeProviderSettings, startFakeProvider, type FakeProvider } from '../support/fake-sms-provider';
import { useFaults, type Faults } from '../support/faults';

let api: TestApi;
let fake: FakeProvider;
let ops: Client;
let faults: Faults;

beforeAll(async () => {
  api = await startTestApi();
  fake = await startFakeProvider();
  faults = await useFaults();
  ops = new Client(api.url);
  await ops.signIn('operations');
  const saved = await ops.request('PUT', '/api/messaging/settings', {
    body: { ...fakeProviderSettings(fake, { sms: 'cb-secret-for-faults', whatsapp: 'wa-secret-for-faults' }) },
  });
  expect(saved.status, saved.text).toBe(200);
});
afterEach(() => {
  faults.off();
  vi.unstubAllEnvs();
});
afterAll(async () => {
  await fake?.close();
  await api?.close();
});

const sendDockAssigned = (to: string, dock: string) =>
  ops.post('/api/notifications/send', {
    to,
    channels: ['sms'],
    language: 'en',
    templateKey: 'dock_assigned',
    message: `Dock ${dock} assigned! Please proceed for loading/unloading.`,
  });
const logOf = async (to: string) =>
  (await ops.get('/api/messaging/messages?limit=50')).body.items.filter((m: { to: string }) => m.to === to);
const calls = (to: string) => fake.requests.filter((r) => r.body.includes(encodeURIComponent(to))).length;

describe('provider faults at the outbound port', () => {
  it.each([
    ['answered 503', 'outbound.5xx', '+919812300051', 'D05'],
    ['timed out before reaching the provider', 'outbound.timeout', '+919812300052', 'D06'],
  ])('an SMS whose first call %s is tried again: sent once, both attempts logged', async (_what, fault, to, dock) => {
    // Prepare: the real transport to the fake provider.
    vi.stubEnv('MESSAGING_MODE', 'live');
    faults.on({ [fault]: 1 }, { [fault]: 1 });
    // Act
    const res = await sendDockAssigned(to, dock);
    // Assess
    expect(res.status, res.text).toBe(200);
    expect(faults.injected()).toEqual({ [fault]: 1 });
    const [entry, ...others] = await logOf(to);
    expect(others).toEqual([]);
    expect(entry).toMatchObject({ status: 'sent', provider: 'exotel-sms', attempts: 2 });
    expect(entry.attemptLog.map((a: { ok: boolean }) => a.ok)).toEqual([false, true]);
    expect(calls(to)).toBe(1);
  });
});

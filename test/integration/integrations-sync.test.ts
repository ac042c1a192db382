// Syncs against the fake TMS through HTTP: paging, the malformed record logged and skipped, idempotent
// re-sync, the SYNCING guard, a failing system, a scheduled sync firing on the local scheduler, and
// inbound Standard Webhooks signed with the reference library (booked once, a duplicate answered as the
// first; refused when stale or wrongly signed). Exactly-once under retries and crashes: integrations-exactly-once.test.ts.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Webhook } from 'standardwebhooks';
import { Client, startTestApi, type TestApi } from '../support/api';
import { appointmentRequests, FAKE_CREDENTIALS, startFakeTms, type FakeTms } from '../support/fake-tms';
import { startLocalSyncSchedules } from '../../functions/local/sync-schedules';
import { indiaDate } from '../support/dates';

let api: TestApi;
let tms: FakeTms;
let admin: Client;

beforeAll(async () => {
  api = await startTestApi();
  tms = await startFakeTms();
  admin = new Client(api.url);
  await admin.signIn('admin');
});
afterAll(async () => {
  await tms.close();
  await api.close();
});

/** A day ahead (in India), clear of the seeded holiday a week out. */

async function tmsSystem(overrides: Record<string, unknown> = {}) {
  const system = await admin.post('/api/integrations/systems', {
    name: 'Fake TMS',
    systemType: 'TMS',
    baseUrl: tms.url,
    authType: 'API_KEY',
    authConfig: { apiKey: FAKE_CREDENTIALS.apiKey },
    ...overrides,
  });
  expect(system.status).toBe(201);
  const endpoint = await admin.post(`/api/integrations/systems/${system.body.id}/endpoints`, {
    name: 'Appointment requests',
    method: 'GET',
    endpoint: '/appointment-requests',
    purpose: 'APPOINTMENT_REQUESTS',
  });
  expect(endpoint.status).toBe(201);
  return {
    id: system.body.id as string,
    inboundSecret: system.body.inboundSecret as string,
    endpointId: endpoint.body.id as string,
  };
}

const appointmentsOn = async (date: string) =>
  (await admin.get(`/api/appointments?date=${date}`)).body as { poNumber: string | null; createdBy: string | null }[];

describe('sync', () => {
  it('pulls every page, skips and logs the malformed record, and books the rest through the booking service', async () => {
    // Prepare: 4 good requests and 1 malformed, 2 per page.
    const date = indiaDate(2);
    tms.state.records = appointmentRequests(date, 4, 'SYNC1');
    const system = await tmsSystem();
    tms.state.pagesServed = [];
    // Act
    const res = await admin.post(`/api/integrations/systems/${system.id}/sync`, { endpointId: system.endpointId });
    const logs = await admin.get(`/api/integrations/systems/${system.id}/logs`);
    // Assess
    expect(res.status).toBe(200);
    expect(res.body.log).toMatchObject({
      status: 'SUCCESS',
      trigger: 'manual',
      recordsProcessed: 5,
      recordsSucceeded: 4,
      recordsFailed: 1,
      errorMessage: expect.stringContaining('SYNC1-BAD: date: The record has no date'),
    });
    expect(tms.state.pagesServed).toEqual(['1', '2', '3']);
    expect(logs.body[0]).toMatchObject({ id: res.body.log.id, recordsFailed: 1 });
    const booked = (await appointmentsOn(date)).filter((a) => a.poNumber?.startsWith('PO-SYNC1'));
    expect(booked).toHaveLength(4);
    expect(booked[0]!.createdBy).toBe('integration:Fake TMS');
  });

  it('changes nothing when the same requests are pulled again (idempotent by external id)', async () => {
    // Prepare
    const date = indiaDate(3);
    tms.state.records = appointmentRequests(date, 2, 'SYNC2');
    const system = await tmsSystem();
    await admin.post(`/api/integrations/systems/${system.id}/sync`, {});
    // Act
    const again = await admin.post(`/api/integrations/systems/${system.id}/sync`, {});
    // Assess
    expect(again.body.log).toMatchObject({
      status: 'SUCCESS',
      recordsProcessed: 3,
      recordsSucceeded: 2,
      recordsFailed: 1,
    });
    expect((await appointmentsOn(date)).filter((a) => a.poNumber?.startsWith('PO-SYNC2'))).toHaveLength(2);
  });

  it('refuses a second run while one is in progress (SYNCING)', async () => {
    // Prepare
    tms.state.records = appointmentRequests(indiaDate(4), 1, 'SYNC3');
    const system = await tmsSystem();
    tms.state.delayMs = 700;
    try {
      // Act
      const first = admin.post(`/api/integrations/systems/${system.id}/sync`, {});
      await new Promise((r) => setTimeout(r, 200));
      const during = await admin.get('/api/integrations/monitoring/systems');
      const second = await admin.post(`/api/integrations/systems/${system.id}/sync`, {});
      // Assess
      expect(during.body.find((s: { systemId: string }) => s.systemId === system.id).status).toBe('SYNCING');
      expect(second.status).toBe(409);
      expect(second.body.message).toBe('A sync is already running for this system');
      expect((await first).status).toBe(200);
    } finally {
      tms.state.delayMs = 0;
    }
  });

  it('logs a failed run when the system answers 5xx, and counts it on the monitoring tab', async () => {
    // Prepare
    const system = await tmsSystem();
    tms.state.failNext = 1;
    const before = (await admin.get('/api/integrations/monitoring/stats')).body;
    // Act
    const res = await admin.post(`/api/integrations/systems/${system.id}/sync`, {});
    const stats = (await admin.get('/api/integrations/monitoring/stats')).body;
    const status = (await admin.get('/api/integrations/monitoring/systems')).body.find(
      (s: { systemId: string }) => s.systemId === system.id,
    );
    // Assess
    expect(res.body.log).toMatchObject({
      status: 'FAILED',
      recordsProcessed: 0,
      errorMessage: expect.stringContaining('server error (503)'),
    });
    expect(stats.failedSyncs).toBe(before.failedSyncs + 1);
    expect(stats.totalSyncs).toBe(before.totalSyncs + 1);
    expect(status).toMatchObject({ status: 'ERROR', syncCount: 1, errorCount: 1 });
  });

  it('runs on the system schedule, and deactivating the system removes its schedule', async () => {
    // Prepare: the local scheduler at 1/100 of real time, so 60 s is 0.6 s.
    const schedules = await startLocalSyncSchedules({ timeScale: 0.01, onError: () => undefined });
    try {
      tms.state.records = appointmentRequests(indiaDate(5), 1, 'SCHED');
      const system = await tmsSystem({ syncFrequency: 60 });
      // Act
      let logs: { trigger: string }[] = [];
      for (let i = 0; i < 50 && !logs.some((l) => l.trigger === 'schedule'); i++) {
        await new Promise((r) => setTimeout(r, 200));
        logs = (await admin.get(`/api/integrations/systems/${system.id}/logs`)).body;
      }
      await admin.request('PATCH', `/api/integrations/systems/${system.id}`, { body: { isActive: false } });
      // Assess
      expect(logs.some((l) => l.trigger === 'schedule')).toBe(true);
      expect(schedules.scheduled()).not.toContain(system.id);
    } finally {
      await schedules.stop();
    }
  });
});

describe('inbound webhooks', () => {
  const send = (systemId: string, secret: string, payload: unknown, options: { id?: string; at?: Date } = {}) => {
    const body = JSON.stringify(payload);
    const id = options.id ?? `msg_${Math.random().toString(36).slice(2)}`;
    const at = options.at ?? new Date();
    const signature = new Webhook(secret).sign(id, at, body);
    return admin.request('POST', `/api/integrations/inbound/${systemId}`, {
      rawBody: body,
      headers: {
        'content-type': 'application/json',
        'webhook-id': id,
        'webhook-timestamp': String(Math.floor(at.getTime() / 1000)),
        'webhook-signature': signature,
      },
    });
  };

  it('books an appointment request signed by the reference library once, a duplicate getting the first answer', async () => {
    // Prepare
    const date = indiaDate(2);
    const system = await tmsSystem();
    const [request] = appointmentRequests(date, 1, 'HOOK1');
    // Act
    const accepted = await send(
      system.id,
      system.inboundSecret,
      { type: 'appointment.requested', data: request },
      { id: 'msg_hook1' },
    );
    const replayed = await send(
      system.id,
      system.inboundSecret,
      { type: 'appointment.requested', data: request },
      { id: 'msg_hook1' },
    );
    const sameRequestNewId = await send(system.id, system.inboundSecret, {
      type: 'appointment.requested',
      data: request,
    });
    // Assess
    expect(accepted.status).toBe(201);
    expect(accepted.body).toEqual({
      received: true,
      type: 'appointment.requested',
      result: 'created',
      appointmentId: expect.any(String),
    });
    expect([replayed.status, replayed.body]).toEqual([201, accepted.body]);
    expect([sameRequestNewId.status, sameRequestNewId.body]).toEqual([201, accepted.body]);
    expect((await appointmentsOn(date)).filter((a) => a.poNumber?.startsWith('PO-HOOK1'))).toHaveLength(1);
    const logs = (await admin.get(`/api/integrations/systems/${system.id}/logs`)).body;
    expect(logs[0]).toMatchObject({ trigger: 'webhook', status: 'SUCCESS' });
  });

  it('refuses a wrong signature, a stale timestamp, missing headers and a bad payload, writing nothing', async () => {
    // Prepare
    const system = await tmsSystem();
    const other = await tmsSystem();
    const request = appointmentRequests(indiaDate(2), 1, 'HOOK2')[0];
    // Act
    const wrongSecret = await send(system.id, other.inboundSecret, { type: 'appointment.requested', data: request });
    const stale = await send(
      system.id,
      system.inboundSecret,
      { type: 'appointment.requested', data: request },
      { at: new Date(Date.now() - 6 * 60_000) },
    );
    const unsigned = await admin.request('POST', `/api/integrations/inbound/${system.id}`, { body: { type: 'ping' } });
    const badType = await send(system.id, system.inboundSecret, { type: 'order.created', data: {} });
    const badRecord = await send(system.id, system.inboundSecret, {
      type: 'appointment.requested',
      data: { id: 'X1', carrierName: 'Sahyadri Roadways' },
    });
    const unknown = await send('no-such-system', system.inboundSecret, { type: 'ping' });
    const ping = await send(system.id, system.inboundSecret, { type: 'ping' });
    // Assess
    expect(wrongSecret.status).toBe(401);
    expect(wrongSecret.body.message).toBe('Invalid webhook signature');
    expect(stale.status).toBe(401);
    expect(stale.body.message).toBe('webhook-timestamp is more than 5 minutes away from now');
    expect(unsigned.status).toBe(401);
    expect(badType.status).toBe(400);
    expect(badRecord.status).toBe(422);
    expect(badRecord.body.message).toBe('date: The record has no date');
    expect(unknown.status).toBe(404);
    expect(ping.status).toBe(200);
    expect(ping.body).toEqual({ received: true, type: 'ping' });
    const logs = (await admin.get(`/api/integrations/systems/${system.id}/logs`)).body;
    expect(logs.map((l: { status: string }) => l.status)).toEqual(['FAILED']);
  });

  it('stops accepting the old secret once it is rotated', async () => {
    // Prepare
    const system = await tmsSystem();
    // Act
    const rotated = await admin.post(`/api/integrations/systems/${system.id}/rotate-secret`);
    const old = await send(system.id, system.inboundSecret, { type: 'ping' });
    const fresh = await send(system.id, rotated.body.inboundSecret, { type: 'ping' });
    // Assess
    expect(rotated.body.inboundSecret).not.toBe(system.inboundSecret);
    expect([old.status, fresh.status]).toEqual([401, 200]);
  });
});

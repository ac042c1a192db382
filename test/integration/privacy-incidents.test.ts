// Security incidents (issue #36) through the local HTTP path: the admin records a breach naming kinds
// of data and days at a facility; the people affected are counted by a query over those days' visits
// (a driver booked twice counts once, a visit outside the days not at all), the Board's deadline is
// 72 hours after the discovery, and the notice is drafted in English and Hindi. Each step is recorded
// once and audited; bad input changes nothing.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, startTestApi, type TestApi } from '../support/api';
import { openHub } from '../support/checkin-hub';
import { listAudit } from '../../functions/lib/audit';
import { DEMO_TENANT_ID } from '../../functions/local/demo-ids';
import { addDays } from '../../shared/time';

let api: TestApi;
let ops: Client;
let admin: Client;

beforeAll(async () => {
  api = await startTestApi();
  [ops, admin] = [new Client(api.url), new Client(api.url)];
  await ops.signIn('operations');
  await admin.signIn('admin');
}, 120_000);
afterAll(async () => api?.close());

let hub: Awaited<ReturnType<typeof openHub>>;
let today: string;

const incident = (over: Record<string, unknown> = {}) => ({
  title: 'Gate tablet lost',
  description: 'A gate tablet with the day list open was left in a taxi.',
  discoveredAt: '2026-11-20T10:00:00+05:30',
  dataKinds: ['names', 'phones', 'vehicles'],
  affectedFrom: today,
  affectedTo: today,
  facilityId: hub.facility.id,
  measures: 'The tablet was wiped remotely and its sessions ended.',
  contact: 'privacy@demo-logistics.in',
  ...over,
});

describe('security incidents', () => {
  beforeAll(async () => {
    hub = await openHub(ops, `Incident Hub ${Date.now()}`);
    today = hub.local().date;
    // Today: Suresh twice and Ajay once; tomorrow: Ajay again and a new driver.
    await hub.appointment('12:00', { dockDoorId: hub.doors.h1.id });
    await hub.appointment('16:00', { dockDoorId: hub.doors.h1.id });
    await hub.appointment('14:00', {
      carrierId: 'carrier-ganga',
      driverId: 'driver-ajay',
      dockDoorId: hub.doors.h2.id,
    });
    const tomorrow = addDays(today, 1);
    await hub.appointment('09:00', {
      scheduledDate: tomorrow,
      carrierId: 'carrier-ganga',
      driverId: 'driver-ajay',
      dockDoorId: hub.doors.h1.id,
    });
    const newDriver = await ops.post('/api/drivers', {
      carrierId: 'carrier-sahyadri',
      name: 'Incident Driver',
      phone: '+91 91234 56780',
      licenseNumber: 'MH1220200012399',
    });
    expect(newDriver.status, newDriver.text).toBe(201);
    await hub.appointment('11:00', {
      scheduledDate: tomorrow,
      driverId: newDriver.body.id,
      dockDoorId: hub.doors.h2.id,
    });
  });

  it('counts the people of the named days at the facility, each once, and sets the Board’s deadline', async () => {
    const oneDay = await admin.post('/api/privacy/incidents', incident());
    expect(oneDay.status, oneDay.text).toBe(201);
    expect(oneDay.body).toMatchObject({ affectedPeople: 2, affectedAppointments: 3 });
    // 10:00 IST on 20 Nov is 04:30 UTC; 72 hours on.
    expect(oneDay.body.boardReportDueAt).toBe('2026-11-23T04:30:00.000Z');
    expect(oneDay.body.boardReportOverdue).toBe(true);
    const anHourAgo = new Date(Date.now() - 3_600_000).toISOString();
    const recent = await admin.post('/api/privacy/incidents', incident({ discoveredAt: anHourAgo }));
    expect(recent.body.boardReportOverdue).toBe(false);

    const twoDays = await admin.post('/api/privacy/incidents', incident({ affectedTo: addDays(today, 1) }));
    expect(twoDays.body).toMatchObject({ affectedPeople: 3, affectedAppointments: 5 });

    const nextDayOnly = await admin.post(
      '/api/privacy/incidents',
      incident({ affectedFrom: addDays(today, 1), affectedTo: addDays(today, 1) }),
    );
    expect(nextDayOnly.body).toMatchObject({ affectedPeople: 2, affectedAppointments: 2 });
  });

  it('drafts the notice to the people in English and Hindi from the record', async () => {
    const res = await admin.post('/api/privacy/incidents', incident({ dataKinds: ['licences', 'photos'] }));
    expect(res.status, res.text).toBe(201);
    const { en, hi } = res.body.notice;
    expect(en).toContain('What happened: A gate tablet with the day list open was left in a taxi.');
    expect(en).toContain(
      `Which data: your driving licence number, photos taken at the gate, of visits between ${today} and ${today}.`,
    );
    expect(en).toContain('We found out on 2026-11-20.');
    expect(en).toContain('Contact: privacy@demo-logistics.in');
    expect(hi).toContain('कौन सा डेटा: आपका ड्राइविंग लाइसेंस नंबर, गेट पर ली गई तस्वीरें');
    expect(hi).toContain('संपर्क: privacy@demo-logistics.in');
    expect(hi).not.toContain('What happened');
  });

  it('records each step once, in the audit trail, and nothing after closing', async () => {
    const created = (await admin.post('/api/privacy/incidents', incident({ title: 'Steps' }))).body;
    const told = await admin.post(`/api/privacy/incidents/${created.id}/steps`, {
      step: 'board_notified',
      revision: created.revision,
    });
    expect(told.status, told.text).toBe(200);
    expect(told.body.boardNotifiedAt).toEqual(expect.any(String));
    const again = await admin.post(`/api/privacy/incidents/${created.id}/steps`, { step: 'board_notified' });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe('This step is already recorded');
    const stale = await admin.post(`/api/privacy/incidents/${created.id}/steps`, {
      step: 'people_notified',
      revision: created.revision,
    });
    expect(stale.status).toBe(409);
    expect(stale.body.current.boardNotifiedAt).toBe(told.body.boardNotifiedAt);
    expect((await admin.post(`/api/privacy/incidents/${created.id}/steps`, { step: 'closed' })).status).toBe(200);
    const late = await admin.post(`/api/privacy/incidents/${created.id}/steps`, { step: 'people_notified' });
    expect(late.status).toBe(409);
    expect(late.body.message).toBe('This incident is closed');
    const trail = await listAudit(DEMO_TENANT_ID, { entityType: 'privacy-incident', entityId: created.id });
    expect(trail.map((e) => e.action).sort()).toEqual(
      ['privacy.incident.board_notified', 'privacy.incident.closed', 'privacy.incident.recorded'].sort(),
    );
  });

  it('refuses bad input with its message and records nothing', async () => {
    const before = (await admin.get('/api/privacy/incidents')).body.length;
    const cases: [Record<string, unknown>, string, string][] = [
      [{ dataKinds: [] }, 'dataKinds', 'Choose the kinds of data'],
      [{ affectedTo: addDays(today, -1) }, 'affectedTo', 'Last affected day must not be before the first'],
      [
        { affectedFrom: '2026-01-01', affectedTo: '2026-04-03' },
        'affectedTo',
        'Affected visits must span at most 92 days, from the first day to the last',
      ],
      [{ discoveredAt: 'yesterday' }, 'discoveredAt', 'When it was discovered must be a date and time'],
      [{ description: ' ' }, 'description', 'Describe what happened'],
    ];
    for (const [over, field, message] of cases) {
      const res = await admin.post('/api/privacy/incidents', incident(over));
      expect(res.status, field).toBe(400);
      expect(res.body.errors[field]).toBe(message);
    }
    const hindi = await admin.post('/api/privacy/incidents', incident({ dataKinds: [] }), {
      headers: { 'accept-language': 'hi' },
    });
    expect(hindi.body.errors.dataKinds).toBe('डेटा के प्रकार चुनें');
    expect((await admin.get('/api/privacy/incidents')).body.length).toBe(before);
  });

  // Another tenant's admin: test/integration/tenancy-isolation.test.ts.
  it('is the admin’s: operations get 403', async () => {
    expect((await ops.get('/api/privacy/incidents')).status).toBe(403);
    expect((await ops.post('/api/privacy/incidents', incident())).status).toBe(403);
  });
});

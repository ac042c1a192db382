// A check-in queued offline meets the gate's registry checks at sync (issue #31): the device could not
// run them, so they run when the check-in arrives; a DENY then refuses the check-in (the device keeps
// it as a conflict) and alerts the yard manager, since the truck was let in on the pass alone.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, startTestApi, type TestApi } from '../support/api';
import { guestBooking, openHub } from '../support/checkin-hub';
import { DEFAULT_RULE_OUTCOMES } from '../../shared/contracts/gate';
import {
  FAKE_ULIP_ACCOUNT,
  FAKE_ULIP_FIXTURES as F,
  startFakeUlip,
  type FakeUlip,
} from '../../functions/local/fake-ulip';

let api: TestApi;
let ulip: FakeUlip;
let ops: Client;
let yard: Client;

beforeAll(async () => {
  [api, ulip] = await Promise.all([startTestApi(), startFakeUlip()]);
  const admin = new Client(api.url);
  [ops, yard] = [new Client(api.url), new Client(api.url)];
  for (const [client, account] of [
    [admin, 'admin'],
    [ops, 'operations'],
    [yard, 'yard_manager'],
  ] as const)
    await client.signIn(account);
  const saved = await admin.request('PUT', '/api/gate/settings', {
    body: {
      enabled: true,
      baseUrl: ulip.url,
      username: FAKE_ULIP_ACCOUNT.username,
      password: FAKE_ULIP_ACCOUNT.password,
      checks: { VAHAN: true, SARATHI: true, FASTAG: true, EWAYBILL: true },
      outcomes: DEFAULT_RULE_OUTCOMES,
      cacheHours: 12,
    },
  });
  expect(saved.status, saved.text).toBe(200);
}, 60_000);
afterAll(async () => {
  await api.close();
  await ulip.close();
});

/** A guest's 12:00 booking today at a hub where it is 10:xx (its pass is valid now), with the given vehicle. */
async function passFor(name: string, vehicleNumber: string, mobileNumber: string, address: string) {
  const site = await openHub(ops, name);
  const link = (await ops.get(`/api/facilities/${site.facility.id}/link`)).body.token as string;
  const guest = new Client(api.url);
  const booked = await guest.post(
    '/api/bookings/slot',
    { ...guestBooking(`${site.local().date}_1200`, mobileNumber, link), vehicleNumber },
    { localAddress: address },
  );
  expect(booked.status, booked.text).toBe(201);
  const appointment = (
    (await ops.get(`/api/appointments?date=${site.local().date}`)).body as { id: string; bookingReference: string }[]
  ).find((a) => a.bookingReference === booked.body.confirmationCode)!;
  const pass = await ops.get(`/api/appointments/${appointment.id}/gate-pass`);
  expect(pass.status, pass.text).toBe(200);
  return { site, appointment, token: pass.body.token as string };
}

/**
 * A gate time `minutes` ago, but not before 10:00 at the hub: check-in for the 12:00 booking opens
 * then, and a synced check-in is judged at the gate's time (issue #52.4).
 */
const gateTimeAgo = (site: { local: () => { time: string } }, minutes: number) =>
  new Date(Date.now() - Math.min(minutes, Number(site.local().time.slice(3, 5))) * 60_000).toISOString();

const denialAlerts = async (vehicle: string) =>
  ((await yard.get('/api/notifications')).body as { title: string; message: string }[]).filter(
    (n) => n.title === 'Gate checks denied after sync' && n.message.startsWith(`${vehicle}:`),
  );

describe('gate checks of a check-in synced from an offline gate', () => {
  it('refuses a denied truck at sync, checks nothing in and alerts the yard manager once per refused sync', async () => {
    const { site, appointment, token } = await passFor('Sync Deny Hub', F.blacklistedTag, '9822077001', '127.0.9.31');
    const body = {
      idempotencyKey: randomUUID().replace(/-/g, ''),
      token,
      happenedAt: gateTimeAgo(site, 5),
      facilityId: site.facility.id,
      checksPending: true,
    };
    const refused = await yard.post('/api/checkins/gate-pass', body);
    expect(refused.status, refused.text).toBe(422);
    expect(refused.body.message).toBe('Entry refused at the gate');
    expect(Object.keys(refused.body.errors)).toContain('FASTAG_BLACKLISTED');
    expect((await ops.get(`/api/appointments/${appointment.id}`)).body.status).toBe('scheduled');
    expect(
      ((await ops.get('/api/checkins')).body as { appointmentId: string }[]).filter(
        (c) => c.appointmentId === appointment.id,
      ),
    ).toHaveLength(0);
    expect(await denialAlerts(F.blacklistedTag)).toHaveLength(1);
  });

  it('raises no alert when the checks ran at the gate itself (the device was online and saw the refusal)', async () => {
    const { site, token } = await passFor('Sync Live Hub', F.blacklistedTag, '9822077002', '127.0.9.32');
    const before = (await denialAlerts(F.blacklistedTag)).length;
    const refused = await yard.post('/api/checkins/gate-pass', {
      idempotencyKey: randomUUID().replace(/-/g, ''),
      token,
      happenedAt: new Date().toISOString(),
      facilityId: site.facility.id,
      checksPending: false,
    });
    expect(refused.status, refused.text).toBe(422);
    expect(await denialAlerts(F.blacklistedTag)).toHaveLength(before);
  });

  it('checks in a clean truck at sync at the gate time', async () => {
    const { site, appointment, token } = await passFor('Sync Clean Hub', F.clean, '9822077003', '127.0.9.33');
    const happenedAt = gateTimeAgo(site, 7);
    const res = await yard.post('/api/checkins/gate-pass', {
      idempotencyKey: randomUUID().replace(/-/g, ''),
      token,
      happenedAt,
      facilityId: site.facility.id,
      checksPending: true,
    });
    expect(res.status, res.text).toBe(201);
    expect(res.body.checkin).toMatchObject({ appointmentId: appointment.id, checkInTime: happenedAt });
    expect(res.body.checkin.gate).toMatchObject({ decision: 'ALLOW' });
  });
});

// Gate passes through the real local HTTP path (issue #31): an exactly-once check-in with a pass
// synced from an offline gate, key rotation and revocation on cancel and reschedule.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, startTestApi, type TestApi } from '../support/api';
import { openHub } from '../support/checkin-hub';
import { addDays, instantOf } from '../../shared/time';
import { verifyGatePass } from '../../shared/gate-pass';
import { gatePassKeys } from '../../functions/passes';
import { getAppointment } from '../../functions/appointments';
import { getFacility } from '../../functions/facilities';

let api: TestApi;
let ops: Client;
let yard: Client;
let driver: Client;

beforeAll(async () => {
  api = await startTestApi();
  [ops, yard, driver] = [new Client(api.url), new Client(api.url), new Client(api.url)];
  await Promise.all([ops.signIn('operations'), yard.signIn('yard_manager'), driver.signIn('driver')]);
});
afterAll(() => api.close());

const key = () => randomUUID().replace(/-/g, '');
const passOf = async (client: Client, appointmentId: string) => {
  const res = await client.get(`/api/appointments/${appointmentId}/gate-pass`);
  expect(res.status, res.text).toBe(200);
  return res.body.token as string;
};
const kitOf = async (facilityId: string) => (await yard.get(`/api/gate/pass-keys?facilityId=${facilityId}`)).body;

describe('check-in with a gate pass synced from an offline gate', () => {
  it('gives one check-in, at the gate time, for 10 concurrent replays of one key', async () => {
    const site = await openHub(ops, 'Pass Hub One');
    const a = await site.appointment('12:00');
    const token = await passOf(driver, a.id);
    const idempotencyKey = key();
    // 3 minutes ago, or 10:00 when the hour has just begun: the 12:00 appointment's check-in opens at 10:00.
    const opened = instantOf(site.local().date, '10:00', site.facility.timeZone).getTime();
    const happenedAt = new Date(Math.max(Date.now() - 3 * 60_000, opened)).toISOString();
    const body = { idempotencyKey, token, happenedAt, facilityId: site.facility.id, checksPending: true };
    const answers = await Promise.all(Array.from({ length: 10 }, () => yard.post('/api/checkins/gate-pass', body)));
    for (const res of answers) expect([200, 201], res.text).toContain(res.status);
    expect(answers.filter((r) => r.status === 201)).toHaveLength(1);
    const ids = new Set(answers.map((r) => r.body.checkin.id));
    expect(ids.size).toBe(1);
    const checkins = (await ops.get('/api/checkins')).body.filter(
      (c: { appointmentId: string }) => c.appointmentId === a.id,
    );
    expect(checkins).toHaveLength(1);
    expect(checkins[0]).toMatchObject({ checkInTime: happenedAt, checkinMethod: 'qr_code' });
    // Punctuality follows the gate time: 12:00 start, in at 10:xx minus 3 minutes is early.
    expect((await ops.get(`/api/appointments/${a.id}`)).body).toMatchObject({
      status: 'arrived',
      arrivedAt: happenedAt,
      arrivalOutcome: 'early',
    });
  });

  it('answers a second device sending the same pass with the same check-in, and refuses a key reused for another pass', async () => {
    const site = await openHub(ops, 'Pass Hub Two');
    const [a, b] = [await site.appointment('12:00'), await site.appointment('13:00')];
    const [tokenA, tokenB] = [await passOf(ops, a.id), await passOf(ops, b.id)];
    const at = new Date().toISOString();
    const firstKey = key();
    const first = await yard.post('/api/checkins/gate-pass', {
      idempotencyKey: firstKey,
      token: tokenA,
      happenedAt: at,
      facilityId: site.facility.id,
    });
    const second = await ops.post('/api/checkins/gate-pass', {
      idempotencyKey: key(),
      token: tokenA,
      happenedAt: at,
      facilityId: site.facility.id,
    });
    expect([first.status, second.status]).toEqual([201, 200]);
    expect(second.body.checkin.id).toBe(first.body.checkin.id);
    const reused = await yard.post('/api/checkins/gate-pass', {
      idempotencyKey: firstKey,
      token: tokenB,
      happenedAt: at,
      facilityId: site.facility.id,
    });
    expect(reused.status).toBe(409);
    expect(reused.body.message).toBe('This idempotency key was already used for another gate pass');
    expect((await ops.get(`/api/appointments/${b.id}`)).body.status).toBe('scheduled');
  });

  it('refuses a forged pass, a pass of another facility and a gate time in the future, checking nothing in', async () => {
    const site = await openHub(ops, 'Pass Hub Three');
    const other = await openHub(ops, 'Pass Hub Elsewhere');
    const a = await site.appointment('12:00');
    const token = await passOf(ops, a.id);
    const flipped = token.slice(0, -5) + (token.at(-5) === 'A' ? 'B' : 'A') + token.slice(-4);
    const now = new Date().toISOString();
    const forged = await yard.post('/api/checkins/gate-pass', {
      idempotencyKey: key(),
      token: flipped,
      happenedAt: now,
      facilityId: site.facility.id,
    });
    expect(forged.status).toBe(409);
    expect(forged.body.message).toBe('Forged or damaged gate pass: it was not signed by this facility');
    const elsewhere = await yard.post('/api/checkins/gate-pass', {
      idempotencyKey: key(),
      token,
      happenedAt: now,
      facilityId: other.facility.id,
    });
    expect(elsewhere.status).toBe(409);
    expect(elsewhere.body.message).toBe('Forged or damaged gate pass: it was not signed by this facility');
    const future = await yard.post('/api/checkins/gate-pass', {
      idempotencyKey: key(),
      token,
      happenedAt: new Date(Date.now() + 11 * 60_000).toISOString(),
      facilityId: site.facility.id,
    });
    expect(future.status).toBe(400);
    const notAPass = await yard.post('/api/checkins/gate-pass', {
      idempotencyKey: key(),
      token: 'https://example.com/hello',
      happenedAt: now,
      facilityId: site.facility.id,
    });
    expect(notAPass.body.message).toBe('Not a DockSaathi gate pass');
    expect((await ops.get(`/api/appointments/${a.id}`)).body.status).toBe('scheduled');
  });
});

describe('gate pass keys', () => {
  it('keeps a pass signed with the previous key valid until it expires after rotation; a removed key no longer verifies', async () => {
    const site = await openHub(ops, 'Pass Hub Keys');
    const a = await site.appointment('12:00');
    const oldToken = await passOf(ops, a.id);
    const rotated = await ops.post('/api/gate/pass-keys/rotate', { facilityId: site.facility.id });
    expect(rotated.status, rotated.text).toBe(403); // operations may not configure the gate
    const admin = new Client(api.url);
    await admin.signIn('admin');
    const res = await admin.post('/api/gate/pass-keys/rotate', { facilityId: site.facility.id });
    expect(res.status, res.text).toBe(200);
    const kit = await kitOf(site.facility.id);
    expect(kit.keys.map((k: { kid: string }) => k.kid).sort()).toEqual([res.body.kid, res.body.previousKid].sort());
    const newToken = await passOf(ops, a.id);
    const now = new Date();
    const ctx = { keys: kit.keys, revocations: kit.revocations, facilityId: site.facility.id, now };
    expect(await verifyGatePass(oldToken, ctx)).toMatchObject({ ok: true });
    expect(await verifyGatePass(newToken, ctx)).toMatchObject({ ok: true });
    // The old key stays listed until the end of the appointment's day (its pass's expiry), then goes.
    const facility = (await getFacility(site.facility.tenantId, site.facility.id))!;
    const passExpiry = new Date(res.body.previousUntil);
    expect((await gatePassKeys(facility, new Date(passExpiry.getTime() - 1000))).keys.map((k) => k.kid)).toContain(
      res.body.previousKid,
    );
    const after = await gatePassKeys(facility, passExpiry);
    expect(after.keys.map((k) => k.kid)).toEqual([res.body.kid]);
    expect(
      await verifyGatePass(oldToken, { keys: after.keys, revocations: [], facilityId: site.facility.id, now }),
    ).toEqual({ ok: false, reason: 'forged' });
    expect(passExpiry.getTime()).toBeGreaterThan(now.getTime());
  });
});

describe('revocation', () => {
  it('revokes the pass of a cancelled appointment', async () => {
    const site = await openHub(ops, 'Pass Hub Cancel');
    const a = await site.appointment('12:00');
    const token = await passOf(ops, a.id);
    expect(
      (await ops.post(`/api/appointments/${a.id}/cancel`, { reason: 'Consignee closed for stock-taking' })).status,
    ).toBe(200);
    const kit = await kitOf(site.facility.id);
    expect(kit.revocations).toEqual([{ apt: a.id, upTo: null }]);
    expect(
      await verifyGatePass(token, {
        keys: kit.keys,
        revocations: kit.revocations,
        facilityId: site.facility.id,
        now: new Date(),
      }),
    ).toMatchObject({ ok: false, reason: 'revoked' });
    const sync = await yard.post('/api/checkins/gate-pass', {
      idempotencyKey: key(),
      token,
      happenedAt: new Date().toISOString(),
      facilityId: site.facility.id,
    });
    expect(sync.status).toBe(409);
    expect(sync.body.message).toBe('This gate pass was revoked: its appointment was cancelled or rescheduled');
  });

  it('revokes the old pass of a rescheduled appointment and not its new one', async () => {
    const site = await openHub(ops, 'Pass Hub Reschedule');
    const a = await site.appointment('12:00');
    const oldToken = await passOf(ops, a.id);
    const requested = await ops.post(`/api/appointments/${a.id}/reschedule`, {
      newDate: addDays(site.local().date, 1),
      newTimeStart: '11:00',
      newTimeEnd: '12:00',
      reason: 'traffic',
      reasonDetails: 'Stuck on the Thane bypass since morning',
      requestedBy: 'carrier',
    });
    expect(requested.status, requested.text).toBe(201);
    expect((await yard.request('PATCH', `/api/reschedules/${requested.body.id}/approve`)).status).toBe(200);
    const newToken = await passOf(ops, a.id);
    const kit = await kitOf(site.facility.id);
    expect(kit.revocations).toEqual([{ apt: a.id, upTo: 0 }]);
    const ctx = { keys: kit.keys, revocations: kit.revocations, facilityId: site.facility.id, now: new Date() };
    expect(await verifyGatePass(oldToken, ctx)).toMatchObject({ ok: false, reason: 'revoked' });
    expect(await verifyGatePass(newToken, ctx)).toMatchObject({ ok: false, reason: 'wrong_day' });
    expect((await getAppointment(a.tenantId, a.id))!.rescheduleCount).toBe(1);
  });
});

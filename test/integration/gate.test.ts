// Gate compliance (issue #21) through the real local HTTP path, against the fake ULIP server on
// loopback: each rule's decision, a 401 renewing the token once, a slow source timing out and holding,
// garbage holding as "did not answer", the cache sparing a second call, the override audited, bad
// numbers refused with no registry call, and one tenant's account and cache never used for another.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { Client, startTestApi, type TestApi } from '../support/api';
import { signUpOrganisation, type Organisation } from '../support/tenancy';
import { guestBooking, tomorrowInIndia } from '../support/checkin-hub';
import { ageChangeNotes, pollToday } from '../support/todays-schedule';
import { listAuditBetween } from '../../functions/lib/audit';
import { DEFAULT_RULE_OUTCOMES } from '../../shared/contracts/gate';
import { addDays, localDateTime } from '../../shared/time';
import {
  FAKE_ULIP_ACCOUNT,
  FAKE_ULIP_FIXTURES as F,
  startFakeUlip,
  type FakeUlip,
} from '../../functions/local/fake-ulip';
import { resetBreakers } from '../../functions/gate/registry/breaker';
import { DEMO_FACILITY_ID, DEMO_TENANT_ID } from '../../functions/local/seed';
import { createYardSpot } from '../../functions/yard';

let api: TestApi;
let ulip: FakeUlip;
let admin: Client;
let ops: Client;
let yard: Client;
const started = new Date().toISOString();

const settings = (over: Record<string, unknown> = {}) => ({
  enabled: true,
  baseUrl: ulip.url,
  username: FAKE_ULIP_ACCOUNT.username,
  password: FAKE_ULIP_ACCOUNT.password,
  checks: { VAHAN: true, SARATHI: true, FASTAG: true, EWAYBILL: true },
  outcomes: DEFAULT_RULE_OUTCOMES,
  cacheHours: 12,
  ...over,
});

let n = 0;
/** A walk-in at the demo hub (its check-in needs no appointment day); a fresh driver name each time. */
const walkIn = (
  client: Client,
  vehicleLicense: string,
  extra: Record<string, unknown> = {},
  headers?: Record<string, string>,
) =>
  client.post(
    '/api/checkins/walk-in',
    { driverName: `Gate Driver ${++n}`, vehicleLicense, carrierName: 'Sahyadri Roadways', ...extra },
    { headers },
  );
const totalCalls = () => [...ulip.state.calls.values()].reduce((a, b) => a + b, 0);

beforeAll(async () => {
  [api, ulip] = await Promise.all([startTestApi({ workers: ['gate-booking-hints'] }), startFakeUlip()]);
  [admin, ops, yard] = [new Client(api.url), new Client(api.url), new Client(api.url)];
  await Promise.all([admin.signIn('admin'), ops.signIn('operations'), yard.signIn('yard_manager')]);
  const saved = await admin.request('PUT', '/api/gate/settings', { body: settings() });
  expect(saved.status, saved.text).toBe(200);
}, 60_000);
afterAll(async () => {
  await api.close();
  await ulip.close();
});
beforeEach(() => resetBreakers());

describe('gate settings', () => {
  it('are admin-only, keep the password sealed and never answer it', async () => {
    const got = await admin.get('/api/gate/settings');
    expect(got.status).toBe(200);
    expect(got.body).toMatchObject({
      configured: true,
      enabled: true,
      username: FAKE_ULIP_ACCOUNT.username,
      hasPassword: true,
      cacheHours: 12,
    });
    expect(got.text).not.toContain(FAKE_ULIP_ACCOUNT.password);
    expect((await ops.get('/api/gate/settings')).status).toBe(403);
    expect((await yard.request('PUT', '/api/gate/settings', { body: settings() })).status).toBe(403);
    const bad = await admin.request('PUT', '/api/gate/settings', { body: settings({ cacheHours: 0 }) });
    expect(bad.status).toBe(400);
    expect(bad.body.errors.cacheHours).toBe('Cache hours must be between 1 and 72');
    // An empty password keeps the saved one.
    expect(
      (await admin.request('PUT', '/api/gate/settings', { body: settings({ password: '' }) })).body.hasPassword,
    ).toBe(true);
  });
});

describe('the gate decision at check-in', () => {
  it('allows a clean truck, licence and e-way bill, with every check and its answer on the check-in', async () => {
    const res = await walkIn(ops, F.clean, { driverLicense: F.licenceTransport, ewayBill: F.ewayValid });
    expect(res.status, res.text).toBe(201);
    expect(res.body.gate.decision).toBe('ALLOW');
    expect(
      res.body.gate.checks.map((c: { source: string; status: string }) => `${c.source}:${c.status}`).sort(),
    ).toEqual(['EWAYBILL:ok', 'FASTAG:ok', 'SARATHI:ok', 'VAHAN:ok']);
    expect(res.body.gate.checks.find((c: { source: string }) => c.source === 'VAHAN').summary).toMatchObject({
      status: 'ACTIVE',
    });
  });

  it('denies a blacklisted FASTag and each bad e-way bill with the reason, writing no check-in but an audit record', async () => {
    const yesterday = addDays(localDateTime(new Date(), 'Asia/Kolkata').date, -1);
    const cases: [string, Record<string, unknown>, string, string][] = [
      [F.blacklistedTag, {}, 'FASTAG_BLACKLISTED', `FASTag of ${F.blacklistedTag} is blacklisted`],
      [
        F.clean,
        { ewayBill: F.ewayExpired },
        'EWAYBILL_EXPIRED',
        `E-way bill ${F.ewayExpired} expired at 18:00 on ${yesterday}`,
      ],
      [F.clean, { ewayBill: F.ewayCancelled }, 'EWAYBILL_CANCELLED', `E-way bill ${F.ewayCancelled} is cancelled`],
      [
        F.clean,
        { ewayBill: F.ewayOtherVehicle },
        'EWAYBILL_OTHER_VEHICLE',
        `E-way bill ${F.ewayOtherVehicle} is for vehicle ${F.otherVehicle}`,
      ],
    ];
    for (const [vehicle, extra, code, message] of cases) {
      const driverName = `Denied ${code}`;
      const res = await ops.post('/api/checkins/walk-in', {
        driverName,
        vehicleLicense: vehicle,
        carrierName: 'Sahyadri Roadways',
        ...extra,
      });
      expect(res.status, res.text).toBe(422);
      expect(res.body.message).toBe('Entry refused at the gate');
      expect(res.body.errors).toEqual({ [code]: message });
      expect(
        (await ops.get('/api/checkins')).body.some((c: { driverName: string }) => c.driverName === driverName),
      ).toBe(false);
    }
    const denied = (await listAuditBetween('demo', started, new Date().toISOString())).filter(
      (r) => r.action === 'gate.denied',
    );
    expect(denied.length).toBeGreaterThanOrEqual(4);
    expect(denied.at(-1)).toMatchObject({
      actorName: 'operations',
      after: expect.objectContaining({ gate: expect.objectContaining({ decision: 'DENY' }) }),
    });
    const hindi = await walkIn(ops, F.blacklistedTag, {}, { 'accept-language': 'hi' });
    expect(hindi.body.message).toMatch(/[\u0900-\u097F]/);
    expect(hindi.body.errors.FASTAG_BLACKLISTED).toMatch(new RegExp(`${F.blacklistedTag}.*[\\u0900-\\u097F]`));
  });

  it('holds an expired PUC or fitness and a licence without a transport class; a held truck moves on only after an override', async () => {
    const fitness = await walkIn(ops, F.expiredFitness);
    expect(fitness.body.gate.reasons.map((r: { code: string }) => r.code)).toEqual(['FITNESS_EXPIRED']);
    const licence = await walkIn(ops, F.clean, { driverLicense: F.licenceNoTransport });
    expect(licence.body.gate).toMatchObject({
      decision: 'HOLD',
      reasons: [expect.objectContaining({ code: 'LICENCE_NO_TRANSPORT', source: 'SARATHI' })],
    });

    const held = await walkIn(ops, F.expiredPuc);
    expect(held.status, held.text).toBe(201);
    expect(held.body.gate).toMatchObject({
      decision: 'HOLD',
      override: null,
      reasons: [expect.objectContaining({ code: 'PUC_EXPIRED', outcome: 'HOLD' })],
    });
    const id = held.body.id;
    const blocked = await ops.request('PATCH', `/api/checkins/${id}/status`, { body: { status: 'at_dock' } });
    expect(blocked.status).toBe(409);
    expect(blocked.body.message).toBe(
      'This truck is on hold at the gate. A yard manager must override the hold first.',
    );
    expect(
      (await ops.post(`/api/checkins/${id}/gate-override`, { reason: 'PUC renewed, paper seen at the gate' })).status,
    ).toBe(403);
    const short = await yard.post(`/api/checkins/${id}/gate-override`, { reason: 'ok' });
    expect(short.status).toBe(400);
    expect(short.body.errors.reason).toBe('Please give a reason for the override (minimum 10 characters)');
    const allowedThrough = await yard.post(`/api/checkins/${id}/gate-override`, {
      reason: 'PUC renewed, paper seen at the gate',
    });
    expect(allowedThrough.status, allowedThrough.text).toBe(200);
    expect(allowedThrough.body.gate.override).toMatchObject({
      by: 'yard_manager',
      name: 'Rohit Verma',
      reason: 'PUC renewed, paper seen at the gate',
    });
    expect(
      (await yard.post(`/api/checkins/${id}/gate-override`, { reason: 'PUC renewed, paper seen at the gate' })).status,
    ).toBe(409);
    expect((await ops.request('PATCH', `/api/checkins/${id}/status`, { body: { status: 'at_dock' } })).status).toBe(
      200,
    );
    const trail = (await listAuditBetween('demo', started, new Date().toISOString())).find(
      (r) => r.action === 'checkin.gate-override' && r.entityId === id,
    );
    expect(trail).toMatchObject({
      actorName: 'yard_manager',
      after: {
        gate: expect.objectContaining({
          decision: 'HOLD',
          checks: expect.arrayContaining([
            expect.objectContaining({
              source: 'VAHAN',
              summary: expect.objectContaining({ pucUpto: expect.any(String) }),
            }),
          ]),
          override: expect.objectContaining({ reason: 'PUC renewed, paper seen at the gate' }),
        }),
      },
    });
    const card = (await ops.get('/api/checkins')).body.find((c: { id: string }) => c.id === id);
    expect(card.gate).toMatchObject({ decision: 'HOLD', override: { by: 'yard_manager' } });

    // Two overrides of one hold at the same moment: one is written, the other refused; one record.
    const again = await walkIn(ops, F.expiredPuc);
    expect(again.body.gate).toMatchObject({ decision: 'HOLD', override: null });
    const both = await Promise.all(
      ['Yard manager saw the renewed PUC paper', 'Second person saw the renewed PUC'].map((reason) =>
        yard.post(`/api/checkins/${again.body.id}/gate-override`, { reason }),
      ),
    );
    expect(both.map((r) => r.status).sort()).toEqual([200, 409]);
    const winner = both.find((r) => r.status === 200)!.body.gate.override.reason;
    const stored = (await ops.get('/api/checkins')).body.find((c: { id: string }) => c.id === again.body.id);
    expect(stored.gate.override.reason).toBe(winner);
    const records = (await listAuditBetween('demo', started, new Date().toISOString())).filter(
      (r) => r.action === 'checkin.gate-override' && r.entityId === again.body.id,
    );
    expect(records).toHaveLength(1);
  });

  it('holds and names the source when it is slow (3 s, inside the request deadline), answers HTML, an empty record or a 5xx — never a 5xx of the check-in', async () => {
    const t0 = Date.now();
    const slow = await walkIn(ops, F.slow);
    const took = Date.now() - t0;
    expect(slow.status, slow.text).toBe(201);
    expect(took).toBeGreaterThanOrEqual(2_900);
    expect(took).toBeLessThan(4_600);
    expect(slow.body.gate).toMatchObject({
      decision: 'HOLD',
      reasons: [
        expect.objectContaining({
          code: 'SOURCE_UNAVAILABLE',
          source: 'VAHAN',
          message: 'VAHAN (vehicle registration) did not answer; checked again at the next try',
        }),
      ],
    });
    expect(slow.body.gate.checks.find((c: { source: string }) => c.source === 'VAHAN').error).toBe(
      'timed out after 3 s',
    );
    for (const vehicle of [F.garbage, F.emptyRecord, F.serverError]) {
      const res = await walkIn(ops, vehicle);
      expect(res.status, res.text).toBe(201);
      expect(res.body.gate.decision).toBe('HOLD');
      expect(res.body.gate.reasons.map((r: { code: string; source: string }) => `${r.code}:${r.source}`)).toContain(
        'SOURCE_UNAVAILABLE:VAHAN',
      );
    }
  }, 20_000);
});

describe('calls to ULIP', () => {
  it("are cached per vehicle for the tenant's hours: a truck back the same day is not re-checked", async () => {
    const vehicle = 'MH14GC4321';
    expect((await walkIn(ops, vehicle)).body.gate.decision).toBe('ALLOW');
    expect(ulip.callCount('VAHAN/01', vehicle)).toBe(1);
    const again = await walkIn(ops, vehicle);
    expect(again.body.gate.decision).toBe('ALLOW');
    expect(again.body.gate.checks.every((c: { cached: boolean }) => c.cached)).toBe(true);
    expect(ulip.callCount('VAHAN/01', vehicle)).toBe(1);
    expect(ulip.callCount('FASTAG/01', vehicle)).toBe(1);
  });

  it('renew the token once when ULIP answers 401, and sign in once for the parallel sources', async () => {
    ulip.expireTokens();
    const [logins, refused] = [ulip.state.logins.length, ulip.state.refused];
    const res = await walkIn(ops, 'MH14GC4322', { driverLicense: 'MH1420190054321' });
    expect(res.body.gate.decision).toBe('ALLOW');
    // Sources that got the 401 (VAHAN, FASTag, SARATHI: those that asked before the renewal) share one sign-in.
    expect(ulip.state.refused - refused).toBeGreaterThanOrEqual(1);
    expect(ulip.state.logins.length - logins).toBe(1);
    expect(ulip.callCount('VAHAN/01', 'MH14GC4322')).toBe(1);
  });

  it('are never made for a malformed vehicle, licence or e-way bill number: a 400 names the field', async () => {
    const before = totalCalls();
    const vehicle = await walkIn(ops, 'MH05K3J9A');
    expect(vehicle.status).toBe(400);
    expect(vehicle.body.errors.vehicleLicense).toBe(
      'Vehicle number must look like MH12AB1234 (state, RTO, series, 4 digits) or 22BH1234AA',
    );
    const licence = await walkIn(ops, F.clean, { driverLicense: 'L1' });
    expect(licence.body.errors.driverLicense).toBe(
      'Driving licence number must look like MH1220200012345 (state, RTO, year, 7 digits)',
    );
    const ewb = await walkIn(ops, F.clean, { ewayBill: '12345' });
    expect(ewb.body.errors.ewayBill).toBe('E-way bill number must be exactly 12 digits');
    expect(totalCalls()).toBe(before);
  });
});

describe('tenants', () => {
  let b: Organisation;
  beforeAll(async () => {
    b = await signUpOrganisation(api.url);
  }, 60_000);

  it('a tenant without ULIP set up is not checked and its free-text vehicle numbers still check in', async () => {
    const res = await b.admin.post('/api/checkins/walk-in', {
      driverName: 'Unchecked',
      vehicleLicense: 'TEMP-1',
      carrierName: 'Local Tempo',
    });
    expect(res.status, res.text).toBe(201);
    expect(res.body.gate).toBeNull();
  });

  it('use only their own ULIP account and cache', async () => {
    ulip.addAccount('tenant-b', 'tenant-b-password-1');
    expect(
      (
        await b.admin.request('PUT', '/api/gate/settings', {
          body: settings({ username: 'tenant-b', password: 'tenant-b-password-1' }),
        })
      ).status,
    ).toBe(200);
    const before = ulip.callCount('VAHAN/01', F.clean);
    const callers = ulip.state.callers.length;
    const res = await b.admin.post('/api/checkins/walk-in', {
      driverName: 'B driver',
      vehicleLicense: F.clean,
      carrierName: 'B Roadways',
    });
    expect(res.body.gate.decision).toBe('ALLOW');
    // A's cached answer for this truck is not B's: B asked ULIP itself, with its own account.
    expect(ulip.callCount('VAHAN/01', F.clean)).toBe(before + 1);
    expect(new Set(ulip.state.callers.slice(callers))).toEqual(new Set(['tenant-b']));
    const aCallers = ulip.state.callers.length;
    await walkIn(ops, 'MH14GC4323');
    expect(new Set(ulip.state.callers.slice(aCallers))).toEqual(new Set([FAKE_ULIP_ACCOUNT.username]));
    expect((await b.admin.get('/api/gate/settings')).body.username).toBe('tenant-b');
  });
});

describe('the booking-time hint', () => {
  it("checks a guest booking's vehicle, licence and e-way bill in the background and puts the warning on the appointment", async () => {
    const guest = new Client(api.url);
    const booked = await guest.post(
      '/api/bookings/slot',
      {
        ...guestBooking(`${tomorrowInIndia}_1100`, '9822066666'),
        vehicleNumber: F.expiredPuc,
        driverLicense: F.licenceTransport,
        ewayBill: F.ewayCancelled,
      },
      { localAddress: '127.0.9.21' },
    );
    expect(booked.status, booked.text).toBe(201);
    const byReference = async () =>
      (
        (await ops.get(`/api/appointments?date=${tomorrowInIndia}`)).body as {
          bookingReference: string;
          gateHint?: { decision: string; messages: string[] };
        }[]
      ).find((a) => a.bookingReference === booked.body.confirmationCode);
    let hint: { decision: string; messages: string[] } | undefined;
    for (let i = 0; i < 60 && !hint; i++) {
      hint = (await byReference())?.gateHint ?? undefined;
      if (!hint) await new Promise((r) => setTimeout(r, 250));
    }
    expect(hint).toMatchObject({ decision: 'DENY' });
    expect(hint!.messages).toEqual(
      expect.arrayContaining([
        expect.stringMatching(new RegExp(`^PUC certificate of ${F.expiredPuc} expired on`)),
        `E-way bill ${F.ewayCancelled} is cancelled`,
      ]),
    );
    // The answers are cached: the arrival's own check asks ULIP nothing new for this truck.
    expect(ulip.callCount('VAHAN/01', F.expiredPuc)).toBeGreaterThanOrEqual(1);
  }, 30_000);
});

describe('the gate panel', () => {
  it("counts today's allowed, held and denied trucks and the overrides", async () => {
    const res = await ops.get('/api/gate/today');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ date: localDateTime(new Date(), 'Asia/Kolkata').date });
    expect(res.body.allowed).toBeGreaterThanOrEqual(4);
    expect(res.body.held).toBeGreaterThanOrEqual(7);
    expect(res.body.denied).toBeGreaterThanOrEqual(5);
    expect(res.body.overridden).toBeGreaterThanOrEqual(1);
  });
});

describe('the scheduling list of a held truck', () => {
  it("carries the check-in's hold and its reason until the override, read for the truck's appointment", async () => {
    const held = await walkIn(ops, F.expiredPuc);
    expect(held.status, held.text).toBe(201);
    const today = localDateTime(new Date(), 'Asia/Kolkata').date;
    const listed = async () =>
      (await ops.get(`/api/appointments?date=${today}`)).body.find(
        (a: { id: string }) => a.id === held.body.appointmentId,
      );
    const before = await listed();
    expect(before.status).toBe('arrived');
    expect(before.gateHold.reasons).toHaveLength(1);
    expect(before.gateHold.reasons[0]).toMatch(new RegExp(`^PUC certificate of ${F.expiredPuc} expired on `));
    const clean = await walkIn(ops, F.clean);
    expect(
      (await ops.get(`/api/appointments?date=${today}`)).body.find(
        (a: { id: string }) => a.id === clean.body.appointmentId,
      ).gateHold,
    ).toBeUndefined();

    // Today's schedule as the screens poll it (issue #60): the hold; then, the day's changes so far
    // minutes old, a poll that finds nothing changed; then the override, which changes no appointment,
    // in the next poll: the appointment, no longer held.
    const polled = await pollToday(ops);
    const mine = (p: typeof polled) => p.appointments.find((a) => a.id === held.body.appointmentId);
    expect(mine(polled)!.gateHold!.reasons).toEqual(before.gateHold.reasons);
    await ageChangeNotes(DEMO_TENANT_ID, DEMO_FACILITY_ID, polled.date, 5 * 60_000);
    const quiet = await pollToday(ops, { since: polled.asOf });
    expect(quiet).toMatchObject({ full: false, appointments: [], removed: [] });

    const override = await yard.post(`/api/checkins/${held.body.id}/gate-override`, {
      reason: 'PUC renewed, paper seen at the gate',
    });
    expect(override.status, override.text).toBe(200);
    expect((await listed()).gateHold).toBeUndefined();
    const next = await pollToday(ops, { since: quiet.asOf });
    expect(next.full).toBe(false);
    expect(next.appointments.map((a) => a.id)).toEqual([held.body.appointmentId]);
    expect(mine(next)).toMatchObject({ status: 'arrived' });
    expect(mine(next)!.gateHold).toBeUndefined();
  });

  it('is given no yard spot until a yard manager lets it through', async () => {
    const waitingParked = await yard.post('/api/yard/assign-spots', { facilityId: DEMO_FACILITY_ID });
    expect(waitingParked.status, waitingParked.text).toBe(200);
    expect(waitingParked.body.stillWaiting).toBe(0);
    // A free spot (spots have no create route: written through the yard's own store).
    await createYardSpot(DEMO_TENANT_ID, DEMO_FACILITY_ID, `YH${Date.now() % 1000}`, null);

    // A vehicle number of its own (held for its driver's licence): an earlier test's truck with the
    // fixture's number may already stand on a spot, and one vehicle is never parked twice.
    const held = await walkIn(ops, `MH12YH${String(Date.now() % 10_000).padStart(4, '0')}`, {
      driverLicense: F.licenceNoTransport,
    });
    expect(held.body.gate.decision).toBe('HOLD');
    const whileHeld = await yard.post('/api/yard/assign-spots', { facilityId: DEMO_FACILITY_ID });
    expect(whileHeld.status, whileHeld.text).toBe(200);
    expect(whileHeld.body).toEqual({ placed: [], stillWaiting: 0 });

    const through = await yard.post(`/api/checkins/${held.body.id}/gate-override`, {
      reason: 'PUC renewed, paper seen at the gate',
    });
    expect(through.status, through.text).toBe(200);
    const letThrough = await yard.post('/api/yard/assign-spots', { facilityId: DEMO_FACILITY_ID });
    expect(letThrough.body.placed).toEqual([expect.objectContaining({ checkinId: held.body.id })]);
  });
});

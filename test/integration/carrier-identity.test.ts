// One login for a carrier across every hub (issue #59), through the real local HTTP path, written from
// the attacker's side too. Two hubs of two tenants (the demo hub and Acme); a platform carrier, keyed by
// its GSTIN, registers, signs in once by mobile code, is invited by one hub and asks the other, books at
// both through each hub's own rules, gives the same driver both bookings, and the driver's wallet holds
// both passes; each hub's staff see only their own booking. Then the refusals (a GSTIN failing its check
// character, an invitation to a carrier already linked, a booking at a hub that unlinked the carrier) in
// English and Hindi with nothing changed, another carrier at the same hub, a dispatcher against the
// owner, a driver of another carrier, and the audit trail. Expected values are written by hand.
import { randomInt, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, startTestApi, type TestApi } from '../support/api';
import { nextAddress, signInAsAcmeAdmin } from '../support/tenancy';
import { carrierSignedIn } from '../support/carrier-sign-in';
import { day } from '../support/appointments';
import { getPendingCode, openCode } from '../../functions/auth/sign-in-code.store';
import {
  getIdentity,
  identityOfGstin,
  listHubLinks,
  listPeople,
  personOfPhone,
} from '../../functions/carrier-identity/identity.store';
import { linkExistingCarriers } from '../../functions/carrier-identity/migration';
import { getDriver, listCarriers } from '../../functions/carriers';
import { listErasureRequests } from '../../functions/privacy/privacy.store';
import { listAudit } from '../../functions/lib/audit';
import { DEMO_FACILITY_ID, DEMO_TENANT_ID } from '../../functions/local/demo-ids';
import { gstinCheckCharacter } from '../../shared/gstin';

let api: TestApi;
let demoStaff: Client;
let acmeStaff: Client;
const ACME = 'acme';
const ACME_FACILITY = 'acme-chakan';

beforeAll(async () => {
  api = await startTestApi();
  demoStaff = new Client(api.url);
  await demoStaff.signIn('operations');
  acmeStaff = new Client(api.url);
  await signInAsAcmeAdmin(acmeStaff);
});
afterAll(() => api?.close());

const letters = () =>
  Array.from({ length: 5 }, () => String.fromCharCode(65 + randomInt(0, 26))).join('') +
  String(randomInt(1000, 9999)) +
  String.fromCharCode(65 + randomInt(0, 26));
/** A GSTIN that passes its check character: Maharashtra (27), a made-up PAN, entity 1, Z. */
const newGstin = () => {
  const first14 = `27${letters()}1Z`;
  return first14 + gstinCheckCharacter(first14);
};
/** The same GSTIN with a wrong check character. */
const badCheck = (gstin: string) => gstin.slice(0, 14) + (gstin[14] === 'A' ? 'B' : 'A');
const mobile = () => `9${String(randomInt(100_000_000, 999_999_999))}`;
const hindi = { headers: { 'accept-language': 'hi' } };

/** Signs a carrier person in by mobile code on a fresh client (the code read from its stored item). */
const signInByCode = (phone: string) => carrierSignedIn(api.url, phone);

async function registerCarrier(name: string) {
  const gstin = newGstin();
  const phone = mobile();
  const res = await new Client(api.url).post('/api/carrier-identity/register', {
    gstin,
    name,
    ownerName: `${name} Owner`,
    phoneNumber: phone,
  });
  expect(res.status, res.text).toBe(201);
  const owner = await signInByCode(phone);
  return { id: res.body.identity.id as string, gstin, phone, owner };
}

/** A dispatcher the owner added, signed in on a phone of their own. */
async function addedDispatcher(owner: Client, name: string): Promise<Client> {
  const phone = mobile();
  const added = await owner.post('/api/carrier-identity/people', { name, phoneNumber: phone, role: 'dispatcher' });
  expect(added.status, added.text).toBe(201);
  return signInByCode(phone);
}

async function hubCarrier(staff: Client, name: string): Promise<string> {
  const res = await staff.post('/api/carriers', { name, serviceTypes: ['FTL'] });
  expect(res.status, res.text).toBe(201);
  return res.body.id;
}

const slot = (facilityId: string, date: string, start: string, end: string, over: Record<string, unknown> = {}) => ({
  facilityId,
  scheduledDate: date,
  scheduledTimeStart: start,
  scheduledTimeEnd: end,
  loadType: 'inbound',
  ...over,
});

// First, on the demo data as copied for this file (nothing of the tests below made yet): the demo hub's
// three carrier records (Sahyadri, Ganga, Deccan; none has a GSTIN) and its one carrier-side account
// (Suresh Kumar, the driver of Sahyadri, +919800000004); the smoke-test tenant's one carrier record and
// its account, which has no mobile number (left); Acme, made by this file's set-up, has no carrier.
describe('the move from per-hub carriers (migration)', () => {
  it('links every carrier record and carrier account once, and a second run changes nothing', async () => {
    const records = (await listCarriers(DEMO_TENANT_ID)).map((c) => c.id).sort();
    expect(records).toEqual(['carrier-deccan', 'carrier-ganga', 'carrier-sahyadri']);
    expect(await listHubLinks(DEMO_TENANT_ID)).toEqual([]);
    expect(await personOfPhone('+919800000004')).toBeNull();

    const first = await linkExistingCarriers();
    expect(first).toEqual({
      tenants: 3,
      carrierRecords: 4,
      carriersMade: 4,
      linksMade: 4,
      peopleMade: 1,
      accountsLeft: 1,
    });
    expect((await listHubLinks('smoke')).map((l) => [l.carrierId, l.status])).toEqual([['smoke-carrier', 'linked']]);
    const links = await listHubLinks(DEMO_TENANT_ID);
    expect(links.map((l) => [l.carrierId, l.status, l.gstin]).sort()).toEqual([
      ['carrier-deccan', 'linked', null],
      ['carrier-ganga', 'linked', null],
      ['carrier-sahyadri', 'linked', null],
    ]);
    // One platform carrier per record, none shared: no duplicates.
    expect(new Set(links.map((l) => l.identityId)).size).toBe(3);
    const sahyadri = links.find((l) => l.carrierId === 'carrier-sahyadri')!;
    expect((await getIdentity(sahyadri.identityId))?.name).toBe('Sahyadri Roadways');
    // The driver's account is now the carrier's driver, with its hub driver record's id.
    expect(await personOfPhone('+919800000004')).toEqual({
      identityId: sahyadri.identityId,
      personId: 'driver-suresh',
    });
    expect((await listPeople(sahyadri.identityId)).map((p) => [p.name, p.role])).toEqual([['Suresh Kumar', 'driver']]);
    // Nothing of the hub changed: the same three records.
    expect((await listCarriers(DEMO_TENANT_ID)).map((c) => c.id).sort()).toEqual(records);

    const second = await linkExistingCarriers();
    expect(second).toEqual({
      tenants: 3,
      carrierRecords: 4,
      carriersMade: 0,
      linksMade: 0,
      peopleMade: 0,
      accountsLeft: 2,
    });
    expect(await listHubLinks(DEMO_TENANT_ID)).toEqual(links);
    expect(await listPeople(sahyadri.identityId)).toHaveLength(1);
    const audit = await listAudit(DEMO_TENANT_ID, { entityType: 'carrier-link', entityId: sahyadri.identityId });
    expect(audit.map((a) => a.action)).toEqual(['carrier-link.migrated']);
  });
});

describe('one carrier, two hubs of two tenants', () => {
  let fleet: Awaited<ReturnType<typeof registerCarrier>>;
  let demoRecord: string;
  let acmeRecord: string;
  let driverId: string;
  let driverPhone: string;
  const date = day(3);
  const booked: Record<string, string> = {};

  beforeAll(async () => {
    fleet = await registerCarrier('Vayu Roadlines');
    [demoRecord, acmeRecord] = await Promise.all([
      hubCarrier(demoStaff, 'Vayu Roadlines (Bhiwandi)'),
      hubCarrier(acmeStaff, 'Vayu Roadlines (Chakan)'),
    ]);
  });

  it('is linked to the demo hub by its invitation (by GSTIN) and to Acme by its own request', async () => {
    const invited = await demoStaff.post('/api/carrier-links/invitations', {
      gstin: fleet.gstin,
      carrierId: demoRecord,
    });
    expect(invited.status, invited.text).toBe(201);
    expect(invited.body).toMatchObject({ status: 'invited', carrierId: demoRecord, identityId: fleet.id });

    const invitations = await fleet.owner.get('/api/carrier-identity/invitations');
    expect(invitations.body.map((i: { tenantId: string }) => i.tenantId)).toEqual([DEMO_TENANT_ID]);
    const accepted = await fleet.owner.post(`/api/carrier-identity/invitations/${DEMO_TENANT_ID}/accept`);
    expect(accepted.status, accepted.text).toBe(200);
    expect(accepted.body.status).toBe('linked');

    const asked = await fleet.owner.post('/api/carrier-identity/link-requests', { hubId: ACME });
    expect(asked.status, asked.text).toBe(201);
    expect(asked.body).toMatchObject({ status: 'requested', carrierId: null });
    const acmeSees = await acmeStaff.get('/api/carrier-links');
    expect(acmeSees.body.map((l: { identityId: string; status: string }) => [l.identityId, l.status])).toEqual([
      [fleet.id, 'requested'],
    ]);
    const approved = await acmeStaff.post(`/api/carrier-links/requests/${fleet.id}/approve`, { carrierId: acmeRecord });
    expect(approved.status, approved.text).toBe(200);
    expect(approved.body).toMatchObject({ status: 'linked', carrierId: acmeRecord });

    const hubs = await fleet.owner.get('/api/carrier-identity/hubs');
    expect(hubs.status, hubs.text).toBe(200);
    const byHub = Object.fromEntries(hubs.body.map((h: { tenantId: string }) => [h.tenantId, h]));
    expect(Object.keys(byHub).sort()).toEqual([ACME, DEMO_TENANT_ID]);
    expect(byHub[DEMO_TENANT_ID].carrierId).toBe(demoRecord);
    expect(byHub[DEMO_TENANT_ID].facilities.map((f: { id: string }) => f.id)).toContain(DEMO_FACILITY_ID);
    expect(byHub[ACME].facilities.map((f: { id: string }) => f.id)).toEqual([ACME_FACILITY]);
    expect(byHub[ACME].bookingRules[ACME_FACILITY]).toMatchObject({ approvalRequired: false });
  });

  it('books at both hubs with one driver, signed in once, and the driver holds both passes', async () => {
    driverPhone = mobile();
    const driver = await fleet.owner.post('/api/carrier-identity/drivers', {
      name: 'Ramesh Yadav',
      phoneNumber: driverPhone,
      licenseNumber: 'MH1220110012345',
      language: 'hi',
    });
    expect(driver.status, driver.text).toBe(201);
    driverId = driver.body.id;

    const atDemo = await fleet.owner.post(
      `/api/carrier-identity/hubs/${DEMO_TENANT_ID}/bookings`,
      slot(DEMO_FACILITY_ID, date, '10:00', '11:00', { driverId }),
    );
    expect(atDemo.status, atDemo.text).toBe(201);
    const atAcme = await fleet.owner.post(
      `/api/carrier-identity/hubs/${ACME}/bookings`,
      slot(ACME_FACILITY, date, '11:00', '12:00', { driverId }),
    );
    expect(atAcme.status, atAcme.text).toBe(201);
    expect(atDemo.body.appointment).toMatchObject({ tenantId: DEMO_TENANT_ID, carrierId: demoRecord, driverId });
    expect(atAcme.body.appointment).toMatchObject({ tenantId: ACME, carrierId: acmeRecord, driverId });
    booked.demo = atDemo.body.appointment.id;
    booked.acme = atAcme.body.appointment.id;
    // Each hub's own copy of the driver, messaged in the language the carrier chose for them.
    for (const [tenantId, carrierId] of [
      [DEMO_TENANT_ID, demoRecord],
      [ACME, acmeRecord],
    ] as const)
      expect(await getDriver(tenantId, carrierId, driverId)).toMatchObject({
        name: 'Ramesh Yadav',
        preferredLanguage: 'hi',
      });

    const all = await fleet.owner.get(`/api/carrier-identity/bookings?date=${date}`);
    expect(
      all.body.map((b: { tenantId: string; appointment: { id: string } }) => [b.tenantId, b.appointment.id]).sort(),
    ).toEqual(
      [
        [ACME, booked.acme],
        [DEMO_TENANT_ID, booked.demo],
      ].sort(),
    );
    const onlyAcme = await fleet.owner.get(`/api/carrier-identity/bookings?date=${date}&hubId=${ACME}`);
    expect(onlyAcme.body.map((b: { appointment: { id: string } }) => b.appointment.id)).toEqual([booked.acme]);
    const cancelledOnly = await fleet.owner.get(`/api/carrier-identity/bookings?date=${date}&status=cancelled`);
    expect(cancelledOnly.body).toEqual([]);

    const driverApp = await signInByCode(driverPhone);
    const wallet = await driverApp.get('/api/carrier-identity/wallet');
    expect(wallet.status, wallet.text).toBe(200);
    expect(
      wallet.body.map((p: { tenantId: string; appointmentId: string }) => [p.tenantId, p.appointmentId]).sort(),
    ).toEqual(
      [
        [ACME, booked.acme],
        [DEMO_TENANT_ID, booked.demo],
      ].sort(),
    );
    expect(wallet.body.every((p: { token: string }) => typeof p.token === 'string' && p.token.length > 50)).toBe(true);
    // The driver holds the wallet only: no bookings, no hubs.
    expect((await driverApp.get(`/api/carrier-identity/bookings?date=${date}`)).status).toBe(403);

    // DPDP: each hub holds the driver's data as its own fiduciary; the driver's export and erasure reach both.
    const exported = await driverApp.get('/api/carrier-identity/privacy/export');
    expect(exported.status, exported.text).toBe(200);
    expect(
      exported.body
        .map((e: { tenantId: string; answer: { driver: { name: string } } }) => [e.tenantId, e.answer.driver.name])
        .sort(),
    ).toEqual([
      [ACME, 'Ramesh Yadav'],
      [DEMO_TENANT_ID, 'Ramesh Yadav'],
    ]);
    const erasure = await driverApp.post('/api/carrier-identity/privacy/erasure');
    expect(erasure.status, erasure.text).toBe(201);
    expect(
      erasure.body
        .map((e: { tenantId: string; answer: { driverId: string; status: string } }) => [
          e.tenantId,
          e.answer.driverId,
          e.answer.status,
        ])
        .sort(),
    ).toEqual([
      [ACME, driverId, 'pending'],
      [DEMO_TENANT_ID, driverId, 'pending'],
    ]);
    for (const hub of [ACME, DEMO_TENANT_ID])
      expect((await listErasureRequests(hub)).filter((r) => r.driverId === driverId)).toHaveLength(1);
    expect((await listHubLinks(ACME))[0]!.fiduciary).toMatch(/held by the hub as its own data fiduciary/);
    // The owner is not the driver: the driver's rights are theirs.
    expect((await fleet.owner.post('/api/carrier-identity/privacy/erasure')).status).toBe(403);
  });

  it("lets each hub's staff see only their own booking", async () => {
    expect((await demoStaff.get(`/api/appointments/${booked.demo}`)).status).toBe(200);
    expect((await demoStaff.get(`/api/appointments/${booked.acme}`)).status).toBe(404);
    expect((await acmeStaff.get(`/api/appointments/${booked.acme}`)).status).toBe(200);
    expect((await acmeStaff.get(`/api/appointments/${booked.demo}`)).status).toBe(404);
    const acmeLinks = await acmeStaff.get('/api/carrier-links');
    expect(acmeLinks.body.map((l: { identityId: string }) => l.identityId)).toEqual([fleet.id]);
  });

  it('refuses an invitation to a carrier already linked, in English and Hindi, and changes nothing', async () => {
    const before = await listHubLinks(DEMO_TENANT_ID);
    const en = await demoStaff.post('/api/carrier-links/invitations', { gstin: fleet.gstin, carrierId: demoRecord });
    expect([en.status, en.body.message]).toEqual([409, 'This carrier is already linked to your hub']);
    const hi = await demoStaff.post(
      '/api/carrier-links/invitations',
      { phoneNumber: fleet.phone, carrierId: demoRecord },
      hindi,
    );
    expect([hi.status, hi.body.message]).toEqual([409, 'यह कैरियर आपके हब से पहले से जुड़ा है']);
    expect(await listHubLinks(DEMO_TENANT_ID)).toEqual(before);
  });

  it('refuses a GSTIN failing its check character at registration and at invitation, and changes nothing', async () => {
    const gstin = newGstin();
    const body = { gstin: badCheck(gstin), name: 'Typo Travels', ownerName: 'T', phoneNumber: mobile() };
    const en = await new Client(api.url).post('/api/carrier-identity/register', body);
    expect(en.status).toBe(400);
    expect(en.body.errors.gstin).toBe('GSTIN check digit does not match. Please check the number for typing mistakes');
    const hi = await new Client(api.url).post('/api/carrier-identity/register', body, hindi);
    expect(hi.status).toBe(400);
    expect(hi.body.errors.gstin).not.toBe(en.body.errors.gstin);
    expect(hi.body.errors.gstin).toMatch(/[\u0900-\u097F]/);
    expect(await identityOfGstin(badCheck(gstin))).toBeNull();
    const invite = await demoStaff.post('/api/carrier-links/invitations', {
      gstin: badCheck(fleet.gstin),
      carrierId: demoRecord,
    });
    expect(invite.status).toBe(400);
    expect(invite.body.errors.gstin).toBe(
      'GSTIN check digit does not match. Please check the number for typing mistakes',
    );
  });

  it('refuses a second registration of the same GSTIN', async () => {
    const res = await new Client(api.url).post('/api/carrier-identity/register', {
      gstin: fleet.gstin,
      name: 'Copycat',
      ownerName: 'C',
      phoneNumber: mobile(),
    });
    expect([res.status, res.body.message]).toEqual([
      409,
      'A carrier with this GSTIN is already registered on DockSaathi',
    ]);
    expect(await identityOfGstin(fleet.gstin)).toBe(fleet.id);
  });

  it('keeps another carrier of the same hub out of this carrier’s bookings and drivers', async () => {
    const rival = await registerCarrier('Rival Cargo');
    const rivalRecord = await hubCarrier(demoStaff, 'Rival Cargo (Bhiwandi)');
    expect(
      (await demoStaff.post('/api/carrier-links/invitations', { phoneNumber: rival.phone, carrierId: rivalRecord }))
        .status,
    ).toBe(201);
    expect((await rival.owner.post(`/api/carrier-identity/invitations/${DEMO_TENANT_ID}/accept`)).status).toBe(200);
    // Its own day at the demo hub has none of Vayu's bookings; Acme is not its hub at all.
    expect((await rival.owner.get(`/api/carrier-identity/bookings?date=${date}`)).body).toEqual([]);
    expect((await rival.owner.get(`/api/carrier-identity/bookings?date=${date}&hubId=${ACME}`)).body).toEqual([]);
    const notLinked = await rival.owner.post(
      `/api/carrier-identity/hubs/${ACME}/bookings`,
      slot(ACME_FACILITY, date, '13:00', '14:00'),
    );
    expect([notLinked.status, notLinked.body.message]).toEqual([403, 'Your carrier is not linked to this hub']);
    // Vayu's appointment at the shared hub is not found to it; Vayu's driver is not its driver.
    const cancel = await rival.owner.post(
      `/api/carrier-identity/hubs/${DEMO_TENANT_ID}/bookings/${booked.demo}/cancel`,
      {
        reason: 'Trying to cancel a rival booking',
      },
    );
    expect(cancel.status).toBe(404);
    const withVayuDriver = await rival.owner.post(
      `/api/carrier-identity/hubs/${DEMO_TENANT_ID}/bookings`,
      slot(DEMO_FACILITY_ID, date, '14:00', '15:00', { driverId }),
    );
    expect(withVayuDriver.status).toBe(404);
    expect((await rival.owner.get('/api/carrier-identity/drivers')).body).toEqual([]);
    // The hub's record of Vayu cannot be given to a third carrier; a GSTIN nobody registered is not found.
    const third = newGstin();
    const registered = await new Client(api.url).post('/api/carrier-identity/register', {
      gstin: third,
      name: 'Third Wheel',
      ownerName: 'T',
      phoneNumber: mobile(),
    });
    expect(registered.status).toBe(201);
    const taken = await demoStaff.post('/api/carrier-links/invitations', { gstin: third, carrierId: demoRecord });
    expect([taken.status, taken.body.message]).toEqual([
      409,
      'This carrier record of your hub is already linked to another carrier',
    ]);
    const nobody = await demoStaff.post('/api/carrier-links/invitations', { gstin: newGstin(), carrierId: demoRecord });
    expect(nobody.status).toBe(404);
  });

  it('gives a dispatcher bookings but not the owner’s links and people', async () => {
    const dispatcher = await addedDispatcher(fleet.owner, 'Dinesh Dispatch');
    expect((await dispatcher.get(`/api/carrier-identity/bookings?date=${date}`)).body).toHaveLength(2);
    expect((await dispatcher.post('/api/carrier-identity/link-requests', { hubId: 'some-hub' })).status).toBe(403);
    expect(
      (await dispatcher.post('/api/carrier-identity/people', { name: 'X', phoneNumber: mobile(), role: 'dispatcher' }))
        .status,
    ).toBe(403);
    // A carrier's person holds no hub permission; a hub's staff none of the carrier's.
    expect((await dispatcher.get('/api/appointments')).status).toBe(403);
    expect((await dispatcher.get('/api/carrier-links')).status).toBe(403);
    expect((await demoStaff.get('/api/carrier-identity/hubs')).status).toBe(403);
  });

  it('ends the carrier’s access to a hub that unlinks it at once, the session included', async () => {
    const unlinked = await acmeStaff.request('DELETE', `/api/carrier-links/${fleet.id}`);
    expect(unlinked.status, unlinked.text).toBe(200);
    const body = slot(ACME_FACILITY, day(4), '10:00', '11:00');
    const en = await fleet.owner.post(`/api/carrier-identity/hubs/${ACME}/bookings`, body);
    expect([en.status, en.body.message]).toEqual([403, 'Your carrier is not linked to this hub']);
    const hi = await fleet.owner.post(`/api/carrier-identity/hubs/${ACME}/bookings`, body, hindi);
    expect([hi.status, hi.body.message]).toEqual([403, 'आपका कैरियर इस हब से जुड़ा नहीं है']);
    const cancel = await fleet.owner.post(`/api/carrier-identity/hubs/${ACME}/bookings/${booked.acme}/cancel`, {
      reason: 'Consignee closed for stock-taking',
    });
    expect(cancel.status).toBe(403);
    expect((await acmeStaff.get(`/api/appointments/${booked.acme}`)).body.status).toBe('scheduled');
    const hubs = await fleet.owner.get('/api/carrier-identity/hubs');
    expect(hubs.body.map((h: { tenantId: string }) => h.tenantId)).toEqual([DEMO_TENANT_ID]);
    const day3 = await fleet.owner.get(`/api/carrier-identity/bookings?date=${date}`);
    expect(day3.body.map((b: { tenantId: string }) => b.tenantId)).toEqual([DEMO_TENANT_ID]);
    // Nothing booked at Acme for day 4.
    const acmeDay = await acmeStaff.get(`/api/appointments?date=${day(4)}`);
    expect(acmeDay.body.filter?.((a: { carrierId: string }) => a.carrierId === acmeRecord) ?? []).toEqual([]);
  });

  it('asks a linked hub for a new time through that hub’s reschedule flow', async () => {
    const wish = {
      newDate: day(5),
      newTimeStart: '14:00',
      newTimeEnd: '15:00',
      reason: 'schedule_change',
      reasonDetails: 'Consignee moved the unloading to the afternoon',
    };
    const res = await fleet.owner.post(
      `/api/carrier-identity/hubs/${DEMO_TENANT_ID}/bookings/${booked.demo}/reschedule`,
      wish,
    );
    expect(res.status, res.text).toBe(201);
    expect(res.body.request).toMatchObject({ appointmentId: booked.demo, newDate: day(5), status: 'pending' });
    // The hub's staff see it among their pending requests; the appointment keeps its time until they decide.
    const pending = await demoStaff.get('/api/reschedules/pending');
    expect(pending.body.map((r: { appointmentId: string }) => r.appointmentId)).toContain(booked.demo);
    expect((await demoStaff.get(`/api/appointments/${booked.demo}`)).body.scheduledDate).toBe(date);
  });

  it('cancels at a linked hub under that hub’s rules', async () => {
    const res = await fleet.owner.post(`/api/carrier-identity/hubs/${DEMO_TENANT_ID}/bookings/${booked.demo}/cancel`, {
      reason: 'Truck broke down on the highway',
    });
    expect(res.status, res.text).toBe(200);
    expect(res.body.appointment.status).toBe('cancelled');
  });

  it('keeps an audit trail of invitation, acceptance, request, approval and unlinking at each hub', async () => {
    const actions = async (tenantId: string) =>
      (await listAudit(tenantId, { entityType: 'carrier-link', entityId: fleet.id })).map((a) => a.action).sort();
    expect(await actions(DEMO_TENANT_ID)).toEqual(['carrier-link.accepted', 'carrier-link.invited']);
    expect(await actions(ACME)).toEqual(['carrier-link.approved', 'carrier-link.requested', 'carrier-link.unlinked']);
  });
});

describe('sign-in by mobile code', () => {
  it('answers a carrier person’s number and a stranger’s in the same words', async () => {
    const fleet = await registerCarrier(`Same Words ${randomUUID().slice(0, 4)}`);
    const guest = new Client(api.url);
    const held = await guest.post(
      '/api/carrier-identity/mobile-code',
      { phoneNumber: fleet.phone },
      { localAddress: nextAddress() },
    );
    const unheld = await guest.post(
      '/api/carrier-identity/mobile-code',
      { phoneNumber: mobile() },
      { localAddress: nextAddress() },
    );
    expect([held.status, unheld.status]).toEqual([200, 200]);
    expect(held.body).toEqual(unheld.body);
    const wrong = await guest.post(
      '/api/carrier-identity/mobile-code/verify',
      { phoneNumber: fleet.phone, code: '000000' },
      { localAddress: nextAddress() },
    );
    expect([wrong.status, wrong.body.message]).toEqual([401, 'The code is wrong or has expired. Request a new code.']);
    const me = await fleet.owner.get('/api/carrier-identity/me');
    expect(me.body.identity.gstin).toBe(fleet.gstin);
    expect(me.body.person.role).toBe('owner');
  });
});

describe('a person’s language', () => {
  it('comes with their session, follows a switch on a screen to every device, and is kept with an audit record', async () => {
    // Prepare: an owner registered on an English screen
    const fleet = await registerCarrier(`Bhasha ${randomUUID().slice(0, 4)}`);
    const person = (await fleet.owner.get('/api/carrier-identity/me')).body.person as { id: string };
    expect((await fleet.owner.get('/api/auth/user')).body.language).toBe('en');
    // Act: the owner switches to Hindi on a screen
    const switched = await fleet.owner.request('PATCH', '/api/carrier-identity/me/language', {
      body: { language: 'hi' },
    });
    // Assess: this session, a new sign-in elsewhere and the person's record read Hindi
    expect(switched.status, switched.text).toBe(200);
    expect(switched.body).toEqual({ language: 'hi' });
    expect((await fleet.owner.get('/api/auth/user')).body.language).toBe('hi');
    const elsewhere = await signInByCode(fleet.phone);
    expect((await elsewhere.get('/api/auth/user')).body.language).toBe('hi');
    expect((await listPeople(fleet.id)).find((p) => p.id === person.id)?.language).toBe('hi');
    const trail = await listAudit(`carrier~${fleet.id}`, { entityType: 'carrier-person', entityId: person.id });
    expect(trail.map((r) => [r.action, r.before, r.after])).toEqual([
      ['carrier-identity.language-changed', { language: 'en' }, { language: 'hi' }],
    ]);
  });

  it('refuses a language it does not have, in English and Hindi, and a hub’s staff, changing nothing', async () => {
    // Prepare
    const fleet = await registerCarrier(`Bhasha Galat ${randomUUID().slice(0, 4)}`);
    const staffBefore = (await demoStaff.get('/api/auth/user')).body.language;
    // Act
    const french = await fleet.owner.request('PATCH', '/api/carrier-identity/me/language', {
      body: { language: 'fr' },
    });
    const inHindi = await fleet.owner.request('PATCH', '/api/carrier-identity/me/language', {
      body: { language: 'fr' },
      ...hindi,
    });
    const staff = await demoStaff.request('PATCH', '/api/carrier-identity/me/language', { body: { language: 'hi' } });
    // Assess
    expect([french.status, french.body.errors]).toEqual([400, { language: 'Choose English or Hindi' }]);
    expect([inHindi.status, inHindi.body.errors]).toEqual([400, { language: 'अंग्रेज़ी या हिंदी चुनें' }]);
    expect(staff.status).toBe(403);
    expect((await fleet.owner.get('/api/auth/user')).body.language).toBe('en');
    expect((await demoStaff.get('/api/auth/user')).body.language).toBe(staffBefore);
  });
});

describe('a person who left', () => {
  /** A carrier linked to the demo hub, with a driver who signed in and was booked there once. */
  async function carrierWithDriver(name: string) {
    const fleet = await registerCarrier(name);
    const record = await hubCarrier(demoStaff, `${name} (Bhiwandi)`);
    expect(
      (await demoStaff.post('/api/carrier-links/invitations', { gstin: fleet.gstin, carrierId: record })).status,
    ).toBe(201);
    expect((await fleet.owner.post(`/api/carrier-identity/invitations/${DEMO_TENANT_ID}/accept`)).status).toBe(200);
    const phone = mobile();
    const added = await fleet.owner.post('/api/carrier-identity/drivers', {
      name: 'Mohan Lal',
      phoneNumber: phone,
      licenseNumber: 'MH1220150054321',
      language: 'en',
    });
    expect(added.status, added.text).toBe(201);
    const driver = { id: added.body.id as string, phone, app: await signInByCode(phone) };
    const booked = await fleet.owner.post(
      `/api/carrier-identity/hubs/${DEMO_TENANT_ID}/bookings`,
      slot(DEMO_FACILITY_ID, day(4), '09:00', '10:00', { driverId: driver.id }),
    );
    expect(booked.status, booked.text).toBe(201);
    return { fleet, record, driver };
  }

  it('is removed by the owner: their session ends, their number signs in no more and may join another carrier, and they are booked nowhere', async () => {
    // Prepare
    const { fleet, record, driver } = await carrierWithDriver(`Chhod Gaya ${randomUUID().slice(0, 4)}`);
    expect((await driver.app.get('/api/carrier-identity/me')).status).toBe(200);
    // Act
    const removed = await fleet.owner.request('DELETE', `/api/carrier-identity/people/${driver.id}`);
    // Assess: gone from the carrier, their open session with them
    expect(removed.status, removed.text).toBe(204);
    expect((await fleet.owner.get('/api/carrier-identity/drivers')).body).toEqual([]);
    expect((await driver.app.get('/api/carrier-identity/me')).status).toBe(401);
    // Their number answers as a stranger's: the code it gets signs in as no one.
    const guest = new Client(api.url);
    const localAddress = nextAddress();
    await guest.post('/api/carrier-identity/mobile-code', { phoneNumber: driver.phone }, { localAddress });
    const code = await openCode((await getPendingCode(`+91${driver.phone}`))!.sealedCode!);
    const again = await guest.post(
      '/api/carrier-identity/mobile-code/verify',
      { phoneNumber: driver.phone, code },
      { localAddress },
    );
    expect(again.status).toBe(401);
    // The hub's copy of them stays with the hub's booking, but the carrier books them nowhere now.
    expect(await getDriver(DEMO_TENANT_ID, record, driver.id)).toMatchObject({ name: 'Mohan Lal' });
    const rebooked = await fleet.owner.post(
      `/api/carrier-identity/hubs/${DEMO_TENANT_ID}/bookings`,
      slot(DEMO_FACILITY_ID, day(4), '11:00', '12:00', { driverId: driver.id }),
    );
    expect([rebooked.status, rebooked.body.message]).toEqual([404, 'Driver not found']);
    // The number may join another carrier.
    const other = await registerCarrier(`Naya Ghar ${randomUUID().slice(0, 4)}`);
    const joined = await other.owner.post('/api/carrier-identity/drivers', {
      name: 'Mohan Lal',
      phoneNumber: driver.phone,
      licenseNumber: 'MH1220150054321',
      language: 'en',
    });
    expect(joined.status, joined.text).toBe(201);
    const trail = await listAudit(`carrier~${fleet.id}`, { entityType: 'carrier-person', entityId: driver.id });
    expect(trail.map((r) => [r.action, r.before])).toContainEqual([
      'carrier-identity.driver-removed',
      { name: 'Mohan Lal', role: 'driver' },
    ]);
  });

  it('is refused for the owner (English and Hindi), another carrier’s person, a dispatcher asking and a hub’s staff, changing nothing', async () => {
    // Prepare
    const { fleet, driver } = await carrierWithDriver(`Rok ${randomUUID().slice(0, 4)}`);
    const owner = (await fleet.owner.get('/api/carrier-identity/me')).body.person as { id: string };
    const dispatcherApp = await addedDispatcher(fleet.owner, 'Sunita Rao');
    const stranger = await registerCarrier(`Paraya ${randomUUID().slice(0, 4)}`);
    const remove = (client: Client, id: string, options = {}) =>
      client.request('DELETE', `/api/carrier-identity/people/${id}`, options);
    // Act
    const self = await remove(fleet.owner, owner.id);
    const selfInHindi = await remove(fleet.owner, owner.id, hindi);
    const theirs = await remove(stranger.owner, driver.id);
    const byDispatcher = await remove(dispatcherApp, driver.id);
    const byHub = await remove(demoStaff, driver.id);
    const unknown = await remove(fleet.owner, randomUUID());
    // Assess
    expect([self.status, self.body.message]).toEqual([409, 'The owner cannot be removed']);
    expect([selfInHindi.status, selfInHindi.body.message]).toEqual([409, 'मालिक को हटाया नहीं जा सकता']);
    expect([theirs.status, theirs.body.message]).toEqual([404, 'Person not found']);
    expect([byDispatcher.status, byHub.status, unknown.status]).toEqual([403, 403, 404]);
    expect((await listPeople(fleet.id)).map((p) => p.role).sort()).toEqual(['dispatcher', 'driver', 'owner']);
    expect((await driver.app.get('/api/carrier-identity/me')).status).toBe(200);
  });
});

// Dwell and detention (issue #57) through the real local HTTP path: a facility's terms saved and read
// back (bad terms refused, nothing changed), trucks of yesterday moved along their flow at set times
// of the hub's clock (IST) so every figure is worked out by hand from the rules (free time from the
// window's start or gate-in, per started hour, grace, the carrier's own paperwork), staff events and
// corrections (the first original kept, audited; one out of order refused), who may read a truck (its
// carrier's people, not another carrier's; another tenant: not found), and the evidence pack issued and
// checked on the public verify route (an edited code is unknown). The file makes its own facility,
// carriers and trucks in the demo company; another company signs up for the isolation checks.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, startTestApi, type TestApi } from '../support/api';
import { signUpOrganisation, type Organisation } from '../support/tenancy';
import { APPLICANT_PASSWORD, pendingRegistration } from '../support/users';
import { bookAppointment, contextOf } from '../../functions/appointments';
import { changeAppointmentStatus, changeCheckinStatus, checkInAppointment } from '../../functions/checkins';
import { findUserByIdentifier, toSessionUser } from '../../functions/users/user.store';
import { listAudit } from '../../functions/lib/audit';
import { DEMO_TENANT_ID } from '../../functions/local/demo-ids';
import { addDays, localDateTime } from '../../shared/time';
import type { AppointmentStatus } from '../../shared/contracts/appointments';

let api: TestApi;
let admin: Client;
let ops: Client;
let carrierUser: Client;
let other: Organisation;
let facilityId: string;
let ownCarrier: string;
let otherCarrier: string;

const run = randomUUID().slice(0, 4).toUpperCase();
/** Yesterday on the hub's clock (India): every time of the trucks is in the past, whenever the test runs. */
const day = addDays(localDateTime(new Date(), 'Asia/Kolkata').date, -1);
const at = (time: string) => new Date(`${day}T${time}:00+05:30`);
const iso = (time: string) => at(time).toISOString();

const operations = async () => toSessionUser((await findUserByIdentifier('operations'))!);
let plate = 0;

/** A truck of the day, booked that morning through the service (a past day cannot be booked over HTTP). */
async function truck(start: string, end: string, carrierId = ownCarrier) {
  const booked = await bookAppointment(
    await operations(),
    {
      facilityId,
      carrierId,
      driverId: null,
      dockDoorId: null,
      laborInchargeId: null,
      vehicleLicense: `MH14${run
        .replace(/[^A-Z]/g, 'X')
        .slice(0, 2)
        .padEnd(2, 'X')}${1000 + ++plate}`,
      scheduledDate: day,
      scheduledTimeStart: start,
      scheduledTimeEnd: end,
      loadType: 'inbound',
      priority: 'normal',
      bookedBy: 'carrier',
      poNumber: null,
      bolNumber: null,
      palletCount: null,
      cartonCount: null,
      estimatedDuration: 60,
      specialInstructions: null,
      handlingEquipmentNotes: null,
    },
    at('00:00'),
  );
  return booked;
}

/** Moves the truck's appointment through the statuses, each at its time of the day. */
async function moves(id: string, steps: [AppointmentStatus, string][]) {
  const ctx = contextOf(await operations());
  for (const [status, time] of steps) await changeAppointmentStatus(ctx, id, status, at(time));
}

const detention = async (id: string, client = ops) => {
  const res = await client.get(`/api/detention/appointments/${id}`);
  expect(res.status, res.text).toBe(200);
  return res.body;
};
const eventOf = (truck: { timeline: { event: string }[] }, event: string) =>
  truck.timeline.find((e) => e.event === event);

beforeAll(async () => {
  api = await startTestApi();
  [admin, ops] = [new Client(api.url), new Client(api.url)];
  await Promise.all([admin.signIn('admin'), ops.signIn('operations')]);
  const facility = await ops.post('/api/facilities', {
    name: `Chakan Detention ${run}`,
    address: 'Plot 7, MIDC Phase II, Chakan',
    operatingHoursStart: '00:00',
    operatingHoursEnd: '23:45',
  });
  expect(facility.status, facility.text).toBe(201);
  facilityId = facility.body.id;
  const carrier = async (name: string) => {
    const res = await admin.post('/api/carriers', { name: `${name} ${run}`, serviceTypes: ['FTL'] });
    expect(res.status, res.text).toBe(201);
    return res.body.id as string;
  };
  [ownCarrier, otherCarrier] = [await carrier('Sahyadri Roadlines'), await carrier('Deccan Haulers')];
  // A transporter's account linked to the first carrier (a registration approved with that carrier).
  const applicant = await pendingRegistration(DEMO_TENANT_ID, 'transporter_company', { userType: 'external_user' });
  const approved = await admin.post(`/api/admin/approve-user/${applicant.id}`, {
    role: 'transporter_company',
    carrierId: ownCarrier,
  });
  expect(approved.status, approved.text).toBe(200);
  carrierUser = new Client(api.url);
  await carrierUser.signIn(applicant.email, APPLICANT_PASSWORD);
  other = await signUpOrganisation(api.url);
}, 120_000);
afterAll(async () => {
  await api?.close();
});

// The facility's terms for a 32 ft multi-axle, its default class (bookings carry no class): two hours
// free, ₹750 per started hour, half an hour's grace, ₹1,500 for a late truck.
const TERMS = { vehicleClass: 'mxl_32ft', freeMinutes: 120, rateRupees: 750, graceMinutes: 30, lateFeeRupees: 1500 };

describe('detention terms', () => {
  it('reads the defaults, saves a class with its audit record and reads it back', async () => {
    const terms = `/api/detention/terms?facilityId=${facilityId}`;
    const before = await admin.get(terms);
    expect(before.status, before.text).toBe(200);
    expect(before.body).toMatchObject({ facilityId, defaultVehicleClass: 'mxl_32ft', revision: 0, updatedAt: null });
    expect(before.body.classes.map((c: { vehicleClass: string }) => c.vehicleClass)).toEqual([
      'lcv_14ft',
      'sxl_20ft',
      'mxl_32ft',
      'trailer_40ft',
    ]);
    // Until saved: two hours free, half an hour's grace, nothing charged either way.
    expect(before.body.classes[2]).toEqual({
      vehicleClass: 'mxl_32ft',
      freeMinutes: 120,
      ratePaisePerHour: 0,
      rateRupees: 0,
      graceMinutes: 30,
      lateFeePaise: 0,
      lateFeeRupees: 0,
      saved: false,
    });

    const saved = await admin.request('PUT', terms, { body: { ...TERMS, rateRupees: 750.5, defaultClass: true } });
    expect(saved.status, saved.text).toBe(200);
    const fixed = await admin.request('PUT', terms, { body: { ...TERMS, revision: 1 } });
    expect(fixed.status, fixed.text).toBe(200);

    const after = (await admin.get(terms)).body;
    expect(after).toMatchObject({ defaultVehicleClass: 'mxl_32ft', revision: 2 });
    expect(after.classes[2]).toEqual({
      vehicleClass: 'mxl_32ft',
      freeMinutes: 120,
      ratePaisePerHour: 75_000,
      rateRupees: 750,
      graceMinutes: 30,
      lateFeePaise: 150_000,
      lateFeeRupees: 1500,
      saved: true,
    });
    expect(after.classes[0].saved).toBe(false);
    const trail = await listAudit(DEMO_TENANT_ID, { entityType: 'detention-terms', entityId: facilityId });
    expect(trail.map((r) => r.action)).toEqual(['detention.terms', 'detention.terms']);
    expect(
      (trail[0]!.before as { classes: { mxl_32ft: { ratePaisePerHour: number } } }).classes.mxl_32ft,
    ).toMatchObject({ ratePaisePerHour: 75_050 });
  });

  it('refuses a rate below zero, an unknown class and a stale revision, and changes nothing', async () => {
    const terms = `/api/detention/terms?facilityId=${facilityId}`;
    const negative = await admin.request('PUT', terms, { body: { ...TERMS, rateRupees: -1 } });
    expect([negative.status, negative.body.errors]).toEqual([
      400,
      { rateRupees: 'Detention rate (₹ per started hour) must be between 0 and 1,00,000' },
    ]);
    const unknown = await admin.request('PUT', terms, { body: { ...TERMS, vehicleClass: 'tempo_7ft' } });
    expect([unknown.status, unknown.body.errors]).toEqual([400, { vehicleClass: 'Choose a vehicle class' }]);
    const stale = await admin.request('PUT', terms, { body: { ...TERMS, rateRupees: 900, revision: 0 } });
    expect(stale.status, stale.text).toBe(409);

    const after = (await admin.get(terms)).body;
    expect(after.revision).toBe(2);
    expect(after.classes[2].ratePaisePerHour).toBe(75_000);
  });

  it('is the admin’s: a carrier’s people may not read it, another company does not find the facility', async () => {
    expect((await carrierUser.get(`/api/detention/terms?facilityId=${facilityId}`)).status).toBe(403);
    expect((await other.admin.get(`/api/detention/terms?facilityId=${facilityId}`)).status).toBe(404);
  });
});

describe("a truck's detention", () => {
  it('charges an on-time truck kept 3 h with 2 h free one started hour', async () => {
    // Window 10:00; in at 10:00, work from 10:40, out at 13:00: 180 min, 40 waiting for a door and
    // 140 at it. The free 120 min from 10:00 take the 40 and 80 of the door's: 60 min past them, one
    // started hour at ₹750.
    const a = await truck('10:00', '11:00');
    await moves(a.id, [
      ['arrived', '10:00'],
      ['loading', '10:40'],
      ['departed', '13:00'],
    ]);
    const t = await detention(a.id);
    expect(t).toMatchObject({ bookingReference: a.bookingReference, vehicleClass: 'mxl_32ft', status: 'departed' });
    expect(t.timeline).toEqual([
      { event: 'gate_in', at: iso('10:00'), source: 'status_change' },
      { event: 'work_started', at: iso('10:40'), source: 'status_change' },
      { event: 'gate_out', at: iso('13:00'), source: 'status_change' },
    ]);
    expect(t.assessment).toMatchObject({
      arrival: 'on_time',
      lateByMinutes: 0,
      open: false,
      dwellMinutes: 180,
      doorWaitMinutes: 40,
      atDoorMinutes: 140,
      clockStartsAt: iso('10:00'),
      minutesByCause: { door_wait: 40, at_door: 140, documents: 0, hub_hold: 0 },
      detentionMinutesByCause: { door_wait: 0, at_door: 60, documents: 0, hub_hold: 0 },
      detentionMinutes: 60,
      chargedHours: 1,
      detentionPaise: 75_000,
      lateFeePaise: 0,
    });
    expect(t.evidence).toEqual({ final: true, hash: null, issuedAt: null });
  });

  it('gives a truck past its grace no detention and charges the late fee', async () => {
    // Window 12:00, grace 30 min: in at 12:45 is late. Its 4 h are its own; the fee is ₹1,500.
    const a = await truck('12:00', '13:00');
    await moves(a.id, [
      ['arrived', '12:45'],
      ['unloading', '13:00'],
      ['departed', '16:45'],
    ]);
    expect((await detention(a.id)).assessment).toMatchObject({
      arrival: 'late',
      lateByMinutes: 45,
      dwellMinutes: 240,
      doorWaitMinutes: 15,
      atDoorMinutes: 225,
      clockStartsAt: null,
      detentionMinutes: 0,
      chargedHours: 0,
      detentionPaise: 0,
      lateFeePaise: 150_000,
    });
  });

  it('leaves documents late on the carrier’s side out of the free time and the detention', async () => {
    // Window 14:00; checked in at 13:50 (early: the clock starts at 14:00), at the door 14:20, work
    // 14:25-15:30, documents done 17:00 (the carrier's 90 min), out 18:30. The free 120 min take the
    // 20 min waiting after 14:00, the 70 at the door and 30 of the 90 the hub held the truck after the
    // documents: 60 min, one started hour. (Had the hub been late with them, 150 min: three hours.)
    const a = await truck('14:00', '15:00');
    const ctx = contextOf(await operations());
    const checkin = await checkInAppointment(
      ctx,
      a.id,
      { driverName: 'Ramesh Patil', vehicleLicense: a.vehicleLicense },
      'manual',
      at('13:50'),
    );
    for (const [status, time] of [
      ['at_dock', '14:20'],
      ['unloading', '14:25'],
      ['completed', '15:30'],
      ['departed', '18:30'],
    ] as const)
      await changeCheckinStatus(ctx, checkin.id, status, at(time));

    const recorded = await ops.post(`/api/detention/appointments/${a.id}/events`, {
      event: 'documents_done',
      at: iso('17:00'),
      lateParty: 'carrier',
    });
    expect(recorded.status, recorded.text).toBe(201);
    const t = recorded.body;
    expect(t.timeline.map((e: { event: string; at: string; source: string }) => [e.event, e.at, e.source])).toEqual([
      ['gate_in', iso('13:50'), 'staff'],
      ['at_door', iso('14:20'), 'status_change'],
      ['work_started', iso('14:25'), 'status_change'],
      ['work_finished', iso('15:30'), 'status_change'],
      ['documents_done', iso('17:00'), 'staff_correction'],
      ['gate_out', iso('18:30'), 'status_change'],
    ]);
    expect(t.documentsLateParty).toBe('carrier');
    expect(t.assessment).toMatchObject({
      arrival: 'early',
      lateByMinutes: -10,
      dwellMinutes: 280,
      doorWaitMinutes: 30,
      atDoorMinutes: 70,
      clockStartsAt: iso('14:00'),
      minutesByCause: { door_wait: 30, at_door: 70, documents: 90, hub_hold: 90 },
      carrierMinutes: 90,
      detentionMinutesByCause: { door_wait: 0, at_door: 0, documents: 0, hub_hold: 60 },
      detentionMinutes: 60,
      chargedHours: 1,
      detentionPaise: 75_000,
    });
    // Documents done once: a second record is refused (its time is corrected instead).
    const again = await ops.post(`/api/detention/appointments/${a.id}/events`, { event: 'documents_done' });
    expect([again.status, again.body.message]).toEqual([
      409,
      'This event is already on the timeline: correct its time instead',
    ]);
  });

  it('corrects a gate-out keeping the first original, with who and why, audited; refuses one before gate-in', async () => {
    // Window 08:00, in at 08:00, out at 11:20: 200 min, 80 past the free time, two started hours.
    const a = await truck('08:00', '09:00');
    await moves(a.id, [
      ['arrived', '08:00'],
      ['departed', '11:20'],
    ]);
    expect((await detention(a.id)).assessment).toMatchObject({ dwellMinutes: 200, chargedHours: 2 });
    const me = (await ops.get('/api/auth/user')).body;
    const by = [me.firstName, me.lastName].filter(Boolean).join(' ');
    const correct = (time: string, reason: string) =>
      ops.post(`/api/detention/appointments/${a.id}/corrections`, { event: 'gate_out', at: iso(time), reason });

    const first = await correct('11:00', 'Gate register: out at 11:00');
    expect(first.status, first.text).toBe(201);
    expect(first.body.assessment).toMatchObject({ dwellMinutes: 180, detentionMinutes: 60, chargedHours: 1 });
    // 11:05 is 185 min: 65 past the free time, two started hours again; the original stays 11:20.
    const second = await correct('11:05', 'CCTV: out at 11:05');
    expect(second.status, second.text).toBe(201);
    expect(eventOf(second.body, 'gate_out')).toEqual({
      event: 'gate_out',
      at: iso('11:05'),
      source: 'staff_correction',
      correction: {
        original: { at: iso('11:20'), source: 'status_change' },
        by,
        reason: 'CCTV: out at 11:05',
        correctedAt: expect.any(String),
      },
    });
    expect(second.body.assessment).toMatchObject({ dwellMinutes: 185, detentionMinutes: 65, chargedHours: 2 });
    expect(second.body.assessment.detentionPaise).toBe(150_000);

    const refused = await correct('07:30', 'Typed the wrong day');
    expect([refused.status, refused.body]).toEqual([
      400,
      { message: 'Gate-out cannot be before gate-in', errors: { at: 'Gate-out cannot be before gate-in' } },
    ]);
    expect(eventOf(await detention(a.id), 'gate_out')).toMatchObject({ at: iso('11:05') });
    const trail = await listAudit(DEMO_TENANT_ID, { entityType: 'detention', entityId: a.id });
    expect(trail.map((r) => r.action)).toEqual(['detention.correction', 'detention.correction']);
    expect(trail.map((r) => (r.before as { at: string }).at)).toEqual([iso('11:00'), iso('11:20')]);
  });

  it('is read by its own carrier’s people, not another carrier’s; another company does not find it', async () => {
    const own = await truck('16:00', '17:00');
    const theirs = await truck('16:00', '17:00', otherCarrier);
    await moves(own.id, [['arrived', '16:05']]);
    expect((await detention(own.id, carrierUser)).assessment).toMatchObject({ arrival: 'on_time', open: true });
    const hidden = await carrierUser.get(`/api/detention/appointments/${theirs.id}`);
    expect([hidden.status, hidden.body.message]).toEqual([404, 'Appointment not found']);
    // Only staff record on a truck's timeline.
    const byCarrier = await carrierUser.post(`/api/detention/appointments/${own.id}/events`, {
      event: 'holding_area',
    });
    expect(byCarrier.status).toBe(403);
    for (const path of ['', '/evidence.csv', '/evidence.pdf'])
      expect((await other.admin.get(`/api/detention/appointments/${own.id}${path}`)).status, path).toBe(404);
    const intruder = await other.admin.post(`/api/detention/appointments/${own.id}/corrections`, {
      event: 'gate_in',
      at: iso('16:00'),
      reason: 'Taken over',
    });
    expect(intruder.status).toBe(404);
    // A truck still at the hub: its figures are not final, and its pack holds them so far.
    expect((await detention(own.id)).evidence).toEqual({ final: false, hash: null, issuedAt: null });
    const sofar = await carrierUser.get(`/api/detention/appointments/${own.id}/evidence.csv`);
    expect(sofar.status, sofar.text).toBe(200);
    expect(sofar.text).toContain(`${own.bookingReference},Gate-in,${day} 16:05,Status change,,,`);
    expect(sofar.text).not.toContain('Gate-out');
  });
});

describe('the evidence pack', () => {
  it('is issued once per set of facts, verified by its code without a session, and an edited code is unknown', async () => {
    // Window 18:00, in 18:00, out 21:00: one started hour, ₹750 (as the on-time truck).
    const a = await truck('18:00', '19:00');
    await moves(a.id, [
      ['arrived', '18:00'],
      ['departed', '21:00'],
    ]);
    const csv = await ops.get(`/api/detention/appointments/${a.id}/evidence.csv`);
    expect(csv.status, csv.text).toBe(200);
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(csv.headers['content-disposition']).toBe(`attachment; filename="detention-${a.bookingReference}.csv"`);
    const ref = a.bookingReference;
    const lines = csv.text.split('\r\n');
    expect(lines).toContain(`${ref},Gate-in,${day} 18:00,Status change,,,`);
    expect(lines).toContain(`${ref},Dwell (min),180,,,,`);
    expect(lines).toContain(`${ref},Detention owed by the hub (INR),750.00,,,,`);
    const hash = /Evidence hash \(SHA-256\),([0-9a-f]{64}),/.exec(csv.text)![1]!;
    expect(lines).toContain(`${ref},Verify at,http://${new URL(api.url).host}/verify/${hash},,,,`);

    // The same facts: the same pack, to its carrier too; the PDF carries it.
    const again = await carrierUser.get(`/api/detention/appointments/${a.id}/evidence.csv`);
    expect(again.text).toContain(`Evidence hash (SHA-256),${hash},`);
    const pdf = await ops.get(`/api/detention/appointments/${a.id}/evidence.pdf`);
    expect([pdf.status, pdf.headers['content-type'], pdf.text.slice(0, 5)]).toEqual([200, 'application/pdf', '%PDF-']);
    expect(pdf.headers['content-disposition']).toBe(`attachment; filename="detention-${a.bookingReference}.pdf"`);
    const t = await detention(a.id);
    expect(t.evidence).toEqual({ final: true, hash, issuedAt: expect.any(String) });

    const anyone = new Client(api.url);
    const verified = await anyone.get(`/api/verify/${hash}`);
    expect(verified.status, verified.text).toBe(200);
    expect(verified.body).toEqual({
      valid: true,
      hash,
      facility: `Chakan Detention ${run}`,
      bookingReference: ref,
      issuedAt: t.evidence.issuedAt,
      detentionMinutes: 60,
      chargedHours: 1,
      detentionPaise: 75_000,
      detentionRupees: '750.00',
      lateFeePaise: 0,
      lateFeeRupees: '0.00',
    });
    const edited = `${hash.slice(0, 63)}${hash.endsWith('0') ? '1' : '0'}`;
    for (const code of [edited, 'not-a-code']) {
      const unknown = await anyone.get(`/api/verify/${code}`);
      expect([unknown.status, unknown.body.message]).toEqual([
        404,
        'No evidence pack was issued with this code: check it against the paper, it may have been changed',
      ]);
    }

    // A correction changes the facts: a new pack is issued; the first one still verifies as issued.
    const corrected = await ops.post(`/api/detention/appointments/${a.id}/corrections`, {
      event: 'gate_out',
      at: iso('20:30'),
      reason: 'Gate register: out at 20:30',
    });
    expect(corrected.status, corrected.text).toBe(201);
    expect(corrected.body.evidence).toEqual({ final: true, hash: null, issuedAt: null });
    const reissued = await ops.get(`/api/detention/appointments/${a.id}/evidence.csv`);
    expect(reissued.text).toContain(`${ref},Detention owed by the hub (INR),750.00,,,,`);
    expect(reissued.text).not.toContain(hash);
    expect((await anyone.get(`/api/verify/${hash}`)).body.detentionMinutes).toBe(60);
  });
});

// A carrier's monthly detention statement (issue #57.3) through the real local HTTP path: trucks of the
// month before last at two facilities of the demo company with terms of their own, moved along their
// flow at set times of the hub's clock (IST), so every line and total is added up by hand below; the
// statement issued (a month not over, an unknown carrier and a truck still at the hub refused), read by
// its carrier's office and not by another carrier's or company, downloaded as CSV and PDF; a dispute
// opened by the carrier, answered, reopened and accepted by the hub, who corrects the truck's time and
// issues the month again (the first statement replaced); the statement closed, after which a dispute is
// refused under its field and nothing changes; and the statement.issued and detention.started webhooks
// delivered to a subscriber, signed.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PDFDocument } from 'pdf-lib';
import { Client, startTestApi, type TestApi } from '../support/api';
import { signUpOrganisation, type Organisation } from '../support/tenancy';
import { APPLICANT_PASSWORD, pendingRegistration } from '../support/users';
import { FAKE_CREDENTIALS, startFakeTms, type FakeTms } from '../support/fake-tms';
import { waitFor } from '../support/wait-for';
import { bookAppointment, contextOf } from '../../functions/appointments';
import { changeAppointmentStatus } from '../../functions/checkins';
import { findUserByIdentifier, toSessionUser } from '../../functions/users/user.store';
import { listAudit } from '../../functions/lib/audit';
import { DEMO_TENANT_ID } from '../../functions/local/demo-ids';
import { statementPdf } from '../../functions/detention/statement-pdf';
import { addDays, localDateTime } from '../../shared/time';
import type { AppointmentStatus } from '../../shared/contracts/appointments';
import type { DetentionStatementView } from '../../shared/contracts/detention';

let api: TestApi;
let tms: FakeTms;
let admin: Client;
let ops: Client;
let carrierUser: Client;
let other: Organisation;
let chakan: string;
let bhiwandi: string;
let ownCarrier: string;
let otherCarrier: string;

const run = randomUUID().slice(0, 4).toUpperCase();
/** The month before last on the hub's clock: over at every facility whenever the test runs. */
const thisMonth = localDateTime(new Date(), 'Asia/Kolkata').date.slice(0, 7);
const month = addDays(`${addDays(`${thisMonth}-01`, -1).slice(0, 7)}-01`, -1).slice(0, 7);
const day = (d: number) => `${month}-${String(d).padStart(2, '0')}`;
const at = (date: string, time: string) => new Date(`${date}T${time}:00+05:30`);
const iso = (date: string, time: string) => at(date, time).toISOString();

const operations = async () => toSessionUser((await findUserByIdentifier('operations'))!);
let plate = 0;

/** A truck booked on the day through the service (a past day cannot be booked over HTTP), moved at its times. */
async function truck(
  facilityId: string,
  date: string,
  window: [string, string],
  moves: [AppointmentStatus, string][],
  carrierId = ownCarrier,
) {
  const user = await operations();
  const booked = await bookAppointment(
    user,
    {
      facilityId,
      carrierId,
      driverId: null,
      dockDoorId: null,
      laborInchargeId: null,
      vehicleLicense: `MH12${run
        .replace(/[^A-Z]/g, 'X')
        .slice(0, 2)
        .padEnd(2, 'X')}${2000 + ++plate}`,
      scheduledDate: date,
      scheduledTimeStart: window[0],
      scheduledTimeEnd: window[1],
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
    at(date, '00:00'),
  );
  for (const [status, time] of moves) await changeAppointmentStatus(contextOf(user), booked.id, status, at(date, time));
  return booked;
}

const SECRET = `whsec_${Buffer.from('detention-statements-test-secret-32b').toString('base64')}`;
let trucks: Record<'kept' | 'late' | 'held' | 'noShow' | 'stillIn', { id: string; bookingReference: string }>;

beforeAll(async () => {
  process.env.OUTBOUND_ALLOW_ADDRESSES = '127.0.0.1';
  [api, tms] = await Promise.all([startTestApi({ workers: ['integrations-webhooks'] }), startFakeTms()]);
  tms.state.webhookSecret = SECRET;
  [admin, ops] = [new Client(api.url), new Client(api.url)];
  await Promise.all([admin.signIn('admin'), ops.signIn('operations')]);
  const facility = async (name: string) => {
    const res = await ops.post('/api/facilities', {
      name: `${name} ${run}`,
      address: 'Plot 7, MIDC',
      operatingHoursStart: '00:00',
      operatingHoursEnd: '23:45',
    });
    expect(res.status, res.text).toBe(201);
    return res.body.id as string;
  };
  [chakan, bhiwandi] = [await facility('Chakan Statements'), await facility('Bhiwandi Statements')];
  // Chakan: 2 h free, ₹750 per started hour, 30 min grace, ₹1,500 late fee. Bhiwandi: 1 h free, ₹500, 15 min, ₹1,000.
  for (const [id, terms] of [
    [chakan, { freeMinutes: 120, rateRupees: 750, graceMinutes: 30, lateFeeRupees: 1500 }],
    [bhiwandi, { freeMinutes: 60, rateRupees: 500, graceMinutes: 15, lateFeeRupees: 1000 }],
  ] as const) {
    const saved = await admin.request('PUT', `/api/detention/terms?facilityId=${id}`, {
      body: { vehicleClass: 'mxl_32ft', ...terms },
    });
    expect(saved.status, saved.text).toBe(200);
  }
  const carrier = async (name: string) => {
    const res = await admin.post('/api/carriers', { name: `${name} ${run}`, serviceTypes: ['FTL'] });
    expect(res.status, res.text).toBe(201);
    return res.body.id as string;
  };
  [ownCarrier, otherCarrier] = [await carrier('Sahyadri Roadlines'), await carrier('Deccan Haulers')];
  const applicant = await pendingRegistration(DEMO_TENANT_ID, 'transporter_company', { userType: 'external_user' });
  const approved = await admin.post(`/api/admin/approve-user/${applicant.id}`, {
    role: 'transporter_company',
    carrierId: ownCarrier,
  });
  expect(approved.status, approved.text).toBe(200);
  carrierUser = new Client(api.url);
  await carrierUser.signIn(applicant.email, APPLICANT_PASSWORD);
  other = await signUpOrganisation(api.url);

  // A subscriber to the statement and detention events, with a signing secret it already has.
  const system = await admin.post('/api/integrations/systems', {
    name: `Statements TMS ${run}`,
    systemType: 'TMS',
    baseUrl: tms.url,
    authType: 'API_KEY',
    authConfig: { apiKey: FAKE_CREDENTIALS.apiKey },
  });
  expect(system.status, system.text).toBe(201);
  for (const eventType of ['statement.issued', 'detention.started', 'detention.closed']) {
    const hook = await admin.post(`/api/integrations/systems/${system.body.id}/webhooks`, {
      eventType,
      webhookUrl: `${tms.url}/webhooks`,
      signingSecret: SECRET,
    });
    expect(hook.status, hook.text).toBe(201);
  }

  trucks = {
    // Chakan, window 10:00: in 10:00, work from 10:40, out 13:00. 180 min, 40 waiting and 140 at the door;
    // the free 120 min run out at 12:00, 60 min at the door past them: one started hour, ₹750.
    kept: await truck(
      chakan,
      day(10),
      ['10:00', '11:00'],
      [
        ['arrived', '10:00'],
        ['loading', '10:40'],
        ['departed', '13:00'],
      ],
    ),
    // Bhiwandi, window 12:00, 15 min grace: in at 12:30 is late. No detention; the fee is ₹1,000.
    late: await truck(
      bhiwandi,
      day(12),
      ['12:00', '13:00'],
      [
        ['arrived', '12:30'],
        ['departed', '14:00'],
      ],
    ),
    // Bhiwandi, window 09:00: in 09:00, work from 09:20, out 11:30. 150 min; the free 60 take the 20
    // waiting and 40 at the door (out at 10:00); 90 min at the door past them: two started hours, ₹1,000.
    held: await truck(
      bhiwandi,
      day(20),
      ['09:00', '10:00'],
      [
        ['arrived', '09:00'],
        ['unloading', '09:20'],
        ['departed', '11:30'],
      ],
    ),
    // Chakan, never came: marked a no-show that evening, the ₹1,500 fee.
    noShow: await truck(chakan, day(25), ['10:00', '11:00'], [['no_show', '18:00']]),
    // The other carrier's truck at Chakan, still in (no gate-out): its month cannot be issued yet.
    stillIn: await truck(chakan, day(10), ['14:00', '15:00'], [['arrived', '14:00']], otherCarrier),
  };
  // Neither a truck of the month after nor one booked and never seen (not marked) is on the month's statement.
  await truck(chakan, addDays(day(1), 40), ['10:00', '11:00'], []);
  await truck(chakan, day(15), ['10:00', '11:00'], []);
}, 180_000);
afterAll(async () => {
  await api?.close();
  await tms?.close();
});

const issue = (carrierId: string, m = month) => ops.post('/api/detention/statements', { carrierId, month: m });
const statement = async (id: string, client = ops) => {
  const res = await client.get(`/api/detention/statements/${id}`);
  expect(res.status, res.text).toBe(200);
  return res.body as DetentionStatementView;
};
const NO_CAUSE = { door_wait: 0, at_door: 0, documents: 0, hub_hold: 0 };
/** The statements issued in the file, in order. */
const issued: DetentionStatementView[] = [];

describe('issuing a statement', () => {
  it('refuses a month not over, an unknown carrier and a bad month under their fields; a carrier’s people may not issue', async () => {
    const current = await issue(ownCarrier, thisMonth);
    expect([current.status, current.body.errors]).toEqual([
      400,
      { month: 'This month has not ended yet at every facility: its statement is issued once it has' },
    ]);
    const unknown = await ops.post('/api/detention/statements', { carrierId: 'no-such-carrier', month });
    expect([unknown.status, unknown.body.errors]).toEqual([400, { carrierId: 'Carrier not found' }]);
    const badMonth = await ops.post('/api/detention/statements', { carrierId: ownCarrier, month: '2026-13' });
    expect([badMonth.status, badMonth.body.errors]).toEqual([400, { month: 'Choose a month in the form YYYY-MM' }]);
    const byCarrier = await carrierUser.post('/api/detention/statements', { carrierId: ownCarrier, month });
    expect(byCarrier.status).toBe(403);
    expect((await ops.get(`/api/detention/statements?month=${month}`)).body).toEqual([]);
  });

  it('refuses a month while one of its trucks is still at the hub, naming it', async () => {
    const res = await issue(otherCarrier);
    expect([res.status, res.body.message]).toEqual([
      409,
      `Trucks of this month are still at the hub (${trucks.stillIn.bookingReference}): record their gate-out before issuing its statement`,
    ]);
  });

  it('holds the carrier’s trucks of the month at both facilities, with totals by facility and cause and the net added up by hand', async () => {
    const res = await issue(ownCarrier);
    expect(res.status, res.text).toBe(201);
    const s = res.body as DetentionStatementView;
    issued.push(s);
    expect(s).toMatchObject({
      number: `DET-${month}-0001`,
      carrierId: ownCarrier,
      carrierName: `Sahyadri Roadlines ${run}`,
      month,
      status: 'open',
      openDisputes: 0,
      supersedes: null,
      supersededBy: null,
      closedAt: null,
      revision: 1,
    });
    const line = (t: { id: string; bookingReference: string }, more: Record<string, unknown>) => ({
      appointmentId: t.id,
      bookingReference: t.bookingReference,
      vehicleClass: 'mxl_32ft',
      dispute: null,
      evidenceHash: expect.stringMatching(/^[0-9a-f]{64}$/),
      ...more,
    });
    const [chakanName, bhiwandiName] = [`Chakan Statements ${run}`, `Bhiwandi Statements ${run}`];
    expect(s.lines).toEqual([
      line(trucks.kept, {
        facilityId: chakan,
        facilityName: chakanName,
        day: day(10),
        vehicleNumber: expect.any(String),
        arrival: 'on_time',
        dwellMinutes: 180,
        detentionMinutesByCause: { ...NO_CAUSE, at_door: 60 },
        chargedHours: 1,
        detentionPaise: 75_000,
        lateFeePaise: 0,
      }),
      line(trucks.late, {
        facilityId: bhiwandi,
        facilityName: bhiwandiName,
        day: day(12),
        vehicleNumber: expect.any(String),
        arrival: 'late',
        dwellMinutes: 90,
        detentionMinutesByCause: NO_CAUSE,
        chargedHours: 0,
        detentionPaise: 0,
        lateFeePaise: 100_000,
      }),
      line(trucks.held, {
        facilityId: bhiwandi,
        facilityName: bhiwandiName,
        day: day(20),
        vehicleNumber: expect.any(String),
        arrival: 'on_time',
        dwellMinutes: 150,
        detentionMinutesByCause: { ...NO_CAUSE, at_door: 90 },
        chargedHours: 2,
        detentionPaise: 100_000,
        lateFeePaise: 0,
      }),
      line(trucks.noShow, {
        facilityId: chakan,
        facilityName: chakanName,
        day: day(25),
        vehicleNumber: expect.any(String),
        arrival: 'no_show',
        dwellMinutes: null,
        detentionMinutesByCause: NO_CAUSE,
        chargedHours: 0,
        detentionPaise: 0,
        lateFeePaise: 150_000,
      }),
    ]);
    expect(s.byFacility).toEqual([
      {
        facilityId: bhiwandi,
        facilityName: bhiwandiName,
        trucks: 2,
        chargedHours: 2,
        detentionPaise: 100_000,
        lateFeePaise: 100_000,
      },
      {
        facilityId: chakan,
        facilityName: chakanName,
        trucks: 2,
        chargedHours: 1,
        detentionPaise: 75_000,
        lateFeePaise: 150_000,
      },
    ]);
    expect(s.byCause).toEqual({ ...NO_CAUSE, at_door: 150 });
    // ₹1,750 detention owed by the hubs less ₹2,500 of late fees: the carrier owes ₹750.
    expect(s.totals).toEqual({
      trucks: 4,
      chargedHours: 3,
      detentionPaise: 175_000,
      lateFeePaise: 250_000,
      netPaise: -75_000,
    });
    // Each line's evidence pack was issued with it: its code verifies without a session.
    const verified = await new Client(api.url).get(`/api/verify/${s.lines[0]!.evidenceHash}`);
    expect([verified.status, verified.body.bookingReference, verified.body.detentionPaise]).toEqual([
      200,
      trucks.kept.bookingReference,
      75_000,
    ]);
    expect(await statement(s.id)).toEqual(s);
    const trail = await listAudit(DEMO_TENANT_ID, { entityType: 'detention-statement', entityId: s.id });
    expect(trail.map((r) => r.action)).toEqual(['detention.statement-issued']);
  });

  it('delivers statement.issued and detention.started to the subscriber, signed', async () => {
    const s = issued[0]!;
    const received = (type: string, match: (data: Record<string, unknown>) => boolean) =>
      waitFor(
        () => tms.state.webhooks.filter((w) => w.payload?.type === type && match(w.payload.data ?? {})),
        (found) => found.length > 0,
        type,
      );
    const [statementIssued] = await received('statement.issued', (d) => d.statementId === s.id);
    expect(statementIssued).toMatchObject({ verified: true, error: null });
    expect(statementIssued!.payload!.data).toMatchObject({
      number: s.number,
      carrierId: ownCarrier,
      month,
      totals: s.totals,
    });
    // The free time ran out at 12:00 for the kept truck (Chakan) and at 10:00 for the held one (Bhiwandi).
    const [kept] = await received('detention.started', (d) => d.appointmentId === trucks.kept.id);
    expect(kept!.payload!.data).toMatchObject({
      bookingReference: trucks.kept.bookingReference,
      facilityId: chakan,
      carrierId: ownCarrier,
      startedAt: iso(day(10), '12:00'),
      freeMinutes: 120,
      ratePaisePerHour: 75_000,
    });
    const [held] = await received('detention.started', (d) => d.appointmentId === trucks.held.id);
    expect(held!.payload!.data).toMatchObject({ startedAt: iso(day(20), '10:00') });
    const [closed] = await received('detention.closed', (d) => d.appointmentId === trucks.late.id);
    expect(closed!.payload!.data).toMatchObject({
      gateInAt: iso(day(12), '12:30'),
      gateOutAt: iso(day(12), '14:00'),
      arrival: 'late',
      detentionMinutes: 0,
      lateFeePaise: 100_000,
      corrected: false,
    });
    // Once each: the late truck never started detention, and no event went twice.
    expect(
      tms.state.webhooks.filter((w) => w.payload?.data?.appointmentId === trucks.late.id).map((w) => w.payload!.type),
    ).toEqual(['detention.closed']);
  });
});

describe('reading a statement', () => {
  it('is read by its carrier’s office, not by another carrier’s; another company does not find it', async () => {
    const s = issued[0]!;
    expect(await statement(s.id, carrierUser)).toEqual(s);
    const list = await carrierUser.get('/api/detention/statements');
    expect(list.status, list.text).toBe(200);
    expect(list.body.map((x: { id: string }) => x.id)).toEqual([s.id]);
    expect((await carrierUser.get(`/api/detention/statements?carrierId=${otherCarrier}`)).body).toEqual([]);
    // Staff filter by carrier and month; the list holds no lines.
    const staff = await ops.get(`/api/detention/statements?carrierId=${ownCarrier}&month=${month}`);
    expect(staff.body).toEqual([expect.objectContaining({ id: s.id, number: s.number, totals: s.totals })]);
    expect(staff.body[0].lines).toBeUndefined();

    // The other carrier's month, once its truck has left (out at 16:00: 120 min, all free).
    await changeAppointmentStatus(contextOf(await operations()), trucks.stillIn.id, 'departed', at(day(10), '16:00'));
    const theirs = await issue(otherCarrier);
    expect(theirs.status, theirs.text).toBe(201);
    expect(theirs.body).toMatchObject({ number: `DET-${month}-0002`, totals: { trucks: 1, netPaise: 0 } });
    for (const path of ['', '/statement.csv', '/statement.pdf']) {
      const hidden = await carrierUser.get(`/api/detention/statements/${theirs.body.id}${path}`);
      expect([hidden.status, hidden.body.message], path).toEqual([404, 'Statement not found']);
      expect((await other.admin.get(`/api/detention/statements/${s.id}${path}`)).status, path).toBe(404);
    }
    expect((await other.admin.get('/api/detention/statements')).body).toEqual([]);
    const intruder = await other.admin.post(`/api/detention/statements/${s.id}/close`, {});
    expect(intruder.status).toBe(404);
  });

  it('downloads as CSV (a row per truck, per facility and the month) and as a PDF', async () => {
    const s = issued[0]!;
    const csv = await carrierUser.get(`/api/detention/statements/${s.id}/statement.csv`);
    expect(csv.status, csv.text).toBe(200);
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(csv.headers['content-disposition']).toBe(`attachment; filename="detention-statement-${s.number}.csv"`);
    const rows = csv.text.split('\r\n');
    expect(rows).toHaveLength(1 + 4 + 2 + 1 + 1);
    expect(rows[1]).toMatch(
      new RegExp(`^${month},${day(10)},Chakan Statements ${run},${trucks.kept.bookingReference},`),
    );
    expect(rows[1]).toContain(',on_time,180,0,60,0,0,1,750.00,0.00,');
    expect(rows).toContain(`${month},,Bhiwandi Statements ${run},Total: 2 trucks,,,,,,,,,2,1000.00,1000.00,`);
    expect(rows).toContain(`${month},,Chakan Statements ${run},Total: 2 trucks,,,,,,,,,1,750.00,1500.00,`);
    expect(rows).toContain(`${month},,All facilities,Total: 4 trucks; net -750.00,,,,,0,150,0,0,3,1750.00,2500.00,`);

    const pdf = await ops.get(`/api/detention/statements/${s.id}/statement.pdf`);
    expect([pdf.status, pdf.headers['content-type'], pdf.text.slice(0, 5)]).toEqual([200, 'application/pdf', '%PDF-']);
    expect(pdf.headers['content-disposition']).toBe(`attachment; filename="detention-statement-${s.number}.pdf"`);
  });

  it('draws a statement of many trucks on as many PDF pages as its rows need', async () => {
    const s = issued[0]!;
    const many = {
      ...s,
      lines: Array.from({ length: 130 }, (_, i) => ({ ...s.lines[i % 4]!, bookingReference: `DS-${i}` })),
    };
    const doc = await PDFDocument.load(await statementPdf(many));
    expect(doc.getPageCount()).toBe(3);
    expect((await PDFDocument.load(await statementPdf(s))).getPageCount()).toBe(1);
  });
});

describe('disputes and closing', () => {
  const dispute = (s: DetentionStatementView, t: { id: string }, reason: string, client = carrierUser) =>
    client.post(`/api/detention/statements/${s.id}/lines/${t.id}/dispute`, { reason });
  const answer = (s: DetentionStatementView, t: { id: string }, body: Record<string, unknown>) =>
    ops.post(`/api/detention/statements/${s.id}/lines/${t.id}/answer`, body);
  const lineOf = (s: DetentionStatementView, t: { id: string }) => s.lines.find((l) => l.appointmentId === t.id)!;

  it('takes a carrier’s dispute of a line with its reason, and one staff record on its behalf; refuses an empty or long reason, a driver and a second one', async () => {
    const s = issued[0]!;
    const empty = await dispute(s, trucks.kept, '  ');
    expect([empty.status, empty.body.errors]).toEqual([400, { reason: 'Say what is wrong with this line' }]);
    const long = await dispute(s, trucks.kept, 'x'.repeat(501));
    expect([long.status, long.body.errors]).toEqual([400, { reason: 'Must be at most 500 characters' }]);
    const driver = new Client(api.url);
    await driver.signIn('driver');
    const byDriver = await dispute(s, trucks.kept, 'My truck left earlier', driver);
    expect([byDriver.status, byDriver.body.message]).toEqual([
      403,
      "A statement's lines are disputed by the carrier's office, or by the hub's staff on its behalf",
    ]);
    expect((await statement(s.id)).openDisputes).toBe(0);

    const opened = await dispute(s, trucks.kept, 'Our driver left at 12:00 by the gate register, not 13:00');
    expect(opened.status, opened.text).toBe(201);
    expect(opened.body.openDisputes).toBe(1);
    expect(lineOf(opened.body, trucks.kept).dispute).toMatchObject({
      status: 'open',
      reason: 'Our driver left at 12:00 by the gate register, not 13:00',
      onBehalf: false,
      reopened: false,
      reply: null,
      history: [],
      revision: 1,
    });
    const again = await dispute(s, trucks.kept, 'Still wrong');
    expect([again.status, again.body.errors]).toEqual([
      409,
      { reason: "This line is already disputed: wait for the hub's answer" },
    ]);
    // The carrier phoned the hub about the late truck: staff record its dispute on its behalf.
    const phoned = await dispute(s, trucks.late, 'Carrier phoned: at the gate by 12:10, the guard logged 12:30', ops);
    expect(phoned.status, phoned.text).toBe(201);
    expect(phoned.body.openDisputes).toBe(2);
    expect(lineOf(phoned.body, trucks.late).dispute).toMatchObject({ status: 'open', onBehalf: true });
    // A line the statement does not hold.
    const foreign = await dispute(s, trucks.stillIn, 'Not ours');
    expect([foreign.status, foreign.body.message]).toEqual([404, 'This statement has no line for that appointment']);
  });

  it('is answered by the hub once, reopened by the carrier once, then accepted; closing waits for it', async () => {
    const s = issued[0]!;
    const early = await ops.post(`/api/detention/statements/${s.id}/close`, {});
    expect([early.status, early.body.message]).toEqual([
      409,
      'Answer the open disputes of this statement before closing it (2 open)',
    ]);
    // Two staff answer the phoned-in dispute at the same moment: one answer lands, the other is refused.
    const both = await Promise.all([
      answer(s, trucks.late, { decision: 'answered', reply: 'The gate camera shows 12:31' }),
      answer(s, trucks.late, { decision: 'answered', reply: 'The guard’s register shows 12:30' }),
    ]);
    expect(both.map((r) => r.status).sort()).toEqual([200, 409]);
    expect(both.find((r) => r.status === 409)!.body.message).toBe('This dispute is already answered');
    const landed = both.find((r) => r.status === 200)!.body as DetentionStatementView;
    expect(lineOf(await statement(s.id), trucks.late).dispute).toEqual(lineOf(landed, trucks.late).dispute);
    const noReply = await answer(s, trucks.kept, { decision: 'answered', reply: ' ' });
    expect([noReply.status, noReply.body.errors]).toEqual([400, { reply: 'Write the answer to the carrier' }]);
    const stale = await answer(s, trucks.kept, { decision: 'answered', reply: 'CCTV shows 13:00', revision: 0 });
    expect(stale.status).toBe(409);
    expect(lineOf(stale.body.current, trucks.kept).dispute!.status).toBe('open');

    const answered = await answer(s, trucks.kept, { decision: 'answered', reply: 'CCTV shows 13:00', revision: 1 });
    expect(answered.status, answered.text).toBe(200);
    expect(answered.body.openDisputes).toBe(0);
    expect(lineOf(answered.body, trucks.kept).dispute).toMatchObject({
      status: 'answered',
      reply: 'CCTV shows 13:00',
      answeredBy: expect.any(String),
      revision: 2,
    });
    const twice = await answer(s, trucks.kept, { decision: 'accepted' });
    expect([twice.status, twice.body.message]).toEqual([409, 'This dispute is already answered']);

    const reopened = await dispute(s, trucks.kept, 'The CCTV clock runs an hour fast: see the gate register');
    expect(reopened.status, reopened.text).toBe(201);
    expect(lineOf(reopened.body, trucks.kept).dispute).toMatchObject({
      status: 'open',
      reopened: true,
      reason: 'The CCTV clock runs an hour fast: see the gate register',
      history: [{ reason: 'Our driver left at 12:00 by the gate register, not 13:00', reply: 'CCTV shows 13:00' }],
    });
    const accepted = await answer(s, trucks.kept, { decision: 'accepted' });
    expect(accepted.status, accepted.text).toBe(200);
    expect(lineOf(accepted.body, trucks.kept).dispute).toMatchObject({ status: 'accepted', reply: null });
    const settledLine = await dispute(s, trucks.kept, 'One more thing');
    expect([settledLine.status, settledLine.body.message]).toEqual([
      409,
      'The hub has accepted this dispute: the line is settled',
    ]);
    const trail = await listAudit(DEMO_TENANT_ID, { entityType: 'detention-statement', entityId: s.id });
    expect(trail.map((r) => r.action).sort()).toEqual(
      [
        'detention.statement-issued',
        'detention.dispute-opened',
        'detention.dispute-opened',
        'detention.dispute-answered',
        'detention.dispute-answered',
        'detention.dispute-reopened',
        'detention.dispute-accepted',
      ].sort(),
    );
  });

  it('is conceded by correcting the truck’s time and issuing the month again, which replaces the statement', async () => {
    const first = issued[0]!;
    // Out at 12:00 by the gate register: 120 min, all of them free.
    const corrected = await ops.post(`/api/detention/appointments/${trucks.kept.id}/corrections`, {
      event: 'gate_out',
      at: iso(day(10), '12:00'),
      reason: 'Dispute accepted: gate register says 12:00',
    });
    expect(corrected.status, corrected.text).toBe(201);
    const res = await issue(ownCarrier);
    expect(res.status, res.text).toBe(201);
    const second = res.body as DetentionStatementView;
    issued.push(second);
    expect(second).toMatchObject({
      number: `DET-${month}-0003`,
      status: 'open',
      supersedes: { id: first.id, number: first.number },
    });
    expect(lineOf(second, trucks.kept)).toMatchObject({ dwellMinutes: 120, chargedHours: 0, detentionPaise: 0 });
    // ₹1,000 of detention (the held truck) less ₹2,500 of late fees: the carrier owes ₹1,500.
    expect(second.totals).toEqual({
      trucks: 4,
      chargedHours: 2,
      detentionPaise: 100_000,
      lateFeePaise: 250_000,
      netPaise: -150_000,
    });
    const old = await statement(first.id);
    expect(old).toMatchObject({ status: 'superseded', supersededBy: { id: second.id, number: second.number } });
    expect(old.lines).toEqual(
      first.lines.map((l) => ({
        ...l,
        dispute: [trucks.kept.id, trucks.late.id].includes(l.appointmentId) ? expect.any(Object) : null,
      })),
    );
    expect(old.totals).toEqual(first.totals);
    const onOld = await dispute(first, trucks.held, 'Two hours is too much');
    expect([onOld.status, onOld.body.errors]).toEqual([
      409,
      { reason: `This statement was replaced by ${second.number}: dispute the line there` },
    ]);
    // The corrected truck is closed again, with its new figures.
    await waitFor(
      () =>
        tms.state.webhooks.filter(
          (w) => w.payload?.type === 'detention.closed' && w.payload.data?.appointmentId === trucks.kept.id,
        ),
      (found) => found.some((w) => w.payload!.data!.corrected === true && w.payload!.data!.detentionMinutes === 0),
      'the corrected closing',
    );
  });

  it('is closed by staff; a dispute of a closed statement is refused under its field and nothing changes', async () => {
    const s = issued[1]!;
    expect((await carrierUser.post(`/api/detention/statements/${s.id}/close`, {})).status).toBe(403);
    const closed = await ops.post(`/api/detention/statements/${s.id}/close`, {});
    expect(closed.status, closed.text).toBe(200);
    expect(closed.body).toMatchObject({ status: 'closed', closedAt: expect.any(String), closedBy: expect.any(String) });
    const before = await statement(s.id);

    const refused = await dispute(s, trucks.held, 'Two hours is too much');
    expect([refused.status, refused.body]).toEqual([
      409,
      {
        message: 'This statement is closed: disputes are no longer taken',
        errors: { reason: 'This statement is closed: disputes are no longer taken' },
      },
    ]);
    expect(await statement(s.id)).toEqual(before);
    const again = await ops.post(`/api/detention/statements/${s.id}/close`, {});
    expect([again.status, again.body.message]).toEqual([409, 'This statement is already closed']);
    const reissue = await issue(ownCarrier);
    expect([reissue.status, reissue.body.message]).toEqual([
      409,
      "This carrier's statement for the month is closed: it cannot be issued again",
    ]);
    const trail = await listAudit(DEMO_TENANT_ID, { entityType: 'detention-statement', entityId: s.id });
    expect(trail.map((r) => r.action).sort()).toEqual(['detention.statement-closed', 'detention.statement-issued']);
  });
});

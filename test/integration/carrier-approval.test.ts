// Staff approval of carrier bookings and the carrier scorecard (issue #32) through the local HTTP path.
// A facility that approves carrier bookings takes a carrier's booking as "awaiting approval": it holds
// its door like a scheduled one, the carrier hears that it waits (not the confirmation); staff approve
// it (the confirmation goes) or refuse it with a reason (door freed, the reason sent). The scorecard's
// figures are written by hand for a month seeded at explicit instants (February 2028, a leap month).
import { randomInt, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, startTestApi, type TestApi } from '../support/api';
import { signUpOrganisation } from '../support/tenancy';
import { createUser } from '../../functions/users';
import { hashPassword } from '../../functions/lib/passwords';
import { listAudit } from '../../functions/lib/audit';
import { DEMO_TENANT_ID } from '../../functions/local/demo-ids';
import { addDays, localDateTime } from '../../shared/time';

let api: TestApi;
let ops: Client;
const PASSWORD = 'Strong#Pass1';

beforeAll(async () => {
  api = await startTestApi({ workers: ['messaging-notifier'] });
  ops = new Client(api.url);
  await ops.signIn('operations');
});
afterAll(() => api?.close());

const unique = (prefix: string) => `${prefix}${randomUUID().replace(/-/g, '').slice(0, 8).toUpperCase()}`;
const mobile = () => `9${String(randomInt(100_000_000, 999_999_999))}`;
const outbox = async () => (await import('../../functions/messaging/outbox.store')).localOutbox(500);
const textsTo = async (to: string) => (await outbox()).filter((m) => m.to === to).map((m) => m.body);
const mailsTo = async (to: string) => (await outbox()).filter((m) => m.channel === 'email' && m.to === to);

/** A facility in India time, open round the clock, with one door; approval of carrier bookings as given. */
async function hub(rules: Record<string, unknown> = { approvalRequired: true }) {
  const created = await ops.post('/api/facilities', {
    name: unique('Approval Hub '),
    address: 'Plot 7, MIDC',
    operatingHoursStart: '00:00',
    operatingHoursEnd: '23:45',
    timeZone: 'Asia/Kolkata',
  });
  expect(created.status, created.text).toBe(201);
  const door = await ops.post('/api/dock-doors', { facilityId: created.body.id, doorNumber: 'A1' });
  expect(door.status, door.text).toBe(201);
  const path = `/api/bookings/facilities/${created.body.id}/rules`;
  const saved = await ops.request('PUT', path, { body: { ...rules, revision: 0 } });
  expect(saved.status, saved.text).toBe(200);
  return { facilityId: created.body.id as string, doorId: door.body.id as string };
}

/** A carrier of its own (contact e-mail, a driver on SMS) and a truck owner's account linked to it. */
async function fleet() {
  const email = `${unique('dispatch.').toLowerCase()}@example.in`;
  const carrier = await ops.post('/api/carriers', {
    name: unique('Fleet '),
    contactEmail: email,
    serviceTypes: ['FTL'],
  });
  expect(carrier.status, carrier.text).toBe(201);
  const driverPhone = `+91${mobile()}`;
  const driver = await ops.post('/api/drivers', {
    carrierId: carrier.body.id,
    name: 'Ramesh Gupta',
    phone: driverPhone,
    licenseNumber: unique('MH12'),
    preferredChannels: ['sms'],
  });
  expect(driver.status, driver.text).toBe(201);
  const owner = await createUser(
    {
      tenantId: DEMO_TENANT_ID,
      username: unique('owner-').toLowerCase(),
      email: null,
      phoneNumber: `+91${mobile()}`,
      firstName: 'Baldev',
      lastName: 'Singh',
      profileImageUrl: null,
      role: 'truck_owner',
      extraRoles: [],
      userType: 'external_user',
      status: 'active',
      isVerified: true,
      passwordHash: await hashPassword(PASSWORD),
      carrierId: carrier.body.id,
      profile: {},
    },
    null,
  );
  const client = new Client(api.url);
  await client.signIn(owner.username, PASSWORD);
  return {
    carrierId: carrier.body.id as string,
    carrierName: carrier.body.name as string,
    email,
    driverId: driver.body.id as string,
    driverPhone,
    client,
  };
}

// Two days ahead in India: no lead time or cut-off of the facility is in the way.
const inTwoDays = () => addDays(localDateTime(new Date(), 'Asia/Kolkata').date, 2);
const display = (date: string) =>
  new Date(`${date}T00:00:00Z`).toLocaleDateString('en-GB', {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    timeZone: 'UTC',
  });

async function pendingBooking(start = '10:00', end = '11:00') {
  const place = await hub();
  const carrier = await fleet();
  const date = inTwoDays();
  const made = await carrier.client.post('/api/appointments', {
    facilityId: place.facilityId,
    carrierId: carrier.carrierId,
    driverId: carrier.driverId,
    dockDoorId: place.doorId,
    scheduledDate: date,
    scheduledTimeStart: start,
    scheduledTimeEnd: end,
  });
  expect(made.status, made.text).toBe(201);
  return { ...place, ...carrier, date, appointment: made.body };
}

describe('carrier bookings awaiting approval', () => {
  it('waits for approval, holds its door, and tells the carrier it waits instead of confirming', async () => {
    const { appointment, facilityId, doorId, carrierId, date, driverPhone, email } = await pendingBooking();
    expect(appointment.status).toBe('pending_approval');

    const sameDoor = await ops.post('/api/appointments', {
      facilityId,
      carrierId,
      dockDoorId: doorId,
      scheduledDate: date,
      scheduledTimeStart: '10:30',
      scheduledTimeEnd: '11:30',
    });
    expect(sameDoor.status).toBe(409);
    expect(sameDoor.body.message).toBe('Door A1 is already booked at this time');

    await expect
      .poll(() => textsTo(driverPhone), { timeout: 15_000 })
      .toContain(
        `Your booking for ${display(date)} at 10:00 is awaiting the facility's approval. We will message you when it is decided.`,
      );
    await expect
      .poll(async () => (await mailsTo(email)).map((m) => m.subject), { timeout: 15_000 })
      .toEqual([expect.stringMatching(/^Booking awaiting approval: /)]);
    expect((await mailsTo(email))[0]!.attachments ?? []).toEqual([]);
    expect((await textsTo(driverPhone)).some((t) => t.startsWith('Your appointment is confirmed'))).toBe(false);
  });

  it('staff approve it: scheduled, the confirmation goes, and the decision is audited', async () => {
    const { appointment, driverPhone, date, email } = await pendingBooking();
    const approved = await ops.post(`/api/appointments/${appointment.id}/approve`, {
      revision: appointment.revision,
    });
    expect(approved.status, approved.text).toBe(200);
    expect(approved.body).toMatchObject({
      status: 'scheduled',
      approval: { decision: 'approved', decidedBy: 'operations', reason: null },
    });
    await expect
      .poll(() => textsTo(driverPhone), { timeout: 15_000 })
      .toContainEqual(
        expect.stringMatching(
          new RegExp(`^Your appointment is confirmed for ${display(date)} at 10:00\\. Dock: A1\\.`),
        ),
      );
    await expect
      .poll(async () => (await mailsTo(email)).map((m) => m.subject), { timeout: 15_000 })
      .toContainEqual(expect.stringMatching(/^Appointment confirmed: /));
    const audit = await listAudit(DEMO_TENANT_ID, { entityType: 'appointment', entityId: appointment.id });
    expect(audit.map((r) => r.action)).toEqual(
      expect.arrayContaining(['appointment.created', 'appointment.scheduled']),
    );

    const again = await ops.post(`/api/appointments/${appointment.id}/approve`, {});
    expect(again.status).toBe(409);
    expect(again.body.message).toBe(
      'Only a booking awaiting approval can be approved or refused; this appointment is scheduled',
    );
  });

  it('refuses without a reason with a field error in English and Hindi, and changes nothing', async () => {
    const { appointment } = await pendingBooking();
    const none = await ops.post(`/api/appointments/${appointment.id}/refuse`, {});
    expect(none.status).toBe(400);
    expect(none.body.errors).toEqual({ reason: 'Please give a reason for refusing (minimum 5 characters)' });
    const blank = await ops.post(
      `/api/appointments/${appointment.id}/refuse`,
      { reason: '   ' },
      { headers: { 'accept-language': 'hi' } },
    );
    expect(blank.status).toBe(400);
    expect(blank.body.errors).toEqual({ reason: 'अस्वीकार करने का कारण बताएं (कम से कम 5 अक्षर)' });
    const after = await ops.get(`/api/appointments/${appointment.id}`);
    expect(after.body.status).toBe('pending_approval');
    expect(after.body.revision).toBe(appointment.revision);
  });

  it('refuses with a reason: cancelled, the door free again, the reason sent to the carrier', async () => {
    const { appointment, facilityId, doorId, carrierId, date, driverPhone, email } = await pendingBooking();
    const reason = 'Dock A1 is closed for repairs that day';
    const refused = await ops.post(`/api/appointments/${appointment.id}/refuse`, {
      reason,
      revision: appointment.revision,
    });
    expect(refused.status, refused.text).toBe(200);
    expect(refused.body).toMatchObject({
      status: 'cancelled',
      cancellationReason: reason,
      approval: { decision: 'refused', reason },
    });
    const sameDoor = await ops.post('/api/appointments', {
      facilityId,
      carrierId,
      dockDoorId: doorId,
      scheduledDate: date,
      scheduledTimeStart: '10:00',
      scheduledTimeEnd: '11:00',
    });
    expect(sameDoor.status, sameDoor.text).toBe(201);
    // The SMS carries 30 characters of the reason (a DLT variable); the carrier's e-mail carries it whole.
    await expect
      .poll(() => textsTo(driverPhone), { timeout: 15_000 })
      .toContain(
        `Your booking for ${display(date)} at 10:00 was refused by the facility. Reason: Dock A1 is closed for repairs`,
      );
    await expect
      .poll(async () => (await mailsTo(email)).find((m) => m.subject?.startsWith('Booking refused'))?.body, {
        timeout: 15_000,
      })
      .toContain(`Reason: ${reason}`);
    const audit = await listAudit(DEMO_TENANT_ID, { entityType: 'appointment', entityId: appointment.id });
    expect(audit.find((r) => r.action === 'appointment.cancelled')?.after).toMatchObject({
      approval: { decision: 'refused', decidedBy: 'operations', reason },
    });
  });

  it('answers a stale decision 409 with the booking as it is now', async () => {
    const { appointment, client } = await pendingBooking();
    const withdrawn = await client.post(`/api/appointments/${appointment.id}/cancel`, {
      reason: 'Load not ready yet',
    });
    expect(withdrawn.status, withdrawn.text).toBe(200);
    // The screen showed the booking as made (revision 0).
    const stale = await ops.post(`/api/appointments/${appointment.id}/approve`, { revision: 0 });
    expect(stale.status).toBe(409);
    expect(stale.body.current).toMatchObject({ status: 'cancelled' });
  });

  it('is not for the carrier to decide, and is not checked in before approval', async () => {
    const { appointment, client } = await pendingBooking();
    expect((await client.post(`/api/appointments/${appointment.id}/approve`, {})).status).toBe(403);
    expect((await client.post(`/api/appointments/${appointment.id}/refuse`, { reason: 'Self refused' })).status).toBe(
      403,
    );
    const checkin = await ops.post(`/api/appointments/${appointment.id}/checkin`, {});
    expect(checkin.status).toBe(409);
    expect(checkin.body.message).toBe(
      "This booking is awaiting the facility's approval; it can be checked in once approved",
    );
    const hindi = await ops.post(
      `/api/appointments/${appointment.id}/checkin`,
      {},
      { headers: { 'accept-language': 'hi' } },
    );
    expect(hindi.body.message).toBe('यह बुकिंग सुविधा की स्वीकृति की प्रतीक्षा में है; स्वीकृति के बाद ही चेक-इन हो सकता है');
    expect((await ops.get(`/api/appointments/${appointment.id}`)).body.status).toBe('pending_approval');
  });

  it('confirms carrier bookings at once where the facility does not approve them, and staff bookings always', async () => {
    const place = await hub({ approvalRequired: false });
    const carrier = await fleet();
    const slot = { facilityId: place.facilityId, carrierId: carrier.carrierId, scheduledDate: inTwoDays() };
    const own = await carrier.client.post('/api/appointments', {
      ...slot,
      scheduledTimeStart: '08:00',
      scheduledTimeEnd: '09:00',
    });
    expect(own.body.status).toBe('scheduled');
    const approving = await hub();
    const staff = await ops.post('/api/appointments', {
      ...slot,
      facilityId: approving.facilityId,
      scheduledTimeStart: '08:00',
      scheduledTimeEnd: '09:00',
    });
    expect(staff.body.status).toBe('scheduled');
  });

  it("is another tenant's to neither see nor decide", async () => {
    const { appointment } = await pendingBooking();
    const other = await signUpOrganisation(api.url);
    expect((await other.admin.post(`/api/appointments/${appointment.id}/approve`, {})).status).toBe(404);
    expect(
      (await other.admin.post(`/api/appointments/${appointment.id}/refuse`, { reason: 'Refused by an intruder' }))
        .status,
    ).toBe(404);
    expect((await ops.get(`/api/appointments/${appointment.id}`)).body.status).toBe('pending_approval');
  });
});

describe("the carrier's own appointments", () => {
  it("lists only its own carrier's appointments of the day", async () => {
    const { client, facilityId, date, carrierId } = await pendingBooking();
    const stranger = await fleet();
    const theirs = await ops.post('/api/appointments', {
      facilityId,
      carrierId: stranger.carrierId,
      scheduledDate: date,
      scheduledTimeStart: '15:00',
      scheduledTimeEnd: '16:00',
    });
    expect(theirs.status).toBe(201);
    const listed = await client.get(`/api/appointments?date=${date}&facilityId=${facilityId}`);
    expect(listed.status).toBe(200);
    expect(listed.body.length).toBe(1);
    expect(listed.body.every((a: { carrierId: string }) => a.carrierId === carrierId)).toBe(true);
    expect((await client.get(`/api/appointments/${theirs.body.id}`)).status).toBe(404);
  });
});

describe('the carrier scorecard of February 2028', () => {
  // Seeded at explicit instants (India time) by the services, as the operations user.
  const at = (date: string, time: string) => new Date(`${date}T${time}:00+05:30`);
  let seeded: Awaited<ReturnType<typeof seedMonth>>;

  async function operationsUser() {
    const { findUserByIdentifier, toSessionUser } = await import('../../functions/users/user.store');
    return toSessionUser((await findUserByIdentifier('operations'))!);
  }

  async function seedMonth() {
    const place = await hub({ approvalRequired: true, changeCutoffHours: 12 });
    const mine = await fleet();
    const other = await fleet();
    const { bookAppointment, contextOf } = await import('../../functions/appointments');
    const { changeAppointmentStatus } = await import('../../functions/checkins');
    const { cancelAppointment } = await import('../../functions/appointments/cancel');
    const user = await operationsUser();
    const book = (carrierId: string, date: string, start: string) =>
      bookAppointment(
        user,
        {
          facilityId: place.facilityId,
          carrierId,
          driverId: null,
          dockDoorId: null,
          laborInchargeId: null,
          scheduledDate: date,
          scheduledTimeStart: start,
          scheduledTimeEnd: `${String(Number(start.slice(0, 2)) + 1).padStart(2, '0')}:00`,
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
        at('2028-01-01', '09:00'),
      );
    const step = (id: string, status: 'arrived' | 'loading' | 'departed' | 'no_show', date: string, time: string) =>
      changeAppointmentStatus(contextOf(user), id, status, at(date, time));
    const visit = async (date: string, arrive: string, leave: string) => {
      const a = await book(mine.carrierId, date, '09:00');
      await step(a.id, 'arrived', date, arrive);
      await step(a.id, 'loading', date, arrive);
      await step(a.id, 'departed', date, leave);
    };
    // 1 Feb: 30 minutes early, 60 minutes on site. 10 Feb: on time, 30 minutes. 15 Feb: late, 60 minutes.
    await visit('2028-02-01', '08:30', '09:30');
    await visit('2028-02-10', '09:10', '09:40');
    await visit('2028-02-15', '09:30', '10:30');
    // 20 Feb: no-show.
    await step((await book(mine.carrierId, '2028-02-20', '09:00')).id, 'no_show', '2028-02-20', '12:00');
    // 29 Feb 09:00: cancelled at 22:00 the evening before (11 hours ahead, inside the 12-hour cut-off, by override).
    const late = await book(mine.carrierId, '2028-02-29', '09:00');
    await cancelAppointment(
      user,
      late.id,
      { reason: 'Truck not available', overrideCutoff: true },
      at('2028-02-28', '22:00'),
    );
    // 29 Feb 11:00: cancelled two days ahead (not late).
    const early = await book(mine.carrierId, '2028-02-29', '11:00');
    await cancelAppointment(
      user,
      early.id,
      { reason: 'Order moved', overrideCutoff: false },
      at('2028-02-27', '10:00'),
    );
    // Outside the month: 31 Jan and 1 Mar, both departed on time.
    await visit('2028-01-31', '09:00', '09:20');
    await visit('2028-03-01', '09:00', '09:20');
    // Another carrier's single on-time visit in the month.
    const theirs = await book(other.carrierId, '2028-02-10', '12:00');
    await step(theirs.id, 'arrived', '2028-02-10', '12:05');
    await step(theirs.id, 'loading', '2028-02-10', '12:05');
    await step(theirs.id, 'departed', '2028-02-10', '12:45');
    // A booking of this carrier refused by staff counts nowhere.
    const pending = await mine.client.post('/api/appointments', {
      facilityId: place.facilityId,
      carrierId: mine.carrierId,
      scheduledDate: '2028-02-25',
      scheduledTimeStart: '09:00',
      scheduledTimeEnd: '10:00',
    });
    expect(pending.body.status).toBe('pending_approval');
    const refused = await ops.post(`/api/appointments/${pending.body.id}/refuse`, { reason: 'No dock free that day' });
    expect(refused.status, refused.text).toBe(200);
    return { place, mine, other };
  }

  beforeAll(async () => {
    seeded = await seedMonth();
  });

  it('gives the carrier its own row only, the figures counted by hand', async () => {
    const res = await seeded.mine.client.get('/api/carrier/scorecard?month=2028-02');
    expect(res.status, res.text).toBe(200);
    // 6 appointments (3 visits, 1 no-show, 2 cancelled); punctual 2 (early, on time) of 4 decided (+1 late,
    // +1 no-show) = 50 %; dwell (60 + 30 + 60) / 3 = 50 minutes, 30/60/60 sorted: median 60, p90 (the
    // 3rd of 3) 60, none over two hours; 1 cancellation inside the cut-off.
    expect(res.body).toEqual({
      month: '2028-02',
      rows: [
        {
          carrierId: seeded.mine.carrierId,
          carrier: seeded.mine.carrierName,
          appointments: 6,
          onTimeRate: 50,
          early: 1,
          late: 1,
          noShows: 1,
          avgDwellMinutes: 50,
          medianDwellMinutes: 60,
          p90DwellMinutes: 60,
          overTwoHoursShare: 0,
          lateCancellations: 1,
        },
      ],
      // The hub's side: the one facility kept its 3 trucks 30, 60 and 60 minutes.
      facilities: [
        {
          facilityId: seeded.place.facilityId,
          facility: expect.stringMatching(/^Approval Hub /),
          trucks: 3,
          medianDwellMinutes: 60,
          p90DwellMinutes: 60,
          overTwoHoursShare: 0,
        },
      ],
    });
  });

  it('writes the carrier its own CSV with the scorecard headers', async () => {
    const res = await seeded.mine.client.get('/api/carrier/scorecard/csv?month=2028-02');
    expect(res.status).toBe(200);
    expect(res.text).toBe(
      'Month,Carrier,Appointments,On-time %,Early,Late,No-shows,Avg dwell (min),Median dwell (min),P90 dwell (min),Over 2 h %,Late cancellations\r\n' +
        `2028-02,${seeded.mine.carrierName},6,50,1,1,1,50,60,60,0,1\r\n`,
    );
  });

  it("shows staff every carrier of the facility's month, and refuses a month that is not one", async () => {
    const res = await ops.get(`/api/analytics/scorecard?month=2028-02&facilityId=${seeded.place.facilityId}`);
    expect(res.status, res.text).toBe(200);
    expect(res.body.rows.map((r: { carrier: string; appointments: number }) => [r.carrier, r.appointments])).toEqual([
      [seeded.mine.carrierName, 6],
      [seeded.other.carrierName, 1],
    ]);
    expect(res.body.rows[1]).toMatchObject({ onTimeRate: 100, early: 0, late: 0, avgDwellMinutes: 40 });
    const bad = await ops.get('/api/analytics/scorecard?month=2028-13');
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toEqual({ month: 'Month must be YYYY-MM' });
  });

  it('is refused to an account linked to no carrier', async () => {
    const res = await ops.get('/api/carrier/scorecard?month=2028-02');
    expect(res.status).toBe(403);
    expect(res.body.message).toBe('The scorecard is shown to carrier accounts only');
  });
});

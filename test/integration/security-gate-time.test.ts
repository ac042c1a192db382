// Gate time is the gate's (issue #52.4), from the attacker's side through the real local HTTP path: a
// check-in synced with a gate pass claims the time it happened. A driver replaying yesterday's pass, a
// driver's phone claiming a time hours ago, or a late truck claiming an on-time instant is refused or
// counted late; a gate device offline for a while is believed within its window, and the check-in keeps
// both the claimed and the server's time.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, startTestApi, type TestApi } from '../support/api';
import { addDays, instantOf, localDateTime } from '../../shared/time';

let api: TestApi;
let ops: Client;
let yard: Client;
let driver: Client;
let yardUserId: string;

beforeAll(async () => {
  api = await startTestApi();
  [ops, yard, driver] = [new Client(api.url), new Client(api.url), new Client(api.url)];
  // One at a time: the password hash is memory-hard, and the machine is shared.
  await ops.signIn('operations');
  yardUserId = (await yard.signIn('yard_manager')).id;
  await driver.signIn('driver');
}, 120_000);
afterAll(() => api.close());

const key = () => randomUUID().replace(/-/g, '');

/** The whole-hour time zone in which it is `hour`:xx now (Etc/GMT-N is N hours ahead of UTC). */
function zoneAt(hour: number, now = new Date()): string {
  let offset = (hour - now.getUTCHours() + 24) % 24;
  if (offset > 14) offset -= 24;
  return offset === 0 ? 'UTC' : `Etc/GMT${offset > 0 ? '-' : '+'}${Math.abs(offset)}`;
}

/** A facility open round the clock where it is `hour`:xx now. */
async function hubAt(hour: number, name: string) {
  const timeZone = zoneAt(hour);
  const created = await ops.post('/api/facilities', {
    name,
    address: 'Plot 9, MIDC',
    operatingHoursStart: '00:00',
    operatingHoursEnd: '23:45',
    timeZone,
  });
  expect(created.status, created.text).toBe(201);
  return { id: created.body.id as string, timeZone, today: localDateTime(new Date(), timeZone).date };
}

/**
 * The driver account's appointment at the hub on `date`, `start` for an hour, booked through the
 * booking use case as of `bookedAt` (the API books no time already past, and these trucks come late).
 */
async function bookedEarlier(hub: { id: string }, date: string, start: string, end: string, bookedAt: Date) {
  const { bookAppointment } = await import('../../functions/appointments');
  const { findUserByIdentifier, toSessionUser } = await import('../../functions/users/user.store');
  const user = toSessionUser((await findUserByIdentifier('operations'))!);
  const appointment = await bookAppointment(
    user,
    {
      facilityId: hub.id,
      carrierId: 'carrier-sahyadri',
      driverId: 'driver-suresh',
      dockDoorId: null,
      laborInchargeId: null,
      scheduledDate: date,
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
    bookedAt,
  );
  const pass = await driver.get(`/api/appointments/${appointment.id}/gate-pass`);
  expect(pass.status, pass.text).toBe(200);
  return { id: appointment.id, token: pass.body.token as string };
}

const sync = (client: Client, hubId: string, token: string, happenedAt: Date) =>
  client.post('/api/checkins/gate-pass', {
    idempotencyKey: key(),
    token,
    happenedAt: happenedAt.toISOString(),
    facilityId: hubId,
    checksPending: true,
  });

const checkinsOf = async (appointmentId: string) =>
  ((await ops.get('/api/checkins')).body as { appointmentId: string }[]).filter(
    (c) => c.appointmentId === appointmentId,
  );

const PHONE_TOO_OLD =
  'This check-in was made more than 15 minutes ago, beyond the offline window of a phone. Check in at the gate now.';
const DEVICE_TOO_OLD =
  'This check-in was made more than 12 hours ago, beyond the offline window of a gate device. Check the truck in at the gate now.';

describe('the gate time of a synced gate pass check-in', () => {
  it("refuses a replay of yesterday's pass at yesterday's time, from the phone and from a gate device, and checks nothing in", async () => {
    // Prepare: yesterday's 12:00 appointment was never checked in; its pass is still on the phone.
    const hub = await hubAt(10, 'Gate Time Yesterday Hub');
    const yesterday = addDays(hub.today, -1);
    const a = await bookedEarlier(hub, yesterday, '12:00', '13:00', instantOf(yesterday, '07:00', hub.timeZone));
    const claimed = instantOf(yesterday, '12:05', hub.timeZone);

    // Act
    const fromPhone = await sync(driver, hub.id, a.token, claimed);
    const fromGate = await sync(yard, hub.id, a.token, claimed);

    // Assess
    expect(fromPhone.status, fromPhone.text).toBe(400);
    expect(fromPhone.body).toEqual({ message: PHONE_TOO_OLD, errors: { happenedAt: PHONE_TOO_OLD } });
    expect(fromGate.status, fromGate.text).toBe(400);
    expect(fromGate.body.message).toBe(DEVICE_TOO_OLD);
    expect((await ops.get(`/api/appointments/${a.id}`)).body).toMatchObject({ status: 'scheduled', arrivedAt: null });
    expect(await checkinsOf(a.id)).toEqual([]);
  });

  it("refuses a driver's phone claiming a time 2 hours old and takes a gate device's, keeping both times", async () => {
    // Prepare: a 10:00 appointment at a hub where it is 10:xx; 2 hours ago its check-in had just opened.
    const hub = await hubAt(10, 'Gate Time Window Hub');
    const a = await bookedEarlier(hub, hub.today, '10:00', '11:00', instantOf(hub.today, '06:00', hub.timeZone));
    const claimed = new Date(Date.now() - 2 * 3_600_000);

    // Act
    const fromPhone = await sync(driver, hub.id, a.token, claimed);
    const before = Date.now();
    const fromGate = await sync(yard, hub.id, a.token, claimed);
    const after = Date.now();

    // Assess
    expect(fromPhone.status, fromPhone.text).toBe(400);
    expect(fromPhone.body.message).toBe(PHONE_TOO_OLD);
    expect(fromGate.status, fromGate.text).toBe(201);
    const checkin = fromGate.body.checkin;
    expect(checkin).toMatchObject({ checkInTime: claimed.toISOString(), claimedAt: claimed.toISOString() });
    expect(Date.parse(checkin.receivedAt)).toBeGreaterThanOrEqual(before);
    expect(Date.parse(checkin.receivedAt)).toBeLessThanOrEqual(after);
    expect((await ops.get(`/api/appointments/${a.id}`)).body).toMatchObject({
      status: 'arrived',
      arrivedAt: claimed.toISOString(),
      arrivalOutcome: 'early',
    });
  });

  it('does not count a late truck on time when its phone claims an on-time instant outside the window', async () => {
    // Prepare: booked 08:00-09:00, the truck is at the gate at 10:xx and its phone says 08:05.
    const hub = await hubAt(10, 'Gate Time Late Phone Hub');
    const a = await bookedEarlier(hub, hub.today, '08:00', '09:00', instantOf(hub.today, '06:00', hub.timeZone));

    // Act
    const claimedOnTime = await sync(driver, hub.id, a.token, instantOf(hub.today, '08:05', hub.timeZone));
    const refusedState = (await ops.get(`/api/appointments/${a.id}`)).body;
    const now = await sync(driver, hub.id, a.token, new Date());

    // Assess
    expect(claimedOnTime.status, claimedOnTime.text).toBe(400);
    expect(claimedOnTime.body.message).toBe(PHONE_TOO_OLD);
    expect(refusedState).toMatchObject({ status: 'scheduled', arrivalOutcome: null });
    expect(now.status, now.text).toBe(201);
    expect((await ops.get(`/api/appointments/${a.id}`)).body).toMatchObject({
      status: 'arrived',
      arrivalOutcome: 'late',
    });
  });

  it("never counts a claimed on-time instant punctual when the pass had expired by the server's clock", async () => {
    // Prepare: at a hub where it is 01:xx, yesterday's 22:00 truck was let in offline at 22:05, and
    // the gate device syncs now, within its 12 hours, after the pass expired at midnight.
    const hub = await hubAt(1, 'Gate Time Midnight Hub');
    const yesterday = addDays(hub.today, -1);
    const a = await bookedEarlier(hub, yesterday, '22:00', '23:00', instantOf(yesterday, '18:00', hub.timeZone));
    const claimed = instantOf(yesterday, '22:05', hub.timeZone);

    // Act
    const before = Date.now();
    const res = await sync(yard, hub.id, a.token, claimed);

    // Assess: the truck is in (the guard saw a valid pass), at its claimed time, but counted late.
    expect(res.status, res.text).toBe(201);
    expect(res.body.checkin).toMatchObject({ checkInTime: claimed.toISOString(), claimedAt: claimed.toISOString() });
    expect(Date.parse(res.body.checkin.receivedAt)).toBeGreaterThanOrEqual(before);
    expect((await ops.get(`/api/appointments/${a.id}`)).body).toMatchObject({
      status: 'arrived',
      arrivedAt: claimed.toISOString(),
      arrivalOutcome: 'late',
    });
  });
});

describe('a synced gate check-in belongs to the user who queued it (issue #52.8)', () => {
  it("refuses an entry sent under another user's session, checks nothing in, and takes it from its author", async () => {
    // Prepare: the yard manager queued a check-in on a shared tablet; the next guard (operations) is signed in.
    const hub = await hubAt(10, 'Gate Outbox Author Hub');
    const a = await bookedEarlier(hub, hub.today, '12:00', '13:00', instantOf(hub.today, '06:00', hub.timeZone));
    const entry = {
      idempotencyKey: key(),
      token: a.token,
      // A minute ago, or 10:00 when the hour has just begun: the 12:00 appointment's check-in opens at 10:00.
      happenedAt: new Date(
        Math.max(Date.now() - 60_000, instantOf(hub.today, '10:00', hub.timeZone).getTime()),
      ).toISOString(),
      facilityId: hub.id,
      checksPending: true,
      queuedBy: yardUserId,
    };

    // Act
    const underOther = await ops.post('/api/checkins/gate-pass', entry);
    const stateAfter = (await ops.get(`/api/appointments/${a.id}`)).body.status;
    const underAuthor = await yard.post('/api/checkins/gate-pass', entry);

    // Assess
    expect(underOther.status, underOther.text).toBe(403);
    expect(underOther.body.message).toBe(
      'This check-in was queued by another user on this device. It is sent when they sign in again.',
    );
    expect(stateAfter).toBe('scheduled');
    expect(underAuthor.status, underAuthor.text).toBe(201);
    expect(await checkinsOf(a.id)).toHaveLength(1);
  });
});

// The holding area and its call forward (issue #58.3) through the real local HTTP path, on DynamoDB
// Local's stream: a hub with one door, D05, where it is 10:xx now; truck X stands at D05, Ajay Yadav
// (Hindi, SMS first) and then Suresh Kumar (English) check in without a door and wait in the hub's
// holding area, a parking area outside. X leaves: the holding worker's next run (each minute; run here
// by the test, at set instants) calls Ajay to D05, in Hindi through the driver notifier on the stream,
// with the deadline (15 minutes). Then Ajay misses his call, Suresh is called and Ajay goes back behind
// him; Suresh misses, Ajay is called again; Ajay misses a second time and is a no-show, Suresh is called
// again. Another company cannot read the queue; bad
// input is refused with the field's message. Expected results worked out by hand from the rules.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, startTestApi, type TestApi } from '../support/api';
import { bookFor, nextQuarter, zoneAtTenNow } from '../support/checkin-hub';
import { signUpOrganisation, type Organisation } from '../support/tenancy';
import { waitFor } from '../support/wait-for';
import { runCallForward } from '../../functions/holding/call-forward.worker';
import { localOutbox } from '../../functions/messaging';
import { fromMinutes, localDateTime, toMinutes } from '../../shared/time';
import type { HoldingQueue } from '../../shared/contracts/holding';

let api: TestApi;
let admin: Client;
let ops: Client;
let driver: Client;
let other: Organisation;

const AJAY = '+919812300002';
const SURESH = '+919800000004';
const MANOJ = '+919812300001';

let facilityId: string;
let timeZone: string;
let door: { id: string; doorNumber: string };
const trucks: Record<'x' | 'ajay' | 'suresh', { appointmentId: string; checkinId: string }> = {} as never;

beforeAll(async () => {
  api = await startTestApi({ workers: ['messaging-notifier'] });
  [admin, ops, driver] = [new Client(api.url), new Client(api.url), new Client(api.url)];
  await admin.signIn('admin');
  await ops.signIn('operations');
  await driver.signIn('driver');
  other = await signUpOrganisation(api.url);
  timeZone = zoneAtTenNow();
  const created = await admin.post('/api/facilities', {
    name: 'Holding Hub',
    address: 'Plot 5, MIDC',
    operatingHoursStart: '00:00',
    operatingHoursEnd: '23:45',
    timeZone,
  });
  expect(created.status, created.text).toBe(201);
  facilityId = created.body.id;
  const made = await ops.post('/api/dock-doors', { facilityId, doorNumber: 'D05', status: 'available' });
  expect(made.status, made.text).toBe(201);
  door = made.body;
}, 180_000);
afterAll(() => api?.close());

const queue = async (client = ops, id = facilityId) => client.get(`/api/holding/queue?facilityId=${id}`);
const entriesOf = (q: HoldingQueue) =>
  q.entries.map((e) => ({
    checkinId: e.checkinId,
    state: e.state,
    position: e.position,
    doorNumber: e.doorNumber,
    missedCalls: e.missedCalls,
  }));

/** A truck of today booked and checked in (without a door unless it names one). */
async function arrive(
  who: { carrierId: string; driverId: string; driverName: string },
  start: string,
  dockDoorId?: string,
) {
  const booked = await bookFor(ops, {
    facilityId,
    carrierId: who.carrierId,
    driverId: who.driverId,
    scheduledDate: localDateTime(new Date(), timeZone).date,
    scheduledTimeStart: start,
    scheduledTimeEnd: fromMinutes(toMinutes(start) + 60),
    ...(dockDoorId ? { dockDoorId } : {}),
  });
  const checkedIn = await ops.post('/api/checkins', {
    appointmentId: booked.id,
    driverName: who.driverName,
    vehicleLicense: `MH04HA${1000 + Object.keys(trucks).length}`,
  });
  expect(checkedIn.status, checkedIn.text).toBe(201);
  return { appointmentId: booked.id as string, checkinId: checkedIn.body.id as string };
}

/** The messages to a number whose text matches, once `count` are there (the notifier works on the stream). */
const messagesTo = (to: string, match: (body: string) => boolean, count = 1) =>
  waitFor(
    async () => (await localOutbox(200)).filter((m) => m.to === to && match(m.body)),
    (found) => found.length >= count,
    `${count} message(s) to ${to}`,
  );

const hhmm = (iso: string) => localDateTime(new Date(iso), timeZone).time;
const plus = (iso: string, minutes: number) => new Date(Date.parse(iso) + minutes * 60_000);

describe('holding area and call forward', () => {
  it('refuses a holding area with bad fields, naming each, and keeps the default', async () => {
    // Act
    const bad = await admin.request('PUT', `/api/holding/area?facilityId=${facilityId}`, {
      body: { name: '  ', kind: 'roof', callForward: 'yes' },
    });

    // Assess
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toEqual({
      name: 'Holding area name is required',
      kind: 'Location must be on site or outside',
      callForward: 'Call forward must be on or off',
    });
    const area = await ops.get(`/api/holding/area?facilityId=${facilityId}`);
    expect(area.body).toEqual({
      facilityId,
      name: 'Holding area',
      kind: 'on_site',
      callForward: false,
      configured: false,
    });
    // A driver reads no queue; an unknown facility is not found.
    expect((await queue(driver)).status).toBe(403);
    const unknown = await queue(ops, 'no-such-facility');
    expect([unknown.status, unknown.body.message]).toEqual([404, 'Facility not found']);
  });

  it('queues the trucks that check in without a free door, in the named holding area, first come first', async () => {
    // Prepare: the hub names its holding area and turns call forward on; X stands at D05.
    const saved = await admin.request('PUT', `/api/holding/area?facilityId=${facilityId}`, {
      body: { name: 'NH-48 truck park', kind: 'outside', callForward: true },
    });
    expect(saved.status, saved.text).toBe(200);
    expect(saved.body).toEqual({
      facilityId,
      name: 'NH-48 truck park',
      kind: 'outside',
      callForward: true,
      configured: true,
      revision: 1,
    });
    const start = nextQuarter(localDateTime(new Date(), timeZone).time);
    trucks.x = await arrive(
      { carrierId: 'carrier-sahyadri', driverId: 'driver-manoj', driverName: 'Manoj Patil' },
      start,
      door.id,
    );

    // Act: Ajay, then Suresh, check in; D05 is taken.
    trucks.ajay = await arrive(
      { carrierId: 'carrier-ganga', driverId: 'driver-ajay', driverName: 'Ajay Yadav' },
      fromMinutes(toMinutes(start) + 15),
    );
    trucks.suresh = await arrive(
      { carrierId: 'carrier-sahyadri', driverId: 'driver-suresh', driverName: 'Suresh Kumar' },
      fromMinutes(toMinutes(start) + 30),
    );

    // Assess
    const res = await queue();
    expect(res.status, res.text).toBe(200);
    expect(res.body.area).toMatchObject({ name: 'NH-48 truck park', kind: 'outside' });
    expect(res.body.deadlineMinutes).toBe(15);
    expect(entriesOf(res.body)).toEqual([
      { checkinId: trucks.ajay.checkinId, state: 'waiting', position: 1, doorNumber: null, missedCalls: 0 },
      { checkinId: trucks.suresh.checkinId, state: 'waiting', position: 2, doorNumber: null, missedCalls: 0 },
    ]);
    expect(res.body.entries[0]).toMatchObject({
      driverName: 'Ajay Yadav',
      carrierName: 'Ganga Freight Carriers',
      waitingMinutes: 0,
      calledAt: null,
      deadline: null,
      heldAtGate: false,
    });
  });

  it('calls the first driver forward to D05 when X leaves it, once, in Hindi, with the deadline', async () => {
    // Act
    const left = await ops.request('PATCH', `/api/checkins/${trucks.x.checkinId}/status`, {
      body: { status: 'departed' },
    });
    expect(left.status, left.text).toBe(200);

    const run = await runCallForward(new Date());

    // Assess: Ajay is called to D05 for 15 minutes; Suresh is first in the queue.
    expect(run).toEqual({ facilities: 1, called: 1, missed: 0 });
    const called = (await queue()).body as HoldingQueue;
    expect(entriesOf(called)).toEqual([
      { checkinId: trucks.ajay.checkinId, state: 'called', position: null, doorNumber: 'D05', missedCalls: 0 },
      { checkinId: trucks.suresh.checkinId, state: 'waiting', position: 1, doorNumber: null, missedCalls: 0 },
    ]);
    const ajay = called.entries[0]!;
    expect(Date.parse(ajay.deadline!) - Date.parse(ajay.calledAt!)).toBe(15 * 60_000);
    const checkin = (await ops.get('/api/checkins')).body.find((c: { id: string }) => c.id === trucks.ajay.checkinId);
    expect(checkin).toMatchObject({ dockDoorId: door.id, doorNumber: 'D05', status: 'checked_in' });
    const sent = await messagesTo(AJAY, (b) => b.includes('D05'));
    expect(sent.map((m) => [m.channel, m.body])).toEqual([
      ['sms', `अभी डॉक D05 पर जाएँ। कृपया ${hhmm(ajay.deadline!)} बजे तक पहुँचें, नहीं तो अगले ट्रक को बुलाया जाएगा।`],
    ]);
    // The call is the door's one message: no "Dock assigned" beside it, even after the notifier has caught up.
    await new Promise((r) => setTimeout(r, 1000));
    expect((await localOutbox(200)).filter((m) => m.to === AJAY && m.body.includes('D05'))).toHaveLength(1);
    // X, who left D05, is not called to it.
    expect((await localOutbox(200)).filter((m) => m.to === MANOJ && m.body.startsWith('Proceed'))).toEqual([]);
  });

  it('the call-forward skips a no-show: the next driver is called, the one who missed goes back behind, then out', async () => {
    // Prepare
    const first = ((await queue()).body as HoldingQueue).entries[0]!;
    const calledAt = first.calledAt!;

    // Act 1: the deadlines run 16 minutes after Ajay's call.
    const run1 = await runCallForward(plus(calledAt, 16));

    // Assess 1: Ajay lost D05 and waits behind Suresh, who is called to it; each heard it in his language.
    expect(run1).toEqual({ facilities: 1, called: 1, missed: 1 });
    const q1 = (await queue()).body as HoldingQueue;
    expect(entriesOf(q1)).toEqual([
      { checkinId: trucks.suresh.checkinId, state: 'called', position: null, doorNumber: 'D05', missedCalls: 0 },
      { checkinId: trucks.ajay.checkinId, state: 'waiting', position: 1, doorNumber: 'D05', missedCalls: 1 },
    ]);
    const sureshDeadline = q1.entries[0]!.deadline!;
    expect(sureshDeadline).toBe(plus(calledAt, 31).toISOString());
    expect((await messagesTo(SURESH, (b) => b.startsWith('Proceed to door D05'))).map((m) => m.body)).toEqual([
      `Proceed to door D05 now. Please reach it by ${hhmm(sureshDeadline)}, or the next truck will be called.`,
    ]);
    expect((await messagesTo(AJAY, (b) => b.includes('अगली कॉल'))).map((m) => m.body)).toEqual([
      `आप ${hhmm(first.deadline!)} बजे तक डॉक D05 पर नहीं पहुँचे, इसलिए अगले ट्रक को बुलाया गया। कृपया होल्डिंग क्षेत्र में अगली कॉल का इंतज़ार करें।`,
    ]);
    const ajayCheckin = (await ops.get('/api/checkins')).body.find(
      (c: { id: string }) => c.id === trucks.ajay.checkinId,
    );
    expect(ajayCheckin).toMatchObject({ dockDoorId: null, doorNumber: null, status: 'checked_in' });

    // Act 2 + Assess 2: before Suresh's deadline nothing changes; after it, Ajay is called again.
    expect(await runCallForward(plus(calledAt, 30))).toEqual({ facilities: 1, called: 0, missed: 0 });
    expect(await runCallForward(plus(calledAt, 32))).toEqual({ facilities: 1, called: 1, missed: 1 });
    expect(entriesOf((await queue()).body)).toEqual([
      { checkinId: trucks.ajay.checkinId, state: 'called', position: null, doorNumber: 'D05', missedCalls: 1 },
      { checkinId: trucks.suresh.checkinId, state: 'waiting', position: 1, doorNumber: 'D05', missedCalls: 1 },
    ]);

    // Act 3 + Assess 3: Ajay misses a second call: a no-show, out of the queue; Suresh is called again.
    expect(await runCallForward(plus(calledAt, 48))).toEqual({ facilities: 1, called: 1, missed: 1 });
    expect(entriesOf((await queue()).body)).toEqual([
      { checkinId: trucks.suresh.checkinId, state: 'called', position: null, doorNumber: 'D05', missedCalls: 1 },
      { checkinId: trucks.ajay.checkinId, state: 'no_show', position: null, doorNumber: 'D05', missedCalls: 2 },
    ]);

    // Act 4 + Assess 4: Suresh reaches D05 (staff mark him at the dock): he leaves the queue.
    const atDock = await ops.request('PATCH', `/api/checkins/${trucks.suresh.checkinId}/status`, {
      body: { status: 'at_dock' },
    });
    expect(atDock.status, atDock.text).toBe(200);
    expect(await runCallForward(plus(calledAt, 64))).toEqual({ facilities: 1, called: 0, missed: 0 });
    expect(entriesOf((await queue()).body)).toEqual([
      { checkinId: trucks.ajay.checkinId, state: 'no_show', position: null, doorNumber: 'D05', missedCalls: 2 },
    ]);
  });

  it('keeps the queue and holding area of one company from another', async () => {
    // Act
    const theirs = await queue(other.admin);
    const mine = await queue(other.admin, other.facilityId);
    const area = await other.admin.get(`/api/holding/area?facilityId=${facilityId}`);
    const save = await other.admin.request('PUT', `/api/holding/area?facilityId=${facilityId}`, {
      body: { name: 'Taken over', kind: 'on_site', callForward: false },
    });

    // Assess
    expect([theirs.status, theirs.body.message]).toEqual([404, 'Facility not found']);
    expect([area.status, save.status]).toEqual([404, 404]);
    expect(mine.status, mine.text).toBe(200);
    expect(mine.body.entries).toEqual([]);
    expect((await ops.get(`/api/holding/area?facilityId=${facilityId}`)).body.name).toBe('NH-48 truck park');
  });
});

// Partial updates through the real local HTTP path: every PATCH/PUT route of the route table, sent
// a body with one field, changes that field (and what the change itself implies) and nothing else.
// A new PATCH or PUT route fails the first test until it has its case here. Then what an edit of a
// facility refuses: a stale form's version, an empty edit, and values that break its invariants.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, startTestApi, type TestApi } from '../support/api';
import { DEMO_FACILITY_ID } from '../../functions/local/seed';
import { ROUTES, routeKey, type ApiRoute } from '../../shared/routes';
import { facilityInputSchema } from '../../shared/contracts/facilities';
import { addDays, localDateTime } from '../../shared/time';
import { listAudit } from '../../functions/lib/audit';

let api: TestApi;
let ops: Client;
const today = localDateTime(new Date(), 'Asia/Kolkata').date;
const day = (n: number) => addDays(today, n);

beforeAll(async () => {
  api = await startTestApi();
  ops = new Client(api.url);
  await ops.signIn('operations');
});
afterAll(() => api.close());

type Item = Record<string, unknown>;
/** The item without the attributes named (those a change is expected to touch). */
const without = (item: Item, ...fields: string[]) =>
  Object.fromEntries(Object.entries(item).filter(([k]) => !fields.includes(k)));

const facilityBody = {
  name: 'Partial DC',
  address: 'Plot 4, Taloja MIDC',
  city: 'Navi Mumbai',
  state: 'Maharashtra',
  country: 'India',
  zipCode: '410208',
  contactEmail: 'dock@partial.in',
  contactPhone: '+919800000001',
  operatingHoursStart: '07:00',
  operatingHoursEnd: '19:00',
  totalDockDoors: 6,
  timeZone: 'Asia/Kolkata',
  slotMinutes: 30,
  slotCapacity: 5,
};
/** A new value for every field of a facility (none of them a default). */
const facilityEdits: Item = {
  name: 'Partial DC North',
  address: 'Plot 9, Taloja MIDC',
  city: 'Panvel',
  state: 'MH',
  country: 'Bharat',
  zipCode: '410206',
  contactEmail: 'gate@partial.in',
  contactPhone: '+919800000002',
  operatingHoursStart: '06:00',
  operatingHoursEnd: '21:00',
  totalDockDoors: 9,
  timeZone: 'Asia/Dubai',
  slotMinutes: 45,
  slotCapacity: 7,
};
const booking = (over: Item = {}) => ({
  facilityId: DEMO_FACILITY_ID,
  carrierId: 'carrier-ganga',
  driverId: 'driver-ajay',
  dockDoorId: null,
  scheduledDate: day(3),
  scheduledTimeStart: '10:00',
  scheduledTimeEnd: '11:00',
  poNumber: 'PO-PART',
  palletCount: 4,
  ...over,
});

const CASES: Record<string, () => Promise<void>> = {
  async 'PATCH /api/facilities/{id}'() {
    expect(Object.keys(facilityEdits).sort()).toEqual(Object.keys(facilityInputSchema.shape).sort()); // every field has its edit
    const created = await ops.post('/api/facilities', facilityBody);
    expect(created.status).toBe(201);
    const read = async () =>
      (await ops.get('/api/facilities')).body.find((f: { id: string }) => f.id === created.body.id) as Item;
    for (const [field, value] of Object.entries(facilityEdits)) {
      const before = await read();
      const res = await ops.request('PATCH', `/api/facilities/${created.body.id}`, { body: { [field]: value } });
      expect(res.status, field).toBe(200);
      const after = await read();
      expect(after[field], field).toEqual(value);
      expect(without(after, field, 'updatedAt', 'revision'), field).toEqual(
        without(before, field, 'updatedAt', 'revision'),
      );
    }
  },

  async 'PATCH /api/facilities/{id}/time-slots/{slotId}'() {
    const date = day(4);
    const read = async () =>
      (await ops.get(`/api/facilities/default/time-slots?date=${date}`)).body.find(
        (s: { startTime: string }) => s.startTime === '11:00',
      ) as Item;
    const patch = (body: Item) => ops.request('PATCH', `/api/facilities/default/time-slots/${date}_1100`, { body });
    expect((await patch({ capacity: 5 })).status).toBe(200);
    const sized = await read();
    expect((await patch({ isBlocked: true })).status).toBe(200);
    const blocked = await read();
    expect(blocked).toMatchObject({ isBlocked: true, capacity: 5 });
    expect(without(blocked, 'isBlocked', 'isAvailable')).toEqual(without(sized, 'isBlocked', 'isAvailable'));
    expect((await patch({ capacity: 4 })).status).toBe(200);
    const resized = await read();
    expect(resized).toMatchObject({ isBlocked: true, capacity: 4 });
    expect(without(resized, 'capacity')).toEqual(without(blocked, 'capacity'));
  },

  async 'PATCH /api/yard-spots/{spotId}/status'() {
    const spots = async () => (await ops.get('/api/facilities/default/yard-spots')).body as Item[];
    const before = (await spots()).find((s) => s.status === 'empty')!;
    const res = await ops.request('PATCH', `/api/yard-spots/${before.id}/status`, { body: { status: 'maintenance' } });
    expect(res.status).toBe(200);
    const after = (await spots()).find((s) => s.id === before.id)!;
    expect(after.status).toBe('maintenance');
    expect(without(after, 'status', 'updatedAt', 'revision')).toEqual(
      without(before, 'status', 'updatedAt', 'revision'),
    );
  },

  async 'PATCH /api/appointments/{id}/status'() {
    const created = (await ops.post('/api/appointments', booking())).body as Item;
    const res = await ops.request('PATCH', `/api/appointments/${created.id}/status`, { body: { status: 'arrived' } });
    expect(res.status).toBe(200);
    const after = (await ops.get(`/api/appointments/${created.id}`)).body as Item;
    expect(after).toMatchObject({ status: 'arrived', arrivedAt: expect.any(String) });
    expect(without(after, 'status', 'arrivedAt', 'arrivalOutcome', 'updatedAt', 'revision')).toEqual(
      without(created, 'status', 'arrivedAt', 'arrivalOutcome', 'updatedAt', 'revision'),
    );
  },

  async 'PATCH /api/reschedules/{id}/approve'() {
    const created = (
      await ops.post('/api/appointments', booking({ scheduledTimeStart: '12:00', scheduledTimeEnd: '13:00' }))
    ).body as Item;
    const request = (
      await ops.post(`/api/appointments/${created.id}/reschedule`, {
        newDate: day(5),
        newTimeStart: '14:00',
        newTimeEnd: '15:00',
        reason: 'traffic',
        reasonDetails: 'Held up at the Kalamboli junction',
      })
    ).body;
    const res = await ops.request('PATCH', `/api/reschedules/${request.id}/approve`);
    expect(res.status).toBe(200);
    const after = (await ops.get(`/api/appointments/${created.id}`)).body as Item;
    expect(after).toMatchObject({
      scheduledDate: day(5),
      scheduledTimeStart: '14:00',
      scheduledTimeEnd: '15:00',
      rescheduleCount: 1,
    });
    const moved = [
      'scheduledDate',
      'scheduledTimeStart',
      'scheduledTimeEnd',
      'rescheduleCount',
      'canReschedule',
      'pendingRescheduleId',
      'updatedAt',
      'revision',
    ];
    expect(without(after, ...moved)).toEqual(without(created, ...moved));
  },

  async 'PATCH /api/reschedules/{id}/deny'() {
    const created = (
      await ops.post('/api/appointments', booking({ scheduledTimeStart: '15:00', scheduledTimeEnd: '16:00' }))
    ).body as Item;
    const request = (
      await ops.post(`/api/appointments/${created.id}/reschedule`, {
        newDate: day(5),
        newTimeStart: '16:00',
        newTimeEnd: '17:00',
        reason: 'weather',
        reasonDetails: 'Heavy rain on the expressway',
      })
    ).body;
    const res = await ops.request('PATCH', `/api/reschedules/${request.id}/deny`);
    expect(res.status).toBe(200);
    const after = (await ops.get(`/api/appointments/${created.id}`)).body as Item;
    expect(without(after, 'pendingRescheduleId', 'updatedAt', 'revision')).toEqual(
      without(created, 'pendingRescheduleId', 'updatedAt', 'revision'),
    );
  },

  async 'PATCH /api/checkins/{id}/status'() {
    const created = (
      await ops.post('/api/checkins/walk-in', {
        driverName: 'Partial Driver',
        vehicleLicense: 'MH43PA0001',
        carrierName: 'Partial Tempo',
        notes: 'Side door',
      })
    ).body as Item;
    const res = await ops.request('PATCH', `/api/checkins/${created.id}/status`, { body: { status: 'at_dock' } });
    expect(res.status).toBe(200);
    const after = ((await ops.get('/api/checkins')).body as Item[]).find((c) => c.id === created.id)!;
    expect(after).toMatchObject({ status: 'at_dock', atDockAt: expect.any(String) });
    expect(without(after, 'status', 'atDockAt', 'updatedAt', 'revision')).toEqual(
      without(created, 'status', 'atDockAt', 'updatedAt', 'revision'),
    );
  },

  async 'PATCH /api/checkins/{id}/door'() {
    const created = (
      await ops.post('/api/checkins/walk-in', {
        driverName: 'Door Driver',
        vehicleLicense: 'MH43PA0002',
        carrierName: 'Door Tempo',
      })
    ).body as Item;
    const res = await ops.request('PATCH', `/api/checkins/${created.id}/door`, { body: { dockDoorId: 'door-10' } });
    expect(res.status).toBe(200);
    const after = ((await ops.get('/api/checkins')).body as Item[]).find((c) => c.id === created.id)!;
    expect(after).toMatchObject({ dockDoorId: 'door-10', doorNumber: 'D10' });
    expect(without(after, 'dockDoorId', 'doorNumber', 'updatedAt', 'revision')).toEqual(
      without(created, 'dockDoorId', 'doorNumber', 'updatedAt', 'revision'),
    );
  },

  async 'PATCH /api/facilities/{id}/dock-doors/{doorId}'() {
    const created = (
      await ops.post('/api/dock-doors', {
        facilityId: DEMO_FACILITY_ID,
        doorNumber: 'P-1',
        maxVehicleHeight: 4,
        maxVehicleWidth: 3,
      })
    ).body;
    const read = async () =>
      (await ops.get(`/api/facilities/${DEMO_FACILITY_ID}/dock-doors`)).body.find(
        (d: { id: string }) => d.id === created.id,
      ) as Item;
    for (const [field, value] of Object.entries({
      doorType: 'refrigerated',
      maxVehicleHeight: 4.5,
      maxVehicleWidth: null,
      status: 'maintenance',
    })) {
      const before = await read();
      const res = await ops.request('PATCH', `/api/facilities/${DEMO_FACILITY_ID}/dock-doors/${created.id}`, {
        body: { [field]: value },
      });
      expect(res.status, res.text).toBe(200);
      const after = await read();
      expect(after[field], field).toEqual(value);
      expect(without(after, field, 'revision'), field).toEqual(without(before, field, 'revision'));
    }
  },

  async 'PATCH /api/carriers/{id}'() {
    const created = (
      await ops.post('/api/carriers', {
        name: 'Partial Carrier',
        contactEmail: 'a@partial.in',
        contactPhone: '9800000011',
        serviceTypes: ['FTL'],
      })
    ).body;
    const read = async () =>
      (await ops.get('/api/carriers')).body.find((c: { id: string }) => c.id === created.id) as Item;
    for (const [field, value] of Object.entries({
      name: 'Partial Carrier North',
      contactEmail: 'b@partial.in',
      contactPhone: '9800000012',
      serviceTypes: ['LTL', 'Hazmat'],
    })) {
      const before = await read();
      const res = await ops.request('PATCH', `/api/carriers/${created.id}`, { body: { [field]: value } });
      expect(res.status, res.text).toBe(200);
      const after = await read();
      expect(after[field], field).toEqual(value);
      expect(without(after, field, 'revision'), field).toEqual(without(before, field, 'revision'));
    }
  },

  async 'PATCH /api/driver/preferences'() {
    // The demo driver account drives as Suresh Kumar of Sahyadri: its own record, read the way the driver app does.
    const driver = new Client(api.url);
    await driver.signIn('driver');
    const read = async () => (await driver.get('/api/carriers/carrier-sahyadri/drivers')).body[0] as Item;
    for (const [field, value] of Object.entries({ preferredChannels: ['voice', 'sms'], preferredLanguage: 'hi' })) {
      const before = await read();
      const res = await driver.request('PATCH', '/api/driver/preferences', { body: { [field]: value } });
      expect(res.status, res.text).toBe(200);
      const after = await read();
      expect(after[field]).toEqual(value);
      expect(without(after, field, 'revision', 'updatedAt')).toEqual(without(before, field, 'revision', 'updatedAt'));
    }
  },

  async 'PATCH /api/carriers/{id}/drivers/{driverId}'() {
    const created = (
      await ops.post('/api/drivers', {
        carrierId: 'carrier-ganga',
        name: 'Partial Driver',
        phone: '9800000021',
        licenseNumber: 'MH-PART-1',
      })
    ).body;
    const read = async () =>
      (await ops.get('/api/carriers/carrier-ganga/drivers')).body.find(
        (d: { id: string }) => d.id === created.id,
      ) as Item;
    for (const [field, value] of Object.entries({
      name: 'Partial Driver Two',
      phone: '9800000022',
      licenseNumber: 'MH-PART-2',
      preferredChannels: ['whatsapp', 'sms'],
      preferredLanguage: 'hi',
    })) {
      const before = await read();
      const res = await ops.request('PATCH', `/api/carriers/carrier-ganga/drivers/${created.id}`, {
        body: { [field]: value },
      });
      expect(res.status, res.text).toBe(200);
      const after = await read();
      expect(after[field], field).toEqual(value);
      expect(without(after, field, 'revision'), field).toEqual(without(before, field, 'revision'));
    }
  },
};

describe('facility edits', () => {
  it('refuses an edit of a facility from a form that read an older version, and an empty edit, changing nothing', async () => {
    const facility = (await ops.post('/api/facilities', { ...facilityBody, name: 'Stale form DC' })).body;
    const first = await ops.request('PATCH', `/api/facilities/${facility.id}`, {
      body: { slotCapacity: 4, revision: 0 },
    });
    expect(first.status).toBe(200);

    const stale = await ops.request('PATCH', `/api/facilities/${facility.id}`, {
      body: { slotCapacity: 9, revision: 0 },
    });
    const empty = await ops.request('PATCH', `/api/facilities/${facility.id}`, { body: {} });
    const versionOnly = await ops.request('PATCH', `/api/facilities/${facility.id}`, {
      body: { revision: first.body.revision },
    });

    expect(stale.status).toBe(409);
    expect(stale.body.message).toBe(
      'This record was changed by someone else since you opened it. Reload it and try again.',
    );
    expect(stale.body.current).toMatchObject({ slotCapacity: 4, revision: 1 });
    expect([empty.status, versionOnly.status]).toEqual([400, 400]);
    expect(empty.body.message).toBe('Nothing to change: send at least one field to update');
    expect((await ops.get('/api/facilities')).body.find((f: { id: string }) => f.id === facility.id)).toMatchObject({
      slotCapacity: 4,
      revision: 1,
    });
    expect((await listAudit('demo', { entityType: 'facility', entityId: facility.id })).map((t) => t.action)).toEqual([
      'facility.updated',
      'facility.created',
    ]);
    const fresh = await ops.request('PATCH', `/api/facilities/${facility.id}`, {
      body: { slotCapacity: 9, revision: first.body.revision },
    });
    expect(fresh.status).toBe(200);
  });

  it('refuses hours out of order against the stored hours, and fewer total doors than the doors recorded', async () => {
    const facility = (await ops.post('/api/facilities', { ...facilityBody, name: 'Invariant DC', totalDockDoors: 2 }))
      .body;
    await ops.post('/api/dock-doors', { facilityId: facility.id, doorNumber: 'I1' });

    const hours = await ops.request('PATCH', `/api/facilities/${facility.id}`, {
      body: { operatingHoursStart: '23:00' },
    });
    const doors = await ops.request('PATCH', `/api/facilities/${facility.id}`, { body: { totalDockDoors: 1 } });

    expect(hours.status).toBe(400);
    expect(hours.body.errors.operatingHoursEnd).toBe('Closing time must be after opening time');
    expect(doors.status).toBe(409);
    expect(doors.body.errors.totalDockDoors).toBe(
      'Total dock doors cannot be below the 3 dock doors recorded for this facility',
    );
    expect((await ops.get('/api/facilities')).body.find((f: { id: string }) => f.id === facility.id)).toMatchObject({
      operatingHoursStart: '07:00',
      totalDockDoors: 2,
      doorCount: 3,
    });
    expect((await ops.request('PATCH', `/api/facilities/${facility.id}`, { body: { totalDockDoors: 3 } })).status).toBe(
      200,
    );
  });
});

// The edit routes of the domains that came with #15-#19 (wms, integrations, messaging, tenancy, users'
// language) are tested for partial edits in their own suites; this file covers the dock side's.
// Settings documents replaced whole (gate: an omitted password keeps the stored one; the trip watch; a
// facility's PO policy; a facility's detention terms, one vehicle class at a time) are tested in their
// own suites.
const COVERED_IN_THEIR_SUITES = new Set([
  'wms',
  'integrations',
  'messaging',
  'tenancy',
  'contact',
  'gate',
  'trips',
  'references',
  'appointment-types',
  'privacy',
  'detention',
  // The planner's settings (issue #58.2): re-planning, crews, equipment and needs; a part left out is kept as
  // saved (test/integration/planner-replan.test.ts, planner-resources.test.ts).
  'planner',
  // A facility's holding area (issue #58.3): name, place and call forward, saved whole (holding.test.ts).
  'holding',
]);
/**
 * Whole-document settings: PUT replaces the facility's booking rules (tested in carrier-portal.test.ts)
 * and its yard settings (one field, whether trailers are dropped: yard-tasks.test.ts).
 */
const WHOLE_DOCUMENTS = new Set([
  '/api/auth/user/language',
  '/api/carrier-identity/me/language',
  '/api/bookings/facilities/{id}/rules',
  '/api/facilities/{id}/yard-settings',
]);
const EDIT_ROUTES = (ROUTES as readonly ApiRoute[])
  .filter(
    (r) =>
      (r.method === 'PATCH' || r.method === 'PUT') &&
      !COVERED_IN_THEIR_SUITES.has(r.fn) &&
      !WHOLE_DOCUMENTS.has(r.path),
  )
  .map(routeKey);

describe('partial updates', () => {
  it('has a case for every PATCH and PUT route of the route table', () => {
    expect(Object.keys(CASES).sort()).toEqual([...EDIT_ROUTES].sort());
  });

  it.each(EDIT_ROUTES.filter((key) => key in CASES))('%s with one field changes that field only', async (key) => {
    await CASES[key]!();
  });
});

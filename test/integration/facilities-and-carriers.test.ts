// Reference data through the real local HTTP path: happy paths, the spec's validation texts,
// permissions and tenant isolation.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, startTestApi, type TestApi } from '../support/api';
import { signInAsAcmeAdmin } from '../support/tenancy';
import { DEMO_FACILITY_ID } from '../../functions/local/seed';
import { assignmentPut } from '../../functions/facilities/resource.store';
import { ddb } from '../../functions/lib/aws';
import { TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { listAudit } from '../../functions/lib/audit';
import { addDays, localDateTime } from '../../shared/time';

let api: TestApi;
let ops: Client;
let spectator: Client;
let other: Client; // the admin of another tenant
const today = localDateTime(new Date(), 'Asia/Kolkata').date;

beforeAll(async () => {
  api = await startTestApi();
  ops = new Client(api.url);
  spectator = new Client(api.url);
  await ops.signIn('operations');
  await spectator.signIn('spectator');
  // A second tenant with its own facility and admin.
  other = new Client(api.url);
  await signInAsAcmeAdmin(other);
});
afterAll(() => api.close());

const validFacility = {
  name: 'Nhava Sheva CFS',
  address: 'JNPT Road, Uran',
  city: 'Navi Mumbai',
  state: 'Maharashtra',
  country: 'India',
  zipCode: '400707',
  operatingHoursStart: '06:00',
  operatingHoursEnd: '22:00',
  totalDockDoors: 4,
};

describe('facilities', () => {
  it('lists the demo facility with its hours and door count', async () => {
    const res = await ops.get('/api/facilities');
    expect(res.status).toBe(200);
    expect(res.body).toEqual([
      expect.objectContaining({
        id: DEMO_FACILITY_ID,
        name: 'Bhiwandi Distribution Centre',
        operatingHoursStart: '08:00',
        operatingHoursEnd: '18:00',
        doorCount: 12,
        timeZone: 'Asia/Kolkata',
        isActive: true,
      }),
    ]);
  });

  it('creates a facility with defaults and audits it', async () => {
    const res = await ops.post('/api/facilities', validFacility);
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      ...validFacility,
      timeZone: 'Asia/Kolkata',
      slotMinutes: 60,
      slotCapacity: 2,
      doorCount: 4,
    });
    expect((await ops.get('/api/facilities')).body.map((f: { name: string }) => f.name)).toContain('Nhava Sheva CFS');
    // "Total dock doors" 4: the facility comes with doors D01 to D04, ready for bookings.
    const doors = (await ops.get(`/api/facilities/${res.body.id}/dock-doors`)).body;
    expect(doors.map((d: { doorNumber: string; status: string }) => `${d.doorNumber} ${d.status}`)).toEqual([
      'D01 available',
      'D02 available',
      'D03 available',
      'D04 available',
    ]);
    const trail = await listAudit('demo', { entityType: 'facility', entityId: res.body.id });
    expect(trail[0]).toMatchObject({ action: 'facility.created', actorName: 'operations' });
  });

  it.each([
    [{ ...validFacility, name: '' }, 'name', 'Facility name is required'],
    [{ ...validFacility, name: undefined }, 'name', 'Facility name is required'],
    [{ ...validFacility, address: undefined }, 'address', 'Address is required'],
    [{ ...validFacility, address: ' ' }, 'address', 'Address is required'],
    [{ ...validFacility, operatingHoursStart: '' }, 'operatingHoursStart', 'Start time is required'],
    [{ ...validFacility, operatingHoursEnd: '' }, 'operatingHoursEnd', 'End time is required'],
    [{ ...validFacility, totalDockDoors: -1 }, 'totalDockDoors', 'Must be non-negative'],
    [{ ...validFacility, operatingHoursEnd: '05:00' }, 'operatingHoursEnd', 'Closing time must be after opening time'],
    [{ ...validFacility, timeZone: 'Mars/Olympus' }, 'timeZone', 'Unknown time zone'],
    [{ ...validFacility, zipCode: '40070' }, 'zipCode', 'PIN code must be 6 digits'],
    [{ ...validFacility, zipCode: '040070' }, 'zipCode', 'PIN code must be 6 digits'],
    [{ ...validFacility, zipCode: '4007O7' }, 'zipCode', 'PIN code must be 6 digits'],
    [{ ...validFacility, country: '', zipCode: '4000707' }, 'zipCode', 'PIN code must be 6 digits'],
  ])('refuses %j with the field message and writes nothing', async (body, field, message) => {
    const before = (await ops.get('/api/facilities')).body.length;
    const res = await ops.post('/api/facilities', body);
    expect(res.status).toBe(400);
    expect(res.body.errors[field]).toBe(message);
    expect((await ops.get('/api/facilities')).body.length).toBe(before);
  });

  it('takes a postcode of another shape for a facility outside India, and says a bad PIN code in Hindi', async () => {
    const abroad = await ops.post('/api/facilities', {
      ...validFacility,
      name: 'Jebel Ali hub',
      country: 'United Arab Emirates',
      zipCode: '00000',
      totalDockDoors: 0,
    });
    expect(abroad.status).toBe(201);
    const hindi = await ops.request('POST', '/api/facilities', {
      body: { ...validFacility, zipCode: '12' },
      headers: { 'accept-language': 'hi' },
    });
    expect(hindi.status).toBe(400);
    expect(hindi.body.errors.zipCode).toBe('पिन कोड 6 अंकों का होना चाहिए');
  });

  it('creates 120 dock doors for a facility that asks for them, numbered D01 to D120', async () => {
    const res = await ops.post('/api/facilities', { ...validFacility, name: 'Big hub DC', totalDockDoors: 120 });
    expect(res.status).toBe(201);
    expect(res.body.doorCount).toBe(120);
    const numbers = (await ops.get(`/api/facilities/${res.body.id}/dock-doors`)).body.map(
      (d: { doorNumber: string }) => d.doorNumber,
    );
    expect(numbers).toHaveLength(120);
    expect(new Set(numbers).size).toBe(120);
    for (const n of ['D01', 'D09', 'D10', 'D49', 'D50', 'D99', 'D100', 'D120']) expect(numbers).toContain(n);
    expect(numbers).not.toContain('D121');
    expect((await ops.get('/api/facilities')).body.find((f: { id: string }) => f.id === res.body.id).doorCount).toBe(
      120,
    );
  });

  it('lets the spectator read but not create', async () => {
    expect((await spectator.get('/api/facilities')).status).toBe(200);
    expect((await spectator.post('/api/facilities', validFacility)).status).toBe(403);
  });

  it('keeps tenants apart: another tenant sees only its own facilities and cannot read ours', async () => {
    const theirs = await other.get('/api/facilities');
    expect(theirs.body.map((f: { id: string }) => f.id)).toEqual(['acme-chakan']);
    expect((await other.get(`/api/facilities/${DEMO_FACILITY_ID}/dock-doors`)).status).toBe(404);
    expect((await ops.get('/api/facilities/acme-chakan/dock-doors')).status).toBe(404);
  });
});

describe('dock doors', () => {
  it('lists the 12 demo doors in number order, also through the default facility', async () => {
    const res = await ops.get('/api/facilities/default/dock-doors');
    expect(res.status).toBe(200);
    expect(res.body).toHaveLength(12);
    expect(res.body[0]).toMatchObject({
      doorNumber: 'D01',
      doorType: 'standard',
      status: 'available',
      maxVehicleHeight: 13.5,
    });
    expect(res.body.map((d: { doorNumber: string }) => d.doorNumber)).toEqual(
      [...Array(12)].map((_, i) => `D${String(i + 1).padStart(2, '0')}`),
    );
  });

  it('adds a door and counts it on the facility', async () => {
    const facility = (await ops.post('/api/facilities', { ...validFacility, name: 'Door test DC', totalDockDoors: 0 }))
      .body;
    const res = await ops.post('/api/dock-doors', {
      facilityId: facility.id,
      doorNumber: 'A1',
      doorType: 'refrigerated',
      maxVehicleHeight: 14,
      maxVehicleWidth: 9,
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ doorNumber: 'A1', doorType: 'refrigerated', status: 'available' });
    const listed = (await ops.get('/api/facilities')).body.find((f: { id: string }) => f.id === facility.id);
    expect(listed.doorCount).toBe(1);
  });

  it('refuses a duplicate door number in the facility with 409, even when two arrive at once', async () => {
    const facility = (await ops.post('/api/facilities', { ...validFacility, name: 'Race DC', totalDockDoors: 0 })).body;
    const [a, b] = await Promise.all([
      ops.post('/api/dock-doors', { facilityId: facility.id, doorNumber: 'B7' }),
      ops.post('/api/dock-doors', { facilityId: facility.id, doorNumber: 'b7' }),
    ]);
    expect([a.status, b.status].sort()).toEqual([201, 409]);
    expect([a, b].find((r) => r.status === 409)!.body.message).toMatch(
      /^Door (B7|b7) already exists at this facility$/,
    );
    expect((await ops.get(`/api/facilities/${facility.id}/dock-doors`)).body).toHaveLength(1);
    expect((await ops.get('/api/facilities')).body.find((f: { id: string }) => f.id === facility.id).doorCount).toBe(1);
  });

  it.each([
    [{ doorNumber: 'X1' }, 'facilityId', 'Facility is required'],
    [{ facilityId: DEMO_FACILITY_ID, doorNumber: '' }, 'doorNumber', 'Door number is required'],
    [{ facilityId: DEMO_FACILITY_ID, doorNumber: 'X1', doorType: 'garage' }, 'doorType', 'Door type is required'],
    [{ facilityId: DEMO_FACILITY_ID, doorNumber: 'X1', maxVehicleHeight: -2 }, 'maxVehicleHeight', 'Must be positive'],
    [{ facilityId: DEMO_FACILITY_ID, doorNumber: 'X1', maxVehicleWidth: 0 }, 'maxVehicleWidth', 'Must be positive'],
  ])('refuses %j with the field message', async (body, field, message) => {
    const res = await ops.post('/api/dock-doors', body);
    expect(res.status).toBe(400);
    expect(res.body.errors[field]).toBe(message);
  });

  it('refuses a door for a facility of another tenant and writes nothing there', async () => {
    const res = await ops.post('/api/dock-doors', { facilityId: 'acme-chakan', doorNumber: 'Z9' });
    expect(res.status).toBe(400);
    expect(res.body.errors.facilityId).toBe('Facility not found');
    expect((await other.get('/api/facilities/acme-chakan/dock-doors')).body).toEqual([]);
  });
});

describe('yard spots', () => {
  it('lists the 20 demo spots and moves an asset from one spot to another atomically', async () => {
    const yard = new Client(api.url);
    await yard.signIn('yard_manager');
    const spots = (await yard.get('/api/facilities/default/yard-spots')).body;
    expect(spots).toHaveLength(20);
    const from = spots.find((s: { spotNumber: string }) => s.spotNumber === 'Y02');
    const to = spots.find((s: { spotNumber: string }) => s.spotNumber === 'Y03');
    expect(from).toMatchObject({ status: 'occupied', currentAssetId: 'MH12CD5678' });

    const res = await yard.request('PATCH', `/api/yard-spots/${to.id}/status`, {
      body: { status: 'occupied', assetId: 'MH12CD5678' },
    });

    expect(res.status).toBe(200);
    const after = (await yard.get('/api/facilities/default/yard-spots')).body;
    expect(after.find((s: { id: string }) => s.id === to.id)).toMatchObject({
      status: 'occupied',
      currentAssetId: 'MH12CD5678',
    });
    expect(after.find((s: { id: string }) => s.id === from.id)).toMatchObject({
      status: 'empty',
      currentAssetId: null,
    });
  });

  it('refuses to park a truck on a spot under maintenance or on another truck, changing nothing', async () => {
    const spots = (await ops.get('/api/facilities/default/yard-spots')).body;
    const maintenance = spots.find((s: { spotNumber: string }) => s.spotNumber === 'Y14');
    const taken = spots.find((s: { spotNumber: string }) => s.spotNumber === 'Y09');
    const onMaintenance = await ops.request('PATCH', `/api/yard-spots/${maintenance.id}/status`, {
      body: { status: 'occupied', assetId: 'GJ05EF9012' },
    });
    expect(onMaintenance.status).toBe(409);
    expect(onMaintenance.body.message).toBe('Spot Y14 is under maintenance');
    expect(
      (
        await ops.request('PATCH', `/api/yard-spots/${taken.id}/status`, {
          body: { status: 'occupied', assetId: 'GJ05EF9012' },
        })
      ).status,
    ).toBe(409);
    const after = (await ops.get('/api/facilities/default/yard-spots')).body;
    expect(after.find((s: { spotNumber: string }) => s.spotNumber === 'Y05')).toMatchObject({
      status: 'occupied',
      currentAssetId: 'GJ05EF9012',
    });
    expect(after.find((s: { spotNumber: string }) => s.spotNumber === 'Y14').status).toBe('maintenance');
  });

  it('refuses an occupied status without an asset, an unknown status, and the spectator', async () => {
    const spots = (await ops.get('/api/facilities/default/yard-spots')).body;
    const bad = await ops.request('PATCH', `/api/yard-spots/${spots[0].id}/status`, { body: { status: 'occupied' } });
    expect(bad.status).toBe(400);
    expect(bad.body.errors.assetId).toBe('An occupied spot needs the asset (vehicle) id');
    expect(
      (await ops.request('PATCH', `/api/yard-spots/${spots[0].id}/status`, { body: { status: 'flooded' } })).status,
    ).toBe(400);
    expect(
      (await spectator.request('PATCH', `/api/yard-spots/${spots[0].id}/status`, { body: { status: 'empty' } })).status,
    ).toBe(403);
    expect(
      (await other.request('PATCH', `/api/yard-spots/${spots[0].id}/status`, { body: { status: 'empty' } })).status,
    ).toBe(404);
  });
});

describe('carriers and drivers', () => {
  it('lists the demo carriers with counters and their drivers', async () => {
    const carriers = (await ops.get('/api/carriers')).body;
    expect(carriers.map((c: { name: string }) => c.name)).toEqual([
      'Deccan Express Logistics',
      'Ganga Freight Carriers',
      'Sahyadri Roadways',
    ]);
    expect(carriers[0]).toMatchObject({
      totalAppointments: 0,
      lateAppointments: 0,
      noShowAppointments: 0,
      onTimePercentage: null,
      isActive: true,
    });
    const drivers = (await ops.get('/api/carriers/carrier-sahyadri/drivers')).body;
    expect(drivers.map((d: { name: string }) => d.name)).toEqual(['Manoj Patil', 'Suresh Kumar']);
  });

  it('creates a carrier and a driver for it', async () => {
    const carrier = await ops.post('/api/carriers', {
      name: 'Konkan Cold Chain',
      contactEmail: 'OPS@Konkan.in',
      contactPhone: '',
      serviceTypes: ['Refrigerated', 'Refrigerated', 'LTL'],
    });
    expect(carrier.status).toBe(201);
    expect(carrier.body).toMatchObject({
      contactEmail: 'ops@konkan.in',
      contactPhone: null,
      serviceTypes: ['Refrigerated', 'LTL'],
    });
    const driver = await ops.post('/api/drivers', {
      carrierId: carrier.body.id,
      name: 'Sachin More',
      licenseNumber: 'MH0820210099999',
      phone: '+919800011111',
    });
    expect(driver.status).toBe(201);
    expect(
      (await ops.get(`/api/carriers/${carrier.body.id}/drivers`)).body.map((d: { name: string }) => d.name),
    ).toEqual(['Sachin More']);
  });

  it.each([
    ['/api/carriers', { name: '', serviceTypes: ['FTL'] }, 'name', 'Carrier name is required'],
    ['/api/carriers', { serviceTypes: ['FTL'] }, 'name', 'Carrier name is required'],
    ['/api/carriers', { name: 'X' }, 'serviceTypes', 'Please select at least one service type'],
    ['/api/drivers', { carrierId: 'carrier-ganga', licenseNumber: 'L' }, 'name', 'Driver name is required'],
    [
      '/api/carriers',
      { name: 'X', contactEmail: 'not-an-email', serviceTypes: ['FTL'] },
      'contactEmail',
      'Valid email required',
    ],
    ['/api/carriers', { name: 'X', serviceTypes: [] }, 'serviceTypes', 'Please select at least one service type'],
    ['/api/drivers', { name: 'A', licenseNumber: 'L' }, 'carrierId', 'Carrier is required'],
    ['/api/drivers', { carrierId: 'carrier-ganga', name: '', licenseNumber: 'L' }, 'name', 'Driver name is required'],
    [
      '/api/drivers',
      { carrierId: 'carrier-ganga', name: 'A', licenseNumber: '' },
      'licenseNumber',
      'License number is required',
    ],
  ])('%s refuses %j with the field message', async (path, body, field, message) => {
    const res = await ops.post(path, body);
    expect(res.status).toBe(400);
    expect(res.body.errors[field]).toBe(message);
  });

  it("refuses a driver for another tenant's carrier, and the spectator", async () => {
    expect(
      (await other.post('/api/drivers', { carrierId: 'carrier-ganga', name: 'Intruder', licenseNumber: 'X' })).status,
    ).toBe(404);
    expect(
      (await ops.get('/api/carriers/carrier-ganga/drivers')).body.map((d: { name: string }) => d.name),
    ).not.toContain('Intruder');
    expect((await spectator.post('/api/carriers', { name: 'Nope', serviceTypes: ['FTL'] })).status).toBe(403);
  });
});

describe('labour, equipment, slots and holidays', () => {
  it('lists labour and equipment as available unless assigned to an overlapping appointment', async () => {
    const date = addDays(today, 2);
    // Prepare: Ramesh and the forklift are on an appointment 10:00-12:00.
    await ddb().send(
      new TransactWriteCommand({
        TransactItems: [
          assignmentPut('demo', DEMO_FACILITY_ID, {
            kind: 'labor',
            resourceId: 'labor-ramesh',
            appointmentId: 'appt-1',
            date,
            timeStart: '10:00',
            timeEnd: '12:00',
          }),
          assignmentPut('demo', DEMO_FACILITY_ID, {
            kind: 'equipment',
            resourceId: 'equip-fl01',
            appointmentId: 'appt-1',
            date,
            timeStart: '10:00',
            timeEnd: '12:00',
          }),
        ],
      }),
    );
    const names = async (path: string) => (await ops.get(path)).body.map((r: { name: string }) => r.name);
    expect(
      await names(`/api/facilities/default/labor-incharges/available?date=${date}&timeStart=11:00&timeEnd=13:00`),
    ).toEqual(['Imran Shaikh', 'Sunita Pawar']);
    expect(
      await names(`/api/facilities/default/labor-incharges/available?date=${date}&timeStart=12:00&timeEnd=13:00`),
    ).toEqual(['Imran Shaikh', 'Ramesh Yadav', 'Sunita Pawar']);
    expect(
      await names(`/api/facilities/default/equipment/available?date=${date}&timeStart=09:00&timeEnd=10:30`),
    ).not.toContain('Forklift FL-01');
    const bad = await ops.get(`/api/facilities/default/equipment/available?date=${date}&timeStart=13:00&timeEnd=12:00`);
    expect(bad.status).toBe(400);
    expect(bad.body.errors.timeEnd).toBe('End time must be after start time');
  });

  it('generates slots from the hours, shows them to guests, and hides a blocked slot', async () => {
    const date = addDays(today, 1);
    const all = (await ops.get(`/api/facilities/default/time-slots?date=${date}`)).body;
    expect(all).toHaveLength(10); // 08:00-18:00 in 60-minute slots
    expect(all[0]).toMatchObject({
      id: `${date}_0800`,
      startTime: '08:00',
      endTime: '09:00',
      capacity: 3,
      bookedCount: 0,
      isAvailable: true,
      isBlocked: false,
    });
    const guest = new Client(api.url);
    expect((await guest.get(`/api/slots/available?date=${date}`)).body).toHaveLength(10);

    const blocked = await ops.request('PATCH', `/api/facilities/default/time-slots/${date}_0900`, {
      body: { isBlocked: true },
    });
    expect(blocked.status).toBe(200);
    expect(blocked.body).toMatchObject({ isBlocked: true, isAvailable: false });
    const open = (await guest.get(`/api/slots/available?date=${date}`)).body;
    expect(open.map((s: { startTime: string }) => s.startTime)).not.toContain('09:00');
    expect(open).toHaveLength(9);
  });

  it('refuses a slot capacity below its bookings', async () => {
    const date = addDays(today, 3);
    // Prepare: two bookings recorded on the 10:00 slot.
    await ops.request('PATCH', `/api/facilities/default/time-slots/${date}_1000`, { body: { capacity: 3 } });
    const { UpdateCommand } = await import('@aws-sdk/lib-dynamodb');
    await ddb().send(
      new UpdateCommand({
        TableName: api.tableName,
        Key: { PK: `TENANT#demo#FACILITY#${DEMO_FACILITY_ID}`, SK: `SLOT#${date}#10:00` },
        UpdateExpression: 'SET bookedCount = :two',
        ExpressionAttributeValues: { ':two': 2 },
      }),
    );
    const res = await ops.request('PATCH', `/api/facilities/default/time-slots/${date}_1000`, {
      body: { capacity: 1 },
    });
    expect(res.status).toBe(409);
    expect(res.body.message).toBe('Capacity cannot be below the bookings already made for this slot');
    const slot = (await ops.get(`/api/facilities/default/time-slots?date=${date}`)).body.find(
      (s: { startTime: string }) => s.startTime === '10:00',
    );
    expect(slot).toMatchObject({ capacity: 3, bookedCount: 2 });
  });

  it('keeps both of two simultaneous edits of a slot: one blocks it, the other resizes it', async () => {
    const date = addDays(today, 6);
    const [block, resize] = await Promise.all([
      ops.request('PATCH', `/api/facilities/default/time-slots/${date}_1400`, { body: { isBlocked: true } }),
      ops.request('PATCH', `/api/facilities/default/time-slots/${date}_1400`, { body: { capacity: 6 } }),
    ]);
    expect([block.status, resize.status]).toEqual([200, 200]);
    const slot = (await ops.get(`/api/facilities/default/time-slots?date=${date}`)).body.find(
      (s: { startTime: string }) => s.startTime === '14:00',
    );
    expect(slot).toMatchObject({ isBlocked: true, capacity: 6, bookedCount: 0 });
    const nothing = await ops.request('PATCH', `/api/facilities/default/time-slots/${date}_1400`, { body: {} });
    expect(nothing.status).toBe(400);
    expect(nothing.body.message).toBe('Nothing to change: send at least one field to update');
  });

  it('closes a holiday: its slots are not offered, and past days offer nothing', async () => {
    const date = addDays(today, 5);
    const created = await ops.post('/api/facilities/default/holidays', { holidayDate: date, name: 'Diwali' });
    expect(created.status).toBe(201);
    expect((await ops.post('/api/facilities/default/holidays', { holidayDate: date, name: 'Again' })).status).toBe(409);
    const guest = new Client(api.url);
    expect((await guest.get('/api/holidays')).body.map((h: { holidayDate: string }) => h.holidayDate)).toContain(date);
    expect((await guest.get(`/api/slots/available?date=${date}`)).body).toEqual([]);
    expect((await guest.get(`/api/slots/available?date=${addDays(today, -1)}`)).body).toEqual([]);
    expect((await ops.request('DELETE', `/api/facilities/default/holidays/${date}`)).status).toBe(204);
    expect((await guest.get(`/api/slots/available?date=${date}`)).body).toHaveLength(10);
  });

  it('answers a guest with a bad booking link or date clearly', async () => {
    const guest = new Client(api.url);
    expect((await guest.get(`/api/slots/available?date=${today}&facility=nobody/nothing`)).status).toBe(404);
    const bad = await guest.get('/api/slots/available?date=2026-02-30');
    expect(bad.status).toBe(400);
    expect(bad.body.errors.date).toBe('Use a date in the form YYYY-MM-DD');
  });

  it('keeps both of two simultaneous edits of different fields of a facility, in any order', async () => {
    const facility = (await ops.post('/api/facilities', { ...validFacility, name: 'Edit race DC' })).body;
    const [a, b] = await Promise.all([
      ops.request('PATCH', `/api/facilities/${facility.id}`, { body: { slotCapacity: 5 } }),
      ops.request('PATCH', `/api/facilities/${facility.id}`, { body: { operatingHoursEnd: '20:00' } }),
    ]);
    expect([a.status, b.status]).toEqual([200, 200]);
    const saved = (await ops.get('/api/facilities')).body.find((f: { id: string }) => f.id === facility.id);
    expect(saved).toMatchObject({
      ...validFacility,
      name: 'Edit race DC',
      slotCapacity: 5,
      operatingHoursEnd: '20:00',
      slotMinutes: 60,
      timeZone: 'Asia/Kolkata',
    });
    const trail = await listAudit('demo', { entityType: 'facility', entityId: facility.id });
    expect(
      trail
        .filter((t) => t.action === 'facility.updated')
        .map((t) => t.after)
        .sort((x, y) => Object.keys(x).join().localeCompare(Object.keys(y).join())),
    ).toEqual([
      { operatingHoursEnd: '20:00', updatedAt: expect.any(String), revision: expect.any(Number) },
      { slotCapacity: 5, updatedAt: expect.any(String), revision: expect.any(Number) },
    ]);
  });

  it('updates the slot length of a facility', async () => {
    const facility = (await ops.post('/api/facilities', { ...validFacility, name: 'Slot length DC' })).body;
    const res = await ops.request('PATCH', `/api/facilities/${facility.id}`, {
      body: { slotMinutes: 120, slotCapacity: 4 },
    });
    expect(res.status).toBe(200);
    const slots = (await ops.get(`/api/facilities/${facility.id}/time-slots?date=${addDays(today, 1)}`)).body;
    expect(slots.map((s: { startTime: string }) => s.startTime)).toEqual([
      '06:00',
      '08:00',
      '10:00',
      '12:00',
      '14:00',
      '16:00',
      '18:00',
      '20:00',
    ]);
    expect((await ops.request('PATCH', `/api/facilities/${facility.id}`, { body: { slotMinutes: 50 } })).status).toBe(
      400,
    );
  });
});

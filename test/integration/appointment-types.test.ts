// Appointment types and custom booking fields (issue #32) through the local HTTP path: a type's duration
// rule shapes slot search (a 90-minute load does not fit a 60-minute gap; per-pallet minutes rounded up
// to the grid, within the rule's minimum and maximum), only doors that take the type are offered and
// booked, a rule giving 0 minutes or more than a day is refused at set-up (English and Hindi), custom
// fields are required, checked against their pattern and unique per facility (two concurrent bookings
// with one value: one lands), the appointment keeps a field's label as it read when booked, and the
// daily export and the appointment webhook carry the answers.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { Client, startTestApi, type TestApi } from '../support/api';
import { FAKE_CREDENTIALS, startFakeTms, type FakeTms } from '../support/fake-tms';
import { startLocalWorkers } from '../../functions/local/workers';
import { WORKERS } from '../../functions/workers';
import { DEMO_FACILITY_ID, DEMO_TENANT_ID } from '../../functions/local/seed';
import { listAudit } from '../../functions/lib/audit';
import { signUpOrganisation, type Organisation } from '../support/tenancy';
import { indiaDate } from '../support/dates';
import { waitFor } from '../support/wait-for';

let api: TestApi;
let ops: Client;
let other: Organisation;

beforeAll(async () => {
  api = await startTestApi();
  ops = new Client(api.url);
  await ops.signIn('operations');
  other = await signUpOrganisation(api.url);
});
afterAll(() => api?.close());

const unique = (prefix: string) => `${prefix} ${randomUUID().slice(0, 8)}`;
const setupPath = (facilityId: string) => `/api/appointment-types/facilities/${facilityId}`;
const day = indiaDate(3);

/** A new facility of the demo tenant on a 30-minute grid, open 06:00-20:00, with doors D1 and D2. */
async function hub() {
  const created = await ops.post('/api/facilities', {
    name: unique('Types Hub'),
    address: 'Plot 7, MIDC',
    operatingHoursStart: '06:00',
    operatingHoursEnd: '20:00',
    timeZone: 'Asia/Kolkata',
    slotMinutes: 30,
  });
  expect(created.status, created.text).toBe(201);
  const facility = created.body;
  const door = async (doorNumber: string) => {
    const res = await ops.post('/api/dock-doors', { facilityId: facility.id, doorNumber, status: 'available' });
    expect(res.status, res.text).toBe(201);
    return res.body as { id: string; doorNumber: string };
  };
  return { facility, d1: await door('D1'), d2: await door('D2') };
}

const fixed = (minutes: number) => ({ kind: 'fixed', minutes });
async function createType(facilityId: string, over: Record<string, unknown>) {
  const res = await ops.post(`${setupPath(facilityId)}/types`, {
    name: unique('Palletised inbound'),
    direction: 'inbound',
    vehicleTypes: ['Truck'],
    doorIds: [],
    durationRule: fixed(60),
    ...over,
  });
  expect(res.status, res.text).toBe(201);
  return res.body as { id: string; revision: number; name: string };
}

const book = (facilityId: string, over: Record<string, unknown>) =>
  ops.post('/api/appointments', {
    facilityId,
    carrierId: 'carrier-sahyadri',
    scheduledDate: day,
    scheduledTimeStart: '09:00',
    scheduledTimeEnd: '10:00',
    ...over,
  });

const starts = async (facilityId: string, query: string) => {
  const res = await ops.get(`/api/bookings/slots?facilityId=${facilityId}&date=${day}${query}`);
  expect(res.status, res.text).toBe(200);
  return res.body as { startTime: string; endTime: string }[];
};
const between = (slots: { startTime: string }[], from: string, to: string) =>
  slots.map((s) => s.startTime).filter((s) => s >= from && s <= to);

describe('duration rules shape availability', () => {
  it('does not fit a 90-minute load into a 60-minute gap, and books it where it fits, for its whole length', async () => {
    const { facility, d1 } = await hub();
    const type = await createType(facility.id, { doorIds: [d1.id], durationRule: fixed(90) });
    // D1 is taken 09:00-10:00 and 11:00-12:00: the gap between is 60 minutes.
    expect((await book(facility.id, { dockDoorId: d1.id })).status).toBe(201);
    expect(
      (await book(facility.id, { dockDoorId: d1.id, scheduledTimeStart: '11:00', scheduledTimeEnd: '12:00' })).status,
    ).toBe(201);

    const offered = await starts(facility.id, `&typeId=${type.id}`);
    expect(between(offered, '07:00', '12:30')).toEqual(['07:00', '07:30', '12:00', '12:30']);
    expect(offered.find((s) => s.startTime === '12:00')?.endTime).toBe('13:30');
    // A 60-minute type fits the gap.
    const hour = await createType(facility.id, { doorIds: [d1.id], durationRule: fixed(60) });
    expect(between(await starts(facility.id, `&typeId=${hour.id}`), '09:00', '11:00')).toEqual(['10:00']);

    const refused = await book(facility.id, {
      typeId: type.id,
      scheduledTimeStart: '10:00',
      scheduledTimeEnd: '10:30',
    });
    expect(refused.status, refused.text).toBe(409);
    const booked = await book(facility.id, { typeId: type.id, scheduledTimeStart: '12:00', scheduledTimeEnd: '12:30' });
    expect(booked.status, booked.text).toBe(201);
    expect(booked.body).toMatchObject({
      typeId: type.id,
      durationMinutes: 90,
      scheduledTimeStart: '12:00',
      scheduledTimeEnd: '13:30',
      dockDoorId: d1.id,
    });
    // Every grid slot of the 90 minutes is the booking's: an hour at 13:00 on D1 is refused.
    const overlap = await book(facility.id, {
      dockDoorId: d1.id,
      scheduledTimeStart: '13:00',
      scheduledTimeEnd: '14:00',
    });
    expect(overlap.status, overlap.text).toBe(409);
  });

  it('counts minutes per pallet, rounded up to the grid, within the minimum and maximum', async () => {
    const { facility } = await hub();
    const rule = {
      kind: 'per-unit',
      unit: 'pallet',
      minutesPerUnit: 20,
      minMinutes: 45,
      maxMinutes: 150,
      maxQuantity: 20,
    };
    const type = await createType(facility.id, { durationRule: rule });
    const endOf = async (quantity: number) =>
      (await starts(facility.id, `&typeId=${type.id}&quantity=${quantity}`)).find((s) => s.startTime === '08:00')
        ?.endTime;
    expect(await endOf(4)).toBe('09:30'); // 80 minutes -> 90 on the 30-minute grid
    expect(await endOf(1)).toBe('09:00'); // 20 minutes -> the minimum 45 -> 60
    expect(await endOf(12)).toBe('10:30'); // 240 minutes -> the maximum 150

    const over = await ops.get(
      `/api/bookings/slots?facilityId=${facility.id}&date=${day}&typeId=${type.id}&quantity=21`,
    );
    expect(over.status).toBe(400);
    expect(over.body.errors).toEqual({ quantity: 'This appointment type takes at most 20 per load' });
    const none = await book(facility.id, { typeId: type.id });
    expect(none.status).toBe(400);
    expect(none.body.errors.quantity).toBe('Enter the number of pallets or units for this appointment type');
  });

  it('keeps one slot per booking without a type', async () => {
    const { facility } = await hub();
    const offered = await starts(facility.id, '');
    expect(offered.find((s) => s.startTime === '09:00')?.endTime).toBe('09:30');
    const booked = await book(facility.id, {});
    expect(booked.status).toBe(201);
    expect(booked.body.scheduledTimeEnd).toBe('10:00');
    expect(booked.body.typeId).toBeNull();
  });
});

describe('doors that take the type', () => {
  it('offers and books only the doors a type names', async () => {
    const { facility, d1, d2 } = await hub();
    const type = await createType(facility.id, { doorIds: [d2.id], durationRule: fixed(60) });
    const onD1 = await book(facility.id, { typeId: type.id, dockDoorId: d1.id });
    expect(onD1.status).toBe(400);
    expect(onD1.body.errors).toEqual({ dockDoorId: 'Door D1 does not take this appointment type' });
    // D2 taken at 09:00 by an untyped booking: 09:00 is not offered though D1 is free.
    expect((await book(facility.id, { dockDoorId: d2.id })).status).toBe(201);
    expect(between(await starts(facility.id, `&typeId=${type.id}`), '08:00', '10:00')).toEqual(['08:00', '10:00']);
    const booked = await book(facility.id, { typeId: type.id, scheduledTimeStart: '10:00', scheduledTimeEnd: '10:30' });
    expect(booked.status, booked.text).toBe(201);
    expect(booked.body.dockDoorId).toBe(d2.id);
  });
});

describe('setting up types', () => {
  it('refuses a rule that gives 0 minutes or more than a day, in English and Hindi, and saves nothing', async () => {
    const { facility } = await hub();
    const path = `${setupPath(facility.id)}/types`;
    const base = { name: 'Loose cartons', direction: 'inbound', vehicleTypes: [], doorIds: [] };
    const zero = await ops.post(path, { ...base, durationRule: fixed(0) });
    expect(zero.status).toBe(400);
    expect(zero.body.errors.durationRule).toBe(
      'This rule gives 0 minutes for some loads: every load must take some time',
    );
    const perPallet = {
      kind: 'per-unit',
      unit: 'pallet',
      minutesPerUnit: 200,
      minMinutes: 0,
      maxMinutes: 3000,
      maxQuantity: 10,
    };
    const long = await ops.request('POST', path, {
      body: { ...base, durationRule: perPallet },
      headers: { 'accept-language': 'hi' },
    });
    expect(long.status).toBe(400);
    expect(long.body.message).toBe('यह नियम कुछ लोड के लिए एक दिन (1440 मिनट) से अधिक देता है');
    expect((await ops.get(setupPath(facility.id))).body.types).toEqual([]);
  });

  it('edits at the revision the form loaded, and audits each change', async () => {
    const { facility } = await hub();
    const type = await createType(facility.id, { name: 'FTL outbound', direction: 'outbound' });
    const path = `${setupPath(facility.id)}/types/${type.id}`;
    const body = {
      name: 'FTL outbound',
      nameHi: 'एफटीएल आउटबाउंड',
      direction: 'outbound',
      vehicleTypes: ['Container'],
      doorIds: [],
      durationRule: fixed(120),
    };
    const saved = await ops.request('PUT', path, { body: { ...body, revision: type.revision } });
    expect(saved.status, saved.text).toBe(200);
    expect(saved.body).toMatchObject({ nameHi: 'एफटीएल आउटबाउंड', revision: type.revision + 1 });
    const stale = await ops.request('PUT', path, { body: { ...body, name: 'Stale', revision: type.revision } });
    expect(stale.status).toBe(409);
    expect(stale.body.current).toMatchObject({ name: 'FTL outbound', revision: type.revision + 1 });
  });

  it("keeps tenants apart: another tenant's admin finds no facility", async () => {
    const { facility } = await hub();
    const type = await createType(facility.id, {});
    expect((await other.admin.get(setupPath(facility.id))).status).toBe(404);
    expect((await other.admin.request('DELETE', `${setupPath(facility.id)}/types/${type.id}`)).status).toBe(404);
    expect((await ops.get(setupPath(facility.id))).body.types).toHaveLength(1);
  });
});

describe('custom booking fields', () => {
  async function withFields() {
    const h = await hub();
    const path = `${setupPath(h.facility.id)}/fields`;
    const seal = await ops.post(path, {
      label: 'Seal number',
      labelHi: 'सील नंबर',
      kind: 'text',
      requiredForStaff: true,
      pattern: '[A-Z]{2}[0-9]{4}',
      message: 'A seal number is two letters and four digits, e.g. AB1234',
      messageHi: 'सील नंबर दो अक्षर और चार अंक है, जैसे AB1234',
    });
    expect(seal.status, seal.text).toBe(201);
    const lr = await ops.post(path, { label: 'LR number', kind: 'text', uniquePerFacility: true });
    expect(lr.status, lr.text).toBe(201);
    return { ...h, seal: seal.body, lr: lr.body };
  }

  it('requires a field for staff and checks its pattern, each refusal under its field', async () => {
    const { facility, seal } = await withFields();
    const missing = await book(facility.id, {});
    expect(missing.status).toBe(400);
    expect(missing.body.errors).toEqual({ [`fields.${seal.id}`]: 'Seal number is required' });
    const wrong = await book(facility.id, { fields: { [seal.id]: 'AB12' } });
    expect(wrong.status).toBe(400);
    expect(wrong.body.errors).toEqual({
      [`fields.${seal.id}`]: 'A seal number is two letters and four digits, e.g. AB1234',
    });
    const fine = await book(facility.id, { fields: { [seal.id]: 'AB1234' } });
    expect(fine.status, fine.text).toBe(201);
    expect(fine.body.fields).toEqual([
      { fieldId: seal.id, label: 'Seal number', labelHi: 'सील नंबर', kind: 'text', value: 'AB1234' },
    ]);
  });

  it('holds a unique value once: of two concurrent bookings with it, one lands', async () => {
    const { facility, seal, lr } = await withFields();
    const answers = { [seal.id]: 'CD5678', [lr.id]: 'LR-900' };
    const results = await Promise.all([
      book(facility.id, { fields: answers }),
      book(facility.id, { fields: answers, scheduledTimeStart: '14:00', scheduledTimeEnd: '15:00' }),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual([201, 409]);
    const winner = results.find((r) => r.status === 201)!.body;
    const loser = results.find((r) => r.status === 409)!.body;
    expect(loser.errors).toEqual({
      [`fields.${lr.id}`]: `LR number: LR-900 is already booked on appointment ${winner.bookingReference}`,
    });
  });

  it('keeps the label as it read when booked after the field is renamed', async () => {
    const { facility, seal } = await withFields();
    const booked = await book(facility.id, { fields: { [seal.id]: 'EF1111' } });
    expect(booked.status).toBe(201);
    const renamed = await ops.request('PUT', `${setupPath(facility.id)}/fields/${seal.id}`, {
      body: { field: { label: 'Container seal', kind: 'text' }, revision: seal.revision },
    });
    expect(renamed.status, renamed.text).toBe(200);
    const again = await ops.get(`/api/appointments/${booked.body.id}`);
    expect(again.body.fields).toEqual([
      { fieldId: seal.id, label: 'Seal number', labelHi: 'सील नंबर', kind: 'text', value: 'EF1111' },
    ]);
  });
});

describe('correcting the set-up (issue #53, items 5 and 7)', () => {
  const repeats = (builtIn: string) => `This repeats the built-in field "${builtIn}", which every booking asks already`;

  it('refuses a field that repeats a built-in one, however it is written, on adding and on editing; saves nothing', async () => {
    const { facility } = await hub();
    const path = `${setupPath(facility.id)}/fields`;
    for (const [label, builtIn] of [
      ['PO number', 'PO number'],
      ['  po   NUMBER ', 'PO number'],
      ['P.O. Number', 'PO number'],
      ['poNumber', 'PO number'],
      ['E-Way Bill', 'E-way bill'],
      ['Vehicle No.', null],
    ] as const) {
      const res = await ops.post(path, { label, kind: 'text' });
      if (builtIn === null) {
        expect(res.status, res.text).toBe(201);
        continue;
      }
      expect(res.status, label).toBe(400);
      expect(res.body.errors).toEqual({ label: repeats(builtIn) });
    }
    const inHindi = await ops.request('POST', path, {
      body: { label: 'Order reference', labelHi: 'po number', kind: 'text' },
      headers: { 'accept-language': 'hi' },
    });
    expect(inHindi.status).toBe(400);
    expect(inHindi.body.errors).toEqual({
      labelHi: 'यह पहले से बने फ़ील्ड "PO number" को दोहराता है, जिसे हर बुकिंग पहले से पूछती है',
    });
    const setup = (await ops.get(setupPath(facility.id))).body;
    expect(setup.fields.map((f: { label: string }) => f.label)).toEqual(['Vehicle No.']);

    // Renamed into a built-in one: refused, the field stays as it was.
    const [field] = setup.fields;
    const renamed = await ops.request('PUT', `${path}/${field.id}`, {
      body: { field: { label: 'Driver Name', kind: 'text' }, revision: field.revision },
    });
    expect(renamed.status).toBe(400);
    expect(renamed.body.errors).toEqual({ 'field.label': repeats('Driver name') });
    expect((await ops.get(setupPath(facility.id))).body.fields).toEqual([field]);
  });

  it('edits a field and a type in place: a bad edit changes nothing, a good one is audited with before and after', async () => {
    const { facility, d1 } = await hub();
    const type = await createType(facility.id, { name: 'Loose cartons' });
    const created = await ops.post(`${setupPath(facility.id)}/fields`, { label: 'Seal number', kind: 'text' });
    expect(created.status, created.text).toBe(201);
    const field = created.body;
    const fieldPath = `${setupPath(facility.id)}/fields/${field.id}`;

    const bad = await ops.request('PUT', fieldPath, {
      body: { field: { label: 'Seal number', kind: 'dropdown', options: [] }, revision: field.revision },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toEqual({ 'field.options': 'A dropdown needs at least one option' });
    const edit = { label: 'Seal type', kind: 'dropdown', options: ['Bolt', 'Cable'], typeIds: [type.id] };
    const saved = await ops.request('PUT', fieldPath, { body: { field: edit, revision: field.revision } });
    expect(saved.status, saved.text).toBe(200);
    expect(saved.body).toMatchObject({ ...edit, id: field.id, revision: field.revision + 1 });
    const [fieldAudit] = await listAudit(DEMO_TENANT_ID, { entityType: 'booking-field', entityId: field.id });
    expect(fieldAudit).toMatchObject({
      action: 'booking-field.updated',
      actorName: 'operations',
      before: { label: 'Seal number', kind: 'text', options: [] },
      after: { label: 'Seal type', kind: 'dropdown', options: ['Bolt', 'Cable'] },
    });

    const typePath = `${setupPath(facility.id)}/types/${type.id}`;
    const typeEdit = {
      name: 'Loose cartons',
      direction: 'outbound',
      vehicleTypes: ['Van'],
      doorIds: [d1.id],
      durationRule: fixed(90),
    };
    const unknownDoor = await ops.request('PUT', typePath, {
      body: { ...typeEdit, doorIds: ['no-such-door'], revision: type.revision },
    });
    expect(unknownDoor.status).toBe(400);
    expect(unknownDoor.body.errors).toEqual({ doorIds: 'Dock door not found at this facility' });
    const typeSaved = await ops.request('PUT', typePath, { body: { ...typeEdit, revision: type.revision } });
    expect(typeSaved.status, typeSaved.text).toBe(200);
    expect((await ops.get(setupPath(facility.id))).body.types).toEqual([
      expect.objectContaining({ ...typeEdit, id: type.id, revision: type.revision + 1 }),
    ]);
    const [typeAudit] = await listAudit(DEMO_TENANT_ID, { entityType: 'appointment-type', entityId: type.id });
    expect(typeAudit).toMatchObject({
      action: 'appointment-type.updated',
      before: { direction: 'inbound', durationRule: fixed(60) },
      after: { direction: 'outbound', durationRule: fixed(90), doorIds: [d1.id] },
    });
  });
});

describe('the answers leave with the appointment', () => {
  let tms: FakeTms;
  let stopWorkers: () => Promise<void>;
  beforeAll(async () => {
    tms = await startFakeTms();
    const fanOut = WORKERS.filter((w) => w.name === 'integrations-webhooks');
    stopWorkers = (
      await startLocalWorkers({
        workers: fanOut,
        dynamoDbEndpoint: inject('dynamoDbEndpoint'),
        tableName: api.tableName,
      })
    ).stop;
  });
  afterAll(async () => {
    await stopWorkers?.();
    await tms?.close();
  });

  it('in the daily export and the appointment.created webhook', async () => {
    const admin = new Client(api.url);
    await admin.signIn('admin');
    const system = await admin.post('/api/integrations/systems', {
      name: 'Types TMS',
      systemType: 'TMS',
      baseUrl: tms.url,
      authType: 'API_KEY',
      authConfig: { apiKey: FAKE_CREDENTIALS.apiKey },
    });
    const webhook = await admin.post(`/api/integrations/systems/${system.body.id}/webhooks`, {
      eventType: 'appointment.created',
      webhookUrl: `${tms.url}/webhooks`,
      timeoutSeconds: 5,
      retryCount: 3,
    });
    expect(webhook.status, webhook.text).toBe(201);
    tms.state.webhookSecret = webhook.body.signingSecret;
    // At the tenant's default facility (the export's), for one type only, so other bookings are not asked.
    const type = await createType(DEMO_FACILITY_ID, { durationRule: fixed(60) });
    const field = await ops.post(`${setupPath(DEMO_FACILITY_ID)}/fields`, {
      label: 'Gate entry note',
      kind: 'text',
      typeIds: [type.id],
    });
    expect(field.status, field.text).toBe(201);
    const date = indiaDate(25);
    const booked = await ops.post('/api/appointments', {
      facilityId: DEMO_FACILITY_ID,
      carrierId: 'carrier-ganga',
      scheduledDate: date,
      scheduledTimeStart: '16:00',
      scheduledTimeEnd: '17:00',
      typeId: type.id,
      fields: { [field.body.id]: 'Bay 4 via north gate' },
    });
    expect(booked.status, booked.text).toBe(201);

    const csv = await ops.get(`/api/dashboard/daily-report?date=${date}`);
    const row = csv.text.split('\r\n').find((l) => l.startsWith(booked.body.bookingReference));
    expect(row).toContain('Gate entry note: Bay 4 via north gate');

    const received = await waitFor(
      () => tms.state.webhooks.filter((w) => w.payload?.data?.appointmentId === booked.body.id && w.verified),
      (w) => w.length > 0,
      'the booking webhook',
    );
    expect(received[0]!.payload!.data).toMatchObject({
      typeId: type.id,
      durationMinutes: 60,
      fields: [{ fieldId: field.body.id, label: 'Gate entry note', value: 'Bay 4 via north gate' }],
    });
  });
});

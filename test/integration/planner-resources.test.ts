// Labour and equipment of the door plan through the real local HTTP path (issue #58.1): a facility's
// crews by hour, equipment counts and each appointment type's needs are saved in its planner settings
// (GET/PUT /api/planner/settings, under the revision rule, audited), and a proposal solved by the
// 'planner-proposals' worker honours them; bad input is refused with its message (in Hindi when asked)
// and changes nothing; a type that needs an item the facility has none of makes no plan, naming both.
// Each case has a facility of its own where it is 10:xx now, open round the clock; the expected starts
// are worked out by hand.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, startTestApi, type TestApi } from '../support/api';
import { waitFor } from '../support/wait-for';
import { zoneAtTenNow } from '../support/checkin-hub';
import { DEMO_TENANT_ID } from '../../functions/local/demo-ids';
import { listAudit } from '../../functions/lib/audit';
import { localDateTime } from '../../shared/time';
import type { PlanProposal } from '../../shared/contracts/planner';

let api: TestApi;
let staff: Client;
const zone = zoneAtTenNow();
const today = localDateTime(new Date(), zone).date;
let plates = 0;

beforeAll(async () => {
  api = await startTestApi({ workers: ['planner-proposals'] });
  staff = new Client(api.url);
  await staff.signIn('admin');
}, 120_000);
afterAll(async () => api?.close());

/** A facility where it is 10:xx now, open 00:00-23:45, with three doors and a 60-minute type "Frozen". */
async function hub(name: string) {
  const created = await staff.post('/api/facilities', {
    name: `${name} ${Date.now()}`,
    address: 'Plot 7, MIDC',
    operatingHoursStart: '00:00',
    operatingHoursEnd: '23:45',
    timeZone: zone,
  });
  expect(created.status, created.text).toBe(201);
  const id = created.body.id as string;
  for (const doorNumber of ['R1', 'R2', 'R3']) {
    const door = await staff.post('/api/dock-doors', { facilityId: id, doorNumber });
    expect(door.status, door.text).toBe(201);
  }
  const type = await staff.post(`/api/appointment-types/facilities/${id}/types`, {
    name: `Frozen ${randomUUID().slice(0, 4)}`,
    direction: 'inbound',
    vehicleTypes: [],
    doorIds: [],
    durationRule: { kind: 'fixed', minutes: 60 },
  });
  expect(type.status, type.text).toBe(201);
  return { id, frozen: type.body.id as string, frozenName: type.body.name as string };
}

async function book(facilityId: string, typeId?: string): Promise<string> {
  const res = await staff.post('/api/appointments', {
    facilityId,
    carrierId: 'carrier-sahyadri',
    scheduledDate: today,
    scheduledTimeStart: '12:00',
    scheduledTimeEnd: '13:00',
    vehicleLicense: `MH14LE${String(++plates).padStart(4, '0')}`,
    ...(typeId ? { typeId } : {}),
  });
  expect(res.status, res.text).toBe(201);
  return res.body.id;
}

const settingsPath = (facilityId: string) => `/api/planner/settings?facilityId=${facilityId}`;
const latest = async (facilityId: string) =>
  (await staff.get(`/api/planner/proposals/latest?facilityId=${facilityId}&date=${today}`)).body
    .proposal as PlanProposal | null;

describe('labour and equipment in the planner settings', () => {
  it('are saved, shown back, and a proposal honours them', async () => {
    // 4 crews till 12:00, 2 from 12:00 to 18:00; one reefer plug, which Frozen trucks need. D1 and D2
    // (no type) and F1 and F2 (Frozen) are all booked 12:00-13:00 at three doors. Two trucks are worked
    // at 12:00 and two at 13:00, and the two Frozen ones never at once: one of each hour. Waiting: 120.
    // (Without the crews, three would start at 12:00 and only F2 wait: 60.)
    const f = await hub('Crew Hub');
    const path = settingsPath(f.id);
    expect((await staff.get(path)).body).toMatchObject({ crews: [], equipment: [], needs: [], revision: 0 });
    const saved = await staff.request('PUT', path, {
      body: {
        autoReplan: false,
        revision: 0,
        crews: [
          { fromHour: 12, toHour: 18, crews: 2 },
          { fromHour: 8, toHour: 12, crews: 4 },
        ],
        equipment: [
          { name: 'Reefer plug', count: 1 },
          { name: 'Forklift', count: 3 },
        ],
        needs: [{ appointmentTypeId: f.frozen, items: ['reefer plug'] }],
      },
    });
    expect(saved.status, saved.text).toBe(200);
    const expected = {
      facilityId: f.id,
      autoReplan: false,
      // In order of the day; the need spelled as the equipment list spells it.
      crews: [
        { fromHour: 8, toHour: 12, crews: 4 },
        { fromHour: 12, toHour: 18, crews: 2 },
      ],
      equipment: [
        { name: 'Reefer plug', count: 1 },
        { name: 'Forklift', count: 3 },
      ],
      needs: [{ appointmentTypeId: f.frozen, items: ['Reefer plug'] }],
      revision: 1,
      updatedBy: 'admin',
    };
    expect(saved.body).toMatchObject(expected);
    expect((await staff.get(path)).body).toMatchObject(expected);
    // Turning re-planning on alone keeps the labour and equipment.
    const on = await staff.request('PUT', path, { body: { autoReplan: true, revision: 1 } });
    expect(on.body).toMatchObject({ ...expected, autoReplan: true, revision: 2 });
    const off = await staff.request('PUT', path, { body: { autoReplan: false, revision: 2 } });
    expect(off.status, off.text).toBe(200);
    const trail = await listAudit(DEMO_TENANT_ID, { entityType: 'planner-settings', entityId: f.id });
    expect(trail).toHaveLength(3);

    const d1 = await book(f.id);
    const d2 = await book(f.id);
    const f1 = await book(f.id, f.frozen);
    const f2 = await book(f.id, f.frozen);
    const asked = await staff.post('/api/planner/proposals', { facilityId: f.id, date: today });
    expect(asked.status, asked.text).toBe(202);
    const proposal = (await waitFor(
      () => latest(f.id),
      (p) => p?.status === 'ready',
      'the proposal to be solved',
      60_000,
    )) as PlanProposal;
    const start = (id: string) => proposal.trucks.find((t) => t.appointmentId === id)!.proposed!.start;
    expect([d1, d2, f1, f2].map(start).sort()).toEqual(['12:00', '12:00', '13:00', '13:00']);
    expect([f1, f2].map(start).sort()).toEqual(['12:00', '13:00']);
    expect([d1, d2].map(start).sort()).toEqual(['12:00', '13:00']);
    expect(proposal.totalWaitMinutes).toBe(120);
  });

  it('refuses bad input with its message, in Hindi when asked, and changes nothing', async () => {
    const f = await hub('Bad Input Hub');
    const path = settingsPath(f.id);
    const good = {
      autoReplan: false,
      crews: [{ fromHour: 8, toHour: 12, crews: 2 }],
      equipment: [{ name: 'Forklift', count: 2 }],
      needs: [{ appointmentTypeId: f.frozen, items: ['Forklift'] }],
    };
    expect((await staff.request('PUT', path, { body: { ...good, revision: 0 } })).status).toBe(200);
    const before = (await staff.get(path)).body;

    const refused = async (body: Record<string, unknown>, errors: Record<string, string>, language = 'en') => {
      const res = await staff.request('PUT', path, {
        body: { ...good, revision: 1, ...body },
        headers: { 'accept-language': language },
      });
      expect(res.status, res.text).toBe(400);
      expect(res.body.errors).toEqual(errors);
      expect(res.body.message).toBe(Object.values(errors)[0]);
    };
    await refused(
      {
        crews: [
          { fromHour: 8, toHour: 12, crews: 2 },
          { fromHour: 11, toHour: 14, crews: 1 },
        ],
      },
      { 'crews.1.fromHour': 'Crew shifts overlap: give each hour of the day one number of crews' },
    );
    await refused(
      { crews: [{ fromHour: 14, toHour: 12, crews: 2 }] },
      { 'crews.0.toHour': 'A crew shift must end after it starts' },
    );
    await refused(
      { crews: [{ fromHour: 8, toHour: 25, crews: 2.5 }] },
      {
        'crews.0.toHour': 'A crew shift starts and ends on a whole hour from 0 to 24',
        'crews.0.crews': 'Crews must be a whole number from 0 to 999',
      },
    );
    await refused(
      {
        equipment: [
          { name: 'Forklift', count: -1 },
          { name: ' ', count: 1 },
          { name: 'forklift', count: 1 },
        ],
      },
      {
        'equipment.0.count': 'An equipment count must be a whole number from 0 to 999',
        'equipment.1.name': 'Equipment name is required',
        'equipment.2.name': 'Each equipment item is listed once',
      },
    );
    await refused(
      { needs: [{ appointmentTypeId: f.frozen, items: ['Dock leveller'] }] },
      { 'needs.0.items.0': "Dock leveller is not in the facility's equipment list" },
    );
    await refused(
      { needs: [{ appointmentTypeId: f.frozen, items: ['Dock leveller'] }] },
      { 'needs.0.items.0': 'Dock leveller इस सुविधा की उपकरण सूची में नहीं है' },
      'hi',
    );
    // A type of another facility (or none) is checked by the server, against the facility's types.
    await refused(
      { needs: [{ appointmentTypeId: 'no-such-type', items: ['Forklift'] }] },
      { 'needs.0.appointmentTypeId': 'Appointment type no-such-type is not a type of this facility' },
    );
    // Needs sent alone are checked against the equipment as saved.
    await refused(
      { equipment: undefined, needs: [{ appointmentTypeId: f.frozen, items: ['Reefer plug'] }] },
      { 'needs.0.items.0': "Reefer plug is not in the facility's equipment list" },
    );
    expect((await staff.get(path)).body).toEqual(before);
    const trail = await listAudit(DEMO_TENANT_ID, { entityType: 'planner-settings', entityId: f.id });
    expect(trail).toHaveLength(1);
  });

  it('a type that needs an item the facility has none of makes no plan, naming both; today’s plan stays', async () => {
    const f = await hub('No Plug Hub');
    const saved = await staff.request('PUT', settingsPath(f.id), {
      body: {
        autoReplan: false,
        equipment: [{ name: 'Reefer plug', count: 0 }],
        needs: [{ appointmentTypeId: f.frozen, items: ['Reefer plug'] }],
      },
    });
    expect(saved.status, saved.text).toBe(200);
    const truck = await book(f.id, f.frozen);
    const asked = await staff.post('/api/planner/proposals', { facilityId: f.id, date: today });
    expect(asked.status).toBe(409);
    expect(asked.body.message).toBe(
      `Appointment ${truck} is of type ${f.frozenName}, which needs a Reefer plug, and this facility has none: add one to its equipment, or the plan stays as it is`,
    );
    expect(await latest(f.id)).toBeNull();
    const hindi = await staff.request('POST', '/api/planner/proposals', {
      body: { facilityId: f.id, date: today },
      headers: { 'accept-language': 'hi' },
    });
    expect(hindi.status).toBe(409);
    expect(hindi.body.message).toBe(
      `अपॉइंटमेंट ${truck} प्रकार ${f.frozenName} का है, जिसे Reefer plug चाहिए, और इस सुविधा में एक भी नहीं है: इसके उपकरणों में एक जोड़ें, नहीं तो योजना जैसी है वैसी रहेगी`,
    );
  });
});

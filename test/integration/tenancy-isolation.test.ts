// Tenant isolation proven through the API (issue #18): two organisations sign up through the real HTTP
// path; for every route of shared/routes.ts that names an item, tenant B's admin (every permission)
// tries to read, change or delete tenant A's item: each answer is 404 and A's items are unchanged.
// The test walks the route table, so a new route is covered as soon as its path parameter has a
// fixture below; a route with an id and no fixture is probed with an unknown id (never 2xx or 5xx)
// and named by the last test, which fails until the route gets a fixture.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ScanCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { ddb } from '../../functions/lib/aws';
import { startTestApi, type TestApi } from '../support/api';
import { nextAddress, signUpOrganisation, type Organisation } from '../support/tenancy';
import { matrixIdentity } from '../support/authz-carrier-identity';
import { ROUTES, type ApiRoute } from '../../shared/routes';
import { addDays } from '../../shared/time';
import { indiaDate } from '../support/dates';

let api: TestApi;
let a: Organisation;
let b: Organisation;
let ids: Record<string, string>;

/** Path parameters that name no item (the tenant is the session's): a report's name. */
const NOT_ITEM_PARAMETERS = new Set(['report']);

/** A's items by the path each route names them under: the first rule whose pattern matches wins. */
const FIXTURES: { path: RegExp; params: () => Record<string, string> }[] = [
  {
    path: /^\/api\/facilities\/\{id\}\/time-slots\/\{slotId\}/,
    params: () => ({ id: ids.facility!, slotId: ids.slot! }),
  },
  { path: /^\/api\/facilities\/\{id\}\/holidays\/\{date\}/, params: () => ({ id: ids.facility!, date: ids.holiday! }) },
  { path: /^\/api\/facilities\/\{id\}/, params: () => ({ id: ids.facility! }) },
  { path: /^\/api\/bookings\/facilities\/\{id\}/, params: () => ({ id: ids.facility! }) },
  { path: /^\/api\/yard-spots\/\{spotId\}/, params: () => ({ spotId: ids.spot! }) },
  // A yard move (issue #58.4), open: started or finished by B it would change.
  { path: /^\/api\/yard-tasks\/\{taskId\}/, params: () => ({ taskId: ids.yardTask! }) },
  { path: /^\/api\/carriers\/\{id\}/, params: () => ({ id: ids.carrier! }) },
  { path: /^\/api\/appointments\/\{id\}/, params: () => ({ id: ids.appointment! }) },
  { path: /^\/api\/reschedules\/\{id\}/, params: () => ({ id: ids.reschedule! }) },
  { path: /^\/api\/checkins\/\{id\}/, params: () => ({ id: ids.checkin! }) },
  { path: /^\/api\/admin\/(approve|reject)-user\/\{userId\}/, params: () => ({ userId: ids.pendingUser! }) },
  {
    path: /^\/api\/admin\/users\/\{userId\}\/documents\/\{documentType\}/,
    params: () => ({ userId: ids.pendingUser!, documentType: 'aadhar_card' }),
  },
  { path: /^\/api\/invitations\/\{id\}/, params: () => ({ id: ids.invitation! }) },
  // Other domains' items, made through their own routes when those exist (see optionalFixtures).
  {
    path: /^\/api\/integrations\/systems\/\{id\}\/endpoints\/\{endpointId\}/,
    params: () => ({ id: ids.system!, endpointId: ids.endpoint! }),
  },
  {
    path: /^\/api\/integrations\/systems\/\{id\}\/webhooks\/\{webhookId\}/,
    params: () => ({ id: ids.system!, webhookId: ids.webhook! }),
  },
  { path: /^\/api\/integrations\/systems\/\{id\}/, params: () => ({ id: ids.system! }) },
  { path: /^\/api\/wms\/facilities\/\{id\}/, params: () => ({ id: ids.facility! }) },
  { path: /^\/api\/references\/facilities\/\{id\}/, params: () => ({ id: ids.facility! }) },
  {
    path: /^\/api\/appointment-types\/facilities\/\{id\}/,
    params: () => ({ id: ids.facility!, typeId: ids.appointmentType!, fieldId: ids.bookingField! }),
  },
  { path: /^\/api\/booking-links\/\{id\}/, params: () => ({ id: ids.bookingLink! }) },
  { path: /^\/api\/privacy\/erasure-requests\/\{id\}/, params: () => ({ id: ids.erasureRequest! }) },
  { path: /^\/api\/privacy\/tenant-exports\/\{id\}/, params: () => ({ id: ids.tenantExport! }) },
  { path: /^\/api\/privacy\/incidents\/\{id\}/, params: () => ({ id: ids.incident! }) },
  { path: /^\/api\/wms\/zones\/\{id\}/, params: () => ({ id: ids.zone! }) },
  { path: /^\/api\/wms\/bins\/\{id\}/, params: () => ({ id: ids.bin! }) },
  { path: /^\/api\/wms\/products\/\{id\}/, params: () => ({ id: ids.product! }) },
  { path: /^\/api\/wms\/inventory\/\{id\}/, params: () => ({ id: ids.inventory! }) },
  { path: /^\/api\/wms\/appointments\/\{id\}/, params: () => ({ id: ids.appointment! }) },
  { path: /^\/api\/detention\/appointments\/\{id\}/, params: () => ({ id: ids.appointment! }) },
  // A carrier's detention statement (issue #57.3) and a line of it (any appointment: B finds no statement).
  {
    path: /^\/api\/detention\/statements\/\{id\}/,
    params: () => ({ id: ids.statement!, appointmentId: ids.appointment! }),
  },
  { path: /^\/api\/wms\/cycle-counts\/\{id\}/, params: () => ({ id: ids.cycleCount! }) },
  { path: /^\/api\/wms\/cycle-count-items\/\{id\}/, params: () => ({ id: ids.cycleCountItem! }) },
  { path: /^\/api\/series\/\{id\}/, params: () => ({ id: ids.series! }) },
  // A door plan proposal (issue #58.2): read and applied by id.
  { path: /^\/api\/planner\/proposals\/\{id\}/, params: () => ({ id: ids.proposal! }) },
  // A platform carrier A invited (issue #59): approved or unlinked by B it would change A's link.
  { path: /^\/api\/carrier-links\/(requests\/)?\{identityId\}/, params: () => ({ identityId: ids.carrierIdentity! }) },
];

/** Bodies that pass each route's validation, so the answer is about the item (its absence), not the body. */
const BODIES: Record<string, unknown> = {
  'PATCH /api/facilities/{id}': { name: 'Taken over' },
  'PATCH /api/carriers/{id}': { name: 'Taken over' },
  'POST /api/series/{id}/cancel': { fromDate: '2031-01-06', reason: 'Taken over' },
  'PATCH /api/carriers/{id}/drivers/{driverId}': { name: 'Taken over' },
  'POST /api/facilities/{id}/labor-incharges': { name: 'Intruder' },
  'POST /api/facilities/{id}/equipment': { name: 'Intruder forklift', type: 'Forklift' },
  'PATCH /api/facilities/{id}/time-slots/{slotId}': { isBlocked: true },
  'POST /api/facilities/{id}/holidays': { holidayDate: '2031-01-01', name: 'Intruder day' },
  'PATCH /api/yard-spots/{spotId}/status': { status: 'maintenance' },
  'POST /api/appointments/{id}/equipment': { equipmentId: 'x-equipment' },
  'PATCH /api/appointments/{id}/status': { status: 'arrived' },
  'POST /api/appointments/{id}/cancel': { reason: 'Cancelled by an intruder' },
  'POST /api/appointments/{id}/refuse': { reason: 'Refused by an intruder' },
  'POST /api/checkins/{id}/gate-override': { reason: 'Let through by an intruder' },
  'POST /api/privacy/erasure-requests/{id}/refuse': { reason: 'Kept for a legal hold by an intruder' },
  'POST /api/privacy/incidents/{id}/steps': { step: 'closed' },
  'POST /api/appointments/{id}/reschedule': {
    newDate: '2031-01-02',
    newTimeStart: '10:00',
    newTimeEnd: '11:00',
    reason: 'traffic',
    reasonDetails: 'Stuck in traffic on the highway',
  },
  'POST /api/appointments/{id}/issues': { description: 'Intruder note on this appointment' },
  'POST /api/appointments/{id}/checkin': {},
  'PATCH /api/checkins/{id}/status': { status: 'completed' },
  'PATCH /api/checkins/{id}/door': { dockDoorId: 'door-x' },
  'POST /api/admin/approve-user/{userId}': {},
  'POST /api/admin/reject-user/{userId}': { reason: 'Intruder decision' },
  'PATCH /api/integrations/systems/{id}': { name: 'Taken over' },
  'POST /api/integrations/systems/{id}/endpoints': { name: 'Intruder', endpoint: '/intrude' },
  'PATCH /api/integrations/systems/{id}/endpoints/{endpointId}': { name: 'Taken over' },
  'POST /api/integrations/systems/{id}/webhooks': {
    eventType: 'appointment.created',
    webhookUrl: 'https://intruder.example.com/hook',
  },
  'PATCH /api/integrations/systems/{id}/webhooks/{webhookId}': { isActive: false },
  'PUT /api/wms/facilities/{id}/settings': { binCodePattern: 'TK-{aisle}-{rack:2}-{level}' },
  'PUT /api/wms/facilities/{id}': {
    name: 'Taken over',
    address: 'Plot 1, Intruder Road',
    operatingHoursStart: '08:00',
    operatingHoursEnd: '18:00',
  },
  'PUT /api/references/facilities/{id}/policy': { mode: 'list' },
  'PUT /api/bookings/facilities/{id}/rules': { changeCutoffHours: 12 },
  'POST /api/booking-links/{id}/send': { mobileNumber: '9876543210' },
  'POST /api/references/facilities/{id}/orders/preview': {
    mode: 'replace',
    csv: 'po,supplier,sku,quantity\nTK-1,Intruder,SKU-1,5',
  },
  'POST /api/references/facilities/{id}/orders/upload': {
    mode: 'replace',
    csv: 'po,supplier,sku,quantity\nTK-1,Intruder,SKU-1,5',
  },
  'PUT /api/wms/zones/{id}': { facilityId: 'x-facility', name: 'Taken over', code: 'TK', zoneType: 'storage' },
  'PUT /api/wms/bins/{id}': { zoneId: 'x-zone', binCode: 'TK-1', binType: 'shelf' },
  'PUT /api/wms/products/{id}': { sku: 'TAKEN-1', name: 'Taken over' },
  'PUT /api/wms/inventory/{id}': { facilityId: 'x-facility', productId: 'x-product', quantity: 1 },
  'POST /api/wms/inventory/{id}/move': { toBinId: 'x-bin', quantity: 1 },
  'PATCH /api/wms/cycle-count-items/{id}': { countedQuantity: 1 },
  'POST /api/detention/statements/{id}/lines/{appointmentId}/dispute': { reason: 'Disputed by an intruder' },
  'POST /api/detention/statements/{id}/lines/{appointmentId}/answer': { decision: 'accepted' },
  'POST /api/carrier-links/requests/{identityId}/approve': { carrierId: 'x-carrier' },
};

/** Query strings that pass each read's validation. */
const QUERIES: Record<string, string> = {
  'GET /api/facilities/{id}/labor-incharges/available': '?date=2031-01-02&timeStart=10:00&timeEnd=11:00',
  'GET /api/facilities/{id}/equipment/available': '?date=2031-01-02&timeStart=10:00&timeEnd=11:00',
  'GET /api/facilities/{id}/time-slots': '?date=2031-01-02',
};

const itemParameters = (route: ApiRoute) =>
  [...route.path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]!).filter((p) => !NOT_ITEM_PARAMETERS.has(p));
// A platform carrier's own routes (identity:*, issue #59) answer a carrier person's session only: a hub's
// staff hold no identity permission and are refused before any item is read (the authorization matrix);
// one carrier against another, and a hub that unlinked, are carrier-identity.test.ts's.
const withItems = (ROUTES as readonly ApiRoute[]).filter(
  (r) => r.access !== 'public' && !r.access.startsWith('identity:') && itemParameters(r).length > 0,
);
const fixtureOf = (route: ApiRoute) => {
  const fixture = FIXTURES.find((f) => f.path.test(route.path));
  // A fixture whose item could not be made (its domain's routes changed) counts as missing.
  return fixture && Object.values(fixture.params()).every(Boolean) ? fixture : undefined;
};
const fill = (route: ApiRoute, params: Record<string, string>) =>
  route.path.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(params[name] ?? 'missing')) +
  (QUERIES[`${route.method} ${route.path}`] ?? '');

/** Every item of tenant A, wherever it is stored (its partitions and items naming it). */
async function itemsOf(tenantId: string) {
  const items: Record<string, unknown>[] = [];
  let start: Record<string, unknown> | undefined;
  do {
    const res = await ddb().send(
      new ScanCommand({
        TableName: api.tableName,
        ExclusiveStartKey: start,
        FilterExpression: 'begins_with(PK, :p) OR tenantId = :t',
        ExpressionAttributeValues: { ':p': `TENANT#${tenantId}`, ':t': tenantId },
      }),
    );
    items.push(...(res.Items ?? []));
    start = res.LastEvaluatedKey;
  } while (start);
  return items.sort((x, y) => `${x.PK}${x.SK}`.localeCompare(`${y.PK}${y.SK}`));
}

async function created(res: { status: number; text: string; body: { id?: string } }) {
  expect([200, 201], res.text).toContain(res.status);
  return res.body.id!;
}

beforeAll(async () => {
  api = await startTestApi();
  [a, b] = [await signUpOrganisation(api.url), await signUpOrganisation(api.url)];
  const admin = a.admin;
  const facility = a.facilityId;
  const tomorrow = indiaDate(1);
  const carrier = await created(await admin.post('/api/carriers', { name: 'A Roadways', serviceTypes: ['FTL'] }));
  const driver = await created(
    await admin.post('/api/drivers', { carrierId: carrier, name: 'A Driver', licenseNumber: 'MH0120200000001' }),
  );
  const door = (await admin.get(`/api/facilities/${facility}/dock-doors`)).body[0].id as string;
  await created(await admin.post(`/api/facilities/${facility}/labor-incharges`, { name: 'A Labour' }));
  await created(await admin.post(`/api/facilities/${facility}/equipment`, { name: 'A Forklift', type: 'Forklift' }));
  const holiday = addDays(tomorrow, 20);
  expect(
    (await admin.post(`/api/facilities/${facility}/holidays`, { holidayDate: holiday, name: 'A Holiday' })).status,
  ).toBe(201);
  const appointment = await created(
    await admin.post('/api/appointments', {
      facilityId: facility,
      carrierId: carrier,
      driverId: driver,
      dockDoorId: door,
      scheduledDate: tomorrow,
      scheduledTimeStart: '10:00',
      scheduledTimeEnd: '11:00',
    }),
  );
  const reschedule = await admin.post(`/api/appointments/${appointment}/reschedule`, {
    newDate: tomorrow,
    newTimeStart: '14:00',
    newTimeEnd: '15:00',
    reason: 'traffic',
    reasonDetails: 'Stuck in traffic on the highway',
  });
  const pending = await admin.get('/api/reschedules/pending');
  const checkin = await created(
    await admin.post('/api/checkins/walk-in', {
      driverName: 'Walk In',
      vehicleLicense: 'MH12AB1234',
      carrierName: 'A Roadways',
    }),
  );
  const { createYardSpot } = await import('../../functions/yard');
  const spot = (await createYardSpot(a.tenantId, facility, 'Y01', null)).id;
  // A yard move of A's (issue #58.4; made by the door plan's worker in yard-tasks.test.ts).
  const { makeYardTask } = await import('../support/yard-tasks');
  const yardTask = await makeYardTask(a.tenantId, facility, 'open');
  const invitation = await created(
    await admin.post('/api/invitations', { email: `a.staff.${Date.now()}@example.in`, role: 'spectator' }),
  );
  const users = await admin.get('/api/auth/users');
  // A registration document of A's user (registration with uploads is covered in users-registration).
  await ddb().send(
    new UpdateCommand({
      TableName: api.tableName,
      Key: { PK: `TENANT#${a.tenantId}`, SK: `USER#${users.body[0].id}` },
      UpdateExpression: 'SET documents = :d',
      ExpressionAttributeValues: {
        ':d': [
          {
            documentType: 'aadhar_card',
            key: `users/${a.tenantId}/${users.body[0].id}/aadhar_card.pdf`,
            contentType: 'application/pdf',
            size: 1000,
            uploadedAt: new Date().toISOString(),
          },
        ],
      },
    }),
  );
  // A driver's erasure request, settled (a driver makes one through the privacy routes; covered in privacy.test.ts).
  const { putErasureRequest } = await import('../../functions/privacy/privacy.store');
  const decidedAt = new Date().toISOString();
  const erasureRequest = (
    await putErasureRequest(
      a.tenantId,
      {
        driverId: 'a-driver',
        carrierId: carrier,
        accountId: null,
        pseudonym: 'Driver #0a0a',
        driverName: null,
        status: 'refused',
        requestedAt: decidedAt,
        dueDate: tomorrow,
        heldReason: null,
        refusedReason: 'Settled for the isolation test',
        decidedAt,
      },
      { userId: 'isolation', username: 'isolation' },
      new Date(),
    )
  ).id;
  // A whole-data export of the tenant (issue #36; built by its worker in tenant-export.test.ts).
  const { startExport } = await import('../../functions/privacy/export.store');
  const tenantExport = (await startExport(a.tenantId, { userId: 'isolation', username: 'isolation' }, new Date()))!.id;
  // A security incident (issue #36; recorded through the API in privacy-incidents.test.ts).
  const { recordIncident } = await import('../../functions/privacy/incidents');
  const incident = (
    await recordIncident(
      a.tenantId,
      {
        title: 'Isolation incident',
        description: 'Recorded by the isolation test.',
        discoveredAt: new Date().toISOString(),
        dataKinds: ['names'],
        affectedFrom: tomorrow,
        affectedTo: tomorrow,
        measures: 'None needed: a test record.',
        contact: 'isolation@example.in',
      },
      { userId: 'isolation', username: 'isolation' },
    )
  ).id;
  ids = {
    erasureRequest,
    tenantExport,
    incident,
    facility,
    slot: `${tomorrow}_0900`,
    holiday,
    spot,
    yardTask,
    carrier,
    appointment,
    reschedule: reschedule.body?.id ?? pending.body?.[0]?.id,
    checkin,
    pendingUser: users.body[0].id,
    invitation,
    carrierIdentity: await invitedCarrier(admin, carrier),
  };
  for (const [name, value] of Object.entries(ids)) expect(value, `fixture ${name}`).toBeTruthy();
  Object.assign(ids, await optionalFixtures(admin, facility, carrier));
}, 180_000);

/** A platform carrier (issue #59) that A's staff invited to its carrier record: its identity's id. */
async function invitedCarrier(admin: Organisation['admin'], carrierId: string): Promise<string> {
  const identity = await matrixIdentity();
  const res = await admin.post('/api/carrier-links/invitations', { gstin: identity.gstin, carrierId });
  expect(res.status, res.text).toBe(201);
  return identity.id;
}

/** Items of other domains, each made through its create route; one that cannot be made stays absent. */
async function optionalFixtures(
  admin: Organisation['admin'],
  facility: string,
  carrierId?: string,
): Promise<Record<string, string>> {
  const made: Record<string, string> = {};
  const make = async (name: string, path: string, body: unknown, pick = (b: any) => b?.id as string | undefined) => {
    const res = await admin.post(path, body);
    const id = res.status < 300 ? pick(res.body) : undefined;
    if (id) made[name] = id;
    return id;
  };
  const system = await make('system', '/api/integrations/systems', {
    name: 'A TMS',
    systemType: 'TMS',
    baseUrl: 'https://tms.example.com/api',
    authType: 'API_KEY',
    authConfig: { apiKey: 'a-secret-key' },
  });
  if (system) {
    await make('endpoint', `/api/integrations/systems/${system}/endpoints`, {
      name: 'A requests',
      endpoint: '/appointments',
    });
    await make('webhook', `/api/integrations/systems/${system}/webhooks`, {
      eventType: 'appointment.created',
      webhookUrl: 'https://tms.example.com/hooks',
    });
  }
  const setup = `/api/appointment-types/facilities/${facility}`;
  await make('appointmentType', `${setup}/types`, {
    name: 'A inbound',
    direction: 'inbound',
    vehicleTypes: [],
    doorIds: [],
    durationRule: { kind: 'fixed', minutes: 60 },
  });
  await make('bookingField', `${setup}/fields`, { label: 'A seal', kind: 'text' });
  await make('bookingLink', '/api/booking-links', { facilityId: facility, label: 'A carriers' }, (b) => b?.link?.id);
  // A standing appointment (issue #32) whose one date is past the 8-week horizon, so it books nothing.
  const seriesCarrier = await make('seriesCarrier', '/api/carriers', { name: 'A Milk Run', serviceTypes: ['FTL'] });
  await make('series', '/api/series', {
    facilityId: facility,
    carrierId: seriesCarrier,
    weekdays: ['MO'],
    timeStart: '09:00',
    timeEnd: '10:00',
    startDate: indiaDate(71),
    count: 1,
  });
  const zone = await make('zone', '/api/wms/zones', {
    facilityId: facility,
    name: 'A Zone',
    code: 'AZ',
    zoneType: 'storage',
  });
  if (zone) await make('bin', '/api/wms/bins', { zoneId: zone, binCode: 'AZ-01', binType: 'shelf' });
  const product = await make('product', '/api/wms/products', { sku: 'A-SKU-1', name: 'A Product' });
  if (product)
    await make('inventory', '/api/wms/inventory', {
      facilityId: facility,
      productId: product,
      binId: made.bin ?? null,
      quantity: 10,
    });
  // A carrier's detention statement of a month long past (issue #57.3; its trucks in detention-statements.test.ts).
  if (carrierId) await make('statement', '/api/detention/statements', { carrierId, month: '2025-01' });
  // A door plan proposal of tomorrow (issue #58.2; no worker here: it stays solving, which B never learns).
  await make('proposal', '/api/planner/proposals', { facilityId: facility, date: indiaDate(1) });
  const count = await make('cycleCount', '/api/wms/cycle-counts', { facilityId: facility, countType: 'full' });
  if (count) {
    await admin.post(`/api/wms/cycle-counts/${count}/start`, {});
    const items = await admin.get(`/api/wms/cycle-counts/${count}/items`);
    const list = Array.isArray(items.body) ? items.body : (items.body?.items ?? items.body?.data ?? []);
    if (list[0]?.id) made.cycleCountItem = list[0].id;
  }
  return made;
}
afterAll(() => api.close());

describe('tenant isolation through the route table', () => {
  it('has two organisations of their own', () => {
    expect(a.tenantId).not.toBe(b.tenantId);
    expect([a.tenantId, b.tenantId]).not.toContain('demo');
  });

  it("answers 404 to every read, change or delete of A's items by B, and A stays unchanged", async () => {
    const covered = withItems.filter(fixtureOf);
    expect(covered.length).toBeGreaterThan(25);
    // A reaches its own items through the same paths (the fixtures are real).
    for (const route of covered.filter((r) => r.method === 'GET')) {
      const res = await a.admin.get(fill(route, fixtureOf(route)!.params()));
      expect(res.status, `${route.method} ${route.path} as A`).toBeLessThan(300);
    }
    const before = await itemsOf(a.tenantId);
    const leaks: string[] = [];
    for (const route of covered) {
      const key = `${route.method} ${route.path}`;
      const res = await b.admin.request(route.method, fill(route, fixtureOf(route)!.params()), {
        body: route.method === 'GET' || route.method === 'DELETE' ? undefined : (BODIES[key] ?? {}),
        localAddress: nextAddress(),
      });
      if (res.status !== 404) leaks.push(`${key} -> ${res.status} ${res.text.slice(0, 120)}`);
    }
    expect(await itemsOf(a.tenantId)).toEqual(before);
    expect(leaks).toEqual([]);
  }, 120_000);

  it('never answers 2xx or 5xx to an unknown id on routes that have no fixture yet', async () => {
    const probes: string[] = [];
    for (const route of withItems.filter((r) => !fixtureOf(r))) {
      const params = Object.fromEntries(itemParameters(route).map((p) => [p, `unknown-${p}`]));
      const res = await b.admin.request(route.method, fill(route, params), {
        body: route.method === 'GET' || route.method === 'DELETE' ? undefined : {},
        localAddress: nextAddress(),
      });
      if (res.status < 400 || res.status >= 500) probes.push(`${route.method} ${route.path} -> ${res.status}`);
    }
    expect(probes).toEqual([]);
  });

  it('has a fixture for every route that names an item (add one to FIXTURES for a new route)', () => {
    const missing = withItems.filter((r) => !fixtureOf(r)).map((r) => `${r.method} ${r.path}`);
    expect(missing, `routes without an isolation fixture:\n${missing.join('\n')}`).toEqual([]);
  });
});

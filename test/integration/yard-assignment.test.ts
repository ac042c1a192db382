// Assign Spots (POST /api/yard/assign-spots): the waiting trucks onto the free spots nearest the
// gate, in one transaction, through the real local HTTP path.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, startTestApi, type TestApi } from '../support/api';
import { DEMO_FACILITY_ID, DEMO_TENANT_ID } from '../../functions/local/seed';

interface Spot {
  id: string;
  spotNumber: string;
  status: string;
  currentAssetId: string | null;
}

let api: TestApi;
let yard: Client;
let spectator: Client;

beforeAll(async () => {
  api = await startTestApi();
  [yard, spectator] = [new Client(api.url), new Client(api.url)];
  await Promise.all([yard.signIn('yard_manager'), spectator.signIn('spectator')]);
});
afterAll(() => api.close());

/** A walk-in checked in at the gate (its appointment arrived): a truck waiting in the yard. */
async function waitingTruck(vehicleLicense: string) {
  const checkin = await yard.post('/api/checkins/walk-in', {
    driverName: 'Driver',
    vehicleLicense,
    carrierName: 'Walk-in Carrier',
  });
  expect(checkin.status, checkin.text).toBe(201);
  return { appointmentId: checkin.body.appointmentId as string, checkinId: checkin.body.id as string };
}

async function spots(): Promise<Spot[]> {
  return (await yard.get('/api/facilities/default/yard-spots')).body;
}

const spot = (list: Spot[], number: string) => list.find((s) => s.spotNumber === number)!;
const holding = (list: Spot[], asset: string) =>
  list.filter((s) => s.currentAssetId === asset).map((s) => s.spotNumber);

/** Every spot empty and no truck waiting (those left from earlier tests are sent away). */
async function freshYard() {
  for (const s of await spots())
    if (s.status !== 'empty')
      expect(
        (await yard.request('PATCH', `/api/yard-spots/${s.id}/status`, { body: { status: 'empty' } })).status,
      ).toBe(200);
  for (const c of (await yard.get('/api/checkins')).body)
    if (c.status === 'checked_in')
      expect(
        (await yard.request('PATCH', `/api/checkins/${c.id}/status`, { body: { status: 'departed' } })).status,
      ).toBe(200);
}

describe('Assign Spots', () => {
  it('places the waiting trucks, longest waiting first, on the free spots nearest the gate, and audits each', async () => {
    // Prepare: Y01 under maintenance; Y02 and Y05 hold demo trucks; Y04 gets a truck parked by hand;
    // one truck is at a dock (check-in at_dock), one is loading (its appointment moved on).
    const before = await spots();
    expect(
      (
        await yard.request('PATCH', `/api/yard-spots/${spot(before, 'Y01').id}/status`, {
          body: { status: 'maintenance' },
        })
      ).status,
    ).toBe(200);
    const first = await waitingTruck('MH01TA0001');
    const second = await waitingTruck('MH01TA0002');
    const atDock = await waitingTruck('MH01TA0003');
    expect(
      (await yard.request('PATCH', `/api/checkins/${atDock.checkinId}/status`, { body: { status: 'at_dock' } })).status,
    ).toBe(200);
    await waitingTruck('MH01TA0004');
    expect(
      (
        await yard.request('PATCH', `/api/yard-spots/${spot(before, 'Y04').id}/status`, {
          body: { status: 'occupied', assetId: 'MH01TA0004' },
        })
      ).status,
    ).toBe(200);
    const loading = await waitingTruck('MH01TA0005');
    expect(
      (
        await yard.request('PATCH', `/api/appointments/${loading.appointmentId}/status`, {
          body: { status: 'loading' },
        })
      ).status,
    ).toBe(200);

    const waitingBefore = (await yard.get('/api/yard/overview')).body.waitingTrucks;

    // Act
    const res = await yard.post('/api/yard/assign-spots', {});

    // Assess
    expect(res.status).toBe(200);
    expect((await yard.get('/api/yard/overview')).body.waitingTrucks, 'a placed truck is counted once').toBe(
      waitingBefore,
    );
    expect(res.body).toEqual({
      placed: [
        {
          spotId: spot(before, 'Y03').id,
          spotNumber: 'Y03',
          assetId: 'MH01TA0001',
          appointmentId: first.appointmentId,
          checkinId: first.checkinId,
        },
        {
          spotId: spot(before, 'Y06').id,
          spotNumber: 'Y06',
          assetId: 'MH01TA0002',
          appointmentId: second.appointmentId,
          checkinId: second.checkinId,
        },
      ],
      stillWaiting: 0,
    });
    const after = await spots();
    expect(spot(after, 'Y03')).toMatchObject({ status: 'occupied', currentAssetId: 'MH01TA0001' });
    expect(spot(after, 'Y06')).toMatchObject({ status: 'occupied', currentAssetId: 'MH01TA0002' });
    expect(spot(after, 'Y01').status).toBe('maintenance');
    expect(holding(after, 'MH01TA0003')).toEqual([]);
    expect(holding(after, 'MH01TA0004')).toEqual(['Y04']);
    expect(holding(after, 'MH01TA0005')).toEqual([]);
    const { listAudit } = await import('../../functions/lib/audit');
    const [audit] = await listAudit(DEMO_TENANT_ID, { entityType: 'yard-spot', entityId: spot(before, 'Y03').id });
    expect(audit).toMatchObject({
      action: 'yard-spot.auto-assigned',
      actorName: 'yard_manager',
      before: { status: 'empty', currentAssetId: null },
      after: { status: 'occupied', currentAssetId: 'MH01TA0001', checkinId: first.checkinId },
    });

    // A second click finds no one left to place and changes nothing.
    const again = await yard.post('/api/yard/assign-spots');
    expect(again.body).toEqual({ placed: [], stillWaiting: 0 });
    expect(await spots()).toEqual(after);
  });

  it('says how many trucks are still waiting when the free spots run out', async () => {
    // Prepare: every spot but Y20 taken or under maintenance.
    await freshYard();
    for (const s of await spots())
      if (s.spotNumber !== 'Y20')
        await yard.request('PATCH', `/api/yard-spots/${s.id}/status`, { body: { status: 'maintenance' } });
    await waitingTruck('KA02TB0001');
    await waitingTruck('KA02TB0002');
    // Act
    const res = await yard.post('/api/yard/assign-spots', {});
    // Assess
    expect(res.status).toBe(200);
    expect(res.body.placed.map((p: { spotNumber: string; assetId: string }) => `${p.assetId}@${p.spotNumber}`)).toEqual(
      ['KA02TB0001@Y20'],
    );
    expect(res.body.stillWaiting).toBe(1);
  });

  it('places nothing when a truck was parked by hand after the plan was read (no truck on two spots)', async () => {
    // Prepare: a plan read before someone drags the same truck to Y20.
    await freshYard();
    await waitingTruck('TN03TC0001');
    const { resolveFacility } = await import('../../functions/facilities/facility.store');
    const { planYardAssignment, applyYardAssignment } = await import('../../functions/yard/assign-spots');
    const facility = await resolveFacility(DEMO_TENANT_ID, DEMO_FACILITY_ID);
    const stale = await planYardAssignment(facility);
    expect(stale.placements.map((p) => p.truck.assetId)).toContain('TN03TC0001');
    const y20 = spot(await spots(), 'Y20');
    expect(
      (
        await yard.request('PATCH', `/api/yard-spots/${y20.id}/status`, {
          body: { status: 'occupied', assetId: 'TN03TC0001' },
        })
      ).status,
    ).toBe(200);
    const before = await spots();
    // Act
    const applied = applyYardAssignment(facility, stale, { userId: 'test', username: 'test' });
    // Assess
    await expect(applied).rejects.toMatchObject({
      status: 409,
      message: 'The yard changed while spots were being assigned; no truck was placed. Refresh and try again.',
    });
    expect(await spots()).toEqual(before);
    expect(holding(before, 'TN03TC0001')).toEqual(['Y20']);
  });

  it('keeps every truck on exactly one spot when people click and drag at once', async () => {
    // Prepare
    await freshYard();
    const assets = ['UP04TD0001', 'UP04TD0002', 'UP04TD0003'];
    for (const a of assets) await waitingTruck(a);
    const y20 = spot(await spots(), 'Y20');
    // Act
    const results = await Promise.all([
      yard.post('/api/yard/assign-spots', {}),
      yard.post('/api/yard/assign-spots', {}),
      yard.request('PATCH', `/api/yard-spots/${y20.id}/status`, {
        body: { status: 'occupied', assetId: 'UP04TD0002' },
      }),
      yard.post('/api/yard/assign-spots', {}),
    ]);
    // Assess
    for (const r of results) expect([200, 409]).toContain(r.status);
    // A click refused because the yard changed under it is simply clicked again.
    if (results.some((r) => r.status === 409)) expect((await yard.post('/api/yard/assign-spots', {})).status).toBe(200);
    const final = await spots();
    for (const a of assets) expect(holding(final, a), a).toHaveLength(1);
    const placedByAssign = results
      .filter((r, i) => i !== 2 && r.status === 200)
      .flatMap((r) => r.body.placed.map((p: { assetId: string }) => p.assetId));
    expect(new Set(placedByAssign).size).toBe(placedByAssign.length);
  });

  it('lets a truck be dragged from spot to spot and back, released, and placed again', async () => {
    // Prepare
    await freshYard();
    const list = await spots();
    const park = (number: string, status: string, assetId?: string) =>
      yard.request('PATCH', `/api/yard-spots/${spot(list, number).id}/status`, { body: { status, assetId } });
    // Act
    const steps = [
      await park('Y07', 'occupied', 'HR06TF0001'),
      await park('Y08', 'occupied', 'HR06TF0001'),
      await park('Y07', 'occupied', 'HR06TF0001'),
      await park('Y07', 'empty'),
      await park('Y09', 'occupied', 'HR06TF0001'),
    ];
    // Assess
    expect(steps.map((r) => r.status)).toEqual([200, 200, 200, 200, 200]);
    expect(holding(await spots(), 'HR06TF0001')).toEqual(['Y09']);
  });

  it('refuses the spectator and bad input, and cannot reach another tenant', async () => {
    // Prepare
    await freshYard();
    await waitingTruck('RJ05TE0001');
    const before = await spots();
    const { putTenantIfAbsent } = await import('../../functions/tenancy/tenant.store');
    const { createUser } = await import('../../functions/users/user.store');
    const { hashPassword } = await import('../../functions/lib/passwords');
    await putTenantIfAbsent({ id: 'yard-other', name: 'Other Yard Co', createdAt: new Date().toISOString() });
    await createUser(
      {
        tenantId: 'yard-other',
        username: 'yard-other-manager',
        email: 'yard@other.in',
        phoneNumber: null,
        firstName: 'O',
        lastName: 'Y',
        profileImageUrl: null,
        role: 'yard_manager',
        extraRoles: [],
        userType: 'dockyard_employee',
        status: 'active',
        isVerified: true,
        passwordHash: await hashPassword('Other@12345'),
      },
      null,
    );
    const outsider = new Client(api.url);
    await outsider.signIn('yard-other-manager', 'Other@12345');
    // Act
    const refused = await spectator.post('/api/yard/assign-spots', {});
    const unknownField = await yard.post('/api/yard/assign-spots', { spots: 'all' });
    const unknownFacility = await yard.post('/api/yard/assign-spots', { facilityId: 'no-such-facility' });
    const foreign = await outsider.post('/api/yard/assign-spots', { facilityId: DEMO_FACILITY_ID });
    // Assess
    expect(refused.status).toBe(403);
    expect(unknownField.status).toBe(400);
    expect(unknownFacility.status).toBe(404);
    expect(unknownFacility.body.message).toBe('Facility not found');
    expect(foreign.status).toBe(404);
    expect(await spots()).toEqual(before);
  });
});

// A facility's booking link can be revoked (#28.5): replacing it refuses the old token at once on every
// guest path (link info, slots, booking), the new one works, two replacements at once give one link,
// and the replacement is audited.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, startTestApi, type TestApi } from '../support/api';
import { nextAddress, signUpOrganisation, type Organisation } from '../support/tenancy';
import { indiaDate } from '../support/dates';
import { listAudit } from '../../functions/lib/audit';

let api: TestApi;
let org: Organisation;

beforeAll(async () => {
  api = await startTestApi();
  org = await signUpOrganisation(api.url);
});
afterAll(() => api.close());

const guest = () => new Client(api.url);
const linkOf = async () => (await org.admin.get(`/api/facilities/${org.facilityId}/link`)).body.token as string;
const rotate = () => org.admin.post(`/api/facilities/${org.facilityId}/link/rotate`, {});

describe('replacing a facility link', () => {
  it('refuses the old link on every guest path and serves the new one', async () => {
    const old = await linkOf();
    expect((await guest().get(`/api/facility-links/${old}`, { localAddress: nextAddress() })).status).toBe(200);

    const replaced = await rotate();
    expect(replaced.status, replaced.text).toBe(200);
    const fresh = replaced.body.token as string;
    expect(fresh).not.toBe(old);
    expect(await linkOf()).toBe(fresh);

    const info = await guest().get(`/api/facility-links/${old}`, { localAddress: nextAddress() });
    expect(info.status).toBe(404);
    expect(info.body.message).toBe('This facility link is not valid. Ask the hub for its current link.');
    expect(
      (await guest().get(`/api/slots/available?date=${indiaDate(2)}&facility=${old}`, { localAddress: nextAddress() }))
        .status,
    ).toBe(404);
    const booking = {
      ownerType: 'Driver',
      vehicleNumber: 'MH12TL9876',
      vehicleType: 'Truck',
      capacityTons: 10,
      driverName: 'Old Link Guest',
      driverLicense: 'MH1220200001',
      mobileNumber: '9845012345',
      expectedArrivalDate: `${indiaDate(2)}T10:00:00.000Z`,
      slotId: `${indiaDate(2)}_1000`,
      facility: old,
    };
    expect((await guest().post('/api/bookings/slot', booking, { localAddress: nextAddress() })).status).toBe(404);

    const freshInfo = await guest().get(`/api/facility-links/${fresh}`, { localAddress: nextAddress() });
    expect(freshInfo.status).toBe(200);
    // The guest's today is the facility's: the link names its zone (the sign-up default here).
    expect(freshInfo.body).toMatchObject({
      token: fresh,
      facilityName: org.body.facilityName,
      timeZone: 'Asia/Kolkata',
    });
    expect(
      (
        await guest().get(`/api/slots/available?date=${indiaDate(2)}&facility=${fresh}`, {
          localAddress: nextAddress(),
        })
      ).status,
    ).toBe(200);

    const trail = await listAudit(org.tenantId, { entityType: 'facility', entityId: org.facilityId });
    expect(trail.filter((r) => r.action === 'facility-link.rotated')).toHaveLength(1);
  });

  it('leaves one working link when two people replace it at once', async () => {
    const before = await linkOf();
    const both = await Promise.all([rotate(), rotate()]);
    // Run one after the other, both succeed; overlapping, the second finds the link already replaced.
    for (const r of both) expect([200, 409]).toContain(r.status);
    for (const r of both.filter((r) => r.status === 409))
      expect(r.body.message).toBe(
        'The link was replaced by someone else meanwhile. Reload the page to see the current link.',
      );
    const now = await linkOf();
    const handedOut = [before, ...both.filter((r) => r.status === 200).map((r) => r.body.token as string)];
    expect(handedOut).toContain(now);
    for (const token of handedOut)
      expect((await guest().get(`/api/facility-links/${token}`, { localAddress: nextAddress() })).status).toBe(
        token === now ? 200 : 404,
      );
  });

  it('is refused without a session (the roles are in authz-matrix.test.ts)', async () => {
    expect((await guest().post(`/api/facilities/${org.facilityId}/link/rotate`, {})).status).toBe(401);
  });
});

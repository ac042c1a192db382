// A range whose later transaction fails (issue #29): the chunks already written are taken back, so
// the user sees nothing made; if taking back fails too, the answer names exactly the bins that stay.
// The failures are injected into the bin store; everything else is the real local HTTP path.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { Client, startTestApi, type TestApi } from '../support/api';

const faults = vi.hoisted(() => ({ failChunk: 0, failTakeBack: 0, chunks: 0, takeBacks: 0 }));

vi.mock('../../functions/wms/bin.store', async (original) => {
  const store = await original<typeof import('../../functions/wms/bin.store')>();
  const { ServiceUnavailableError } = await import('../../functions/lib/errors');
  return {
    ...store,
    createBinChunk: async (...args: Parameters<typeof store.createBinChunk>) => {
      if (++faults.chunks === faults.failChunk) throw new ServiceUnavailableError();
      return store.createBinChunk(...args);
    },
    removeBinChunk: async (...args: Parameters<typeof store.removeBinChunk>) => {
      if (++faults.takeBacks === faults.failTakeBack) throw new ServiceUnavailableError();
      return store.removeBinChunk(...args);
    },
  };
});

let api: TestApi;
let ops: Client;
let seq = 0;
const unique = (prefix: string) => `${prefix}-${Date.now().toString(36)}-${++seq}`;

beforeAll(async () => {
  api = await startTestApi();
  ops = new Client(api.url);
  await ops.signIn('operations');
});
afterAll(() => api.close());

async function freshZone() {
  const f = await ops.post('/api/facilities', {
    name: unique('Fault Hub'),
    address: 'Plot 9, Chakan',
    operatingHoursStart: '08:00',
    operatingHoursEnd: '18:00',
  });
  expect(f.status, f.text).toBe(201);
  const z = await ops.post('/api/wms/zones', {
    facilityId: f.body.id,
    name: unique('Zone'),
    code: unique('Z'),
    zoneType: 'storage',
  });
  expect(z.status, z.text).toBe(201);
  return { facilityId: f.body.id as string, zoneId: z.body.id as string };
}
// 3 aisles x 10 racks x 4 levels = 120 bins: transactions of 45, 45 and 30.
const range = (zoneId: string) => ({
  zoneId,
  aisleFrom: 'A',
  aisleTo: 'C',
  rackFrom: 1,
  rackTo: 10,
  levelFrom: 0,
  levelTo: 3,
  binType: 'shelf',
});
const zoneState = async ({ facilityId, zoneId }: { facilityId: string; zoneId: string }) => {
  const bins = (await ops.get(`/api/wms/bins?zoneId=${zoneId}&limit=100`)).body;
  const zone = (await ops.get(`/api/wms/zones?facilityId=${facilityId}`)).body.data[0];
  return {
    total: bins.pagination.total as number,
    codes: bins.data.map((b: any) => b.binCode),
    binCount: zone.binCount,
  };
};
const dashboardBins = async () => (await ops.get('/api/wms/dashboard')).body.bins as number;

describe('a range whose later transaction fails', () => {
  it('takes back the transactions already written: nothing is made', async () => {
    const place = await freshZone();
    const before = await dashboardBins();
    Object.assign(faults, { chunks: 0, takeBacks: 0, failChunk: 3, failTakeBack: 0 });
    const res = await ops.post('/api/wms/bins/range', range(place.zoneId));
    expect(res.status).toBe(503);
    expect(faults.takeBacks).toBe(2);
    expect(await zoneState(place)).toEqual({ total: 0, codes: [], binCount: 0 });
    expect(await dashboardBins()).toBe(before);
  });

  it('names exactly the bins that stay when taking back fails too', async () => {
    const place = await freshZone();
    const before = await dashboardBins();
    // The third transaction fails; of the two to take back (newest first), the first chunk's fails.
    Object.assign(faults, { chunks: 0, takeBacks: 0, failChunk: 3, failTakeBack: 2 });
    const res = await ops.post('/api/wms/bins/range', range(place.zoneId));
    expect(res.status).toBe(409);
    expect(res.body.errors.range).toBe(
      'The range stopped part-way and 45 bins could not be taken back; they exist: ' +
        'A-01-0, A-01-1, A-01-2, A-01-3, A-02-0, A-02-1, A-02-2, A-02-3, A-03-0, A-03-1, ' +
        'A-03-2, A-03-3, A-04-0, A-04-1, A-04-2, A-04-3, A-05-0, A-05-1, A-05-2, A-05-3 … +25',
    );
    const state = await zoneState(place);
    expect(state.total).toBe(45);
    expect(state.binCount).toBe(45);
    // The first 45 of A-01-0 … C-10-3: all of aisle A (40) and B-01-0 … B-02-0.
    expect(state.codes).toContain('B-02-0');
    expect(state.codes).not.toContain('B-02-1');
    expect(await dashboardBins()).toBe(before + 45);
    Object.assign(faults, { failChunk: 0, failTakeBack: 0 });
  });
});

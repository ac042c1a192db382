// Warehouse figures for `npm run bench` (issue #16): a tenant's warehouse at scale (100,000 inventory
// lines, 20,000 products; BENCH_WMS_LINES / BENCH_WMS_PRODUCTS change it), loaded in bulk, then the
// first inventory page, a filtered page (facility + status) and a prefix search through the API,
// each beside the same DynamoDB calls sent straight through the SDK (ratio p50); and goods receipts
// per second with 10 people receiving at once (every receipt adds to the tenant's counters).
import type { BenchSection } from './section';
import { measurePath, type Call } from './hot-paths';
import { run } from './measure';

const LINES = Number(process.env.BENCH_WMS_LINES ?? 100_000);
const PRODUCTS = Number(process.env.BENCH_WMS_PRODUCTS ?? 20_000);
const BINS = 1_000;
// BatchWrite calls in flight during the load. DynamoDB Local writes through one SQLite thread, so the
// load is bound by its CPU, not by round trips; more calls in flight keep that thread fed while other
// requests are parsed (10,000 lines on this machine: 35 s at 4, 29-35 s at 16, 29 s at 32).
const LOAD_CONCURRENCY = 32;
// Requests of each kind: the prefix searches take ~1 s each (they count every match for the page's
// total), so they are sampled 50 times, the pages 100 times.
const PAGES = 100;
const SEARCHES = 50;
// Receivers at once, and the receipts they post in all.
const RECEIVERS = 10;
const RECEIPTS = 1_000;

let loaded: { items: number; loadSeconds: number } | undefined;

/**
 * Loads the warehouse at scale while the local stack starts, after its seed and before the stream
 * workers follow the table (startLocalStack's beforeWorkers): like the seed, its ~600,000 items are
 * data that was there, not changes for the workers to read, so the load does not share DynamoDB
 * Local's one writer thread with the stream poller, and no section runs under 600,000 stream records.
 */
export async function loadBenchWarehouse(): Promise<void> {
  const { DEMO_FACILITY_ID, DEMO_TENANT_ID } = await import('../../functions/local/seed');
  const { demoWarehouse } = await import('../../functions/local/demo-wms');
  const { bulkLoad } = await import('../../functions/wms');
  // A second warehouse of the same shape beside the demo one, its ids prefixed so nothing collides.
  const at = new Date().toISOString();
  const w = demoWarehouse(DEMO_TENANT_ID, DEMO_FACILITY_ID, at, { bins: BINS, products: PRODUCTS, lines: LINES });
  const tag = (id: string) => `bench${id.replace(/-/g, '')}`;
  w.zones = w.zones.map((z) => ({ ...z, id: tag(z.id), code: `B${z.code}` }));
  w.bins = w.bins.map((b) => ({
    ...b,
    id: tag(b.id),
    zoneId: tag(b.zoneId),
    binCode: `B${b.binCode}`,
    capacity: null,
  }));
  w.products = w.products.map((p) => ({
    ...p,
    id: tag(p.id),
    sku: `B${p.sku}`,
    barcodeValue: p.barcodeValue ? `B${p.barcodeValue}` : null,
  }));
  w.lines = w.lines.map((l) => ({
    ...l,
    id: tag(l.id),
    productId: tag(l.productId),
    productSku: `B${l.productSku}`,
    productBarcode: l.productBarcode ? `B${l.productBarcode}` : null,
    binId: l.binId && tag(l.binId),
    zoneId: l.zoneId && tag(l.zoneId),
    binCode: `B${l.binCode}`,
    facilityName: 'Bhiwandi Distribution Centre',
  }));
  const loadStarted = performance.now();
  const { items } = await bulkLoad(DEMO_TENANT_ID, w, LOAD_CONCURRENCY);
  loaded = { items, loadSeconds: (performance.now() - loadStarted) / 1000 };
}

/**
 * Receipts per second with RECEIVERS people receiving at once, each into a zone, bin and product of
 * their own: what they share is the tenant's counters (functions/wms/counters.store.ts), which
 * every receipt adds to. A refused receipt is counted, not retried.
 */
export async function receiptsPerSecond(operations: Call, facilityId: string) {
  const tag = Date.now().toString(36).toUpperCase();
  const places = await Promise.all(
    Array.from({ length: RECEIVERS }, async (_, i) => {
      const zone = await operations('POST', '/api/wms/zones', {
        facilityId,
        name: `Bench dock ${tag}-${i}`,
        code: `BR${tag}${i}`,
        zoneType: 'receiving',
      });
      const bin = await operations('POST', '/api/wms/bins', {
        zoneId: zone.id,
        binCode: `BR-${tag}-${i}`,
        binType: 'floor',
      });
      const product = await operations('POST', '/api/wms/products', {
        sku: `BR-${tag}-${i}`,
        name: `Bench receipt ${tag} ${i}`,
      });
      return { binId: bin.id as string, productId: product.id as string };
    }),
  );
  let refused = 0;
  const latency = await run(RECEIPTS, RECEIVERS, async (i) => {
    const place = places[i % RECEIVERS]!;
    await operations('POST', '/api/wms/inventory/receive', {
      facilityId,
      ...place,
      quantity: 1 + (i % 5),
      unitCost: 12.5,
    }).catch(() => refused++);
  });
  return {
    receivers: RECEIVERS,
    receipts: latency.count,
    perSecond: latency.perSecond,
    p50: latency.p50,
    p95: latency.p95,
    refused,
  };
}

export const wmsBench: BenchSection = async ({ dynamoDbEndpoint, operations }) => {
  if (!loaded)
    throw new Error('The bench warehouse was not loaded (startLocalStack beforeWorkers: loadBenchWarehouse)');
  const { items, loadSeconds } = loaded;
  const { DEMO_FACILITY_ID } = await import('../../functions/local/seed');
  const list = (query: string) => () => operations('GET', `/api/wms/inventory${query}`);
  const figures = [
    await measurePath('GET /api/wms/inventory (first page)', dynamoDbEndpoint, PAGES, 4, list('')),
    await measurePath(
      'GET /api/wms/inventory?facilityId&status=hold',
      dynamoDbEndpoint,
      PAGES,
      4,
      list(`?facilityId=${DEMO_FACILITY_ID}&status=hold`),
    ),
    await measurePath(
      'GET /api/wms/inventory?search=bdaa-001 (prefix)',
      dynamoDbEndpoint,
      SEARCHES,
      4,
      list('?search=bdaa-001'),
    ),
    await measurePath('GET /api/wms/products?search=tata (prefix)', dynamoDbEndpoint, SEARCHES, 4, () =>
      operations('GET', '/api/wms/products?search=tata'),
    ),
  ];
  const total = ((await operations('GET', '/api/wms/inventory')) as { pagination: { total: number } }).pagination.total;
  const receipts = await receiptsPerSecond(operations, DEMO_FACILITY_ID);
  return {
    title:
      `Warehouse at scale: ${LINES.toLocaleString('en-IN')} inventory lines + ${PRODUCTS.toLocaleString('en-IN')} products loaded (${items.toLocaleString('en-IN')} items in ${loadSeconds.toFixed(0)} s); list total ${total.toLocaleString('en-IN')}; latency in ms\n` +
      `Goods receipts: ${receipts.perSecond.toFixed(1)}/s with ${receipts.receivers} receivers at once (${receipts.receipts} receipts, p50 ${receipts.p50.toFixed(1)} ms, p95 ${receipts.p95.toFixed(1)} ms, ${receipts.refused} refused)`,
    rows: figures.map((f) => ({
      request: f.name,
      n: f.api.count,
      p50: Number(f.api.p50.toFixed(1)),
      p95: Number(f.api.p95.toFixed(1)),
      'ddb calls': f.callsPerRequest,
      'floor p50': Number(f.floor.p50.toFixed(1)),
      'floor p95': Number(f.floor.p95.toFixed(1)),
      'ratio p50': Number(f.ratioP50.toFixed(2)),
      // Its function in-process, beside a floor of its own (what Lambda runs: the goal's figure).
      'fn p50': Number(f.fn.p50.toFixed(1)),
      'fn floor p50': Number(f.fnFloor.p50.toFixed(1)),
      'fn ratio p50': Number(f.fnRatioP50.toFixed(2)),
    })),
    extra: { lines: LINES, products: PRODUCTS, items, loadSeconds, receipts },
  };
};

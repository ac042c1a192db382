// Demo warehouse of the demo facility (npm start, the journeys): a zone of each type, 200 bins,
// 500 products with Indian EAN-13 barcodes, stock spread over the bins, a few adjustments and one
// planned cycle count. Loaded in bulk once (a demo zone present means it is there already).
import { logger } from '../lib/logger';
import { adjustInventory, bulkLoad, createCount, getZone, type BulkWarehouse } from '../wms';

type Zone = BulkWarehouse['zones'][number];
type Bin = BulkWarehouse['bins'][number];
type Product = BulkWarehouse['products'][number];
type Line = BulkWarehouse['lines'][number];

const ZONES = [
  ['receiving', 'RCV', 'Inbound Receiving', 'ambient'],
  ['storage', 'STG', 'Ambient Storage', 'ambient'],
  ['picking', 'PCK', 'Forward Picking', 'ambient'],
  ['shipping', 'SHP', 'Outbound Shipping', 'ambient'],
  ['staging', 'CLD', 'Cold Staging', 'chilled'],
] as const;

const CATALOGUE: [string, string, string[]][] = [
  [
    'Rice & Grains',
    'Daawat',
    ['Basmati Rice 5 kg', 'Sona Masoori Rice 10 kg', 'Chakki Atta 10 kg', 'Poha 1 kg', 'Rava 1 kg'],
  ],
  ['Pulses', 'Tata Sampann', ['Toor Dal 1 kg', 'Moong Dal 1 kg', 'Chana Dal 1 kg', 'Masoor Dal 1 kg', 'Urad Dal 1 kg']],
  [
    'Spices',
    'MDH',
    ['Garam Masala 100 g', 'Turmeric Powder 200 g', 'Red Chilli Powder 200 g', 'Coriander Powder 200 g', 'Jeera 100 g'],
  ],
  [
    'Edible Oil',
    'Fortune',
    ['Sunflower Oil 1 L', 'Mustard Oil 1 L', 'Groundnut Oil 5 L', 'Rice Bran Oil 1 L', 'Soyabean Oil 15 L'],
  ],
  [
    'Beverages',
    'Tata Tea',
    ['Premium Tea 1 kg', 'Gold Tea 500 g', 'Filter Coffee 500 g', 'Green Tea 100 bags', 'Instant Coffee 200 g'],
  ],
  [
    'Personal Care',
    'Himalaya',
    ['Neem Face Wash 150 ml', 'Herbal Shampoo 400 ml', 'Soap Pack of 4', 'Toothpaste 150 g', 'Hair Oil 300 ml'],
  ],
  [
    'Home Care',
    'Surf Excel',
    ['Detergent Powder 4 kg', 'Dishwash Bar 500 g', 'Floor Cleaner 1 L', 'Liquid Detergent 2 L', 'Toilet Cleaner 1 L'],
  ],
  [
    'Snacks',
    'Haldiram',
    ['Bhujia 1 kg', 'Moong Dal Namkeen 400 g', 'Aloo Bhujia 200 g', 'Khatta Meetha 400 g', 'Soan Papdi 500 g'],
  ],
  ['Dairy', 'Amul', ['Ghee 1 L', 'Butter 500 g', 'Milk Powder 1 kg', 'Paneer 1 kg', 'Cheese Slices 200 g']],
  ['Hardware', 'Anchor', ['Switch Board 6 way', 'LED Bulb 9 W', 'Extension Cord 5 m', 'MCB 32 A', 'Wire Roll 90 m']],
];

/** An EAN-13 with India's 890 prefix and its check digit. */
export function ean13(n: number): string {
  const body = `890${String(1000000 + n).padStart(9, '0')}`;
  const sum = body.split('').reduce((s, d, i) => s + Number(d) * (i % 2 ? 3 : 1), 0);
  return `${body}${(10 - (sum % 10)) % 10}`;
}

export function demoWarehouse(
  tenantId: string,
  facilityId: string,
  at: string,
  sizes = { bins: 200, products: 500, lines: 400 },
): BulkWarehouse {
  const zones: Zone[] = ZONES.map(([zoneType, code, name, temperature]) => ({
    id: `wz-${code.toLowerCase()}`,
    tenantId,
    facilityId,
    name,
    code,
    zoneType,
    temperature,
    isActive: true,
    maxCapacity: null,
    description: null,
    currentUtilization: 0,
    binCount: 0,
    createdAt: at,
    updatedAt: at,
  }));
  const bins: Bin[] = Array.from({ length: sizes.bins }, (_, i) => {
    const zone = zones[i % zones.length]!;
    const aisle = String.fromCharCode(65 + Math.floor(i / 40));
    const slot = String((i % 40) + 1).padStart(2, '0');
    return {
      id: `wb-${String(i + 1).padStart(4, '0')}`,
      tenantId,
      facilityId,
      zoneId: zone.id,
      binCode: `${zone.code}-${aisle}${slot}`,
      aisle,
      rack: String(Math.floor((i % 40) / 4) + 1),
      shelf: String((i % 4) + 1),
      level: i % 4,
      binType: zone.zoneType === 'storage' ? 'pallet' : zone.zoneType === 'picking' ? 'shelf' : 'floor',
      status: 'available',
      capacity: 500,
      isPickable: zone.zoneType !== 'receiving',
      isReceivable: true,
      currentQuantity: 0,
      lineCount: 0,
      createdAt: at,
      updatedAt: at,
    };
  });
  const products: Product[] = Array.from({ length: sizes.products }, (_, i) => {
    const [category, brand, names] = CATALOGUE[i % CATALOGUE.length]!;
    const base = names[Math.floor(i / CATALOGUE.length) % names.length]!;
    const batch = Math.floor(i / (CATALOGUE.length * names.length));
    return {
      id: `wp-${String(i + 1).padStart(5, '0')}`,
      tenantId,
      sku: `${brand.slice(0, 3).toUpperCase()}-${String(i + 1).padStart(5, '0')}`,
      name: `${brand} ${base}${batch ? ` (pack ${batch + 1})` : ''}`,
      description: null,
      category,
      brand,
      weight: 1 + (i % 10),
      length: 30,
      width: 20,
      height: 15,
      unitOfMeasure: category === 'Edible Oil' ? 'LTR' : 'EA',
      barcodeType: 'EAN',
      barcodeValue: ean13(i + 1),
      hazmatCode: null,
      storageInstructions: category === 'Dairy' ? 'Keep at 2-8 °C' : null,
      pickingInstructions: null,
      isActive: i % 50 !== 49,
      isSerialTracked: false,
      isLotTracked: category === 'Dairy' || category === 'Spices',
      shelfLife: category === 'Dairy' ? 90 : null,
      reorderPoint: 20,
      reorderQuantity: 100,
      stockLines: 0,
      createdAt: at,
      updatedAt: at,
    };
  });
  const active = products.filter((p) => p.isActive);
  const lines: Line[] = Array.from({ length: sizes.lines }, (_, i) => {
    const product = active[i % active.length]!;
    const bin = bins[(i * 7) % bins.length]!;
    const zone = zones.find((z) => z.id === bin.zoneId)!;
    const lot = product.isLotTracked ? `LOT-${2025 + (i % 2)}-${String(i % 97).padStart(3, '0')}` : null;
    return {
      id: `wl-${String(i + 1).padStart(6, '0')}`,
      tenantId,
      facilityId,
      facilityName: '',
      productId: product.id,
      productName: product.name,
      productSku: product.sku,
      productBarcode: product.barcodeValue,
      binId: bin.id,
      binCode: bin.binCode,
      zoneId: zone.id,
      zoneName: zone.name,
      lotNumber: lot,
      serialNumber: null,
      quantity: 10 + ((i * 13) % 50),
      reservedQuantity: 0,
      unitCostPaise: (20 + (i % 30) * 5) * 100,
      expiryDate: product.shelfLife ? '2026-12-31' : null,
      status: i % 40 === 39 ? 'hold' : 'available',
      createdAt: at,
      updatedAt: at,
    };
  });
  return { zones, bins, products, lines };
}

/**
 * Seeds the demo warehouse once. The test suites seed a tenant per file: they get a small warehouse
 * of the same shape, awaited. The local stack gets the full one loaded in the background (DynamoDB
 * Local takes a while for its ~5,000 items on a busy machine): the API is up at once and the
 * warehouse fills in seconds after it (docs/decisions.md, warehouse).
 */
export async function seedDemoWarehouse(
  tenantId: string,
  facilityId: string,
  facilityName: string,
  now = new Date(),
): Promise<void> {
  if (process.env.VITEST)
    return loadDemoWarehouse(tenantId, facilityId, facilityName, now, { bins: 20, products: 40, lines: 60 });
  void loadDemoWarehouse(tenantId, facilityId, facilityName, now).catch((err) =>
    logger.error('demo warehouse not loaded', { err: String(err) }),
  );
}

async function loadDemoWarehouse(
  tenantId: string,
  facilityId: string,
  facilityName: string,
  now: Date,
  sizes?: { bins: number; products: number; lines: number },
): Promise<void> {
  if (await getZone(tenantId, 'wz-rcv')) return;
  const warehouse = demoWarehouse(tenantId, facilityId, now.toISOString(), sizes);
  warehouse.lines = warehouse.lines.map((l) => ({ ...l, facilityName }));
  await bulkLoad(tenantId, warehouse);
  const actor = { userId: 'demo-seed', username: 'demo' };
  for (const [line, change, reasonCode, notes] of [
    ['wl-000003', -2, 'damaged', 'Cartons crushed in handling'],
    ['wl-000010', 5, 'found', 'Found behind the rack'],
    ['wl-000021', -1, 'expired', null],
  ] as const) {
    await adjustInventory(tenantId, { inventoryId: line, quantityAdjusted: change, reasonCode, notes }, actor, now);
  }
  await createCount(
    tenantId,
    {
      facilityId,
      countType: 'partial',
      zoneId: 'wz-pck',
      binId: 'wb-0003',
      productId: null,
      plannedDate: null,
      notes: 'Weekly forward-pick check',
    },
    actor,
    now,
  );
}

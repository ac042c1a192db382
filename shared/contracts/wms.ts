// The warehouse (/wms): zones, bins, products and inventory lines, their list queries and the
// shapes the API answers (docs/architecture.md §1, wms). Messages are the texts of doc 3 §5; the
// stock movements (receiving, adjustments, cycle counts) are in wms-stock.ts, bin codes and bins made
// from a range in wms-bins.ts, the spec's facility view in wms-facilities.ts, GTIN check digits
// (zod-free, for the scan parser too) in wms-gtin.ts.
import * as z from 'zod/mini';
import { isValidDate } from '../time';
import { optionalText, requiredText, seenRevision } from './fields';
import { checkGtinBarcode } from './wms-gtin';

export const ZONE_TYPES = ['receiving', 'storage', 'picking', 'shipping', 'staging'] as const;
export const ZONE_TEMPERATURES = ['ambient', 'chilled', 'frozen'] as const;
export const BIN_TYPES = ['pallet', 'shelf', 'floor', 'bulk'] as const;
export const BIN_STATUSES = ['available', 'occupied', 'blocked', 'maintenance'] as const;
export const UNITS_OF_MEASURE = ['EA', 'KG', 'LTR', 'M', 'BOX', 'CASE'] as const;
export const BARCODE_TYPES = ['UPC', 'EAN', 'CODE128', 'QR'] as const;
export const INVENTORY_STATUSES = ['available', 'hold', 'damaged', 'expired'] as const;

/** Management lists show 10 per page (doc 3 §9); a client may ask for up to 100. */
export const WMS_PAGE_SIZE = 10;
export const WMS_MAX_PAGE_SIZE = 100;

/** An item id chosen from a list (facility, zone, bin, product...). */
export const idField = (message: string) =>
  z
    .string({ error: message })
    .check(z.trim(), z.minLength(1, message), z.maxLength(64, message), z.regex(/^[A-Za-z0-9_-]+$/, message));
const optionalId = z.pipe(
  z.optional(z.union([z.literal(''), z.null(), idField('Unknown item')])),
  z.transform((v) => v || null),
);
const amount = (message: string, max = 1_000_000_000) =>
  z.coerce.number({ error: message }).check(z.gte(0, message), z.lte(max, `At most ${max}`));
const wholeAmount = (message: string) => amount(message).check(z.int('Must be a whole number'));
const optionalAmount = (message: string) =>
  z.pipe(
    z.optional(z.union([z.literal(''), z.null(), amount(message)])),
    z.transform((v) => (v === '' || v === undefined ? null : v)),
  );
const optionalWhole = (message: string) =>
  z.pipe(
    z.optional(z.union([z.literal(''), z.null(), wholeAmount(message)])),
    z.transform((v) => (v === '' || v === undefined ? null : v)),
  );
const flag = (fallback: boolean) => z._default(z.boolean(), fallback);
/** Rupees that are a whole number of paise (up to the float error of a typed decimal). */
const inWholePaise = (rupees: number) => Math.abs(rupees * 100 - Math.round(rupees * 100)) < 1e-6;
/**
 * A unit cost as typed: rupees with at most 2 decimals. The warehouse keeps costs in whole paise
 * (`toPaise`), so its sums and averages are exact.
 */
export const unitCostField = z.pipe(
  z.optional(
    z.union([
      z.literal(''),
      z.null(),
      amount('Unit cost must be at least 0').check(z.refine(inWholePaise, 'Unit cost has at most 2 decimals (paise)')),
    ]),
  ),
  z.transform((v) => (v === '' || v === undefined ? null : v)),
);
/** Rupees (at most 2 decimals) in whole paise. */
export const toPaise = (rupees: number): number => Math.round(rupees * 100);
const isoDate = z.pipe(
  z.optional(
    z.union([
      z.literal(''),
      z.null(),
      z.string().check(
        z.trim(),
        z.refine(
          (v) => isValidDate(v.slice(0, 10)) && !Number.isNaN(Date.parse(v)),
          'Use a date in the form YYYY-MM-DD',
        ),
      ),
    ]),
  ),
  z.transform((v) => (v ? v.slice(0, 10) : null)),
);

export const zoneInputSchema = z.strictObject({
  facilityId: idField('Facility is required'),
  name: requiredText('Zone name is required', 120),
  code: requiredText('Zone code is required', 30),
  zoneType: z.enum(ZONE_TYPES, { error: 'Zone type is required' }),
  temperature: z._default(z.enum(ZONE_TEMPERATURES), 'ambient'),
  isActive: flag(true),
  maxCapacity: optionalWhole('Max capacity must be at least 0'),
  description: optionalText(500),
});
export type ZoneInput = z.input<typeof zoneInputSchema>;

export const binInputSchema = z.strictObject({
  zoneId: idField('Zone is required'),
  binCode: requiredText('Bin code is required', 30),
  aisle: optionalText(20),
  rack: optionalText(20),
  shelf: optionalText(20),
  level: optionalWhole('Level must be at least 0'),
  binType: z.enum(BIN_TYPES, { error: 'Bin type is required' }),
  status: z._default(z.enum(BIN_STATUSES), 'available'),
  capacity: optionalWhole('Capacity must be at least 0'),
  isPickable: flag(true),
  isReceivable: flag(true),
  /** On an edit: the revision the form loaded (a bin changed since is refused with 409). */
  revision: seenRevision,
});
export type BinInput = z.input<typeof binInputSchema>;

export const productInputSchema = z
  .strictObject({
    sku: requiredText('SKU is required', 60),
    name: requiredText('Product name is required', 200),
    description: optionalText(1000),
    category: optionalText(80),
    brand: optionalText(80),
    weight: optionalAmount('Weight must be at least 0'),
    length: optionalAmount('Length must be at least 0'),
    width: optionalAmount('Width must be at least 0'),
    height: optionalAmount('Height must be at least 0'),
    unitOfMeasure: z._default(z.enum(UNITS_OF_MEASURE), 'EA'),
    barcodeType: z.pipe(
      z.optional(z.union([z.literal(''), z.null(), z.enum(BARCODE_TYPES)])),
      z.transform((v) => v || null),
    ),
    barcodeValue: z.pipe(
      z.optional(
        z.union([
          z.literal(''),
          z.null(),
          z
            .string()
            .check(
              z.trim(),
              z.maxLength(80, 'Must be at most 80 characters'),
              z.regex(/^[\x21-\x7e]*$/, 'A barcode has no spaces or special characters'),
            ),
        ]),
      ),
      z.transform((v) => v || null),
    ),
    hazmatCode: optionalText(40),
    storageInstructions: optionalText(500),
    pickingInstructions: optionalText(500),
    isActive: flag(true),
    isSerialTracked: flag(false),
    isLotTracked: flag(false),
    shelfLife: optionalWhole('Shelf life must be at least 0'),
    reorderPoint: optionalWhole('Reorder point must be at least 0'),
    reorderQuantity: optionalWhole('Reorder quantity must be at least 0'),
    /** On an edit: the revision the form loaded (a product changed since is refused with 409). */
    revision: seenRevision,
  })
  .check(z.superRefine(checkGtinBarcode));
export type ProductInput = z.input<typeof productInputSchema>;

export const inventoryInputSchema = z
  .strictObject({
    facilityId: idField('Facility is required'),
    productId: idField('Product is required'),
    binId: optionalId,
    lotNumber: optionalText(60),
    serialNumber: optionalText(60),
    quantity: z._default(wholeAmount('Quantity must be non-negative'), 0),
    reservedQuantity: z._default(wholeAmount('Reserved quantity must be at least 0'), 0),
    /** Rupees as typed; the line keeps `unitCostPaise`. */
    unitCost: unitCostField,
    expiryDate: isoDate,
    status: z._default(z.enum(INVENTORY_STATUSES), 'available'),
  })
  .check(
    z.refine((v) => v.reservedQuantity <= v.quantity, {
      message: 'Reserved quantity cannot exceed quantity',
      path: ['reservedQuantity'],
    }),
  );
export type InventoryInput = z.input<typeof inventoryInputSchema>;

// --- list queries ------------------------------------------------------------------------------

/** 'all' (or nothing) means no filter (doc 3 §2). */
const filter = <T extends z.ZodMiniType>(schema: T) =>
  z.pipe(
    z.optional(z.union([z.literal(''), z.literal('all'), schema])),
    z.transform((v) => (v === '' || v === 'all' || v === undefined ? null : (v as z.output<T>))),
  );
const pagingFields = {
  page: z._default(
    z.coerce
      .number({ error: 'Page must be a whole number of at least 1' })
      .check(
        z.int('Page must be a whole number of at least 1'),
        z.gte(1, 'Page must be a whole number of at least 1'),
        z.lte(100_000),
      ),
    1,
  ),
  limit: z._default(
    z.coerce
      .number({ error: `Page size must be between 1 and ${WMS_MAX_PAGE_SIZE}` })
      .check(
        z.int(),
        z.gte(1, `Page size must be between 1 and ${WMS_MAX_PAGE_SIZE}`),
        z.lte(WMS_MAX_PAGE_SIZE, `Page size must be between 1 and ${WMS_MAX_PAGE_SIZE}`),
      ),
    WMS_PAGE_SIZE,
  ),
  /** The opaque position after the previous page (pagination.nextCursor of the previous answer). */
  cursor: z.optional(z.string().check(z.maxLength(2000))),
  search: z.pipe(
    z.optional(z.string().check(z.trim(), z.maxLength(100, 'Search is at most 100 characters'))),
    z.transform((v) => v || null),
  ),
};
export const zoneListQuerySchema = z.strictObject({
  ...pagingFields,
  facilityId: filter(idField('Unknown facility')),
  zoneType: filter(z.enum(ZONE_TYPES)),
});
export const binListQuerySchema = z.strictObject({
  ...pagingFields,
  facilityId: filter(idField('Unknown facility')),
  zoneId: filter(idField('Unknown zone')),
  binType: filter(z.enum(BIN_TYPES)),
  status: filter(z.enum(BIN_STATUSES)),
});
export const productListQuerySchema = z.strictObject({
  ...pagingFields,
  category: filter(z.string().check(z.trim(), z.maxLength(80))),
  isActive: z.pipe(
    filter(z.enum(['true', 'false'])),
    z.transform((v) => (v === null ? null : v === 'true')),
  ),
  /** Scan mode: the product whose SKU or barcode is exactly this code. */
  code: z.pipe(
    z.optional(z.string().check(z.trim(), z.maxLength(100))),
    z.transform((v) => v || null),
  ),
});
export const inventoryListQuerySchema = z.strictObject({
  ...pagingFields,
  facilityId: filter(idField('Unknown facility')),
  status: filter(z.enum(INVENTORY_STATUSES)),
});

// --- answers -----------------------------------------------------------------------------------

export interface Pagination {
  page: number;
  pages: number;
  total: number;
  /** Where the next page starts; null on the last page. */
  nextCursor: string | null;
}
export interface Paged<T> {
  data: T[];
  pagination: Pagination;
}

export interface Zone extends z.output<typeof zoneInputSchema> {
  id: string;
  facilityName: string;
  /** The stock in the zone's bins (kept with every stock change). */
  currentUtilization: number;
  binCount: number;
  createdAt: string;
  updatedAt: string;
}

export interface Bin extends z.output<typeof binInputSchema> {
  id: string;
  facilityId: string;
  facilityName: string;
  zoneName: string;
  currentQuantity: number;
  /** The cycle count that froze the bin, while it is active. */
  frozenBy: string | null;
  /** functions/lib/revision.ts: what an edit sends back as `revision` (none: revision 0). */
  revision?: number;
  createdAt: string;
  updatedAt: string;
}

export interface Product extends z.output<typeof productInputSchema> {
  id: string;
  tenantId: string;
  /** Inventory lines holding the product (a product with stock cannot be deleted). */
  stockLines: number;
  /** functions/lib/revision.ts: what an edit sends back as `revision` (none: revision 0). */
  revision?: number;
  createdAt: string;
  updatedAt: string;
}

export interface InventoryLine extends Omit<z.output<typeof inventoryInputSchema>, 'unitCost'> {
  id: string;
  /**
   * The weighted-average cost of a unit in whole paise (null: no cost known): each receipt averages
   * in its units at their cost, a move carries it, an adjustment leaves it (functions/wms/rules.ts).
   */
  unitCostPaise: number | null;
  facilityName: string;
  productName: string;
  productSku: string;
  binCode: string | null;
  zoneName: string | null;
  zoneId: string | null;
  availableQuantity: number;
  createdAt: string;
  updatedAt: string;
}

export interface WmsDashboard {
  facilities: number;
  zones: number;
  bins: number;
  products: number;
  totalInventoryQuantity: number;
}

export interface WmsOptions {
  facilities: { id: string; name: string }[];
  zones: { id: string; name: string; facilityId: string; facility: { name: string } }[];
  /** The first active products by name; the receiving form searches the rest. */
  products: {
    id: string;
    name: string;
    sku: string;
    barcode: string | null;
    isLotTracked: boolean;
    isSerialTracked: boolean;
  }[];
  bins: { id: string; code: string; facilityId: string; zoneId: string; zone: { name: string } }[];
}

// --- rules the form and the server share ----------------------------------------------------------

/**
 * The bin capacity rule of doc 3 §5: with a bin that has a capacity (a blank or 0 capacity is no
 * limit) and a quantity above 0, the bin's current quantity + the new quantity − the line's previous
 * quantity in that bin must not exceed the capacity. Returns the spec's warning, or null.
 */
export function capacityProblem(
  bin: { capacity: number | null; currentQuantity: number },
  adding: number,
  previous = 0,
): string | null {
  if (!bin.capacity || adding <= 0) return null;
  const total = bin.currentQuantity + adding - previous;
  return total > bin.capacity
    ? `Capacity exceeded! Bin capacity: ${bin.capacity}, Current: ${bin.currentQuantity}, Adding: ${adding}, Total would be: ${total}`
    : null;
}

/** How search text and search keys are compared: NFC, lower case, runs of spaces as one (Devanagari kept). */
export function searchForm(value: string): string {
  return value.normalize('NFC').toLowerCase().replace(/\s+/g, ' ').trim();
}

// Pure rules of the warehouse: search keys, the counters a record contributes to, paging figures and
// the cycle count's status flow. The capacity rule and the variance colours are shared with the SPA
// (shared/contracts/wms.ts, wms-stock.ts).
import { searchForm } from '../../shared/contracts/wms';
import type { CountStatus } from '../../shared/contracts/wms-stock';
import { BadRequestError, ConflictError } from '../lib/errors';

/** Search keys are cut to this length: a prefix search never needs more. */
const TOKEN_LENGTH = 60;

/** The distinct search keys of a record's texts (SKU, barcode, name...): normalised, non-empty. */
export function searchTokens(...texts: (string | null | undefined)[]): string[] {
  return [
    ...new Set(
      texts
        .filter((t): t is string => !!t)
        .map((t) => searchForm(t).slice(0, TOKEN_LENGTH))
        .filter(Boolean),
    ),
  ];
}

/** A product's SKU as it is kept unique (case and spaces do not make another SKU). */
export const skuKey = (sku: string) => searchForm(sku);
export const codeKey = (code: string) => searchForm(code);
export const categoryKey = (category: string | null) => (category ? searchForm(category) : '-');

// --- counters: totals of the lists and the dashboard, kept in the same transactions as the change ---

/** The counters a product counts in: all, its category, its active flag, both. */
export function productCounters(p: { category: string | null; isActive: boolean }): string[] {
  const cat = `cat=${categoryKey(p.category)}`;
  const active = `active=${p.isActive}`;
  return ['products', `products|${cat}`, `products|${active}`, `products|${cat}|${active}`];
}

/** The counters an inventory line counts in: all lines, its facility, its status, both. */
export function lineCounters(l: { facilityId: string; status: string }): string[] {
  return [
    'lines',
    `lines|fac=${l.facilityId}`,
    `lines|status=${l.status}`,
    `lines|fac=${l.facilityId}|status=${l.status}`,
  ];
}

/** The counter that holds the total of a filtered product list. */
export function productListCounter(f: { category: string | null; isActive: boolean | null }): string {
  return [
    'products',
    ...(f.category !== null ? [`cat=${categoryKey(f.category)}`] : []),
    ...(f.isActive !== null ? [`active=${f.isActive}`] : []),
  ].join('|');
}

export function lineListCounter(f: { facilityId: string | null; status: string | null }): string {
  return ['lines', ...(f.facilityId ? [`fac=${f.facilityId}`] : []), ...(f.status ? [`status=${f.status}`] : [])].join(
    '|',
  );
}

/** The counter changes of replacing `before` by `after` (either may be absent): -1 and +1 per key. */
export function counterMoves(before: string[], after: string[]): Record<string, number> {
  const moves: Record<string, number> = {};
  for (const k of before) moves[k] = (moves[k] ?? 0) - 1;
  for (const k of after) moves[k] = (moves[k] ?? 0) + 1;
  return Object.fromEntries(Object.entries(moves).filter(([, v]) => v !== 0));
}

// --- paging ----------------------------------------------------------------------------------------

export function pagination(total: number, limit: number, page: number, nextCursor: string | null) {
  const pages = Math.ceil(total / limit);
  return { page, pages, total, nextCursor };
}

/** Refuses a page number past the end, and a page after the first without the cursor that leads to it. */
export function checkPage(page: number, total: number, limit: number, cursor: string | null | undefined) {
  const pages = Math.max(1, Math.ceil(total / limit));
  if (page > pages)
    throw new BadRequestError(`Page ${page} is past the last page (${pages})`, {
      page: `Page ${page} is past the last page (${pages})`,
    });
  if (page > 1 && !cursor)
    throw new BadRequestError('Pages after the first are reached with Next (the cursor of the page before)', {
      cursor: 'A cursor is required after the first page',
    });
}

/** An in-memory page of a short, fully read list (facilities, zones, bins): the cursor is the offset. */
export function pageOf<T>(all: T[], page: number, limit: number) {
  checkPage(page, all.length, limit, 'offset');
  const start = (page - 1) * limit;
  const data = all.slice(start, start + limit);
  return {
    data,
    pagination: pagination(all.length, limit, page, start + limit < all.length ? String(page + 1) : null),
  };
}

/** True when the record matches the search: some of its texts starts with it (normalised). */
export function matchesSearch(search: string | null, ...texts: (string | null | undefined)[]): boolean {
  if (!search) return true;
  const wanted = searchForm(search);
  return texts.some((t) => !!t && searchForm(t).startsWith(wanted));
}

// --- cycle counts ----------------------------------------------------------------------------------

const NEXT: Record<CountStatus, CountStatus[]> = {
  planned: ['active', 'cancelled'],
  active: ['completed', 'cancelled'],
  completed: [],
  cancelled: [],
};

/** planned -> active -> completed, and planned/active -> cancelled; anything else is 409. */
export function checkCountTransition(countNumber: string, from: CountStatus, to: CountStatus) {
  if (!NEXT[from].includes(to))
    throw new ConflictError(`Cycle count ${countNumber} is ${from} and cannot become ${to}`);
}

/**
 * Completing a count applies its variances this many lines per transaction: 3 items per line (the
 * line, its adjustment record, the count item) + a bin and a zone update per line at most + the
 * counters and the count's progress stay within DynamoDB's 100 items.
 */
export const COMPLETION_CHUNK = 15;
/** The count items written per transaction while a count takes its snapshot (+ the count's progress). */
export const SNAPSHOT_CHUNK = 99;
/** A count's Start or Complete begins another chunk only with this much of the request's time left. */
export const STEP_RESERVE_MS = 2_000;

// --- lot and serial tracking ------------------------------------------------------------------------

/**
 * A lot-tracked product is stocked only with its lot number; a serial-tracked one with one distinct
 * serial number per unit (docs/decisions.md, warehouse); serial numbers belong to serial-tracked
 * products only. Refuses with the field the screen marks.
 */
export function checkTracking(
  product: { name: string; isLotTracked: boolean; isSerialTracked: boolean },
  receipt: { lotNumber: string | null; serialNumbers: string[]; quantity: number },
) {
  if (product.isLotTracked && !receipt.lotNumber) {
    throw new BadRequestError(`${product.name} is lot-tracked: enter its lot number`, {
      lotNumber: 'Lot number is required for a lot-tracked product',
    });
  }
  const serials = receipt.serialNumbers;
  if (!product.isSerialTracked) {
    if (serials.length)
      throw new BadRequestError(`${product.name} is not serial-tracked: leave the serial numbers empty`, {
        serialNumbers: 'Only serial-tracked products take serial numbers',
      });
    return;
  }
  if (serials.length !== receipt.quantity) {
    throw new BadRequestError(
      `${product.name} is serial-tracked: enter one serial number per unit (${receipt.quantity} needed, ${serials.length} given)`,
      {
        serialNumbers: `Enter one serial number per unit: ${receipt.quantity} needed, ${serials.length} given`,
      },
    );
  }
  const seen = new Set<string>();
  for (const serial of serials) {
    const key = searchForm(serial);
    if (seen.has(key))
      throw new BadRequestError(`Serial number ${serial} is entered twice`, {
        serialNumbers: `Serial number ${serial} is entered twice`,
      });
    seen.add(key);
  }
}

export function countNumberOf(sequence: number): string {
  return `CC-${String(sequence).padStart(5, '0')}`;
}

/**
 * The weighted-average unit cost, in whole paise, of `held` units at `cost` once `added` units at
 * `addedCost` join them: round((held × cost + added × addedCost) / (held + added)), half a paisa
 * rounded up (costs are never negative); exact at any size (BigInt). Units arriving without a cost
 * join at the line's cost (it stays); a line without a cost, or empty, takes the arriving one.
 */
export function averageCost(held: number, cost: number | null, added: number, addedCost: number | null): number | null {
  if (addedCost === null) return cost;
  if (cost === null || held <= 0) return addedCost;
  const total = BigInt(held) * BigInt(cost) + BigInt(added) * BigInt(addedCost);
  const units = BigInt(held + added);
  return Number((2n * total + units) / (2n * units));
}

// --- bins made from a range -----------------------------------------------------------------------

/**
 * A range writes this many bins per transaction: 2 items a bin (the bin, its code) + the zone's
 * count + the counter + the audit record stay within DynamoDB's 100 items.
 */
export const BIN_RANGE_CHUNK = 45;
/** A refusal lists at most this many codes, then how many more there are. */
export const LISTED_CODES = 20;

/** Codes for a message: the first LISTED_CODES, then '… +N'. */
export function listedCodes(codes: string[]): string {
  const shown = codes.slice(0, LISTED_CODES).join(', ');
  return codes.length > LISTED_CODES ? `${shown} … +${codes.length - LISTED_CODES}` : shown;
}

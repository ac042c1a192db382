// Loads a warehouse in bulk (demo data, the bench): zones, bins, products and inventory lines as the
// stores would write them, with the figures that depend on the lines (bin and zone quantities, line
// counts, the product's lines) derived here and the tenant's counters added once at the end.
import type { Product } from '../../shared/contracts/wms';
import { binItems, type StoredBin } from './bin.store';
import { batchPut } from './bulk.store';
import { addToCounters } from './counters.store';
import { lineItems, type StoredLine } from './inventory.store';
import { productItems } from './product.store';
import { counterMoves, lineCounters, productCounters } from './rules';
import { zoneItems, type StoredZone } from './zone.store';

export interface BulkWarehouse {
  zones: StoredZone[];
  bins: StoredBin[];
  products: Product[];
  lines: StoredLine[];
}

export async function bulkLoad(tenantId: string, w: BulkWarehouse, concurrency = 2): Promise<{ items: number }> {
  const binById = new Map(w.bins.map((b) => [b.id, { ...b, currentQuantity: 0, lineCount: 0 }]));
  const zoneById = new Map(w.zones.map((z) => [z.id, { ...z, currentUtilization: 0, binCount: 0 }]));
  const linesOf = new Map<string, number>();
  for (const b of binById.values()) zoneById.get(b.zoneId)!.binCount++;
  const counters: Record<string, number> = { zones: w.zones.length, bins: w.bins.length, quantity: 0 };
  const add = (moves: Record<string, number>) =>
    Object.entries(moves).forEach(([k, v]) => (counters[k] = (counters[k] ?? 0) + v));
  for (const l of w.lines) {
    linesOf.set(l.productId, (linesOf.get(l.productId) ?? 0) + 1);
    counters.quantity! += l.quantity;
    add(counterMoves([], lineCounters(l)));
    const bin = l.binId ? binById.get(l.binId) : undefined;
    if (bin) {
      bin.currentQuantity += l.quantity;
      bin.lineCount++;
      zoneById.get(bin.zoneId)!.currentUtilization += l.quantity;
    }
  }
  for (const p of w.products) add(counterMoves([], productCounters(p)));
  const items = [
    ...[...zoneById.values()].flatMap(zoneItems),
    ...[...binById.values()].flatMap(binItems),
    ...w.products.flatMap((p) => {
      const { main, sku, barcode, finds } = productItems({ ...p, stockLines: linesOf.get(p.id) ?? 0 });
      return [main, sku, ...(barcode ? [barcode] : []), ...finds];
    }),
    ...w.lines.flatMap((l) => {
      const { main, identity, finds } = lineItems(l);
      return [main, identity, ...finds];
    }),
  ];
  await batchPut(items, concurrency);
  await addToCounters(tenantId, counters);
  return { items: items.length };
}

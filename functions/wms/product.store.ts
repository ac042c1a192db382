// Products: one partition per tenant read by id; the category list on GSI1 (active flag in its sort
// key), the active-flag list on GSI2; unique SKU and barcode items; one search item per distinct
// search key (SKU, barcode, name) so a prefix search is a key query (docs/decisions.md, warehouse).
import { auditPut, type Actor } from '../lib/audit';
import { config } from '../lib/config';
import { counterMove } from '../lib/counters';
import { getItem, transact } from '../lib/dynamo';
import { ConflictError, RevisionConflictError } from '../lib/errors';
import { revised, revisedFieldsUpdate, revisionOf } from '../lib/revision';
import { tenantPk } from '../lib/table';
import type { Product, productInputSchema } from '../../shared/contracts/wms';
import { searchForm } from '../../shared/contracts/wms';
import type * as z from 'zod/mini';
import { counterUpdate } from './counters.store';
import { transactEdit } from './edit.store';
import { countItems, getMany, queryPage } from './page.store';
import { categoryKey, codeKey, counterMoves, productCounters, searchTokens, skuKey } from './rules';

/** A product's own fields (the revision an edit was loaded at travels beside them). */
export type ProductFields = Omit<z.output<typeof productInputSchema>, 'revision'>;
type StoredProduct = Product;

export const productKeys = {
  key: (tenantId: string, id: string) => ({ PK: tenantPk(tenantId, 'WMS', 'PRODUCTS'), SK: id }),
  sku: (tenantId: string, sku: string) => ({ PK: tenantPk(tenantId, 'WMS', 'SKU'), SK: skuKey(sku) }),
  barcode: (tenantId: string, barcode: string) => ({ PK: tenantPk(tenantId, 'WMS', 'BARCODE'), SK: codeKey(barcode) }),
  find: (tenantId: string, token = '', id = '') => ({
    PK: tenantPk(tenantId, 'WMS', 'FIND', 'PRODUCT'),
    SK: id ? `${token}#${id}` : token,
  }),
  category: (tenantId: string, category: string | null) => tenantPk(tenantId, 'WMS', 'PRODCAT', categoryKey(category)),
  active: (tenantId: string, isActive: boolean) => tenantPk(tenantId, 'WMS', 'PRODACTIVE', String(isActive)),
};

const productTokens = (p: Pick<Product, 'sku' | 'barcodeValue' | 'name'>) =>
  searchTokens(p.sku, p.barcodeValue, p.name);

/** Every item a product is stored as (the record, its SKU, barcode and search items). */
export function productItems(p: StoredProduct) {
  const main = {
    ...productKeys.key(p.tenantId, p.id),
    GSI1PK: productKeys.category(p.tenantId, p.category),
    GSI1SK: `${p.isActive}#${p.id}`,
    GSI2PK: productKeys.active(p.tenantId, p.isActive),
    GSI2SK: p.id,
    entity: 'wms-product',
    ...p,
  };
  const sku = { ...productKeys.sku(p.tenantId, p.sku), entity: 'wms-sku', productId: p.id };
  const barcode = p.barcodeValue
    ? { ...productKeys.barcode(p.tenantId, p.barcodeValue), entity: 'wms-barcode', productId: p.id }
    : null;
  const finds = productTokens(p).map((token) => ({
    ...productKeys.find(p.tenantId, token, p.id),
    entity: 'wms-find',
    productId: p.id,
    category: categoryKey(p.category),
    isActive: p.isActive,
  }));
  return { main, sku, barcode, finds };
}

export const getProduct = (tenantId: string, id: string) => getItem<StoredProduct>(productKeys.key(tenantId, id), true);
export const getProducts = (tenantId: string, ids: string[]) =>
  getMany<StoredProduct>(ids.map((id) => productKeys.key(tenantId, id)));

/** The product with this SKU, if the tenant has one (a PO line names its product by SKU). */
export async function findProductBySku(tenantId: string, sku: string): Promise<StoredProduct | null> {
  const hit = await getItem<{ productId: string }>(productKeys.sku(tenantId, sku));
  return hit ? getProduct(tenantId, hit.productId) : null;
}

/** Scan mode: the product whose SKU, else whose barcode, is exactly the code. */
export async function findProductByCode(tenantId: string, code: string): Promise<StoredProduct | null> {
  const bySku = await getItem<{ productId: string }>(productKeys.sku(tenantId, code));
  const hit = bySku ?? (await getItem<{ productId: string }>(productKeys.barcode(tenantId, code)));
  return hit ? getProduct(tenantId, hit.productId) : null;
}

const skuTaken = (sku: string) => new ConflictError(`SKU ${sku} already exists`, { sku: `SKU ${sku} already exists` });
const barcodeTaken = (code: string) =>
  new ConflictError(`Barcode ${code} is already used by another product`, {
    barcodeValue: `Barcode ${code} is already used by another product`,
  });
const put = (Item: Record<string, unknown>, unique = false) => ({
  Put: { TableName: config.tableName, Item, ...(unique ? { ConditionExpression: 'attribute_not_exists(PK)' } : {}) },
});
const del = (Key: { PK: string; SK: string }) => ({ Delete: { TableName: config.tableName, Key } });

export async function createProduct(p: StoredProduct, actor: Actor | null, now = new Date()): Promise<StoredProduct> {
  const { main, sku, barcode, finds } = productItems(p);
  await transact(
    [
      put(main, true),
      put(sku, true),
      ...(barcode ? [put(barcode, true)] : []),
      ...finds.map((f) => put(f)),
      ...counterUpdate(p.tenantId, counterMoves([], productCounters(p)), p.id),
      auditPut(
        {
          tenantId: p.tenantId,
          actor,
          action: 'wms-product.created',
          entityType: 'wms-product',
          entityId: p.id,
          after: { ...p },
        },
        now,
      ),
    ],
    (i) =>
      i === 1
        ? skuTaken(p.sku)
        : i === 2 && barcode
          ? barcodeTaken(p.barcodeValue!)
          : new ConflictError('Product already exists'),
  );
  return p;
}

/**
 * An edit of a product read at its revision (functions/lib/revision.ts): an Update of its fields, so
 * the count of inventory lines that receipts keep meanwhile is left as it is.
 */
export async function updateProduct(
  before: StoredProduct,
  fields: ProductFields,
  actor: Actor,
  now = new Date(),
): Promise<StoredProduct> {
  const seen = revisionOf(before);
  const after: StoredProduct = revised(before, { ...before, ...fields, updatedAt: now.toISOString() });
  const old = productItems(before);
  const next = productItems(after);
  const skuMoves = skuKey(before.sku) !== skuKey(after.sku);
  const barcodeMoves =
    (before.barcodeValue && codeKey(before.barcodeValue)) !== (after.barcodeValue && codeKey(after.barcodeValue));
  const { GSI1PK, GSI1SK, GSI2PK, GSI2SK } = next.main;
  const items: Parameters<typeof transact>[0] = [
    revisedFieldsUpdate(productKeys.key(before.tenantId, before.id), seen, {
      ...fields,
      updatedAt: after.updatedAt,
      GSI1PK,
      GSI1SK,
      GSI2PK,
      GSI2SK,
    }),
    ...(skuMoves ? [put(next.sku, true), del(productKeys.sku(before.tenantId, before.sku))] : []),
  ];
  const barcodeAt = items.length;
  if (barcodeMoves) {
    if (next.barcode) items.push(put(next.barcode, true));
    if (old.barcode) items.push(del(productKeys.barcode(before.tenantId, before.barcodeValue!)));
  }
  const kept = new Set(next.finds.map((f) => f.SK));
  items.push(
    ...old.finds.filter((f) => !kept.has(f.SK)).map((f) => del({ PK: f.PK, SK: f.SK })),
    ...next.finds.map((f) => put(f)),
  );
  items.push(
    ...counterUpdate(before.tenantId, counterMoves(productCounters(before), productCounters(after)), before.id),
  );
  items.push(
    auditPut(
      {
        tenantId: before.tenantId,
        actor,
        action: 'wms-product.updated',
        entityType: 'wms-product',
        entityId: before.id,
        before: { ...before, revision: seen },
        after: { ...after },
      },
      now,
    ),
  );
  await transactEdit(items, (i) =>
    i === 1 && skuMoves
      ? skuTaken(after.sku)
      : i === barcodeAt && barcodeMoves && next.barcode
        ? barcodeTaken(after.barcodeValue!)
        : new RevisionConflictError(),
  );
  return after;
}

export async function deleteProduct(p: StoredProduct, actor: Actor, now = new Date()): Promise<void> {
  const { barcode, finds } = productItems(p);
  await transact(
    [
      {
        Delete: {
          TableName: config.tableName,
          Key: productKeys.key(p.tenantId, p.id),
          ConditionExpression: 'attribute_exists(PK) AND (attribute_not_exists(stockLines) OR stockLines = :zero)',
          ExpressionAttributeValues: { ':zero': 0 },
        },
      },
      del(productKeys.sku(p.tenantId, p.sku)),
      ...(barcode ? [del({ PK: barcode.PK, SK: barcode.SK })] : []),
      ...finds.map((f) => del({ PK: f.PK, SK: f.SK })),
      ...counterUpdate(p.tenantId, counterMoves(productCounters(p), []), p.id),
      auditPut(
        {
          tenantId: p.tenantId,
          actor,
          action: 'wms-product.deleted',
          entityType: 'wms-product',
          entityId: p.id,
          before: { ...p },
        },
        now,
      ),
    ],
    () => new ConflictError(`Product ${p.name} has inventory lines and cannot be deleted. Remove its stock first.`),
  );
}

/** Adds to the product's count of inventory lines (a product with lines cannot be deleted); refuses an inactive product when receiving. */
export function productLinesUpdate(tenantId: string, productId: string, delta: number, mustBeActive = false) {
  return counterMove({
    key: productKeys.key(tenantId, productId),
    counters: { stockLines: delta },
    condition: mustBeActive
      ? { expression: 'attribute_exists(PK) AND isActive = :yes', values: { ':yes': true } }
      : { expression: 'attribute_exists(PK)' },
  });
}

export interface ProductPageQuery {
  category: string | null;
  isActive: boolean | null;
  search: string | null;
  limit: number;
  cursor?: string | null;
}

/** A page of products by the narrowest key for the filters; a search reads the search items. */
export async function pageProducts(
  tenantId: string,
  q: ProductPageQuery,
): Promise<{ products: StoredProduct[]; next: string | null; searchTotal?: number }> {
  if (q.search) {
    const names: Record<string, string> = {};
    const values: Record<string, unknown> = {};
    const parts: string[] = [];
    if (q.category !== null) {
      parts.push('#cat = :cat');
      names['#cat'] = 'category';
      values[':cat'] = categoryKey(q.category);
    }
    if (q.isActive !== null) {
      parts.push('#active = :active');
      names['#active'] = 'isActive';
      values[':active'] = q.isActive;
    }
    const filter = parts.length ? { expression: parts.join(' AND '), names, values } : undefined;
    const base = { pk: productKeys.find(tenantId).PK, skPrefix: searchForm(q.search), filter, forward: true };
    const [page, total] = await Promise.all([
      queryPage({ ...base, limit: q.limit, cursor: q.cursor }),
      countItems(base),
    ]);
    const ids = [...new Set(page.items.map((i) => i.productId as string))];
    return { products: await getProducts(tenantId, ids), next: page.next, searchTotal: total };
  }
  const page =
    q.category !== null
      ? await queryPage({
          index: 'GSI1',
          pk: productKeys.category(tenantId, q.category),
          skPrefix: q.isActive === null ? undefined : `${q.isActive}#`,
          limit: q.limit,
          cursor: q.cursor,
        })
      : q.isActive !== null
        ? await queryPage({
            index: 'GSI2',
            pk: productKeys.active(tenantId, q.isActive),
            limit: q.limit,
            cursor: q.cursor,
          })
        : await queryPage({ pk: productKeys.key(tenantId, '').PK, limit: q.limit, cursor: q.cursor });
  return {
    products: page.items.map(
      ({ PK: _p, SK: _s, GSI1PK: _a, GSI1SK: _b, GSI2PK: _c, GSI2SK: _d, entity: _e, ...p }) =>
        p as unknown as StoredProduct,
    ),
    next: page.next,
  };
}

// Products of the warehouse: create, edit, delete (not while inventory lines hold it), the paged
// list by key (category, active flag, prefix search) with totals from the counters, and the exact
// SKU-or-barcode lookup of scan mode.
import type * as z from 'zod/mini';
import type { Actor } from '../lib/audit';
import { ConflictError, NotFoundError } from '../lib/errors';
import { changeAtRevision, revisionOf } from '../lib/revision';
import type { Paged, Product, productInputSchema, productListQuerySchema } from '../../shared/contracts/wms';
import { readCounters } from './counters.store';
import { timeOrderedId } from './page.store';
import {
  createProduct,
  deleteProduct,
  findProductByCode,
  getProduct,
  pageProducts,
  updateProduct,
} from './product.store';
import { checkPage, pagination, productListCounter } from './rules';

type ProductInput = z.output<typeof productInputSchema>;
type ProductQuery = z.output<typeof productListQuerySchema>;

const view = (p: Product): Product => ({ ...p, stockLines: p.stockLines ?? 0, revision: revisionOf(p) });

export async function listProductPage(tenantId: string, q: ProductQuery): Promise<Paged<Product>> {
  if (q.code) {
    const hit = await findProductByCode(tenantId, q.code);
    return { data: hit ? [view(hit)] : [], pagination: pagination(hit ? 1 : 0, q.limit, 1, null) };
  }
  const counted = q.search ? null : ((await readCounters(tenantId))[productListCounter(q)] ?? 0);
  if (counted !== null) checkPage(q.page, counted, q.limit, q.cursor);
  const page = await pageProducts(tenantId, q);
  const total = counted ?? page.searchTotal ?? 0;
  if (counted === null) checkPage(q.page, total, q.limit, q.cursor);
  return { data: page.products.map(view), pagination: pagination(total, q.limit, q.page, page.next) };
}

/** A new product, or an edit of one from the revision its form loaded (`revision`; left out, as stored). */
export async function saveProduct(
  tenantId: string,
  id: string | null,
  input: ProductInput,
  actor: Actor,
  now = new Date(),
): Promise<Product> {
  const { revision: seen, ...fields } = input;
  if (!id) {
    const at = now.toISOString();
    return view(
      await createProduct(
        { ...fields, id: timeOrderedId(now.getTime()), tenantId, stockLines: 0, createdAt: at, updatedAt: at },
        actor,
        now,
      ),
    );
  }
  return changeAtRevision({
    read: () => getProduct(tenantId, id),
    seen,
    view,
    apply: async (before) => {
      if (!before) throw new NotFoundError('Product not found');
      return view(await updateProduct(before, fields, actor, now));
    },
  });
}

export async function removeProduct(tenantId: string, id: string, actor: Actor) {
  const product = await getProduct(tenantId, id);
  if (!product) throw new NotFoundError('Product not found');
  if ((product.stockLines ?? 0) > 0)
    throw new ConflictError(
      `Product ${product.name} has ${product.stockLines} inventory lines and cannot be deleted. Remove its stock first.`,
    );
  await deleteProduct(product, actor);
}

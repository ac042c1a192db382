// The warehouse (/wms, doc 3 §7): thin actions that parse with the shared schemas and call one use
// case each. The kernel has already checked the session and the route's permission (wms:read or
// wms:write); every read and write is inside the signed-in user's tenant.
import * as z from 'zod/mini';
import { actorOf, json, parseBody, parseQuery, pathId, requireUser } from '../lib/http';
import { defineFunction } from '../api';
import { NotFoundError } from '../lib/errors';
import { listFacilities } from '../facilities';
import { getAppointment } from '../appointments';
import { binRangeSchema, wmsFacilitySettingsSchema } from '../../shared/contracts/wms-bins';
import {
  binInputSchema,
  binListQuerySchema,
  inventoryInputSchema,
  inventoryListQuerySchema,
  productInputSchema,
  productListQuerySchema,
  WMS_PAGE_SIZE,
  zoneInputSchema,
  zoneListQuerySchema,
  type WmsDashboard,
  type WmsOptions,
} from '../../shared/contracts/wms';
import {
  adjustSchema,
  countedQuantitySchema,
  cycleCountInputSchema,
  moveSchema,
  receiveSchema,
} from '../../shared/contracts/wms-stock';
import { COUNT_SHEET_PAGE_SIZE } from '../../shared/contracts/wms-stock-limits';
import {
  wmsFacilityInputSchema,
  wmsFacilityListQuerySchema,
  wmsFacilityUpdateSchema,
} from '../../shared/contracts/wms-facilities';
import { adjustInventory, adjustmentView } from './adjusting';
import { createWmsFacility, deleteWmsFacility, listWmsFacilities, updateWmsFacility } from './facility-view';
import { createBinRange, facilitySettings, saveFacilitySettings } from './bin-codes';
import {
  binView,
  binViews,
  listBinPage,
  listZonePage,
  removeBin,
  removeZone,
  saveBin,
  saveZone,
  zoneViews,
} from './catalog';
import { readCounters } from './counters.store';
import { cancelCount, countView, createCount, listItems, recordCounted, startCount } from './cycle-counts';
import { completeCount } from './cycle-count-completion';
import { pageCounts } from './cycle-count.store';
import { createLine, deleteLine, listLines, updateLine } from './inventory';
import { moveStock } from './moving';
import { pageAdjustments, receiptsOfAppointment } from './movement.store';
import { pageProducts } from './product.store';
import { listProductPage, removeProduct, saveProduct } from './products';
import { dockAppointments, receiveGoods, requireFacilityQuery } from './receiving';
import { checkPage, pagination } from './rules';
import { facilityOf } from './stock';
import { wmsRoutes } from '../../shared/routes/wms';

const historyQuerySchema = z.strictObject({
  page: z._default(z.coerce.number().check(z.int(), z.gte(1, 'Page must be a whole number of at least 1')), 1),
  limit: z._default(z.coerce.number().check(z.int(), z.gte(1), z.lte(100, 'Page size must be between 1 and 100')), 50),
  cursor: z.optional(z.string().check(z.maxLength(2000))),
});

const tenantOf = (req: Parameters<typeof requireUser>[0]) => requireUser(req).user.tenantId;
const writer = (req: Parameters<typeof requireUser>[0]) => {
  const signedIn = requireUser(req);
  return { tenantId: signedIn.user.tenantId, actor: actorOf(signedIn) };
};

export const { handler, actions, routes } = defineFunction('wms', wmsRoutes, {
  async dashboard(req) {
    const tenantId = tenantOf(req);
    const [counters, facilities] = await Promise.all([readCounters(tenantId), listFacilities(tenantId)]);
    const body: WmsDashboard = {
      facilities: facilities.length,
      zones: counters.zones ?? 0,
      bins: counters.bins ?? 0,
      products: counters.products ?? 0,
      totalInventoryQuantity: counters.quantity ?? 0,
    };
    return json(body);
  },

  async options(req) {
    const tenantId = tenantOf(req);
    const [facilities, zones, bins, products] = await Promise.all([
      listFacilities(tenantId),
      zoneViews(tenantId),
      binViews(tenantId),
      pageProducts(tenantId, { category: null, isActive: true, search: null, limit: 100 }),
    ]);
    const body: WmsOptions = {
      facilities: facilities.map((f) => ({ id: f.id, name: f.name })),
      zones: zones.map((z) => ({
        id: z.id,
        name: z.name,
        facilityId: z.facilityId,
        facility: { name: z.facilityName },
      })),
      products: products.products
        .map((p) => ({
          id: p.id,
          name: p.name,
          sku: p.sku,
          barcode: p.barcodeValue,
          isLotTracked: p.isLotTracked,
          isSerialTracked: p.isSerialTracked,
        }))
        .sort((a, b) => a.name.localeCompare(b.name)),
      bins: bins.map((b) => ({
        id: b.id,
        code: b.binCode,
        facilityId: b.facilityId,
        zoneId: b.zoneId,
        zone: { name: b.zoneName },
      })),
    };
    return json(body);
  },

  // --- facilities: a view of the facilities domain's record (facility-view.ts), written with its rules ---
  async listFacilities(req) {
    return json(await listWmsFacilities(tenantOf(req), parseQuery(req, wmsFacilityListQuerySchema)));
  },
  async createFacility(req) {
    const { tenantId, actor } = writer(req);
    return json(await createWmsFacility(tenantId, parseBody(req, wmsFacilityInputSchema), actor), 201);
  },
  async updateFacility(req) {
    const { tenantId, actor } = writer(req);
    // The facility is found (or 404) before the body is read, as on every route naming a record.
    const { id } = await facilityOf(tenantId, pathId(req, 'id', 'Facility'));
    return json(await updateWmsFacility(tenantId, id, parseBody(req, wmsFacilityUpdateSchema), actor));
  },
  async deleteFacility(req) {
    const { tenantId, actor } = writer(req);
    await deleteWmsFacility(tenantId, pathId(req, 'id', 'Facility'), actor);
    return json(undefined, 204);
  },

  // --- zones, bins ----------------------------------------------------------------------------------
  async listZones(req) {
    return json(await listZonePage(tenantOf(req), parseQuery(req, zoneListQuerySchema)));
  },
  async createZone(req) {
    const { tenantId, actor } = writer(req);
    return json(await saveZone(tenantId, null, parseBody(req, zoneInputSchema), actor), 201);
  },
  async updateZone(req) {
    const { tenantId, actor } = writer(req);
    const id = pathId(req, 'id', 'Zone');
    return json(await saveZone(tenantId, id, parseBody(req, zoneInputSchema), actor));
  },
  async deleteZone(req) {
    const { tenantId, actor } = writer(req);
    await removeZone(tenantId, pathId(req, 'id', 'Zone'), actor);
    return json(undefined, 204);
  },
  async listBins(req) {
    return json(await listBinPage(tenantOf(req), parseQuery(req, binListQuerySchema)));
  },
  async getBin(req) {
    return json(await binView(tenantOf(req), pathId(req, 'id', 'Bin')));
  },
  async createBin(req) {
    const { tenantId, actor } = writer(req);
    return json(await saveBin(tenantId, null, parseBody(req, binInputSchema), actor), 201);
  },
  async createBinRange(req) {
    const { tenantId, actor } = writer(req);
    return json(await createBinRange(tenantId, parseBody(req, binRangeSchema), actor), 201);
  },
  async facilitySettings(req) {
    const tenantId = tenantOf(req);
    const facility = await facilityOf(tenantId, pathId(req, 'id', 'Facility'));
    return json(await facilitySettings(tenantId, facility.id));
  },
  async saveFacilitySettings(req) {
    const { tenantId, actor } = writer(req);
    // The facility is found (or 404) before the body is read, as on every route naming a record.
    const facility = await facilityOf(tenantId, pathId(req, 'id', 'Facility'));
    return json(await saveFacilitySettings(tenantId, facility.id, parseBody(req, wmsFacilitySettingsSchema), actor));
  },
  async updateBin(req) {
    const { tenantId, actor } = writer(req);
    const id = pathId(req, 'id', 'Bin');
    return json(await saveBin(tenantId, id, parseBody(req, binInputSchema), actor));
  },
  async deleteBin(req) {
    const { tenantId, actor } = writer(req);
    await removeBin(tenantId, pathId(req, 'id', 'Bin'), actor);
    return json(undefined, 204);
  },

  // --- products and inventory ---------------------------------------------------------------------
  async listProducts(req) {
    return json(await listProductPage(tenantOf(req), parseQuery(req, productListQuerySchema)));
  },
  async createProduct(req) {
    const { tenantId, actor } = writer(req);
    return json(await saveProduct(tenantId, null, parseBody(req, productInputSchema), actor), 201);
  },
  async updateProduct(req) {
    const { tenantId, actor } = writer(req);
    const id = pathId(req, 'id', 'Product');
    return json(await saveProduct(tenantId, id, parseBody(req, productInputSchema), actor));
  },
  async deleteProduct(req) {
    const { tenantId, actor } = writer(req);
    await removeProduct(tenantId, pathId(req, 'id', 'Product'), actor);
    return json(undefined, 204);
  },
  async listInventory(req) {
    return json(await listLines(tenantOf(req), parseQuery(req, inventoryListQuerySchema)));
  },
  async createInventory(req) {
    const { tenantId, actor } = writer(req);
    return json(await createLine(tenantId, parseBody(req, inventoryInputSchema), actor), 201);
  },
  async updateInventory(req) {
    const { tenantId, actor } = writer(req);
    const id = pathId(req, 'id', 'Inventory item');
    return json(await updateLine(tenantId, id, parseBody(req, inventoryInputSchema), actor));
  },
  async deleteInventory(req) {
    const { tenantId, actor } = writer(req);
    await deleteLine(tenantId, pathId(req, 'id', 'Inventory item'), actor);
    return json(undefined, 204);
  },

  // --- receiving and adjustments ------------------------------------------------------------------
  async receive(req) {
    const { tenantId, actor } = writer(req);
    return json(await receiveGoods(tenantId, parseBody(req, receiveSchema), actor), 201);
  },
  async dockAppointments(req) {
    const tenantId = tenantOf(req);
    const { facilityId } = parseQuery(
      req,
      z.strictObject({ facilityId: z.optional(z.string().check(z.maxLength(64))) }),
    );
    return json({
      data: await dockAppointments(tenantId, await facilityOf(tenantId, requireFacilityQuery(facilityId))),
    });
  },
  async appointmentReceipts(req) {
    const tenantId = tenantOf(req);
    const appointmentId = pathId(req, 'id', 'Appointment');
    if (!(await getAppointment(tenantId, appointmentId))) throw new NotFoundError('Appointment not found');
    const receipts = await receiptsOfAppointment(tenantId, appointmentId);
    return json({
      data: receipts.map((r) => ({
        id: r.id,
        receivedAt: r.receivedAt,
        productName: r.productName,
        productSku: r.productSku,
        binCode: r.binCode,
        quantity: r.quantity,
        lotNumber: r.lotNumber,
      })),
    });
  },
  async adjust(req) {
    const { tenantId, actor } = writer(req);
    return json(await adjustInventory(tenantId, parseBody(req, adjustSchema), actor), 201);
  },
  async moveInventory(req) {
    const { tenantId, actor } = writer(req);
    const id = pathId(req, 'id', 'Inventory item');
    return json({ data: await moveStock(tenantId, id, parseBody(req, moveSchema), actor) }, 201);
  },
  async listAdjustments(req) {
    const tenantId = tenantOf(req);
    const q = parseQuery(req, historyQuerySchema);
    const total = (await readCounters(tenantId)).adjustments ?? 0;
    checkPage(q.page, total, q.limit, q.cursor);
    const page = await pageAdjustments(tenantId, q.limit, q.cursor);
    return json({
      data: page.adjustments.map(adjustmentView),
      pagination: pagination(total, q.limit, q.page, page.next),
    });
  },

  // --- cycle counts -------------------------------------------------------------------------------
  async listCycleCounts(req) {
    const tenantId = tenantOf(req);
    const q = parseQuery(
      req,
      z.extend(historyQuerySchema, {
        limit: z._default(
          z.coerce.number().check(z.int(), z.gte(1), z.lte(100, 'Page size must be between 1 and 100')),
          WMS_PAGE_SIZE * 5,
        ),
      }),
    );
    const total = (await readCounters(tenantId)).counts ?? 0;
    checkPage(q.page, total, q.limit, q.cursor);
    const page = await pageCounts(tenantId, q.limit, q.cursor);
    return json({ data: page.counts.map(countView), pagination: pagination(total, q.limit, q.page, page.next) });
  },
  async createCycleCount(req) {
    const { tenantId, actor } = writer(req);
    return json(await createCount(tenantId, parseBody(req, cycleCountInputSchema), actor), 201);
  },
  async startCycleCount(req) {
    const { tenantId, actor } = writer(req);
    const count = await startCount(tenantId, pathId(req, 'id', 'Cycle count'), actor);
    // 202: the count sheet is still being written; Start again goes on.
    return json(count, count.phase === 'snapshot' ? 202 : 200);
  },
  async completeCycleCount(req) {
    const { tenantId, actor } = writer(req);
    const count = await completeCount(tenantId, pathId(req, 'id', 'Cycle count'), actor);
    // 202: variances are still to apply; Complete again goes on.
    return json(count, count.status === 'completed' ? 200 : 202);
  },
  async cancelCycleCount(req) {
    const { tenantId, actor } = writer(req);
    return json(await cancelCount(tenantId, pathId(req, 'id', 'Cycle count'), actor));
  },
  async listCycleCountItems(req) {
    const q = parseQuery(
      req,
      z.extend(historyQuerySchema, {
        limit: z._default(
          z.coerce.number().check(z.int(), z.gte(1), z.lte(100, 'Page size must be between 1 and 100')),
          COUNT_SHEET_PAGE_SIZE,
        ),
      }),
    );
    return json(await listItems(tenantOf(req), pathId(req, 'id', 'Cycle count'), q));
  },
  async countItem(req) {
    const { tenantId, actor } = writer(req);
    const id = pathId(req, 'id', 'Cycle count item');
    if (!id.includes('_')) throw new NotFoundError('Cycle count item not found');
    return json(await recordCounted(tenantId, id, parseBody(req, countedQuantitySchema).countedQuantity, actor));
  },
});

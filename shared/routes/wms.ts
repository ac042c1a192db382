// Routes of the wms function (doc 3 §7): the warehouse's lists, receiving, adjustments and cycle
// counts. Staff with wms:read see everything; wms:write (admin, operations, warehouse_manager) changes it;
// its facilities are the facilities domain's, changed with facilities:write.
import type { ApiRoute } from './types';

const read = 'wms:read' as const;
const write = 'wms:write' as const;

export const wmsRoutes = [
  { method: 'GET', path: '/api/wms/dashboard', fn: 'wms', action: 'dashboard', access: read },
  { method: 'GET', path: '/api/wms/options', fn: 'wms', action: 'options', access: read },
  // The facilities domain's facility in the spec's shape (issue 51): changed only with facilities:write.
  { method: 'GET', path: '/api/wms/facilities', fn: 'wms', action: 'listFacilities', access: read },
  { method: 'POST', path: '/api/wms/facilities', fn: 'wms', action: 'createFacility', access: 'facilities:write' },
  { method: 'PUT', path: '/api/wms/facilities/{id}', fn: 'wms', action: 'updateFacility', access: 'facilities:write' },
  {
    method: 'DELETE',
    path: '/api/wms/facilities/{id}',
    fn: 'wms',
    action: 'deleteFacility',
    access: 'facilities:write',
  },
  {
    method: 'GET',
    path: '/api/wms/facilities/{id}/settings',
    fn: 'wms',
    action: 'facilitySettings',
    access: read,
  },
  {
    method: 'PUT',
    path: '/api/wms/facilities/{id}/settings',
    fn: 'wms',
    action: 'saveFacilitySettings',
    access: write,
  },
  { method: 'GET', path: '/api/wms/zones', fn: 'wms', action: 'listZones', access: read },
  { method: 'POST', path: '/api/wms/zones', fn: 'wms', action: 'createZone', access: write },
  { method: 'PUT', path: '/api/wms/zones/{id}', fn: 'wms', action: 'updateZone', access: write },
  { method: 'DELETE', path: '/api/wms/zones/{id}', fn: 'wms', action: 'deleteZone', access: write },
  { method: 'GET', path: '/api/wms/bins', fn: 'wms', action: 'listBins', access: read },
  { method: 'GET', path: '/api/wms/bins/{id}', fn: 'wms', action: 'getBin', access: read },
  { method: 'POST', path: '/api/wms/bins/range', fn: 'wms', action: 'createBinRange', access: write },
  { method: 'POST', path: '/api/wms/bins', fn: 'wms', action: 'createBin', access: write },
  { method: 'PUT', path: '/api/wms/bins/{id}', fn: 'wms', action: 'updateBin', access: write },
  { method: 'DELETE', path: '/api/wms/bins/{id}', fn: 'wms', action: 'deleteBin', access: write },
  { method: 'GET', path: '/api/wms/products', fn: 'wms', action: 'listProducts', access: read },
  { method: 'POST', path: '/api/wms/products', fn: 'wms', action: 'createProduct', access: write },
  { method: 'PUT', path: '/api/wms/products/{id}', fn: 'wms', action: 'updateProduct', access: write },
  { method: 'DELETE', path: '/api/wms/products/{id}', fn: 'wms', action: 'deleteProduct', access: write },
  { method: 'GET', path: '/api/wms/inventory', fn: 'wms', action: 'listInventory', access: read },
  { method: 'POST', path: '/api/wms/inventory', fn: 'wms', action: 'createInventory', access: write },
  { method: 'PUT', path: '/api/wms/inventory/{id}', fn: 'wms', action: 'updateInventory', access: write },
  { method: 'DELETE', path: '/api/wms/inventory/{id}', fn: 'wms', action: 'deleteInventory', access: write },
  { method: 'POST', path: '/api/wms/inventory/receive', fn: 'wms', action: 'receive', access: write },
  { method: 'POST', path: '/api/wms/inventory/adjust', fn: 'wms', action: 'adjust', access: write },
  { method: 'POST', path: '/api/wms/inventory/{id}/move', fn: 'wms', action: 'moveInventory', access: write },
  { method: 'GET', path: '/api/wms/inventory/adjustments', fn: 'wms', action: 'listAdjustments', access: read },
  { method: 'GET', path: '/api/wms/receiving/appointments', fn: 'wms', action: 'dockAppointments', access: read },
  {
    method: 'GET',
    path: '/api/wms/appointments/{id}/receipts',
    fn: 'wms',
    action: 'appointmentReceipts',
    access: read,
  },
  { method: 'GET', path: '/api/wms/cycle-counts', fn: 'wms', action: 'listCycleCounts', access: read },
  { method: 'POST', path: '/api/wms/cycle-counts', fn: 'wms', action: 'createCycleCount', access: write },
  { method: 'POST', path: '/api/wms/cycle-counts/{id}/start', fn: 'wms', action: 'startCycleCount', access: write },
  {
    method: 'POST',
    path: '/api/wms/cycle-counts/{id}/complete',
    fn: 'wms',
    action: 'completeCycleCount',
    access: write,
  },
  { method: 'POST', path: '/api/wms/cycle-counts/{id}/cancel', fn: 'wms', action: 'cancelCycleCount', access: write },
  { method: 'GET', path: '/api/wms/cycle-counts/{id}/items', fn: 'wms', action: 'listCycleCountItems', access: read },
  { method: 'PATCH', path: '/api/wms/cycle-count-items/{id}', fn: 'wms', action: 'countItem', access: write },
] as const satisfies readonly ApiRoute[];

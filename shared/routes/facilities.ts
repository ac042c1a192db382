// Routes of the facilities function: Facilities, dock doors, labour, equipment, time slots and holidays.
import type { ApiRoute } from './types';

export const facilitiesRoutes = [
  { method: 'GET', path: '/api/facilities', fn: 'facilities', action: 'listFacilities', access: 'reference:read' },
  { method: 'POST', path: '/api/facilities', fn: 'facilities', action: 'createFacility', access: 'facilities:write' },
  { method: 'PATCH', path: '/api/facilities/{id}', fn: 'facilities', action: 'updateFacility', access: 'facilities:write' },
  { method: 'GET', path: '/api/facilities/{id}/dock-doors', fn: 'facilities', action: 'listDockDoors', access: 'reference:read' },
  { method: 'PATCH', path: '/api/facilities/{id}/dock-doors/{doorId}', fn: 'facilities', action: 'updateDockDoor', access: 'facilities:write' },
  { method: 'POST', path: '/api/dock-doors', fn: 'facilities', action: 'createDockDoor', access: 'facilities:write' },
  { method: 'GET', path: '/api/facilities/{id}/labor-incharges', fn: 'facilities', action: 'listLaborIncharges', access: 'reference:read' },
  { method: 'POST', path: '/api/facilities/{id}/labor-incharges', fn: 'facilities', action: 'createLaborIncharge', access: 'facilities:write' },
  { method: 'GET', path: '/api/facilities/{id}/labor-incharges/available', fn: 'facilities', action: 'availableLaborIncharges', access: 'reference:read' },
  { method: 'GET', path: '/api/facilities/{id}/equipment', fn: 'facilities', action: 'listEquipment', access: 'reference:read' },
  { method: 'POST', path: '/api/facilities/{id}/equipment', fn: 'facilities', action: 'createEquipment', access: 'facilities:write' },
  { method: 'GET', path: '/api/facilities/{id}/equipment/available', fn: 'facilities', action: 'availableEquipment', access: 'reference:read' },
  { method: 'GET', path: '/api/facilities/{id}/time-slots', fn: 'facilities', action: 'listTimeSlots', access: 'reference:read' },
  { method: 'PATCH', path: '/api/facilities/{id}/time-slots/{slotId}', fn: 'facilities', action: 'updateTimeSlot', access: 'facilities:write' },
  { method: 'GET', path: '/api/facilities/{id}/holidays', fn: 'facilities', action: 'listFacilityHolidays', access: 'reference:read' },
  { method: 'POST', path: '/api/facilities/{id}/holidays', fn: 'facilities', action: 'createHoliday', access: 'facilities:write' },
  { method: 'DELETE', path: '/api/facilities/{id}/holidays/{date}', fn: 'facilities', action: 'deleteHoliday', access: 'facilities:write' },
  { method: 'GET', path: '/api/slots/available', fn: 'facilities', action: 'availableSlots', access: 'public' },
  { method: 'GET', path: '/api/holidays', fn: 'facilities', action: 'holidays', access: 'public' },
] as const satisfies readonly ApiRoute[];

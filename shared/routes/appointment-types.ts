// Routes of the appointment-types function (issue #32): a facility's appointment types and custom
// booking fields. Anyone who books reads them (the booking forms ask them); staff set them up.
import type { ApiRoute } from './types';

const facility = '/api/appointment-types/facilities/{id}';
const fn = 'appointment-types';

export const appointmentTypesRoutes = [
  { method: 'GET', path: facility, fn, action: 'setup', access: 'reference:read' },
  { method: 'POST', path: `${facility}/types`, fn, action: 'createType', access: 'facilities:write' },
  { method: 'PUT', path: `${facility}/types/{typeId}`, fn, action: 'updateType', access: 'facilities:write' },
  { method: 'DELETE', path: `${facility}/types/{typeId}`, fn, action: 'deleteType', access: 'facilities:write' },
  { method: 'POST', path: `${facility}/fields`, fn, action: 'createField', access: 'facilities:write' },
  { method: 'PUT', path: `${facility}/fields/{fieldId}`, fn, action: 'updateField', access: 'facilities:write' },
  { method: 'DELETE', path: `${facility}/fields/{fieldId}`, fn, action: 'deleteField', access: 'facilities:write' },
] as const satisfies readonly ApiRoute[];

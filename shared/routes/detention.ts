// Routes of the detention function (issue #57): a facility's detention terms (admin, as the trip watch's
// settings), a truck's detention, the events and corrections staff record on its timeline, its evidence
// pack, and the public check of a pack's code. A truck is read by staff and by its own carrier's people
// (as its appointment is); staff who change appointments record and correct its times.
import type { ApiRoute } from './types';

export const detentionRoutes = [
  { method: 'GET', path: '/api/detention/terms', fn: 'detention', action: 'getTerms', access: 'settings:configure' },
  { method: 'PUT', path: '/api/detention/terms', fn: 'detention', action: 'saveTerms', access: 'settings:configure' },
  {
    method: 'GET',
    path: '/api/detention/appointments/{id}',
    fn: 'detention',
    action: 'truckDetention',
    access: 'reference:read',
  },
  {
    method: 'POST',
    path: '/api/detention/appointments/{id}/events',
    fn: 'detention',
    action: 'recordEvent',
    access: 'appointments:write',
  },
  {
    method: 'POST',
    path: '/api/detention/appointments/{id}/corrections',
    fn: 'detention',
    action: 'correctEvent',
    access: 'appointments:write',
  },
  {
    method: 'GET',
    path: '/api/detention/appointments/{id}/evidence.csv',
    fn: 'detention',
    action: 'evidenceCsv',
    access: 'reference:read',
  },
  {
    method: 'GET',
    path: '/api/detention/appointments/{id}/evidence.pdf',
    fn: 'detention',
    action: 'evidencePdf',
    access: 'reference:read',
  },
  { method: 'GET', path: '/api/verify/{hash}', fn: 'detention', action: 'verifyEvidence', access: 'public' },
] as const satisfies readonly ApiRoute[];

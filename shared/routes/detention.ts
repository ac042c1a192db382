// Routes of the detention function (issue #57): a facility's detention terms (admin, as the trip watch's
// settings), a truck's detention, the events and corrections staff record on its timeline, its evidence
// pack, and the public check of a pack's code. A truck is read by staff and by its own carrier's people
// (as its appointment is); staff who change appointments record and correct its times.
// A carrier's monthly statements (issue #57.3) are issued, answered and closed by the staff who manage
// the carriers (carriers:write: the hub's account with each carrier); they are read by staff and by the
// carrier's own office (reference:read, scoped to its carrier in the use case, as a truck is); a line is
// disputed by the carrier's office (reschedules:request: a carrier asking the hub to change something of
// its own), or recorded on its behalf by staff who act for every carrier. A statement's CSV and
// PDF are whole path segments (`statement.csv`): API Gateway's path variables fill whole segments.
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
  {
    method: 'POST',
    path: '/api/detention/statements',
    fn: 'detention',
    action: 'issueStatement',
    access: 'carriers:write',
  },
  {
    method: 'GET',
    path: '/api/detention/statements',
    fn: 'detention',
    action: 'listStatements',
    access: 'reference:read',
  },
  {
    method: 'GET',
    path: '/api/detention/statements/{id}',
    fn: 'detention',
    action: 'getStatement',
    access: 'reference:read',
  },
  {
    method: 'GET',
    path: '/api/detention/statements/{id}/statement.csv',
    fn: 'detention',
    action: 'statementCsv',
    access: 'reference:read',
  },
  {
    method: 'GET',
    path: '/api/detention/statements/{id}/statement.pdf',
    fn: 'detention',
    action: 'statementPdf',
    access: 'reference:read',
  },
  {
    method: 'POST',
    path: '/api/detention/statements/{id}/lines/{appointmentId}/dispute',
    fn: 'detention',
    action: 'disputeLine',
    access: 'reschedules:request',
  },
  {
    method: 'POST',
    path: '/api/detention/statements/{id}/lines/{appointmentId}/answer',
    fn: 'detention',
    action: 'answerDispute',
    access: 'carriers:write',
  },
  {
    method: 'POST',
    path: '/api/detention/statements/{id}/close',
    fn: 'detention',
    action: 'closeStatement',
    access: 'carriers:write',
  },
] as const satisfies readonly ApiRoute[];

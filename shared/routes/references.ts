// Routes of the references function (issue #32): a facility's reference policy, its PO list (upload
// with a preview) and each PO's ledger. Staff configure; anyone who books reads the POs their own
// appointments hold (the use case filters), staff all of them.
import type { ApiRoute } from './types';

const facility = '/api/references/facilities/{id}';

export const referencesRoutes = [
  { method: 'GET', path: `${facility}/policy`, fn: 'references', action: 'policy', access: 'facilities:read' },
  { method: 'PUT', path: `${facility}/policy`, fn: 'references', action: 'savePolicy', access: 'facilities:write' },
  { method: 'GET', path: `${facility}/orders`, fn: 'references', action: 'orders', access: 'reference:read' },
  {
    method: 'POST',
    path: `${facility}/orders/preview`,
    fn: 'references',
    action: 'previewUpload',
    access: 'facilities:write',
  },
  {
    method: 'POST',
    path: `${facility}/orders/upload`,
    fn: 'references',
    action: 'applyUpload',
    access: 'facilities:write',
  },
] as const satisfies readonly ApiRoute[];

// Where a tenant's gate QR keys live (functions/lib/signed-link.ts holds their shape and rotation).
import type { LinkKind } from '../lib/signed-link';
import { tenantPk } from '../lib/table';

/** Gate QR codes as signed links (issue #52.10): sealed, rotated keys; the codes of the old scheme had their own key. */
export const GATE_QR_LINK: LinkKind = {
  name: 'gate-qr',
  keysAt: (tenantId) => ({ PK: tenantPk(tenantId, 'CHECKINS'), SK: 'QR-LINK-KEY' }),
  entity: 'gate-qr-link-key',
  legacyOverlapDays: 1,
};

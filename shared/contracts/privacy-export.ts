// A tenant takes its data with it (issue #36): the admin's whole-data export (an archive of JSON Lines
// and CSV per record type with the tenant's files, built by a worker, downloaded through a link valid
// 24 hours), and closing the tenant, which refuses sign-ins and erases it after a grace period in
// which the admin may reopen it. Texts are the API's English; Hindi is in shared/i18n.
import * as z from 'zod/mini';

/** How long a finished export can be downloaded. */
export const EXPORT_DOWNLOAD_HOURS = 24;
/** Days between closing a tenant and the erasure of its data, during which its admin may reopen it. */
export const CLOSING_GRACE_DAYS = 30;

export const EXPORT_STATUSES = ['running', 'done', 'failed'] as const;
export type ExportStatus = (typeof EXPORT_STATUSES)[number];

/** An export as the admin's screen polls it. */
export interface TenantExport {
  id: string;
  status: ExportStatus;
  requestedAt: string;
  requestedBy: string;
  /** Records written to the archive so far, of all the tenant's records (0 until they are counted). */
  recordsDone: number;
  recordsTotal: number;
  /** The record types written so far, of all the types. */
  typesDone: string[];
  typesTotal: number;
  filesDone: number;
  finishedAt: string | null;
  /** The archive's size in bytes once done. */
  size: number | null;
  /** The download link while the export is done and not yet expired (minted at each read). */
  downloadUrl: string | null;
  /** When the download stops being offered. */
  downloadUntil: string | null;
}

export const TENANT_CLOSING_TEXTS = {
  nameMismatch: 'Type the organisation name exactly as shown to confirm',
  closed: 'This organisation is closed. Its administrator can reopen it until its data is erased.',
  alreadyClosed: 'This organisation is already closed',
  notClosed: 'This organisation is not closed',
} as const;

/** POST /api/tenancy/close: the admin types the tenant's name to confirm. */
export const closeTenantSchema = z.strictObject({
  tenantName: z
    .string({ error: TENANT_CLOSING_TEXTS.nameMismatch })
    .check(
      z.trim(),
      z.minLength(1, TENANT_CLOSING_TEXTS.nameMismatch),
      z.maxLength(200, TENANT_CLOSING_TEXTS.nameMismatch),
    ),
});
export type CloseTenantInput = z.input<typeof closeTenantSchema>;

/** The closing as the admin sees it. */
export interface TenantClosing {
  closedAt: string | null;
  /** The instant the data is erased (closedAt + the grace); null while open. */
  erasesAt: string | null;
}

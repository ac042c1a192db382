// Uploading a facility's open POs (issue #32): a preview reads the file and lists each refused line
// by its number, writing nothing; applying reads it again and writes only a file without errors.
// `replace` makes the file the whole list (open POs it leaves out close), `append` adds its lines to
// the list. Each PO keeps its ledger through an upload: live holds, booked and received stay, and what
// a line of the same SKU had received carries over to the new line.
import type * as z from 'zod/mini';
import type { Actor } from '../lib/audit';
import { BadRequestError } from '../lib/errors';
import { changeAtRevision } from '../lib/revision';
import { getOrder, listOrders, putUploadedOrder, type StoredOrder, type StoredOrderLine } from './order.store';
import { readPoFile, type UploadedOrder } from './rules';
import type { PoUploadResult, poUploadSchema } from '../../shared/contracts/references';

type UploadInput = z.output<typeof poUploadSchema>;

/** How many POs are written at once while applying a file. */
const WRITE_CONCURRENCY = 4;

async function plan(tenantId: string, facilityId: string, input: UploadInput) {
  const file = readPoFile(input.csv);
  const inFile = new Set(file.orders.map((o) => o.po));
  const closing =
    input.mode === 'replace'
      ? (await listOrders(tenantId, facilityId)).filter((o) => o.isOpen && !inFile.has(o.po)).map((o) => o.po)
      : [];
  return { file, closing };
}

export async function previewUpload(tenantId: string, facilityId: string, input: UploadInput): Promise<PoUploadResult> {
  const { file, closing } = await plan(tenantId, facilityId, input);
  return {
    mode: input.mode,
    lines: file.lines,
    orders: file.orders.length,
    errors: file.errors,
    applied: false,
    closing: file.errors.length ? [] : closing,
  };
}

/** Received quantities of the old lines, moved onto the first new line of the same SKU. */
function carriedLines(before: StoredOrder | null, uploaded: UploadedOrder['lines'], append: boolean) {
  const kept = append && before ? before.lines : [];
  const fresh: StoredOrderLine[] = uploaded.map((l) => ({ sku: l.sku, expected: l.expected, received: 0 }));
  if (before && !append) {
    const sameSku = (a: string, b: string) => a.toUpperCase() === b.toUpperCase();
    for (const old of before.lines) {
      const target = fresh.find((l) => sameSku(l.sku, old.sku));
      if (target) target.received += old.received;
    }
  }
  return [...kept, ...fresh];
}

export async function applyUpload(
  tenantId: string,
  facilityId: string,
  input: UploadInput,
  actor: Actor,
  now = new Date(),
): Promise<PoUploadResult> {
  const { file, closing } = await plan(tenantId, facilityId, input);
  if (file.errors.length) {
    const message = `The file has ${file.errors.length} errors; nothing was applied`;
    throw new BadRequestError(message, { csv: message });
  }
  const at = now.toISOString();
  const writeOrder = (po: string, change: (before: StoredOrder | null) => Omit<StoredOrder, 'revision'>) =>
    changeAtRevision({
      read: () => getOrder(tenantId, facilityId, po),
      view: (current) => current,
      apply: (before) => putUploadedOrder(before, change(before), actor, now),
    });
  const writes = [
    ...file.orders.map(
      (o) => () =>
        writeOrder(o.po, (before) => {
          const lines = carriedLines(before, o.lines, input.mode === 'append' && !!before?.isOpen);
          return {
            tenantId,
            facilityId,
            po: o.po,
            supplier: o.supplier,
            windowStart: o.windowStart,
            windowEnd: o.windowEnd,
            isOpen: true,
            ordered: lines.reduce((sum, l) => sum + l.expected, 0),
            booked: before?.booked ?? 0,
            received: before?.received ?? 0,
            lines,
            holders: before?.holders ?? {},
            updatedAt: at,
          };
        }),
    ),
    ...closing.map((po) => () => writeOrder(po, (before) => ({ ...before!, isOpen: false, updatedAt: at }))),
  ];
  let next = 0;
  const worker = async () => {
    while (next < writes.length) await writes[next++]!();
  };
  await Promise.all(Array.from({ length: WRITE_CONCURRENCY }, worker));
  return { mode: input.mode, lines: file.lines, orders: file.orders.length, errors: [], applied: true, closing };
}

// The tenant's whole-data export (issue #36): the admin asks, the export worker (export.worker.ts)
// builds the archive (export-archive.ts) of every record of the tenant, one JSON Lines and one CSV
// file per record type, and the tenant's files; the screen polls its progress; once done the
// archive is offered by a presigned link for 24 hours. An export asked while one runs is that one.
// Every request and every link handed out is in the access log.
import type { Actor } from '../lib/audit';
import { NotFoundError } from '../lib/errors';
import { logger } from '../lib/logger';
import { tenantItems } from '../lib/tenant-items';
import { listObjects, presignAttachment, readObject, tenantPrefix, writeObject } from '../lib/uploads';
import { withoutKeys } from '../lib/dynamo';
import { tenantPk } from '../lib/table';
import type { SessionUser } from '../../shared/contracts/auth';
import { EXPORT_DOWNLOAD_HOURS, type TenantExport } from '../../shared/contracts/privacy-export';
import { tarGz, toCsv, toJsonLines, type ArchiveEntry } from './export-archive';
import {
  finishExport,
  getExport,
  listExports,
  runningExportId,
  saveProgress,
  startExport,
  type StoredExport,
} from './export.store';
import { logAccess } from './privacy.store';

const DOWNLOAD_MS = EXPORT_DOWNLOAD_HOURS * 3600_000;

/** What the archive leaves out: sign-in secrets and the machinery of the export itself. */
const LEFT_OUT_TYPES = new Set([
  'tenant-secret',
  'session',
  'sign-in-code',
  'known-devices',
  'tenant-export-running',
  'throttle',
]);
const LEFT_OUT_ATTRIBUTES = ['passwordHash', 'secret', 'codeHash', 'tokenHash'];

const subjectOf = (id: string) => `Tenant export ${id.slice(0, 8)}`;

const logExport = (user: SessionUser, id: string, action: 'tenant-exported' | 'tenant-export-downloaded', now: Date) =>
  logAccess(user.tenantId, {
    at: now.toISOString(),
    actorId: user.id,
    actorRole: user.role,
    action,
    subject: subjectOf(id),
  });

async function view(stored: StoredExport, now: Date): Promise<TenantExport> {
  const { tenantId: _t, key, ...rest } = stored;
  const until = stored.finishedAt ? Date.parse(stored.finishedAt) + DOWNLOAD_MS : null;
  const offered = stored.status === 'done' && key !== null && until !== null && until > now.getTime();
  return {
    ...rest,
    downloadUrl: offered
      ? await presignAttachment(
          key,
          `export-${stored.requestedAt.slice(0, 10)}.tar.gz`,
          Math.floor((until - now.getTime()) / 1000),
        )
      : null,
    downloadUntil: offered ? new Date(until).toISOString() : null,
  };
}

/** Starts the tenant's export, or answers the running one (the same id) when one runs. */
export async function requestTenantExport(
  user: SessionUser,
  actor: Actor,
  now = new Date(),
): Promise<{ created: boolean; export: TenantExport }> {
  const started = await startExport(user.tenantId, actor, now);
  const stored = started ?? (await getExport(user.tenantId, (await runningExportId(user.tenantId)) ?? ''));
  if (!stored) return requestTenantExport(user, actor, now); // the running one ended between the two reads
  if (started) await logExport(user, started.id, 'tenant-exported', now);
  return { created: Boolean(started), export: await view(stored, now) };
}

export async function tenantExport(user: SessionUser, id: string, now = new Date()): Promise<TenantExport> {
  const stored = await getExport(user.tenantId, id);
  if (!stored) throw new NotFoundError('Export not found');
  const shown = await view(stored, now);
  if (shown.downloadUrl) await logExport(user, id, 'tenant-export-downloaded', now);
  return shown;
}

/** The tenant's exports, newest first, without links (the screen reads the one it shows by id). */
export async function tenantExports(tenantId: string, now = new Date()): Promise<TenantExport[]> {
  const all = await listExports(tenantId);
  const views = all.map((e) => ({ ...e, key: null })).map((e) => view(e, now));
  return (await Promise.all(views)).sort((a, b) => b.requestedAt.localeCompare(a.requestedAt));
}

/** An item's record type: its `entity`, or for items without one (the audit trail, login aliases) its key's kind. */
function typeOf(item: Record<string, unknown>, tenantId: string): string {
  if (typeof item.entity === 'string' && item.entity) return item.entity;
  const pk = String(item.PK);
  const rest = pk.startsWith(`${tenantPk(tenantId)}#`) ? pk.slice(tenantPk(tenantId).length + 1) : pk;
  return (rest.split('#')[0] || 'other').toLowerCase();
}

const recordOf = (item: Record<string, unknown>): Record<string, unknown> =>
  Object.fromEntries(
    Object.entries(withoutKeys<Record<string, unknown>>(item)).filter(([name]) => !LEFT_OUT_ATTRIBUTES.includes(name)),
  );

/** Builds the export's archive, writing its progress after each record type and after the files. */
export async function buildTenantExport(tenantId: string, id: string, now = new Date()): Promise<void> {
  try {
    const byType = new Map<string, Record<string, unknown>[]>();
    for (const item of await tenantItems(tenantId)) {
      const type = typeOf(item, tenantId);
      if (LEFT_OUT_TYPES.has(type)) continue;
      byType.set(type, [...(byType.get(type) ?? []), recordOf(item)]);
    }
    const types = [...byType.keys()].sort();
    const progress = {
      recordsDone: 0,
      recordsTotal: [...byType.values()].reduce((n, records) => n + records.length, 0),
      typesDone: [] as string[],
      typesTotal: types.length,
      filesDone: 0,
    };
    await saveProgress(tenantId, id, progress);
    const entries: ArchiveEntry[] = [];
    for (const type of types) {
      const records = byType.get(type)!;
      entries.push(
        { path: `records/${type}.jsonl`, data: Buffer.from(toJsonLines(records)) },
        { path: `records/${type}.csv`, data: Buffer.from(toCsv(records)) },
      );
      progress.recordsDone += records.length;
      progress.typesDone.push(type);
      await saveProgress(tenantId, id, progress);
    }
    const files = [
      ...(await listObjects(tenantPrefix('checkinPhotos', tenantId))),
      ...(await listObjects(tenantPrefix('userDocuments', tenantId))),
    ];
    for (const file of files) entries.push({ path: `files/${file.key}`, data: await readObject(file.key) });
    progress.filesDone = files.length;
    await saveProgress(tenantId, id, progress);
    const archive = tarGz(entries, now);
    const key = `${tenantPrefix('exports', tenantId)}${id}.tar.gz`;
    await writeObject(key, archive, 'application/gzip');
    await finishExport(tenantId, id, { status: 'done', key, size: archive.byteLength }, new Date());
  } catch (err) {
    // Failed, and said so on the screen: the admin asks again (a retry of the stream record would not).
    logger.error('tenant export failed', { tenantId, exportId: id, err });
    await finishExport(tenantId, id, { status: 'failed', key: null, size: null }, new Date());
  }
}

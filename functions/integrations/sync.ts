// A sync run: claims the system (SYNCING; a second run is refused), pulls each appointment-request
// endpoint page by page with the system's credentials, imports every record (a bad one is logged
// and skipped, never fails the rest), and writes the sync log with the system's counters in one
// transaction that also releases the claim.
import { randomUUID } from 'node:crypto';
import { auditPut, type Actor } from '../lib/audit';
import { transact } from '../lib/dynamo';
import { BadRequestError, ConflictError, NotFoundError } from '../lib/errors';
import { logger } from '../lib/logger';
import { countFigure } from '../lib/telemetry';
import { authHeaders, CredentialsError } from './credentials';
import { callOutbound, joinUrl, OutboundError } from '../lib/outbound';
import { importAppointmentRequest, RecordError } from './appointment-requests';
import { statusMessage } from './connection-test';
import { pageOf, SYNC_CLAIM_SECONDS } from './rules';
import { listEndpointRecords, type EndpointRecord } from './endpoint.store';
import { listSyncLogRecords, syncLogPut, type SyncLogRecord } from './sync-log.store';
import { claimSync, finishSyncUpdate, releaseSync, type SystemRecord } from './system.store';
import type { SyncLog } from '../../shared/contracts/integrations';

const PAGE_TIMEOUT_MS = 10_000;
const MAX_PAGES = 200;
const MAX_LOGGED_FAILURES = 20;

export const SYNC_RUNNING = 'A sync is already running for this system';

interface Tally {
  processed: number;
  succeeded: number;
  failed: number;
  failures: SyncLogRecord['failures'];
}

/** A problem that ends the run (the system cannot be reached or refuses us). */
class RunError extends Error {}

async function pullEndpoint(
  system: SystemRecord,
  endpoint: EndpointRecord,
  tally: Tally,
  deadline: number,
): Promise<void> {
  let page: string | null = '1';
  for (let n = 0; page && n < MAX_PAGES; n++) {
    if (Date.now() > deadline)
      throw new RunError(
        `Stopped after ${n} pages: the run's time is up; the next run continues (records already imported are skipped)`,
      );
    const url = joinUrl(system.baseUrl, endpoint.endpoint);
    url.searchParams.set('page', page);
    let res;
    try {
      res = await callOutbound({
        method: endpoint.method,
        url: url.toString(),
        headers: await authHeaders(system),
        timeoutMs: PAGE_TIMEOUT_MS,
        caller: system.tenantId,
      });
    } catch (err) {
      if (err instanceof OutboundError || err instanceof CredentialsError) throw new RunError(err.message);
      throw err;
    }
    const problem = statusMessage(url.host, res.status);
    if (problem) throw new RunError(`${endpoint.name}, page ${page}: ${problem}`);
    let body: unknown;
    try {
      body = JSON.parse(res.text);
    } catch {
      throw new RunError(`${endpoint.name}, page ${page}: the answer is not JSON`);
    }
    const listing = pageOf(body);
    if (!listing) throw new RunError(`${endpoint.name}, page ${page}: expected { data: [...], nextPage }`);
    for (const record of listing.records) {
      tally.processed++;
      try {
        await importAppointmentRequest(system, record);
        tally.succeeded++;
      } catch (err) {
        if (!(err instanceof RecordError)) throw err;
        tally.failed++;
        if (tally.failures.length < MAX_LOGGED_FAILURES)
          tally.failures.push({ externalId: err.externalId, message: err.message });
      }
    }
    page = listing.nextPage;
  }
}

function summary(tally: Tally): string | null {
  if (!tally.failed) return null;
  const first = tally.failures[0];
  return `${tally.failed} record${tally.failed === 1 ? '' : 's'} skipped${first ? ` (first: ${first.externalId}: ${first.message})` : ''}`;
}

export interface RunOptions {
  endpointId: string | null;
  trigger: SyncLog['trigger'];
  actor: Actor | null;
  /** How long the run may pull before it stops (the API's and the sync Lambda's timeouts differ). */
  budgetMs: number;
}

/** The endpoints a run pulls: the one asked for, or every active appointment-request endpoint. */
async function endpointsFor(system: SystemRecord, endpointId: string | null): Promise<EndpointRecord[]> {
  const endpoints = await listEndpointRecords(system.tenantId, system.id);
  if (endpointId) {
    const endpoint = endpoints.find((e) => e.id === endpointId);
    if (!endpoint) throw new NotFoundError('Endpoint not found');
    if (endpoint.purpose !== 'APPOINTMENT_REQUESTS')
      throw new BadRequestError('Only an APPOINTMENT_REQUESTS endpoint can be synced', {
        endpointId: 'Only an APPOINTMENT_REQUESTS endpoint can be synced',
      });
    return [endpoint];
  }
  const pulled = endpoints.filter((e) => e.isActive && e.purpose === 'APPOINTMENT_REQUESTS');
  if (!pulled.length)
    throw new BadRequestError(
      'The system has no active APPOINTMENT_REQUESTS endpoint to sync. Add one in the Endpoints tab.',
    );
  return pulled;
}

/** The runs in a row, newest first, the system's sync has failed (looking back at most 20 runs). */
async function failureStreak(system: SystemRecord): Promise<number> {
  const recent = await listSyncLogRecords(system.tenantId, system.id, 20);
  const firstSuccess = recent.findIndex((log) => log.status !== 'FAILED');
  return firstSuccess === -1 ? recent.length : firstSuccess;
}

export async function runSync(system: SystemRecord, options: RunOptions, now = new Date()): Promise<SyncLogRecord> {
  const endpoints = await endpointsFor(system, options.endpointId);
  const runId = randomUUID();
  if (!(await claimSync(system.tenantId, system.id, runId, now, SYNC_CLAIM_SECONDS)))
    throw new ConflictError(SYNC_RUNNING);
  const started = Date.now();
  const tally: Tally = { processed: 0, succeeded: 0, failed: 0, failures: [] };
  let errorMessage: string | null = null;
  try {
    for (const endpoint of endpoints) await pullEndpoint(system, endpoint, tally, started + options.budgetMs);
  } catch (err) {
    // Whatever ends the run, the log says so and the claim is released below.
    errorMessage = err instanceof RunError ? err.message : 'The sync stopped on an internal error';
    if (!(err instanceof RunError))
      logger.error('sync run failed', { systemId: system.id, err: err instanceof Error ? err.stack : String(err) });
  }
  const finished = new Date();
  const log: SyncLogRecord = {
    id: randomUUID(),
    tenantId: system.tenantId,
    systemId: system.id,
    endpointId: options.endpointId,
    trigger: options.trigger,
    status: errorMessage ? 'FAILED' : 'SUCCESS',
    startedAt: now.toISOString(),
    finishedAt: finished.toISOString(),
    recordsProcessed: tally.processed,
    recordsSucceeded: tally.succeeded,
    recordsFailed: tally.failed,
    duration: Math.max(0, finished.getTime() - started),
    errorMessage: [errorMessage, summary(tally)].filter(Boolean).join('; ') || null,
    failures: tally.failures,
  };
  try {
    await recordRun(system, log, runId, options.actor);
  } catch (err) {
    // Without its log the run must still let go of the system, or it would show SYNCING for 15 minutes.
    await releaseSync(system.tenantId, system.id, runId).catch(() => undefined);
    throw err;
  }
  // The run is recorded already: a failed look back still reports this failure.
  if (log.status === 'FAILED')
    countFigure('integrationSyncFailureStreak', {}, await failureStreak(system).catch(() => 1));
  logger.info('sync run', {
    systemId: system.id,
    trigger: log.trigger,
    status: log.status,
    processed: log.recordsProcessed,
    failed: log.recordsFailed,
    durationMs: log.duration,
  });
  return log;
}

/** Writes the log, the system's counters (releasing the claim `runId` holds) and, for a person's run, the audit. */
export async function recordRun(
  system: SystemRecord,
  log: SyncLogRecord,
  runId: string | null,
  actor: Actor | null,
): Promise<void> {
  await transact(
    [
      syncLogPut(log),
      finishSyncUpdate(system.tenantId, system.id, runId, log),
      ...(actor
        ? [
            auditPut({
              tenantId: system.tenantId,
              actor,
              action: 'integration-system.synced',
              entityType: 'integration-system',
              entityId: system.id,
              after: { logId: log.id, status: log.status, recordsProcessed: log.recordsProcessed },
            }),
          ]
        : []),
    ],
    () => new ConflictError('The system was deleted or taken over by another run meanwhile'),
  );
}

export function syncLogView(log: SyncLogRecord): SyncLog & { failures: SyncLogRecord['failures'] } {
  const { tenantId: _t, ...view } = log;
  return view;
}

// Carrying out an accepted erasure (issue #52), in the erasure worker (erasure.worker.ts), not in the
// admin's request: the steps in order, each finding the person's items by key or by an index by person
// (the driver's appointments by driver id, messages by the recipient's number, webhook deliveries by
// the ids of the events that named the person), each rewrite conditional on the item as it was read.
// After each step (and each page of messages) the cursor is stored, so a run cut short (timeout,
// crash, a delivery held by an attempt) is resumed by the stream's retry where it stopped. The driver
// record, which names the person for the others, goes last; then the request is completed.
import type { Actor } from '../lib/audit';
import { domainEventsNaming, eraseFromDomainEvents } from '../lib/events';
import { logger } from '../lib/logger';
import { getDriver, eraseDriverRecord } from '../carriers';
import { eraseDriverFromAppointments } from '../appointments';
import { eraseDriverFromCheckins } from '../checkins';
import { eraseDriverFromGate } from '../gate';
import { eraseFromWebhookDeliveries } from '../integrations';
import { eraseFromLocalOutbox, eraseMessagesPage } from '../messaging';
import { eraseDriverFromNotifications } from '../notifications';
import { eraseAccount } from '../users';
import type { PersonTraces } from '../lib/personal-data-mask';
import type { ErasureRequest } from '../../shared/contracts/privacy';
import {
  getErasureCursor,
  getErasureRequest,
  saveErasureCursor,
  saveErasureRequest,
  type ErasureCursor,
} from './privacy.store';
import { personOf } from './my-data';

interface Run {
  tenantId: string;
  request: ErasureRequest;
  person: PersonTraces;
  cursor: ErasureCursor;
  now: Date;
}

/** One step: what it rewrote, and (messages) whether it has more to do; `eventIds` for the next steps. */
type StepResult = { count: number; more?: boolean; eventIds?: string[] };

const STEPS: Record<string, (run: Run) => Promise<StepResult>> = {
  appointments: async ({ tenantId, request, person }) => {
    const ids = await eraseDriverFromAppointments(tenantId, request.driverId, person, request.pseudonym);
    await eraseDriverFromCheckins(tenantId, ids, person, request.pseudonym);
    return { count: ids.length };
  },
  messages: async ({ tenantId, request, person, now }) => {
    const page = await eraseMessagesPage(tenantId, person, request.pseudonym, now);
    return { count: page.erased, more: page.more };
  },
  outbox: async ({ person, request }) => ({ count: await eraseFromLocalOutbox(person, request.pseudonym) }),
  notifications: async ({ tenantId, person, request }) => ({
    count: (await eraseDriverFromNotifications(tenantId, person, request.pseudonym)).length,
  }),
  // Found before they are rewritten: once rewritten, an event no longer names the person.
  'events-found': async ({ tenantId, person, now }) => {
    const eventIds = await domainEventsNaming(tenantId, person, now);
    return { count: eventIds.length, eventIds };
  },
  deliveries: async ({ tenantId, person, request, cursor }) => ({
    count: await eraseFromWebhookDeliveries(tenantId, cursor.eventIds, person, request.pseudonym),
  }),
  events: async ({ tenantId, person, request, now }) => {
    await eraseFromDomainEvents(tenantId, person, request.pseudonym, now);
    return { count: 0 };
  },
  gate: async ({ tenantId, person }) => {
    await eraseDriverFromGate(tenantId, person.licence);
    return { count: 0 };
  },
  account: async ({ tenantId, request, person, cursor, now }) => {
    if (request.accountId)
      await eraseAccount(tenantId, request.accountId, person, request.pseudonym, cursor.actor, now);
    return { count: request.accountId ? 1 : 0 };
  },
  driver: async ({ tenantId, request, person, cursor, now }) => {
    await eraseDriverRecord(
      tenantId,
      request.carrierId,
      request.driverId,
      person,
      request.pseudonym,
      cursor.actor,
      now,
    );
    return { count: 1 };
  },
};
const ORDER = Object.keys(STEPS);
export const FIRST_ERASURE_STEP = ORDER[0]!;
const DONE = 'done';

/** The cursor an accepted erasure starts with (written with the acceptance, before the worker is woken). */
export const startingCursor = (actor: Actor, now: Date): ErasureCursor => ({
  step: FIRST_ERASURE_STEP,
  eventIds: [],
  counts: {},
  actor,
  updatedAt: now.toISOString(),
});

/** Runs the accepted erasure's remaining steps and completes the request; nothing for any other state. */
export async function carryOutErasure(tenantId: string, id: string, now = new Date()): Promise<void> {
  const request = await getErasureRequest(tenantId, id);
  if (request?.status !== 'erasing') return;
  let cursor = await getErasureCursor(tenantId, id);
  if (!cursor) return; // accepted without a cursor cannot happen: the acceptance writes it first
  const driver = cursor.step === DONE ? null : await getDriver(tenantId, request.carrierId, request.driverId);
  // A driver record already gone (deleted) leaves nothing that names the person to look for.
  if (driver) {
    const run: Run = { tenantId, request, person: personOf(driver), cursor, now };
    while (cursor.step !== DONE) {
      const result = await STEPS[cursor.step]!(run);
      const next: ErasureCursor = {
        ...cursor,
        step: result.more ? cursor.step : (ORDER[ORDER.indexOf(cursor.step) + 1] ?? DONE),
        eventIds: result.eventIds ?? cursor.eventIds,
        counts: { ...cursor.counts, [cursor.step]: (cursor.counts[cursor.step] ?? 0) + result.count },
        updatedAt: new Date().toISOString(),
      };
      // Another run moved the cursor meanwhile: it carries on; this one stops.
      if (!(await saveErasureCursor(tenantId, id, next, cursor.updatedAt))) return;
      cursor = run.cursor = next;
    }
  }
  await saveErasureRequest(
    tenantId,
    request,
    { ...request, status: 'completed', driverName: null, heldReason: null, decidedAt: now.toISOString() },
    'privacy.erasure.completed',
    cursor.actor,
    now,
  );
  logger.info('erasure completed', { requestId: id, counts: cursor.counts });
}

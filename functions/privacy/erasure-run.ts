// Carrying out an accepted erasure (issue #52), in the erasure worker (erasure.worker.ts), not in the
// admin's request: the steps in order, each finding the person's items by key or by an index by person,
// never by a Scan or a read of a tenant's whole log: the person's appointments first (the driver's by
// driver id, and those without a driver record that hold the person's number, a guest's or a walk-in's,
// by the person's key for it), kept in the cursor; through them their check-ins, the events about them
// (the events' index by subject) and those events' webhook deliveries (by key); messages by the
// recipient's number; consent records by the person's key. Each rewrite is conditional on the item as
// it was read. After each step (and each page of appointments or messages) the cursor is stored, so a
// run cut short (timeout, crash, a delivery held by an attempt) is resumed by the stream's retry where
// it stopped. The driver record, which names the person for the others, goes last; then the request
// is completed.
import type { Actor } from '../lib/audit';
import { domainEventIdsAbout, eraseFromEventsAbout } from '../lib/events';
import { logger } from '../lib/logger';
import { getDriver, eraseDriverRecord } from '../carriers';
import { appointmentsOfPerson, eraseFromAppointment, tracesOnAppointment } from '../appointments';
import { eraseDriverFromCheckins } from '../checkins';
import { eraseConsentOf } from '../consent';
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

/**
 * One step: what it rewrote; `more` when it stopped part-way (at `position` of the appointments, or
 * with messages left); `appointmentIds` the person's appointments, for the steps after it.
 */
type StepResult = { count: number; more?: boolean; position?: number; appointmentIds?: string[] };

/** Appointments a step takes between two stored cursors. */
const PAGE = 25;

/** Runs `each` over the next page of the person's appointments; `more` while some are left. */
async function appointmentsPage(run: Run, each: (id: string) => Promise<number>): Promise<StepResult> {
  const { appointmentIds, position } = run.cursor;
  const page = appointmentIds.slice(position, position + PAGE);
  let count = 0;
  for (const id of page) count += await each(id);
  const next = position + page.length;
  return { count, more: next < appointmentIds.length, position: next };
}

const STEPS: Record<string, (run: Run) => Promise<StepResult>> = {
  // Found before any is erased: an erased appointment without a driver record leaves the index by number.
  'appointments-found': async ({ tenantId, request, person }) => {
    const found = await appointmentsOfPerson(tenantId, request.driverId, person.phone);
    return { count: found.length, appointmentIds: found.map((a) => a.id) };
  },
  // Each appointment's check-in and trail first, the appointment last (it holds the traces as typed).
  appointments: (run) =>
    appointmentsPage(run, async (id) => {
      const traces = await tracesOnAppointment(run.tenantId, id, run.person);
      for (const t of traces) await eraseDriverFromCheckins(run.tenantId, [id], t, run.request.pseudonym);
      return (await eraseFromAppointment(run.tenantId, id, traces, run.request.pseudonym)) ? 1 : 0;
    }),
  messages: async ({ tenantId, request, person, now }) => {
    const page = await eraseMessagesPage(tenantId, person, request.pseudonym, now);
    return { count: page.erased, more: page.more };
  },
  outbox: async ({ person, request }) => ({ count: await eraseFromLocalOutbox(person, request.pseudonym) }),
  notifications: async ({ tenantId, person, request }) => ({
    count: (await eraseDriverFromNotifications(tenantId, person, request.pseudonym)).length,
  }),
  consent: async ({ tenantId, person, request }) => ({
    count: await eraseConsentOf(tenantId, person.phone, request.driverId),
  }),
  // Before the events: a delivery is found by the id of the event it carries.
  deliveries: (run) =>
    appointmentsPage(run, async (id) =>
      eraseFromWebhookDeliveries(
        run.tenantId,
        await domainEventIdsAbout(run.tenantId, id),
        run.person,
        run.request.pseudonym,
      ),
    ),
  events: (run) =>
    appointmentsPage(run, (id) => eraseFromEventsAbout(run.tenantId, id, run.person, run.request.pseudonym)),
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
  appointmentIds: [],
  position: 0,
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
  // A cursor written by an earlier version (no appointments kept, or a step no longer known): every
  // step is safe to run again, so the run starts over (from the cursor as stored, which it moves on).
  if (cursor.step !== DONE && (!Array.isArray(cursor.appointmentIds) || !STEPS[cursor.step]))
    cursor = { ...startingCursor(cursor.actor, now), counts: cursor.counts, updatedAt: cursor.updatedAt };
  const driver = cursor.step === DONE ? null : await getDriver(tenantId, request.carrierId, request.driverId);
  // A driver record already gone (deleted) leaves nothing that names the person to look for.
  if (driver) {
    const run: Run = { tenantId, request, person: personOf(driver), cursor, now };
    while (cursor.step !== DONE) {
      const result = await STEPS[cursor.step]!(run);
      const next: ErasureCursor = {
        ...cursor,
        step: result.more ? cursor.step : (ORDER[ORDER.indexOf(cursor.step) + 1] ?? DONE),
        appointmentIds: result.appointmentIds ?? cursor.appointmentIds,
        position: result.more ? (result.position ?? 0) : 0,
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

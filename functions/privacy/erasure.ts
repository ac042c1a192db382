// Erasure requests (issue #36): the driver asks, the facility admin completes or refuses with a
// reason by the due date. An erasure waits while an appointment of the driver is in progress (the
// truck on site needs its record); once done, the person's data is replaced everywhere it is stored
// by a pseudonym, and the records keep their counts and timings.
import type { Actor } from '../lib/audit';
import { eraseFromDomainEvents } from '../lib/events';
import { ConflictError, NotFoundError } from '../lib/errors';
import { eraseDriverRecord, getDriver } from '../carriers';
import { eraseDriverFromAppointments, listDriverAppointments } from '../appointments';
import { eraseDriverFromCheckins } from '../checkins';
import { eraseDriverFromGate } from '../gate';
import { eraseDriverFromMessages } from '../messaging';
import { eraseDriverFromNotifications } from '../notifications';
import { eraseAccount } from '../users';
import type { SessionUser } from '../../shared/contracts/auth';
import type { ErasureRequest } from '../../shared/contracts/privacy';
import { getErasureRequest, listErasureRequests, putErasureRequest, saveErasureRequest } from './privacy.store';
import { erasureDueDate, erasureHold, pseudonymOf } from './rules';
import { pseudonymKey } from './pseudonym-key';
import { ownDriver, personOf, recordAccess } from './my-data';

/** The driver's request; an open one of theirs is answered again rather than doubled. */
export async function requestErasure(user: SessionUser, actor: Actor, now = new Date()): Promise<ErasureRequest> {
  const driver = await ownDriver(user);
  const open = (await listErasureRequests(user.tenantId)).find(
    (r) => r.driverId === driver.id && r.status === 'pending',
  );
  if (open) return open;
  return putErasureRequest(
    user.tenantId,
    {
      driverId: driver.id,
      carrierId: driver.carrierId,
      accountId: user.id,
      pseudonym: pseudonymOf(await pseudonymKey(user.tenantId), user.tenantId, driver.id),
      driverName: driver.name,
      status: 'pending',
      requestedAt: now.toISOString(),
      dueDate: erasureDueDate(now),
      heldReason: erasureHold(await listDriverAppointments(user.tenantId, driver.id)),
      refusedReason: null,
      decidedAt: null,
    },
    actor,
    now,
  );
}

/** The admin's list, with each open request's hold as it is now; viewing it is logged per person. */
export async function erasureRequests(user: SessionUser, now = new Date()): Promise<ErasureRequest[]> {
  const requests = await listErasureRequests(user.tenantId);
  const withHolds = await Promise.all(
    requests.map(async (r) =>
      r.status === 'pending'
        ? { ...r, heldReason: erasureHold(await listDriverAppointments(user.tenantId, r.driverId)) }
        : r,
    ),
  );
  await Promise.all(
    withHolds.filter((r) => r.status === 'pending').map((r) => recordAccess(user, r.driverId, 'viewed-request', now)),
  );
  return withHolds.sort((a, b) => a.dueDate.localeCompare(b.dueDate) || a.requestedAt.localeCompare(b.requestedAt));
}

function stillOpen(request: ErasureRequest | null): ErasureRequest {
  if (!request) throw new NotFoundError('Erasure request not found');
  if (request.status !== 'pending') throw new ConflictError('This erasure request has already been answered');
  return request;
}

const openRequest = async (tenantId: string, id: string) => stillOpen(await getErasureRequest(tenantId, id));

/** Erases the person everywhere, unless an appointment of theirs is in progress (409 with the reason). */
export async function completeErasure(
  tenantId: string,
  id: string,
  actor: Actor,
  now = new Date(),
): Promise<ErasureRequest> {
  const found = await getErasureRequest(tenantId, id);
  // Asked again after a completion that finished when its answer was already lost (the 503 of the
  // request's budget): the completed request, as the admin's first ask would have had it.
  if (found?.status === 'completed') return found;
  const request = stillOpen(found);
  const hold = erasureHold(await listDriverAppointments(tenantId, request.driverId));
  if (hold) throw new ConflictError(hold);
  const driver = await getDriver(tenantId, request.carrierId, request.driverId);
  if (driver) {
    const person = personOf(driver);
    const { pseudonym } = request;
    // Every step is idempotent (it rewrites only what still holds a trace) and the driver record, which
    // names the person for the others, goes last: a request cut short (503) is completed by asking again.
    // Each step is let finish before the answer, so no step of a failed ask still runs when it is asked again.
    const steps = await Promise.allSettled([
      eraseDriverFromAppointments(tenantId, driver.id, person, pseudonym).then((appointmentIds) =>
        eraseDriverFromCheckins(tenantId, appointmentIds, person, pseudonym),
      ),
      eraseDriverFromMessages(tenantId, person, pseudonym),
      eraseDriverFromNotifications(tenantId, person, pseudonym),
      eraseFromDomainEvents(tenantId, person, pseudonym, now),
      eraseDriverFromGate(tenantId, person.licence),
      request.accountId && eraseAccount(tenantId, request.accountId, person, pseudonym, actor, now),
    ]);
    const failed = steps.find((step) => step.status === 'rejected');
    if (failed) throw failed.reason;
    await eraseDriverRecord(tenantId, driver.carrierId, driver.id, person, pseudonym, actor, now);
  }
  return saveErasureRequest(
    tenantId,
    request,
    { ...request, status: 'completed', driverName: null, heldReason: null, decidedAt: now.toISOString() },
    'privacy.erasure.completed',
    actor,
    now,
  );
}

export async function refuseErasure(
  tenantId: string,
  id: string,
  reason: string,
  actor: Actor,
  now = new Date(),
): Promise<ErasureRequest> {
  const request = await openRequest(tenantId, id);
  return saveErasureRequest(
    tenantId,
    request,
    { ...request, status: 'refused', refusedReason: reason, heldReason: null, decidedAt: now.toISOString() },
    'privacy.erasure.refused',
    actor,
    now,
  );
}

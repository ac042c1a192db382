// Erasure requests (issue #36): the driver asks, the facility admin completes (the erasure worker
// carries it out, issue #52) or refuses with a reason by the due date. An erasure waits while an
// appointment of the person is in progress (the truck on site needs its record); once done, the person's data is replaced everywhere it is stored
// by a pseudonym, and the records keep their counts and timings.
import type { Actor } from '../lib/audit';
import { ConflictError, NotFoundError } from '../lib/errors';
import { appointmentsOfPerson } from '../appointments';
import { getDriver } from '../carriers';
import type { SessionUser } from '../../shared/contracts/auth';
import type { ErasureRequest } from '../../shared/contracts/privacy';
import {
  getErasureCursor,
  getErasureRequest,
  listErasureRequests,
  putErasureRequest,
  saveErasureCursor,
  saveErasureRequest,
} from './privacy.store';
import { startingCursor } from './erasure-run';
import { erasureDueDate, erasureHold, pseudonymOf } from './rules';
import { pseudonymKey } from './pseudonym-key';
import { ownDriver, recordAccess } from './my-data';

/**
 * The person's appointments an erasure waits for: the driver's, and those without a driver record that
 * hold their number (a walk-in of theirs on site holds it as well).
 */
async function appointmentsOf(tenantId: string, request: Pick<ErasureRequest, 'carrierId' | 'driverId'>) {
  const driver = await getDriver(tenantId, request.carrierId, request.driverId);
  return appointmentsOfPerson(tenantId, request.driverId, driver?.phone);
}

/** The driver's request; an open one of theirs is answered again rather than doubled. */
export async function requestErasure(user: SessionUser, actor: Actor, now = new Date()): Promise<ErasureRequest> {
  const driver = await ownDriver(user);
  const open = (await listErasureRequests(user.tenantId)).find(
    (r) => r.driverId === driver.id && (r.status === 'pending' || r.status === 'erasing'),
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
      heldReason: erasureHold(await appointmentsOfPerson(user.tenantId, driver.id, driver.phone)),
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
      r.status === 'pending' ? { ...r, heldReason: erasureHold(await appointmentsOf(user.tenantId, r)) } : r,
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

/** A cursor not moved for longer than a worker run may last (15 minutes): that run has stopped. */
const STALLED_MS = 16 * 60_000;

/**
 * The admin's completion (issue #52): the erasure is accepted (status 'erasing') unless an appointment
 * of the person is in progress (409 with the reason), and carried out by the erasure worker
 * (erasure-run.ts), which completes the request. Asked again: the request in its state as it is now.
 */
export async function completeErasure(
  tenantId: string,
  id: string,
  actor: Actor,
  now = new Date(),
): Promise<ErasureRequest> {
  const found = await getErasureRequest(tenantId, id);
  if (found?.status === 'erasing') {
    // A run that stopped for good (its stream retries spent) is woken again by the request's change.
    const cursor = await getErasureCursor(tenantId, id);
    if (cursor && now.getTime() - Date.parse(cursor.updatedAt) > STALLED_MS)
      return saveErasureRequest(tenantId, found, found, 'privacy.erasure.resumed', actor, now);
    return found;
  }
  if (found?.status === 'completed') return found;
  const request = stillOpen(found);
  const hold = erasureHold(await appointmentsOf(tenantId, request));
  if (hold) throw new ConflictError(hold);
  // The cursor first, then the request's change, which wakes the worker (its stream record).
  await saveErasureCursor(tenantId, id, startingCursor(actor, now), null);
  return saveErasureRequest(
    tenantId,
    request,
    { ...request, status: 'erasing', heldReason: null },
    'privacy.erasure.accepted',
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

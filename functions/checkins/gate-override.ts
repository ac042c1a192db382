// Letting a truck held at the gate through (issue #21): a yard manager or admin gives a written
// reason; the override, with the checks and their answers, goes on the check-in and in its audit
// record, in one transaction, and is counted on the day's gate figures.
import { auditPut } from '../lib/audit';
import { transact } from '../lib/dynamo';
import { ConflictError, NotFoundError, RevisionConflictError } from '../lib/errors';
import { changeAtRevision, revised } from '../lib/revision';
import { gateOverridePut } from '../gate';
import { getFacility } from '../facilities';
import { localDateTime, DEFAULT_TIME_ZONE } from '../../shared/time';
import { getAppointment, scheduleChangePuts, type ChangeContext } from '../appointments';
import type { Checkin } from '../../shared/contracts/checkins';
import { checkinChangePut, getCheckin } from './checkin.store';

/** A command (functions/lib/revision.ts): read again and retried when the check-in changed meanwhile. */
export function overrideGateHold(
  ctx: ChangeContext,
  id: string,
  reason: string,
  byName: string,
  now = new Date(),
): Promise<Checkin> {
  return changeAtRevision({
    read: () => getCheckin(ctx.tenantId, id),
    view: (checkin) => checkin,
    apply: (before) => override(ctx, before, reason, byName, now),
  });
}

async function override(
  ctx: ChangeContext,
  before: Checkin | null,
  reason: string,
  byName: string,
  now: Date,
): Promise<Checkin> {
  if (!before) throw new NotFoundError('Check-in not found');
  if (before.gate?.decision !== 'HOLD') throw new ConflictError('Only a check-in held at the gate can be overridden');
  if (before.gate.override) throw new ConflictError('This hold has already been overridden');
  const iso = now.toISOString();
  const after: Checkin = revised(before, {
    ...before,
    gate: { ...before.gate, override: { by: ctx.actor?.username ?? 'unknown', name: byName, at: iso, reason } },
  });
  // The hold shows on its appointment in today's schedule: the change is noted in that day's log.
  const [facility, appointment] = await Promise.all([
    getFacility(ctx.tenantId, before.facilityId),
    getAppointment(ctx.tenantId, before.appointmentId),
  ]);
  const date = localDateTime(now, facility?.timeZone ?? DEFAULT_TIME_ZONE).date;
  await transact(
    [
      checkinChangePut(after, before),
      gateOverridePut({
        tenantId: ctx.tenantId,
        facilityId: before.facilityId,
        date,
        appointmentId: before.appointmentId,
        checkinId: before.id,
        vehicleNumber: before.vehicleLicense,
        at: iso,
      }),
      auditPut(
        {
          tenantId: ctx.tenantId,
          actor: ctx.actor,
          action: 'checkin.gate-override',
          entityType: 'checkin',
          entityId: before.id,
          before: { ...before },
          after: { ...after },
        },
        now,
      ),
      ...(appointment ? scheduleChangePuts(appointment) : []),
    ],
    () => new RevisionConflictError(),
  );
  return after;
}

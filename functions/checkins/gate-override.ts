// Letting a truck held at the gate through (issue #21): a yard manager or admin gives a written
// reason; the override, with the checks and their answers, goes on the check-in and in its audit
// record, in one transaction, and is counted on the day's gate figures.
import { auditPut } from '../lib/audit';
import { transact } from '../lib/dynamo';
import { ConflictError, NotFoundError } from '../lib/errors';
import { gateOverridePut } from '../gate';
import { getFacility } from '../facilities';
import { localDateTime } from '../../shared/time';
import { DEFAULT_TIME_ZONE } from '../../shared/product';
import type { ChangeContext } from '../appointments';
import type { Checkin } from '../../shared/contracts/checkins';
import { checkinChangePut, getCheckin } from './checkin.store';

export async function overrideGateHold(ctx: ChangeContext, id: string, reason: string, now = new Date()): Promise<Checkin> {
  const before = await getCheckin(ctx.tenantId, id);
  if (!before) throw new NotFoundError('Check-in not found');
  if (before.gate?.decision !== 'HOLD') throw new ConflictError('Only a check-in held at the gate can be overridden');
  if (before.gate.override) throw new ConflictError('This hold has already been overridden');
  const iso = now.toISOString();
  const after: Checkin = { ...before, gate: { ...before.gate, override: { by: ctx.actor?.username ?? 'unknown', at: iso, reason } } };
  const facility = await getFacility(ctx.tenantId, before.facilityId);
  const date = localDateTime(now, facility?.timeZone ?? DEFAULT_TIME_ZONE).date;
  await transact(
    [
      checkinChangePut(after, before),
      gateOverridePut({ tenantId: ctx.tenantId, facilityId: before.facilityId, date, appointmentId: before.appointmentId, checkinId: id, vehicleNumber: before.vehicleLicense, at: iso }),
      auditPut({ tenantId: ctx.tenantId, actor: ctx.actor, action: 'checkin.gate-override', entityType: 'checkin', entityId: id, before: { ...before }, after: { ...after } }, now),
    ],
    () => new ConflictError('The check-in was changed by someone else. Refresh and try again.'),
  );
  return after;
}

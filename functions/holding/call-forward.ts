// The call forward of a facility's holding queue (issue #58.3; the rules in shared/contracts/holding.ts):
// a called driver who reached the door leaves the queue; one whose deadline passed loses the door
// (the check-in's door is taken back) and goes back into the queue behind the next driver, or is marked
// no-show at the last missed call; then each free door goes to the next driver in the queue, through the
// check-in's door assignment (the one door rule decides whether the door is free: a truck standing
// there, its time booked, maintenance), whose door-assigned event carries the deadline so the driver
// notifier sends the call in the driver's language on their channel (functions/messaging notify.ts).
// Run every minute by the holding worker (call-forward.worker.ts) for each facility with call forward on.
// Two runs at once are safe: a door goes to one truck (the occupant record's condition), a door is
// taken back once (the check-in's revision).
import { assignCheckinDoor, listFacilityCheckins, withdrawCheckinDoor } from '../checkins';
import { getAppointment, type ChangeContext } from '../appointments';
import { getFacility, listDockDoors } from '../facilities';
import { messageDriver } from '../messaging';
import { ConflictError } from '../lib/errors';
import { logger } from '../lib/logger';
import { facilityTimeZone, localDateTime } from '../../shared/time';
import type { Checkin } from '../../shared/contracts/checkins';
import { holdingAreaOf } from './area';
import { deleteHoldingCall, listHoldingCalls, putHoldingCall, type HoldingCall } from './holding.store';
import { afterMissedCall, behind, callable, deadlineOf, inHolding, queueKey, stillCalled } from './rules';

/** How far back a check-in may still be waiting (a truck kept longer is the gate's to clear). */
export const HOLDING_LOOKBACK_MS = 24 * 3600 * 1000;
/** Check-in statuses in which a truck stands at (or holds) its door. */
const AT_A_DOOR: readonly Checkin['status'][] = ['checked_in', 'at_dock', 'loading', 'unloading'];

export interface CallForwardRun {
  called: number;
  missed: number;
}

/** The facility's trucks of the last day, newest first (one key Query). */
export const recentCheckins = (tenantId: string, facilityId: string, now: Date) =>
  listFacilityCheckins(tenantId, facilityId, {
    since: new Date(now.getTime() - HOLDING_LOOKBACK_MS).toISOString(),
    limit: 500,
  });

/** One pass over the facility's queue at `now`; nothing happens unless its call forward is on. */
export async function advanceHolding(tenantId: string, facilityId: string, now = new Date()): Promise<CallForwardRun> {
  const run: CallForwardRun = { called: 0, missed: 0 };
  const area = await holdingAreaOf(tenantId, facilityId);
  if (!area.callForward) return run;
  const facility = await getFacility(tenantId, facilityId);
  if (!facility) return run;
  const ctx: ChangeContext = { tenantId, actor: null };
  const [checkins, stored, doors] = await Promise.all([
    recentCheckins(tenantId, facilityId, now),
    listHoldingCalls(tenantId, facilityId),
    listDockDoors(tenantId, facilityId),
  ]);
  const calls = new Map(stored.map((c) => [c.checkinId, c]));
  const byId = new Map(checkins.map((c) => [c.id, c]));
  const freed: string[] = [];
  const missedNow: HoldingCall[] = [];
  for (const call of stored) {
    const checkin = byId.get(call.checkinId);
    if (!checkin || (!inHolding(checkin) && !stillCalled(checkin, call))) {
      // It reached its door (or left, or staff gave it another door): out of the queue.
      await deleteHoldingCall(tenantId, facilityId, call.checkinId);
      calls.delete(call.checkinId);
      continue;
    }
    if (call.state !== 'called' || !stillCalled(checkin, call) || Date.parse(call.deadline!) > now.getTime()) continue;
    try {
      const after = await withdrawCheckinDoor(
        ctx,
        checkin.id,
        'Did not reach the door by the call forward deadline',
        now,
      );
      byId.set(after.id, after);
    } catch (err) {
      // Reached the door meanwhile, or another run took it back first.
      if (err instanceof ConflictError) continue;
      throw err;
    }
    const missed: HoldingCall = { ...call, ...afterMissedCall(call.missedCalls), updatedAt: now.toISOString() };
    calls.set(call.checkinId, missed);
    missedNow.push(missed);
    freed.push(call.doorId!);
    run.missed += 1;
  }
  // A driver who missed goes back right behind the driver now first in the queue (the one called in their place).
  for (const missed of missedNow) {
    const checkin = byId.get(missed.checkinId)!;
    if (missed.state === 'waiting') {
      const next = callable([...byId.values()], calls).find((c) => c.id !== checkin.id);
      if (next) missed.queueKey = behind(queueKey(next, calls.get(next.id)));
    }
    await putHoldingCall(missed, now);
    await tellMissed(tenantId, checkin, missed, facilityTimeZone(facility), now);
  }
  // The doors to offer: those freed by a missed call first, then every other in service without a truck.
  const standing = new Set(
    [...byId.values()].filter((c) => c.dockDoorId && AT_A_DOOR.includes(c.status)).map((c) => c.dockDoorId!),
  );
  const candidates = [
    ...freed.map((id) => doors.find((d) => d.id === id)).filter((d) => d !== undefined),
    ...doors.filter((d) => !freed.includes(d.id) && !standing.has(d.id)),
  ].filter((d) => d.status !== 'maintenance');
  const deadlineAt = deadlineOf(now);
  const deadlineTime = localDateTime(deadlineAt, facilityTimeZone(facility)).time;
  for (const truck of callable([...byId.values()], calls)) {
    if (!candidates.length) break;
    while (candidates.length) {
      const door = candidates.shift()!;
      try {
        await assignCheckinDoor(ctx, truck.id, door.id, undefined, now, {
          callForward: { deadline: deadlineAt.toISOString(), deadlineTime, holdingArea: area.name },
        });
      } catch (err) {
        // The door is not free for it now (a truck there, its time booked): the next door.
        if (err instanceof ConflictError) continue;
        throw err;
      }
      const before = calls.get(truck.id);
      await putHoldingCall(
        {
          tenantId,
          facilityId,
          checkinId: truck.id,
          appointmentId: truck.appointmentId,
          state: 'called',
          doorId: door.id,
          doorNumber: door.doorNumber,
          calledAt: now.toISOString(),
          deadline: deadlineAt.toISOString(),
          missedCalls: before?.missedCalls ?? 0,
          ...(before?.queueKey ? { queueKey: before.queueKey } : {}),
          updatedAt: now.toISOString(),
        },
        now,
      );
      logger.info('holding: driver called forward', {
        tenantId,
        facilityId,
        checkinId: truck.id,
        door: door.doorNumber,
      });
      run.called += 1;
      break;
    }
  }
  return run;
}

/** The driver who missed the call hears it (once per missed call), in their language on their channel. */
async function tellMissed(tenantId: string, checkin: Checkin, call: HoldingCall, timeZone: string, now: Date) {
  if (call.state !== 'waiting' || !call.doorNumber || !call.deadline) return;
  const appointment = await getAppointment(tenantId, checkin.appointmentId);
  if (!appointment) return;
  const time = localDateTime(new Date(call.deadline), timeZone).time;
  await messageDriver(
    tenantId,
    { carrierId: appointment.carrierId, driverId: appointment.driverId, phone: appointment.driverPhone },
    'call_forward_missed',
    () => ({ dock: call.doorNumber!, time }),
    { id: `call-forward-missed-${checkin.id}-${call.missedCalls}`, type: 'holding.call-missed' },
    now,
  );
}

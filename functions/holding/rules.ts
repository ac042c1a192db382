// The holding queue's rules (issue #58.3, shared/contracts/holding.ts says them in words), pure: who is
// in the queue and in which order, the deadline of a call, and what a missed call does.
import { heldAtGate } from '../../shared/contracts/gate';
import {
  CALL_FORWARD_DEADLINE_MINUTES,
  MAX_MISSED_CALLS,
  type HoldingArea,
  type HoldingQueue,
  type HoldingQueueEntry,
} from '../../shared/contracts/holding';
import type { Checkin } from '../../shared/contracts/checkins';
import type { HoldingCall } from './holding.store';

/** A truck is in holding while it is checked in without a door (at the gate, in the holding area). */
export const inHolding = (c: Checkin) => c.status === 'checked_in' && !c.dockDoorId;

/** A called truck: still checked in, at the door it was called to. */
export const stillCalled = (c: Checkin, call: HoldingCall | undefined) =>
  call?.state === 'called' && c.status === 'checked_in' && !!c.dockDoorId && c.dockDoorId === call.doorId;

/** Its place in the queue: by check-in time (ties by id), unless a missed call moved it. */
export const queueKey = (c: Checkin, call?: HoldingCall) => call?.queueKey ?? `${c.checkInTime}#${c.id}`;

/** The place right behind another truck's (and before anyone who checked in after it). */
export const behind = (key: string) => `${key}~`;

export const deadlineOf = (calledAt: Date) => new Date(calledAt.getTime() + CALL_FORWARD_DEADLINE_MINUTES * 60_000);

/** A missed call: back into the queue, or, at MAX_MISSED_CALLS, a no-show out of it. */
export const afterMissedCall = (missedCalls: number): { state: 'waiting' | 'no_show'; missedCalls: number } => {
  const missed = missedCalls + 1;
  return { state: missed >= MAX_MISSED_CALLS ? 'no_show' : 'waiting', missedCalls: missed };
};

/** The trucks to call, in order: in holding, not held at the gate, not no-show. */
export function callable(checkins: readonly Checkin[], calls: ReadonlyMap<string, HoldingCall>): Checkin[] {
  return checkins
    .filter((c) => inHolding(c) && !heldAtGate(c.gate) && calls.get(c.id)?.state !== 'no_show')
    .sort((a, b) => queueKey(a, calls.get(a.id)).localeCompare(queueKey(b, calls.get(b.id))));
}

const minutesSince = (from: string, now: Date) => Math.max(0, Math.floor((now.getTime() - Date.parse(from)) / 60_000));

/** The queue as staff see it: called drivers (soonest deadline first), waiting ones by position, then no-shows. */
export function queueOf(
  timeZone: string,
  area: HoldingArea,
  checkins: readonly Checkin[],
  calls: readonly HoldingCall[],
  now: Date,
): HoldingQueue {
  const byCheckin = new Map(calls.map((c) => [c.checkinId, c]));
  const entry = (
    c: Checkin,
    state: HoldingQueueEntry['state'],
    position: number | null,
    call?: HoldingCall,
  ): HoldingQueueEntry => ({
    checkinId: c.id,
    appointmentId: c.appointmentId,
    position,
    state,
    driverName: c.driverName,
    vehicleLicense: c.vehicleLicense,
    carrierName: c.carrierName,
    waitingSince: c.checkInTime,
    waitingMinutes: minutesSince(c.checkInTime, now),
    calledAt: call?.calledAt ?? null,
    deadline: state === 'called' ? (call?.deadline ?? null) : null,
    doorNumber: call?.doorNumber ?? null,
    missedCalls: call?.missedCalls ?? 0,
    heldAtGate: heldAtGate(c.gate),
  });
  const called = checkins
    .filter((c) => stillCalled(c, byCheckin.get(c.id)))
    .map((c) => entry(c, 'called', null, byCheckin.get(c.id)))
    .sort((a, b) => (a.deadline ?? '').localeCompare(b.deadline ?? ''));
  const waiting = callable(checkins, byCheckin).map((c, i) => entry(c, 'waiting', i + 1, byCheckin.get(c.id)));
  const held = checkins
    .filter((c) => inHolding(c) && heldAtGate(c.gate) && byCheckin.get(c.id)?.state !== 'no_show')
    .map((c) => entry(c, 'waiting', null, byCheckin.get(c.id)));
  const noShows = checkins
    .filter((c) => inHolding(c) && byCheckin.get(c.id)?.state === 'no_show')
    .map((c) => entry(c, 'no_show', null, byCheckin.get(c.id)));
  return {
    facilityId: area.facilityId,
    timeZone,
    area,
    asOf: now.toISOString(),
    deadlineMinutes: CALL_FORWARD_DEADLINE_MINUTES,
    entries: [...called, ...waiting, ...held, ...noShows],
  };
}

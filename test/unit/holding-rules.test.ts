// The holding queue's rules (functions/holding/rules.ts, issue #58.3): who is in the queue and in which
// order, the deadline of a call, what a missed call does. Expected results written by hand.
import { describe, expect, it } from 'vitest';
import { afterMissedCall, behind, callable, deadlineOf, queueOf } from '../../functions/holding/rules';
import type { HoldingCall } from '../../functions/holding/holding.store';
import type { Checkin } from '../../shared/contracts/checkins';

const checkin = (id: string, time: string, over: Partial<Checkin> = {}): Checkin => ({
  id,
  tenantId: 't',
  facilityId: 'f',
  appointmentId: `a-${id}`,
  bookingReference: 'DS-1',
  driverId: null,
  driverName: `Driver ${id}`,
  vehicleLicense: null,
  carrierName: null,
  dockDoorId: null,
  doorNumber: null,
  notes: null,
  status: 'checked_in',
  checkinMethod: 'manual',
  checkInTime: `2026-12-05T${time}:00.000Z`,
  atDockAt: null,
  completedAt: null,
  departedAt: null,
  createdAt: `2026-12-05T${time}:00.000Z`,
  createdBy: null,
  ...over,
});
const call = (checkinId: string, over: Partial<HoldingCall>): HoldingCall => ({
  tenantId: 't',
  facilityId: 'f',
  checkinId,
  appointmentId: `a-${checkinId}`,
  state: 'waiting',
  doorId: 'd5',
  doorNumber: 'D05',
  calledAt: null,
  deadline: null,
  missedCalls: 0,
  updatedAt: '2026-12-05T10:00:00.000Z',
  ...over,
});

describe('holding rules', () => {
  it('gives a call 15 minutes', () => {
    expect(deadlineOf(new Date('2026-12-05T10:50:00.000Z')).toISOString()).toBe('2026-12-05T11:05:00.000Z');
  });

  it('puts a driver back after the first missed call and out after the second', () => {
    expect(afterMissedCall(0)).toEqual({ state: 'waiting', missedCalls: 1 });
    expect(afterMissedCall(1)).toEqual({ state: 'no_show', missedCalls: 2 });
  });

  it('calls by check-in time; a driver who missed goes right behind the one called instead, before later trucks', () => {
    const a = checkin('a', '10:00');
    const b = checkin('b', '10:05');
    const c = checkin('c', '10:10');
    const moved = new Map([['a', call('a', { queueKey: behind(`${b.checkInTime}#b`), missedCalls: 1 })]]);
    expect(callable([c, b, a], new Map()).map((x) => x.id)).toEqual(['a', 'b', 'c']);
    expect(callable([c, b, a], moved).map((x) => x.id)).toEqual(['b', 'a', 'c']);
  });

  it('leaves out trucks at a door, held at the gate or no-show from the call order, and lists them as staff see them', () => {
    const atDoor = checkin('door', '09:00', { dockDoorId: 'd1', doorNumber: 'D01' });
    const held = checkin('held', '09:10', {
      gate: { decision: 'HOLD', reasons: [], checks: [] } as unknown as Checkin['gate'],
    });
    const gone = checkin('gone', '09:20');
    const waiting = checkin('wait', '09:30');
    const calledTruck = checkin('called', '09:40', { dockDoorId: 'd5', doorNumber: 'D05' });
    const calls = [
      call('gone', { state: 'no_show', missedCalls: 2 }),
      call('called', {
        state: 'called',
        calledAt: '2026-12-05T10:00:00.000Z',
        deadline: '2026-12-05T10:15:00.000Z',
      }),
    ];
    const q = queueOf(
      'Asia/Kolkata',
      { facilityId: 'f', name: 'Holding area', kind: 'on_site', callForward: true, configured: false },
      [atDoor, held, gone, waiting, calledTruck],
      calls,
      new Date('2026-12-05T10:00:00.000Z'),
    );
    expect(q.entries.map((e) => [e.checkinId, e.state, e.position, e.waitingMinutes, e.heldAtGate])).toEqual([
      ['called', 'called', null, 20, false],
      ['wait', 'waiting', 1, 30, false],
      ['held', 'waiting', null, 50, true],
      ['gone', 'no_show', null, 40, false],
    ]);
    expect(q.entries[0]).toMatchObject({ doorNumber: 'D05', deadline: '2026-12-05T10:15:00.000Z' });
  });
});

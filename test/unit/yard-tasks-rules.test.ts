// The yard move tasks' pure rules (issue #58.4): which state changes a tap may make and what a refused
// one says, the spot a trailer is taken back to, and the doors as the open moves leave them.
import { describe, expect, it } from 'vitest';
import { nearestFreeSpot, taskMoveRefusal, YARD_TASK_MOVES } from '../../functions/yard/rules';
import { yardOverview } from '../../functions/yard/overview';
import type { DockDoor } from '../../functions/facilities';
import type { YardSpot } from '../../functions/yard/yard-spot.store';
import type { YardTask } from '../../shared/contracts/yard';

const spot = (n: number, status: YardSpot['status'] = 'empty', currentAssetId: string | null = null): YardSpot => ({
  id: `s${n}`,
  tenantId: 't',
  facilityId: 'f',
  spotNumber: `Y${String(n).padStart(2, '0')}`,
  status,
  currentAssetId,
  updatedAt: '2026-01-05T10:00:00.000Z',
});

describe('taskMoveRefusal', () => {
  it('lets an open task start and a started one finish, nothing else', () => {
    expect(taskMoveRefusal('open', 'started')).toBeNull();
    expect(taskMoveRefusal('started', 'done')).toBeNull();
    expect(taskMoveRefusal('open', 'done')).toBe('Start this yard task before finishing it');
    expect(taskMoveRefusal('started', 'started')).toBe('This yard task has already been started');
    expect(taskMoveRefusal('done', 'done')).toBe('This yard task is already done');
    expect(taskMoveRefusal('done', 'started')).toBe('This yard task is already done');
    expect(taskMoveRefusal('cancelled', 'started')).toBe('This yard task was cancelled');
    expect(taskMoveRefusal('cancelled', 'done')).toBe('This yard task was cancelled');
  });

  it('ends in done or cancelled: no way out of either', () => {
    expect(YARD_TASK_MOVES.done).toEqual([]);
    expect(YARD_TASK_MOVES.cancelled).toEqual([]);
  });
});

describe('nearestFreeSpot', () => {
  it('takes the lowest-numbered empty spot (numerically) that no other move takes', () => {
    // Y01 is under maintenance, Y02 occupied, Y03 taken by another move: Y09 before Y10.
    const spots = [spot(10), spot(1, 'maintenance'), spot(2, 'occupied', 'MH01AA0001'), spot(9), spot(3)];
    expect(nearestFreeSpot(spots, new Set(['s3']))?.spotNumber).toBe('Y09');
    expect(nearestFreeSpot(spots)?.spotNumber).toBe('Y03');
  });

  it('is null when every spot is taken', () => {
    expect(nearestFreeSpot([spot(1, 'occupied', 'X'), spot(2, 'maintenance')])).toBeNull();
  });
});

describe('yardOverview with the open moves', () => {
  const door = (n: number): DockDoor =>
    ({ id: `d${n}`, doorNumber: `D0${n}`, doorType: 'standard', status: 'available' }) as DockDoor;
  const move = (kind: YardTask['kind'], dockDoorId: string): YardTask =>
    ({ id: `m-${dockDoorId}`, kind, state: 'open', assetId: 'MH04YT0002', spotNumber: 'Y03', dockDoorId }) as YardTask;

  it('shows a door waiting for a trailer from a spot without it, and one with a trailer to take back as occupied', () => {
    const { doors, occupiedDocks } = yardOverview(
      [door(1), door(2), door(3)],
      [],
      [],
      [],
      [move('to_door', 'd1'), move('to_spot', 'd2')],
    );
    expect(doors.map((d) => [d.doorNumber, d.status, d.assetId, d.move?.kind ?? null])).toEqual([
      ['D01', 'available', null, 'to_door'],
      ['D02', 'occupied', 'MH04YT0002', 'to_spot'],
      ['D03', 'available', null, null],
    ]);
    expect(occupiedDocks).toBe(1);
  });
});

// When automatic re-planning re-plans (issue #58.2): an ETA 15 minutes or more past or before the booked
// start turns a truck late or early; only a change of that, or a move of 15 minutes or more while it
// lasts, re-plans; and only trucks on their way are applied by themselves. Boundaries by hand.
import { describe, expect, it } from 'vitest';
import { autoAppliedTrucks, etaCause, etaClass, workEndsAt } from '../../functions/planner/replan-rules';
import type { ProposalTruck } from '../../shared/contracts/planner';

const due = Date.parse('2026-12-05T12:00:00Z');
const at = (time: string) => `2026-12-05T${time}:00Z`;

describe('etaClass', () => {
  it('is late from 15 minutes after the booked start, early from 15 before, on time between', () => {
    expect(etaClass(Date.parse(at('12:14')), due)).toBe('onTime');
    expect(etaClass(Date.parse(at('12:15')), due)).toBe('late');
    expect(etaClass(Date.parse(at('11:46')), due)).toBe('onTime');
    expect(etaClass(Date.parse(at('11:45')), due)).toBe('early');
  });
});

describe('etaCause', () => {
  it('re-plans a first estimate that is late or early, never an on-time one', () => {
    expect(etaCause(null, at('14:00'), due)).toBe('late');
    expect(etaCause(null, at('11:30'), due)).toBe('early');
    expect(etaCause(null, at('12:10'), due)).toBeNull();
  });

  it('re-plans when the truck turns late or early, or moves 15 minutes or more while it is', () => {
    expect(etaCause(at('12:05'), at('12:20'), due)).toBe('late');
    expect(etaCause(at('11:30'), at('12:30'), due)).toBe('late');
    expect(etaCause(at('13:00'), at('13:14'), due)).toBeNull();
    expect(etaCause(at('13:00'), at('13:15'), due)).toBe('late');
    expect(etaCause(at('13:00'), at('12:05'), due)).toBeNull();
  });
});

describe('workEndsAt', () => {
  it('is the start plus the length, none before the work starts', () => {
    expect(workEndsAt(at('10:00'), 90)).toBe(Date.parse(at('11:30')));
    expect(workEndsAt(null, 90)).toBeNull();
  });
});

describe('autoAppliedTrucks', () => {
  const truck = (id: string, state: ProposalTruck['state'], changed: boolean): ProposalTruck => ({
    appointmentId: id,
    bookingReference: id,
    vehicleLicense: null,
    state,
    baseRevision: 1,
    current: { doorId: null, doorNumber: null, start: '12:00', end: '13:00' },
    proposed: { doorId: 'd1', doorNumber: 'D1', start: '12:00', end: '13:00' },
    waitMinutes: 0,
    changed,
  });

  it('applies only the changed trucks still on their way', () => {
    const trucks = [truck('a', 'expected', true), truck('b', 'expected', false), truck('h', 'holding', true)];
    expect(autoAppliedTrucks({ trucks: [...trucks, truck('x', 'atDoor', true)] })).toEqual(['a']);
  });
});

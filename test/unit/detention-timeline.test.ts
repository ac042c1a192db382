// A truck's timeline (issue #57.1): read from the records that hold its times, with its sources, and
// corrected by staff with the original kept. Expected timelines are written out by hand.
import { describe, expect, it } from 'vitest';
import { correctionRefusal, stampsOf, timelineOf, type TimelineRecords } from '../../functions/detention/timeline';

const records = (more: Partial<TimelineRecords> = {}): TimelineRecords => ({
  appointment: {
    arrivedAt: '2026-12-15T04:32:00.000Z',
    loadingStartedAt: '2026-12-15T05:20:00.000Z',
    departedAt: '2026-12-15T07:45:00.000Z',
  },
  checkin: {
    checkinMethod: 'qr_code',
    checkInTime: '2026-12-15T04:32:00.000Z',
    atDockAt: '2026-12-15T05:10:00.000Z',
    completedAt: '2026-12-15T06:40:00.000Z',
    departedAt: '2026-12-15T07:45:00.000Z',
  },
  crossings: [
    { at: '2026-12-15T02:10:00.000Z' },
    { at: '2026-12-15T03:55:00.000Z' },
    { at: '2026-12-15T09:00:00.000Z' },
  ],
  corrections: [],
  ...more,
});

describe('the timeline', () => {
  it('reads each event from the record that holds it, with its source, in the truck’s order', () => {
    expect(timelineOf(records())).toEqual([
      // The last crossing before gate-in: the one nearest the hub (09:00 is the road home).
      { event: 'fastag_near_hub', at: '2026-12-15T03:55:00.000Z', source: 'fastag' },
      { event: 'gate_in', at: '2026-12-15T04:32:00.000Z', source: 'gate_qr' },
      { event: 'at_door', at: '2026-12-15T05:10:00.000Z', source: 'status_change' },
      { event: 'work_started', at: '2026-12-15T05:20:00.000Z', source: 'status_change' },
      { event: 'work_finished', at: '2026-12-15T06:40:00.000Z', source: 'status_change' },
      { event: 'gate_out', at: '2026-12-15T07:45:00.000Z', source: 'status_change' },
    ]);
  });

  it('names how the truck came in: a pass synced from the gate, the driver’s phone, staff', () => {
    const gateIn = (checkin: Partial<NonNullable<TimelineRecords['checkin']>>) =>
      timelineOf(records({ checkin: { ...records().checkin!, ...checkin } })).find((e) => e.event === 'gate_in')!
        .source;
    expect(gateIn({ claimedAt: '2026-12-15T04:32:00.000Z' })).toBe('pass_scan');
    expect(gateIn({ checkinMethod: 'tablet' })).toBe('driver_app');
    expect(gateIn({ checkinMethod: 'manual' })).toBe('staff');
  });

  it('keeps the original beside a correction, and the first original through a second correction', () => {
    const first = {
      event: 'gate_out' as const,
      at: '2026-12-15T07:15:00.000Z',
      by: 'Asha Patil',
      reason: 'Gate register says 12:45',
      correctedAt: '2026-12-16T05:00:00.000Z',
    };
    const second = {
      ...first,
      at: '2026-12-15T07:20:00.000Z',
      by: 'R. Kulkarni',
      reason: 'CCTV: 12:50',
      correctedAt: '2026-12-16T06:00:00.000Z',
    };
    const out = timelineOf(records({ corrections: [second, first] })).find((e) => e.event === 'gate_out');
    expect(out).toEqual({
      event: 'gate_out',
      at: '2026-12-15T07:20:00.000Z',
      source: 'staff_correction',
      correction: {
        original: { at: '2026-12-15T07:45:00.000Z', source: 'status_change' },
        by: 'R. Kulkarni',
        reason: 'CCTV: 12:50',
        correctedAt: '2026-12-16T06:00:00.000Z',
      },
    });
  });

  it('takes an event staff record (documents done) in its place, with nothing to keep', () => {
    const documents = {
      event: 'documents_done' as const,
      at: '2026-12-15T07:05:00.000Z',
      by: 'Asha Patil',
      reason: 'E-way bill handed over',
      correctedAt: '2026-12-15T07:06:00.000Z',
    };
    const timeline = timelineOf(records({ corrections: [documents] }));
    expect(timeline.map((e) => e.event)).toEqual([
      'fastag_near_hub',
      'gate_in',
      'at_door',
      'work_started',
      'work_finished',
      'documents_done',
      'gate_out',
    ]);
    expect(timeline.find((e) => e.event === 'documents_done')).toEqual({
      event: 'documents_done',
      at: '2026-12-15T07:05:00.000Z',
      source: 'staff_correction',
    });
    expect(stampsOf(timeline).documents_done).toEqual(new Date('2026-12-15T07:05:00.000Z'));
  });

  it('refuses a gate-out before gate-in, an event out of the truck’s order, one in the future', () => {
    const timeline = timelineOf(records());
    const now = new Date('2026-12-16T00:00:00.000Z');
    expect(correctionRefusal(timeline, 'gate_out', new Date('2026-12-15T04:00:00.000Z'), now)).toBe(
      'Gate-out cannot be before work finished',
    );
    expect(correctionRefusal(timeline, 'gate_in', new Date('2026-12-15T08:00:00.000Z'), now)).toBe(
      'Gate-in cannot be after at door',
    );
    expect(correctionRefusal(timeline, 'gate_out', new Date('2026-12-17T00:00:00.000Z'), now)).toBe(
      'Gate-out cannot be in the future',
    );
    expect(correctionRefusal(timeline, 'fastag_near_hub', new Date('2026-12-15T03:00:00.000Z'), now)).toBe(
      'A FASTag crossing comes from FASTag and cannot be corrected',
    );
    // Gate-out at 12:50 India time is after work finished (12:10): allowed.
    expect(correctionRefusal(timeline, 'gate_out', new Date('2026-12-15T07:20:00.000Z'), now)).toBeNull();
    // Gate-in earlier than the FASTag crossing is not refused: the crossing only shows the road.
    expect(correctionRefusal(timeline, 'gate_in', new Date('2026-12-15T03:30:00.000Z'), now)).toBeNull();
  });

  it('asks for a gate-in before anything else on a truck that has none', () => {
    const none = timelineOf(
      records({ appointment: { arrivedAt: null, loadingStartedAt: null, departedAt: null }, checkin: null }),
    );
    expect(none).toEqual([{ event: 'fastag_near_hub', at: '2026-12-15T09:00:00.000Z', source: 'fastag' }]);
    expect(
      correctionRefusal(
        none,
        'documents_done',
        new Date('2026-12-15T07:00:00.000Z'),
        new Date('2026-12-16T00:00:00.000Z'),
      ),
    ).toBe('The truck has no gate-in yet: record its gate-in first');
  });
});

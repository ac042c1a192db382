// A pass is offered for printing only when it is valid when its slot ends (issue #29).
import { describe, expect, it } from 'vitest';
import { validThroughSlot } from '../../shared/contracts/appointments-guest';

describe('validThroughSlot', () => {
  // A 17:00-18:00 IST slot on 29 Feb 2028 ends at 12:30 UTC.
  const slotEndsAt = '2028-02-29T12:30:00.000Z';

  it('is false for a pass that lapses one minute before the slot ends', () => {
    expect(validThroughSlot('2028-02-29T12:29:00.000Z', slotEndsAt)).toBe(false);
  });

  it('is true for a pass that lapses exactly when the slot ends, or later', () => {
    expect(validThroughSlot('2028-02-29T12:30:00.000Z', slotEndsAt)).toBe(true);
    // The usual pass: valid until the facility's next midnight (1 March 00:00 IST).
    expect(validThroughSlot('2028-02-29T18:30:00.000Z', slotEndsAt)).toBe(true);
  });

  it('compares instants, not texts in different offsets', () => {
    // 23:59 IST on 31 Dec is 18:29 UTC: one minute short of a slot ending at midnight IST.
    expect(validThroughSlot('2026-12-31T23:59:00+05:30', '2026-12-31T18:30:00.000Z')).toBe(false);
    expect(validThroughSlot('2027-01-01T00:00:00+05:30', '2026-12-31T18:30:00.000Z')).toBe(true);
  });
});

import { describe, expect, it } from 'vitest';
import { MAX_PLACEMENTS, planSpotAssignment, type WaitingTruck } from '../../functions/yard/rules';

const spot = (
  n: number,
  status: 'empty' | 'occupied' | 'maintenance' = 'empty',
  currentAssetId: string | null = null,
) => ({ id: `s${n}`, spotNumber: `Y${String(n).padStart(2, '0')}`, status, currentAssetId });
const truck = (asset: string, minute: number): WaitingTruck => ({
  checkinId: `c-${asset}`,
  appointmentId: `a-${asset}`,
  assetId: asset,
  checkInTime: `2026-01-05T10:${String(minute).padStart(2, '0')}:00.000Z`,
});
const pairs = (plan: ReturnType<typeof planSpotAssignment>) =>
  plan.placements.map((p) => `${p.truck.assetId}@${p.spot.spotNumber}`);

describe('planSpotAssignment', () => {
  it('gives the longest-waiting truck the free spot nearest the gate, by spot number not by text', () => {
    // Prepare: listed out of order; Y10 sorts after Y09 numerically.
    const spots = [spot(10), spot(2, 'occupied', 'MH01AA0001'), spot(9), spot(1, 'maintenance'), spot(3)];
    // Act
    const plan = planSpotAssignment([truck('LATE', 30), truck('EARLY', 5), truck('MIDDLE', 10)], spots);
    // Assess
    expect(pairs(plan)).toEqual(['EARLY@Y03', 'MIDDLE@Y09', 'LATE@Y10']);
    expect(plan.stillWaiting).toBe(0);
  });

  it('skips trucks already on a spot and counts those left without one', () => {
    // Act
    const plan = planSpotAssignment(
      [truck('PARKED', 1), truck('A', 2), truck('B', 3)],
      [spot(1, 'occupied', 'PARKED'), spot(2)],
    );
    // Assess
    expect(pairs(plan)).toEqual(['A@Y02']);
    expect(plan.stillWaiting).toBe(1);
  });

  it('places one truck once even if it has two waiting check-ins', () => {
    expect(
      pairs(planSpotAssignment([truck('TWICE', 1), { ...truck('TWICE', 2), checkinId: 'c-2' }], [spot(1), spot(2)])),
    ).toEqual(['TWICE@Y01']);
  });

  it('places nothing without free spots or without waiting trucks', () => {
    expect(planSpotAssignment([truck('A', 1)], [spot(1, 'maintenance'), spot(2, 'occupied', 'X')])).toEqual({
      placements: [],
      stillWaiting: 1,
    });
    expect(planSpotAssignment([], [spot(1)])).toEqual({ placements: [], stillWaiting: 0 });
  });

  it(`places at most ${MAX_PLACEMENTS} trucks in one step`, () => {
    // Prepare
    const trucks = Array.from({ length: MAX_PLACEMENTS + 2 }, (_, i) => truck(`T${i}`, i));
    const spots = Array.from({ length: MAX_PLACEMENTS + 5 }, (_, i) => spot(i + 1));
    // Act
    const plan = planSpotAssignment(trucks, spots);
    // Assess
    expect(plan.placements).toHaveLength(MAX_PLACEMENTS);
    expect(plan.stillWaiting).toBe(2);
  });
});

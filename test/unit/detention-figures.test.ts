// The dwell and detention figures of issue #57.4, worked out by hand: the detention rupees of a truck
// split by cause (rules.ts detentionPaiseByCause) and the figures of a set of trucks (insights'
// dwell-figures.ts: median, p90 by nearest rank, over 2 h, on-time share, hours and rupees by cause).
import { describe, expect, it } from 'vitest';
import { detentionPaiseByCause } from '../../functions/detention/rules';
import { dwellByCarrier, dwellByDay, dwellDetentionFigures } from '../../functions/insights/dwell-figures';
import type { TruckFigures } from '../../functions/detention';

const none = { door_wait: 0, at_door: 0, documents: 0, hub_hold: 0 };

describe('detention rupees by cause', () => {
  it('splits one started hour of 60 minutes, all at the door, to the door', () => {
    expect(
      detentionPaiseByCause({
        detentionMinutesByCause: { ...none, at_door: 60 },
        detentionMinutes: 60,
        detentionPaise: 75_000,
      }),
    ).toEqual({ ...none, at_door: 75_000 });
  });

  it('splits by minutes, rounding down, the paise left going to the cause with the most minutes', () => {
    // 100 minutes: 2 started hours at ₹750 = 1,50,000 paise. Door wait 30/100 = 45,000; at the door
    // 70/100 = 1,05,000: exact, nothing left over.
    expect(
      detentionPaiseByCause({
        detentionMinutesByCause: { ...none, door_wait: 30, at_door: 70 },
        detentionMinutes: 100,
        detentionPaise: 150_000,
      }),
    ).toEqual({ ...none, door_wait: 45_000, at_door: 105_000 });
    // 3 causes of 20 minutes each (1 started hour at ₹100 = 10,000 paise): 3,333 each, the 1 left to the first.
    expect(
      detentionPaiseByCause({
        detentionMinutesByCause: { ...none, door_wait: 20, documents: 20, hub_hold: 20 },
        detentionMinutes: 60,
        detentionPaise: 10_000,
      }),
    ).toEqual({ door_wait: 3_334, at_door: 0, documents: 3_333, hub_hold: 3_333 });
  });

  it('gives nothing to any cause without detention', () => {
    expect(detentionPaiseByCause({ detentionMinutesByCause: none, detentionMinutes: 0, detentionPaise: 0 })).toEqual(
      none,
    );
  });
});

const truck = (id: string, dwellMinutes: number, more: Partial<TruckFigures> = {}): TruckFigures => ({
  appointmentId: id,
  facilityId: 'f1',
  day: '2026-03-10',
  carrierId: 'c1',
  carrierName: 'Sahyadri Roadlines',
  arrival: 'on_time',
  dwellMinutes,
  detentionMinutesByCause: none,
  detentionPaiseByCause: none,
  detentionPaise: 0,
  ...more,
});

describe('the figures of a set of trucks', () => {
  // Dwell 30, 90 and 200 minutes: median 90, p90 the 3rd of 3 (ceil(2.7)) = 200, one of three over 2 h.
  // The 200-minute truck: 80 min past 2 h free, 30 waiting for a door and 50 at it, 2 started hours at
  // ₹750 = ₹1,500 (₹562.50 and ₹937.50). The 90-minute one came late.
  const trucks = [
    truck('a', 30),
    truck('b', 90, { arrival: 'late', carrierName: 'Deccan Haulers', carrierId: 'c2' }),
    truck('c', 200, {
      arrival: 'early',
      day: '2026-03-11',
      detentionMinutesByCause: { ...none, door_wait: 30, at_door: 50 },
      detentionPaiseByCause: { ...none, door_wait: 56_250, at_door: 93_750 },
      detentionPaise: 150_000,
    }),
  ];

  it('gives the median, p90, over 2 h, on-time share and detention by cause', () => {
    expect(dwellDetentionFigures(trucks)).toEqual({
      trucks: 3,
      medianDwellMinutes: 90,
      p90DwellMinutes: 200,
      overTwoHoursShare: 33.3,
      onTimeShare: 66.7,
      detentionHoursByCause: { door_wait: 0.5, at_door: 0.8, documents: 0, hub_hold: 0 },
      detentionHours: 1.3,
      detentionRupeesByCause: { door_wait: 562.5, at_door: 937.5, documents: 0, hub_hold: 0 },
      detentionRupees: 1500,
    });
  });

  it('gives none without trucks', () => {
    expect(dwellDetentionFigures([])).toMatchObject({
      trucks: 0,
      medianDwellMinutes: null,
      p90DwellMinutes: null,
      overTwoHoursShare: null,
      onTimeShare: null,
      detentionHours: 0,
      detentionRupees: 0,
    });
  });

  it('splits by day and by carrier', () => {
    const days = dwellByDay(trucks, ['2026-03-10', '2026-03-11', '2026-03-12']);
    expect(days.map((d) => [d.date, d.trucks, d.medianDwellMinutes, d.detentionRupees])).toEqual([
      ['2026-03-10', 2, 60, 0],
      ['2026-03-11', 1, 200, 1500],
      ['2026-03-12', 0, null, 0],
    ]);
    const carriers = dwellByCarrier(trucks);
    expect(carriers.map((c) => [c.carrier, c.trucks, c.medianDwellMinutes, c.onTimeShare, c.detentionHours])).toEqual([
      ['Sahyadri Roadlines', 2, 115, 100, 1.3],
      ['Deccan Haulers', 1, 90, 0, 0],
    ]);
  });
});

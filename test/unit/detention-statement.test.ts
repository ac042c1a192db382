// A carrier's monthly detention statement (issue #57.3): the month's lines on each facility's own
// day, totals by facility and cause, and the net, all added up by hand below.
import { describe, expect, it } from 'vitest';
import { rupeesText } from '../../shared/contracts/detention';
import { statementCsv, statementOf, type StatementLine } from '../../functions/detention/statement';

const line = (more: Partial<StatementLine>): StatementLine => ({
  bookingReference: 'DS-0',
  facilityId: 'chakan',
  facilityName: 'Chakan DC',
  day: '2026-12-15',
  vehicleNumber: 'MH12AB1234',
  vehicleClass: 'mxl_32ft',
  arrival: 'on_time',
  dwellMinutes: 180,
  detentionMinutesByCause: { door_wait: 0, at_door: 0, documents: 0, hub_hold: 0 },
  chargedHours: 0,
  detentionPaise: 0,
  lateFeePaise: 0,
  evidenceHash: 'a'.repeat(64),
  ...more,
});

const LINES: StatementLine[] = [
  // Chakan: one started hour at ₹500 (60 min at the door), then two hours (100 min held).
  line({
    bookingReference: 'DS-2',
    day: '2026-12-15',
    detentionMinutesByCause: { door_wait: 0, at_door: 60, documents: 0, hub_hold: 0 },
    chargedHours: 1,
    detentionPaise: 50_000,
  }),
  // In at 23:50 on 31 December by the hub's clock: December's, though it is January in UTC+8 or later.
  line({
    bookingReference: 'DS-1',
    day: '2026-12-31',
    detentionMinutesByCause: { door_wait: 30, at_door: 0, documents: 0, hub_hold: 70 },
    chargedHours: 2,
    detentionPaise: 100_000,
  }),
  // Bhiwandi: a late truck, the ₹1,500 fee; no detention.
  line({
    bookingReference: 'DS-3',
    facilityId: 'bhiwandi',
    facilityName: 'Bhiwandi Hub',
    day: '2026-12-02',
    arrival: 'late',
    lateFeePaise: 150_000,
  }),
  // January's: not on December's statement.
  line({ bookingReference: 'DS-4', day: '2027-01-01', chargedHours: 3, detentionPaise: 150_000 }),
];

describe('the monthly statement', () => {
  it('holds the month’s trucks in day order, with totals by facility and cause and the net', () => {
    const s = statementOf('Sahyadri Roadlines', '2026-12', LINES);
    expect(s.lines.map((l) => l.bookingReference)).toEqual(['DS-3', 'DS-2', 'DS-1']);
    expect(s.byFacility).toEqual([
      {
        facilityId: 'bhiwandi',
        facilityName: 'Bhiwandi Hub',
        trucks: 1,
        chargedHours: 0,
        detentionPaise: 0,
        lateFeePaise: 150_000,
      },
      {
        facilityId: 'chakan',
        facilityName: 'Chakan DC',
        trucks: 2,
        chargedHours: 3,
        detentionPaise: 150_000,
        lateFeePaise: 0,
      },
    ]);
    expect(s.byCause).toEqual({ door_wait: 30, at_door: 60, documents: 0, hub_hold: 70 });
    // ₹1,500 detention owed by the hubs less the ₹1,500 late fee: nothing either way.
    expect(s.totals).toEqual({
      trucks: 3,
      chargedHours: 3,
      detentionPaise: 150_000,
      lateFeePaise: 150_000,
      netPaise: 0,
    });
  });

  it('is empty for a month without trucks', () => {
    const s = statementOf('Sahyadri Roadlines', '2026-11', LINES);
    expect(s.lines).toEqual([]);
    expect(s.totals).toEqual({ trucks: 0, chargedHours: 0, detentionPaise: 0, lateFeePaise: 0, netPaise: 0 });
  });

  it('reads as CSV: a row per truck, per facility and the month', () => {
    const rows = statementCsv(statementOf('Sahyadri Roadlines', '2026-12', LINES)).split('\r\n');
    const hash = 'a'.repeat(64);
    expect(rows).toEqual([
      'Month,Day,Facility,Booking reference,Vehicle,Class,Arrival,Dwell (min),Detention min: door_wait,Detention min: at_door,Detention min: documents,Detention min: hub_hold,Started hours,Detention (INR),Late fee (INR),Evidence hash',
      `2026-12,2026-12-02,Bhiwandi Hub,DS-3,MH12AB1234,mxl_32ft,late,180,0,0,0,0,0,0.00,1500.00,${hash}`,
      `2026-12,2026-12-15,Chakan DC,DS-2,MH12AB1234,mxl_32ft,on_time,180,0,60,0,0,1,500.00,0.00,${hash}`,
      `2026-12,2026-12-31,Chakan DC,DS-1,MH12AB1234,mxl_32ft,on_time,180,30,0,0,70,2,1000.00,0.00,${hash}`,
      '2026-12,,Bhiwandi Hub,Total: 1 trucks,,,,,,,,,0,0.00,1500.00,',
      '2026-12,,Chakan DC,Total: 2 trucks,,,,,,,,,3,1500.00,0.00,',
      '2026-12,,All facilities,Total: 3 trucks; net 0.00,,,,,30,60,0,70,3,1500.00,1500.00,',
      '',
    ]);
  });

  it('writes paise as rupees with two decimals, a minus below zero', () => {
    expect([125_050, 5, 0, -50, -150_000].map(rupeesText)).toEqual(['1250.50', '0.05', '0.00', '-0.50', '-1500.00']);
  });
});

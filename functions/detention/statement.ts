// A carrier's monthly detention statement (issue #57.3): one line per truck the carrier sent in the
// month, on the day each facility's own clock gave it (a truck in at 23:50 on 31 December is
// December's), with totals by facility and by cause, and the net: what the hubs owe the carrier for
// detention less what the carrier owes for late arrivals and no-shows.
import { DETENTION_CAUSES, rupeesText, type DetentionCause, type VehicleClass } from '../../shared/contracts/detention';
import { toCsv } from '../lib/csv';
import type { ArrivalOutcome } from './rules';

export interface StatementLine {
  bookingReference: string;
  facilityId: string;
  facilityName: string;
  /** The facility's day the truck came in (YYYY-MM-DD). */
  day: string;
  vehicleNumber: string | null;
  vehicleClass: VehicleClass;
  arrival: ArrivalOutcome;
  dwellMinutes: number | null;
  detentionMinutesByCause: Record<DetentionCause, number>;
  chargedHours: number;
  detentionPaise: number;
  lateFeePaise: number;
  /** The line's evidence pack (its verify code). */
  evidenceHash: string;
}

export interface FacilityTotals {
  facilityId: string;
  facilityName: string;
  trucks: number;
  chargedHours: number;
  detentionPaise: number;
  lateFeePaise: number;
}

export interface CarrierStatement<L extends StatementLine = StatementLine> {
  carrierName: string;
  /** YYYY-MM. */
  month: string;
  lines: L[];
  byFacility: FacilityTotals[];
  /** Detention minutes by cause, all facilities. */
  byCause: Record<DetentionCause, number>;
  totals: {
    trucks: number;
    chargedHours: number;
    detentionPaise: number;
    lateFeePaise: number;
    /** Detention less late fees: above zero the hubs owe the carrier, below it the carrier owes. */
    netPaise: number;
  };
}

/** The statement of `month` from the carrier's lines (lines of other months are left out). */
export function statementOf<L extends StatementLine>(
  carrierName: string,
  month: string,
  lines: L[],
): CarrierStatement<L> {
  const own = lines
    .filter((l) => l.day.slice(0, 7) === month)
    .sort((a, b) => a.day.localeCompare(b.day) || a.bookingReference.localeCompare(b.bookingReference));
  const facilities = new Map<string, FacilityTotals>();
  const byCause = Object.fromEntries(DETENTION_CAUSES.map((c) => [c, 0])) as Record<DetentionCause, number>;
  for (const l of own) {
    const f = facilities.get(l.facilityId) ?? {
      facilityId: l.facilityId,
      facilityName: l.facilityName,
      trucks: 0,
      chargedHours: 0,
      detentionPaise: 0,
      lateFeePaise: 0,
    };
    f.trucks += 1;
    f.chargedHours += l.chargedHours;
    f.detentionPaise += l.detentionPaise;
    f.lateFeePaise += l.lateFeePaise;
    facilities.set(l.facilityId, f);
    for (const cause of DETENTION_CAUSES) byCause[cause] += l.detentionMinutesByCause[cause];
  }
  const byFacility = [...facilities.values()].sort((a, b) => a.facilityName.localeCompare(b.facilityName));
  const sum = (pick: (f: FacilityTotals) => number) => byFacility.reduce((s, f) => s + pick(f), 0);
  const detentionPaise = sum((f) => f.detentionPaise);
  const lateFeePaise = sum((f) => f.lateFeePaise);
  return {
    carrierName,
    month,
    lines: own,
    byFacility,
    byCause,
    totals: {
      trucks: own.length,
      chargedHours: sum((f) => f.chargedHours),
      detentionPaise,
      lateFeePaise,
      netPaise: detentionPaise - lateFeePaise,
    },
  };
}

/** The statement as CSV: a row per truck, then a row per facility and the month's total. */
export function statementCsv(s: CarrierStatement): string {
  const causes = DETENTION_CAUSES.map((c) => `Detention min: ${c}`);
  const header = [
    'Month',
    'Day',
    'Facility',
    'Booking reference',
    'Vehicle',
    'Class',
    'Arrival',
    'Dwell (min)',
    ...causes,
    'Started hours',
    'Detention (INR)',
    'Late fee (INR)',
    'Evidence hash',
  ];
  const blanks = (n: number) => Array<string>(n).fill('');
  return toCsv(header, [
    ...s.lines.map((l) => [
      s.month,
      l.day,
      l.facilityName,
      l.bookingReference,
      l.vehicleNumber ?? '',
      l.vehicleClass,
      l.arrival,
      l.dwellMinutes ?? '',
      ...DETENTION_CAUSES.map((c) => l.detentionMinutesByCause[c]),
      l.chargedHours,
      rupeesText(l.detentionPaise),
      rupeesText(l.lateFeePaise),
      l.evidenceHash,
    ]),
    ...s.byFacility.map((f) => [
      s.month,
      '',
      f.facilityName,
      `Total: ${f.trucks} trucks`,
      ...blanks(4 + DETENTION_CAUSES.length),
      f.chargedHours,
      rupeesText(f.detentionPaise),
      rupeesText(f.lateFeePaise),
      '',
    ]),
    [
      s.month,
      '',
      'All facilities',
      `Total: ${s.totals.trucks} trucks; net ${rupeesText(s.totals.netPaise)}`,
      ...blanks(4),
      ...DETENTION_CAUSES.map((c) => s.byCause[c]),
      s.totals.chargedHours,
      rupeesText(s.totals.detentionPaise),
      rupeesText(s.totals.lateFeePaise),
      '',
    ],
  ]);
}

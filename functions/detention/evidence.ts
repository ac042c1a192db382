// A truck's detention evidence (issue #57.3): one page both sides can check. The pack is the facts
// (the booking, the terms, the timeline with its sources and corrections, the figures); its hash is
// SHA-256 over the pack written canonically (keys sorted), printed on the PDF and the CSV with the
// public verify address. The verify page looks the hash up and shows the facts as issued: a pack
// edited afterwards either carries another hash (unknown) or figures the page contradicts.
// The pack's texts are written in English; its PDF is drawn apart (evidence-pdf.ts, a side bundle:
// pdf-lib weighs on no function that does not draw one).
import { createHash } from 'node:crypto';
import {
  DETENTION_CAUSES,
  rupeesText,
  type DetentionCause,
  type DetentionTerms,
  type TimelineEvent,
  type VehicleClass,
} from '../../shared/contracts/detention';
import { localDateTime } from '../../shared/time';
import { toCsv } from '../lib/csv';
import type { DetentionAssessment } from './rules';
import type { TimelineEntry, TimelineSource } from '../../shared/contracts/detention';

export interface EvidencePack {
  bookingReference: string;
  facility: { name: string; timeZone: string };
  carrier: string | null;
  vehicleNumber: string | null;
  vehicleClass: VehicleClass;
  window: { date: string; startTime: string; endTime: string };
  terms: DetentionTerms;
  timeline: TimelineEntry[];
  figures: Pick<
    DetentionAssessment,
    | 'arrival'
    | 'lateByMinutes'
    | 'dwellMinutes'
    | 'doorWaitMinutes'
    | 'atDoorMinutes'
    | 'minutesByCause'
    | 'carrierMinutes'
    | 'detentionMinutesByCause'
    | 'detentionMinutes'
    | 'chargedHours'
    | 'detentionPaise'
    | 'lateFeePaise'
  >;
  /** ISO instant the pack was issued. */
  issuedAt: string;
}

/** The pack as one text: objects with their keys sorted, so the same facts always give the same hash. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value && typeof value === 'object')
    return `{${Object.keys(value)
      .sort()
      .filter((k) => (value as Record<string, unknown>)[k] !== undefined)
      .map((k) => `${JSON.stringify(k)}:${canonical((value as Record<string, unknown>)[k])}`)
      .join(',')}}`;
  return JSON.stringify(value);
}

/** The pack's hash: 64 hex digits, the code of its verify address. */
export const evidenceHash = (pack: EvidencePack) => createHash('sha256').update(canonical(pack)).digest('hex');

export const EVENT_LABELS: Record<TimelineEvent, string> = {
  fastag_near_hub: 'FASTag crossing nearest the hub',
  gate_in: 'Gate-in',
  holding_area: 'Holding area',
  called_to_door: 'Called to door',
  at_door: 'At door',
  work_started: 'Work started',
  work_finished: 'Work finished',
  documents_done: 'Documents done',
  gate_out: 'Gate-out',
};
export const SOURCE_LABELS: Record<TimelineSource, string> = {
  fastag: 'FASTag',
  pass_scan: 'Gate pass scan',
  gate_qr: 'Gate QR code',
  driver_app: "Driver's phone",
  staff: 'Staff',
  status_change: 'Status change',
  staff_correction: 'Staff correction',
};
export const CAUSE_LABELS: Record<DetentionCause, string> = {
  door_wait: 'waiting for a door',
  at_door: 'at the door',
  documents: 'documents',
  hub_hold: 'held by the hub',
};
export const ARRIVAL_LABELS: Record<EvidencePack['figures']['arrival'], string> = {
  early: 'Early',
  on_time: 'On time',
  late: 'Late',
  no_show: 'No-show',
  not_yet: 'Not arrived',
};

const minutes = (m: number | null) => (m === null ? '' : String(m));

/** The pack's lines, label and value, as both files give them. */
export function summary(pack: EvidencePack, hash: string, verifyUrl: string): [string, string][] {
  const f = pack.figures;
  const t = pack.terms;
  return [
    [
      'Arrival',
      `${ARRIVAL_LABELS[f.arrival]}${f.lateByMinutes === null ? '' : ` (${f.lateByMinutes} min from window start)`}`,
    ],
    ['Dwell (min)', minutes(f.dwellMinutes)],
    ['Wait for a door (min)', minutes(f.doorWaitMinutes)],
    ['Time at door (min)', minutes(f.atDoorMinutes)],
    ["Carrier's own time (min)", String(f.carrierMinutes)],
    [
      'Terms',
      `${t.freeMinutes} min free, INR ${rupeesText(t.ratePaisePerHour)} per started hour, ${t.graceMinutes} min grace, late fee INR ${rupeesText(t.lateFeePaise)}`,
    ],
    ...DETENTION_CAUSES.map(
      (cause) =>
        [`Detention (min): ${CAUSE_LABELS[cause]}`, String(f.detentionMinutesByCause[cause])] as [string, string],
    ),
    ['Detention (min)', String(f.detentionMinutes)],
    ['Detention (started hours)', String(f.chargedHours)],
    ['Detention owed by the hub (INR)', rupeesText(f.detentionPaise)],
    ['Late fee owed by the carrier (INR)', rupeesText(f.lateFeePaise)],
    ['Evidence hash (SHA-256)', hash],
    ['Verify at', verifyUrl],
  ];
}

export const localTime = (iso: string, timeZone: string) => {
  const { date, time } = localDateTime(new Date(iso), timeZone);
  return `${date} ${time}`;
};

/** The pack as CSV: the timeline (times on the facility's clock), then the figures, each a row. */
export function evidenceCsv(pack: EvidencePack, verifyUrl: string): string {
  const zone = pack.facility.timeZone;
  const hash = evidenceHash(pack);
  return toCsv(
    ['Booking reference', 'Line', `Time (${zone})`, 'Source', 'Original time', 'Corrected by', 'Reason'],
    [
      ...pack.timeline.map((e) => [
        pack.bookingReference,
        EVENT_LABELS[e.event],
        localTime(e.at, zone),
        SOURCE_LABELS[e.source],
        e.correction
          ? `${localTime(e.correction.original.at, zone)} (${SOURCE_LABELS[e.correction.original.source]})`
          : '',
        e.correction?.by ?? '',
        e.correction?.reason ?? '',
      ]),
      ...summary(pack, hash, verifyUrl).map(([label, value]) => [pack.bookingReference, label, value, '', '', '', '']),
    ],
  );
}

// A truck's detention (issue #57): its timeline read from the records that hold its times (the
// appointment, its check-in, the FASTag crossings its trip holds) with the events and corrections staff
// recorded, assessed under the facility's terms for its vehicle class; and the evidence pack of those
// facts. What the detention screen, the corrections and the evidence downloads all start from.
import { getAppointmentCheckin } from '../checkins';
import { getFacility } from '../facilities';
import { getTrips } from '../trips';
import type { Appointment } from '../../shared/contracts/appointments';
import type { DetentionTerms, DocumentsParty, VehicleClass } from '../../shared/contracts/detention';
import { facilityTimeZone } from '../../shared/time';
import { evidenceHash, type EvidencePack } from './evidence';
import { assessDetention, type DetentionAssessment } from './rules';
import { termsFor } from './terms';
import { stampsOf, timelineOf } from './timeline';
import type { TimelineEntry } from '../../shared/contracts/detention';
import { truckRecords, type DetentionIssue, type TruckRecords } from './truck.store';

export interface Truck {
  appointment: Appointment;
  facilityName: string;
  timeZone: string;
  records: TruckRecords;
  /** The head's revision of the records (functions/lib/revision.ts: what a new entry is written on). */
  revision?: number;
  timeline: TimelineEntry[];
  documentsLateParty: DocumentsParty | null;
  terms: DetentionTerms;
  assessment: DetentionAssessment;
}

/** The truck of an appointment as it stands at `now` (a truck still in: its figures run to now). */
export async function truckOf(appointment: Appointment, now = new Date()): Promise<Truck> {
  const { tenantId, id, facilityId } = appointment;
  const [facility, checkin, [trip], records, terms] = await Promise.all([
    getFacility(tenantId, facilityId),
    getAppointmentCheckin(tenantId, id),
    getTrips(tenantId, [id]),
    truckRecords(tenantId, id),
    termsFor(tenantId, facilityId),
  ]);
  const timeZone = facilityTimeZone(facility);
  const ordered = [...records.entries].sort((a, b) => a.correctedAt.localeCompare(b.correctedAt));
  const timeline = timelineOf({
    appointment,
    checkin,
    crossings: [...(trip?.crossings ?? [])].sort((a, b) => a.at.localeCompare(b.at)),
    corrections: ordered.map(({ event, at, by, reason, correctedAt }) => ({ event, at, by, reason, correctedAt })),
  });
  // Who held the documents up is said when they are recorded done (the latest such record counts).
  const documents = ordered.filter((e) => e.kind === 'event' && e.event === 'documents_done').at(-1);
  const documentsLateParty = documents?.lateParty ?? null;
  const assessment = assessDetention({
    window: { date: appointment.scheduledDate, startTime: appointment.scheduledTimeStart },
    timeZone,
    stamps: stampsOf(timeline),
    documentsLateParty,
    noShow: appointment.status === 'no_show',
    terms,
    now,
  });
  return {
    appointment,
    facilityName: facility?.name ?? appointment.facilityName,
    timeZone,
    records,
    revision: records.revision ?? undefined,
    timeline,
    documentsLateParty,
    terms,
    assessment,
  };
}

/** Whether the truck's figures are final: it has left, or never came (a no-show). */
export const settled = (t: Truck) =>
  t.assessment.arrival === 'no_show' || (t.assessment.arrival !== 'not_yet' && !t.assessment.open);

/** The evidence pack of the truck's facts, issued at `issuedAt`. */
export function packOf(t: Truck, issuedAt: string): EvidencePack {
  const a = t.appointment;
  const f = t.assessment;
  return {
    bookingReference: a.bookingReference,
    facility: { name: t.facilityName, timeZone: t.timeZone },
    carrier: a.carrierName,
    vehicleNumber: a.vehicleLicense,
    vehicleClass: t.terms.vehicleClass,
    window: { date: a.scheduledDate, startTime: a.scheduledTimeStart, endTime: a.scheduledTimeEnd },
    terms: t.terms,
    timeline: t.timeline,
    figures: {
      arrival: f.arrival,
      lateByMinutes: f.lateByMinutes,
      dwellMinutes: f.dwellMinutes,
      doorWaitMinutes: f.doorWaitMinutes,
      atDoorMinutes: f.atDoorMinutes,
      minutesByCause: f.minutesByCause,
      carrierMinutes: f.carrierMinutes,
      detentionMinutesByCause: f.detentionMinutesByCause,
      detentionMinutes: f.detentionMinutes,
      chargedHours: f.chargedHours,
      detentionPaise: f.detentionPaise,
      lateFeePaise: f.lateFeePaise,
    },
    issuedAt,
  };
}

/** The hash of the facts alone (the pack without its issue time): the same facts, the same pack. */
export const factsHashOf = (t: Truck) => evidenceHash(packOf(t, ''));

/** The pack already issued for the truck's facts as they stand, if one was. */
export const issuedFor = (t: Truck): DetentionIssue | null => {
  const facts = factsHashOf(t);
  return t.records.issues.find((i) => i.factsHash === facts) ?? null;
};

export interface TruckDetentionView {
  appointmentId: string;
  bookingReference: string;
  facilityId: string;
  facilityName: string;
  timeZone: string;
  carrierName: string | null;
  vehicleNumber: string | null;
  vehicleClass: VehicleClass;
  status: Appointment['status'];
  window: { date: string; startTime: string; endTime: string };
  timeline: TimelineEntry[];
  documentsLateParty: DocumentsParty | null;
  terms: DetentionTerms;
  assessment: Omit<DetentionAssessment, 'clockStartsAt' | 'detentionStartsAt'> & {
    clockStartsAt: string | null;
    detentionStartsAt: string | null;
  };
  /**
   * The evidence of these facts: `final` once the truck has left (or was a no-show: before, a pack holds
   * its figures so far); `hash` and `issuedAt` of the pack issued for them (null until it is downloaded,
   * and again once a correction changes them).
   */
  evidence: { final: boolean; hash: string | null; issuedAt: string | null };
}

export function detentionView(t: Truck): TruckDetentionView {
  const a = t.appointment;
  const issued = issuedFor(t);
  return {
    appointmentId: a.id,
    bookingReference: a.bookingReference,
    facilityId: a.facilityId,
    facilityName: t.facilityName,
    timeZone: t.timeZone,
    carrierName: a.carrierName,
    vehicleNumber: a.vehicleLicense,
    vehicleClass: t.terms.vehicleClass,
    status: a.status,
    window: { date: a.scheduledDate, startTime: a.scheduledTimeStart, endTime: a.scheduledTimeEnd },
    timeline: t.timeline,
    documentsLateParty: t.documentsLateParty,
    terms: t.terms,
    assessment: {
      ...t.assessment,
      clockStartsAt: t.assessment.clockStartsAt?.toISOString() ?? null,
      detentionStartsAt: t.assessment.detentionStartsAt?.toISOString() ?? null,
    },
    evidence: { final: settled(t), hash: issued?.hash ?? null, issuedAt: issued?.issuedAt ?? null },
  };
}

// Dwell and detention both ways (issue #57): a facility's detention terms per vehicle class, the
// events of a truck's time at the hub, and the causes each hour of it is put down to. The server's
// rules (functions/detention/rules.ts) and the terms form read these; money is kept in paise.
import * as z from 'zod/mini';
import { requiredText, seenRevision } from './fields';

/** The vehicle classes terms are set for, as India's transporters name them. */
export const VEHICLE_CLASSES = ['lcv_14ft', 'sxl_20ft', 'mxl_32ft', 'trailer_40ft'] as const;
export type VehicleClass = (typeof VEHICLE_CLASSES)[number];

/**
 * The events of a truck's time at the hub, in the order a truck lives them. `gate_in` and `gate_out`
 * bound its dwell; the others split it into causes. A FASTag crossing near the hub is shown on the
 * timeline but counts for nothing: the truck is not at the hub yet.
 */
export const TIMELINE_EVENTS = [
  'fastag_near_hub',
  'gate_in',
  'holding_area',
  'called_to_door',
  'at_door',
  'work_started',
  'work_finished',
  'documents_done',
  'gate_out',
] as const;
export type TimelineEvent = (typeof TIMELINE_EVENTS)[number];

/** Where a time on the timeline comes from (functions/detention/timeline.ts reads each from its record). */
export const TIMELINE_SOURCES = [
  'fastag',
  'pass_scan',
  'gate_qr',
  'driver_app',
  'staff',
  'status_change',
  'staff_correction',
] as const;
export type TimelineSource = (typeof TIMELINE_SOURCES)[number];

/** One event of a truck's timeline, as the server reads it and the screens show it. */
export interface TimelineEntry {
  event: TimelineEvent;
  /** ISO instant. */
  at: string;
  source: TimelineSource;
  /** Present once corrected: the time and source the correction replaced, who and why. */
  correction?: { original: { at: string; source: TimelineSource }; by: string; reason: string; correctedAt: string };
}

/**
 * What each minute of a dwell is put down to: waiting for a door (gate-in to at the door), the work
 * at the door, the paperwork after it, and the hub holding a truck that is done (documents done to
 * gate-out). Paperwork late on the carrier's side is the carrier's time: no detention for it.
 */
export const DETENTION_CAUSES = ['door_wait', 'at_door', 'documents', 'hub_hold'] as const;
export type DetentionCause = (typeof DETENTION_CAUSES)[number];

/** Who was slow with the documents, when they were: the carrier's time is its own. */
export const DOCUMENTS_PARTIES = ['hub', 'carrier'] as const;
export type DocumentsParty = (typeof DOCUMENTS_PARTIES)[number];

/** The bounds the terms form and the server both enforce. */
export const DETENTION_TERMS_LIMITS = {
  freeMinutes: { min: 0, max: 24 * 60 },
  /** Rupees per started hour of detention (stored in paise). */
  rateRupees: { min: 0, max: 100_000 },
  graceMinutes: { min: 0, max: 240 },
  /** Rupees the hub charges a truck that came after its grace or not at all (stored in paise). */
  lateFeeRupees: { min: 0, max: 100_000 },
} as const;

/** A facility's terms for one vehicle class: the rules read them in paise and minutes. */
export interface DetentionTerms {
  vehicleClass: VehicleClass;
  /** Minutes from the clock's start the hub may keep the truck without paying. */
  freeMinutes: number;
  /** Paise per started hour past the free time. */
  ratePaisePerHour: number;
  /** Minutes after the window's start a truck still counts as on time. */
  graceMinutes: number;
  /** Paise the carrier owes for a truck that came after its grace (0: no fee). */
  lateFeePaise: number;
}

const bounded = (label: string, { min, max }: { min: number; max: number }, int = true) => {
  const message = `${label} must be between ${min.toLocaleString('en-IN')} and ${max.toLocaleString('en-IN')}`;
  const n = z.number({ error: message }).check(z.gte(min, message), z.lte(max, message));
  return int ? n.check(z.int(message)) : n.check(z.multipleOf(0.01, `${label} must be in rupees and paise`));
};

/** The terms as the form sends them: rupees with paise, minutes as whole numbers. */
export const detentionTermsInputSchema = z.strictObject({
  vehicleClass: z.enum(VEHICLE_CLASSES, { error: 'Choose a vehicle class' }),
  freeMinutes: bounded('Free time (minutes)', DETENTION_TERMS_LIMITS.freeMinutes),
  rateRupees: bounded('Detention rate (₹ per started hour)', DETENTION_TERMS_LIMITS.rateRupees, false),
  graceMinutes: bounded('Grace for lateness (minutes)', DETENTION_TERMS_LIMITS.graceMinutes),
  lateFeeRupees: bounded('Late or no-show fee (₹)', DETENTION_TERMS_LIMITS.lateFeeRupees, false),
});
export type DetentionTermsInput = z.infer<typeof detentionTermsInputSchema>;

/** Rupees with paise as the form gives them, in whole paise (₹1,250.50 -> 125050). */
export const paiseOf = (rupees: number) => Math.round(rupees * 100);

/** Paise as rupees with two decimals, as an accounts team reads them (125050 -> 1250.50; -50 -> -0.50). */
export const rupeesText = (paise: number) =>
  `${paise < 0 ? '-' : ''}${Math.floor(Math.abs(paise) / 100)}.${String(Math.abs(paise) % 100).padStart(2, '0')}`;

/** The stored terms of a form's input. */
export function termsOf(input: DetentionTermsInput): DetentionTerms {
  return {
    vehicleClass: input.vehicleClass,
    freeMinutes: input.freeMinutes,
    ratePaisePerHour: paiseOf(input.rateRupees),
    graceMinutes: input.graceMinutes,
    lateFeePaise: paiseOf(input.lateFeeRupees),
  };
}

// --- The facility's terms, as stored and read -----------------------------------------------------------

/**
 * A facility's terms until its staff save their own: two hours free and half an hour's grace (what
 * Indian transport contracts commonly write), and no money either way (no rate, no late fee), so the
 * times are measured from the first truck while nothing is charged that the hub has not agreed to.
 */
export const DETENTION_TERMS_DEFAULTS = {
  freeMinutes: 120,
  rateRupees: 0,
  graceMinutes: 30,
  lateFeeRupees: 0,
} as const;

/**
 * The class a facility's trucks are assessed under when the booking names none (bookings do not carry a
 * vehicle class yet): the facility's chosen default, a 32 ft multi-axle until it chooses one.
 */
export const DEFAULT_VEHICLE_CLASS: VehicleClass = 'mxl_32ft';

/** A vehicle class's terms before any are saved. */
export const defaultTerms = (vehicleClass: VehicleClass): DetentionTerms =>
  termsOf({ vehicleClass, ...DETENTION_TERMS_DEFAULTS });

export const detentionTermsQuerySchema = z.object({ facilityId: z.optional(z.string().check(z.maxLength(64))) });

/** A save of one vehicle class's terms: the form's fields, whether the class becomes the facility's default, the revision loaded. */
export const detentionTermsSaveSchema = z.extend(detentionTermsInputSchema, {
  defaultClass: z.optional(z.boolean({ error: 'Choose whether this class is the default' })),
  revision: seenRevision,
});
export type DetentionTermsSave = z.infer<typeof detentionTermsSaveSchema>;

/** One vehicle class's terms as the form shows them: rupees for the fields, paise as stored. */
export interface DetentionClassTermsView extends DetentionTerms {
  rateRupees: number;
  lateFeeRupees: number;
  /** False: the defaults, never saved for this class. */
  saved: boolean;
}

export interface DetentionTermsView {
  facilityId: string;
  defaultVehicleClass: VehicleClass;
  /** Every vehicle class, in VEHICLE_CLASSES order. */
  classes: DetentionClassTermsView[];
  revision: number;
  updatedAt: string | null;
}

// --- Staff events and corrections on a truck's timeline -------------------------------------------------

/** The events staff record as they happen (the others come from the gate, the status moves and FASTag). */
export const STAFF_EVENTS = ['holding_area', 'called_to_door', 'documents_done'] as const;
export type StaffEvent = (typeof STAFF_EVENTS)[number];

const instant = (message: string) => z.iso.datetime({ offset: true, error: message });

/** An event staff record: now unless they say when; for documents done, who was late with them, if anyone. */
export const detentionEventSchema = z
  .strictObject({
    event: z.enum(STAFF_EVENTS, { error: 'Choose holding area, called to door or documents done' }),
    at: z.optional(instant('When it happened must be a date and time')),
    lateParty: z.optional(z.nullable(z.enum(DOCUMENTS_PARTIES, { error: 'Choose the hub or the carrier' }))),
  })
  .check(
    z.refine((e) => e.event === 'documents_done' || !e.lateParty, {
      path: ['lateParty'],
      message: 'Only the documents can be late on one side',
    }),
  );
export type DetentionEventInput = z.infer<typeof detentionEventSchema>;

/** A correction of an event's time, with the reason (the original is kept beside it). */
export const detentionCorrectionSchema = z.strictObject({
  event: z.enum(TIMELINE_EVENTS, { error: 'Choose the event to correct' }),
  at: instant('The corrected time must be a date and time'),
  reason: requiredText('Say why the time is corrected', 300),
});
export type DetentionCorrectionInput = z.infer<typeof detentionCorrectionSchema>;

// --- The public check of an evidence pack ---------------------------------------------------------------

/** What the verify page shows of an issued pack: enough to match the paper, nothing about the people. */
export interface EvidenceVerification {
  valid: true;
  hash: string;
  facility: string;
  bookingReference: string;
  issuedAt: string;
  detentionMinutes: number;
  chargedHours: number;
  detentionPaise: number;
  /** The detention sum in rupees with paise, as printed on the pack. */
  detentionRupees: string;
  lateFeePaise: number;
  lateFeeRupees: string;
}

// --- A carrier's monthly statement and its disputes (issue #57.3) ---------------------------------------

/** A statement is issued open; issuing the month again replaces it (superseded); staff close it at the end. */
export const STATEMENT_STATUSES = ['open', 'superseded', 'closed'] as const;
export type StatementStatus = (typeof STATEMENT_STATUSES)[number];

/** A line's dispute: open until the hub accepts it (concedes) or answers it (the figures stand, with why). */
export const DISPUTE_STATUSES = ['open', 'accepted', 'answered'] as const;
export type DisputeStatus = (typeof DISPUTE_STATUSES)[number];

/** What the hub does with a dispute. */
export const DISPUTE_DECISIONS = ['accepted', 'answered'] as const;
export type DisputeDecision = (typeof DISPUTE_DECISIONS)[number];

export const STATEMENT_MONTH_PATTERN = /^\d{4}-(0[1-9]|1[0-2])$/;
const statementMonth = z
  .string({ error: 'Choose a month' })
  .check(
    z.trim(),
    z.minLength(1, 'Choose a month'),
    z.regex(STATEMENT_MONTH_PATTERN, 'Choose a month in the form YYYY-MM'),
  );

/** Staff issue a carrier's statement for a month that has ended. */
export const statementIssueSchema = z.strictObject({
  carrierId: requiredText('Choose a carrier', 64),
  month: statementMonth,
});
export type StatementIssueInput = z.infer<typeof statementIssueSchema>;

/** The statements list: one carrier's, one month's, or both (a carrier's people only ever see their own). */
export const statementListQuerySchema = z.object({
  carrierId: z.optional(z.string().check(z.trim(), z.maxLength(64))),
  month: z.optional(statementMonth),
});

/** A carrier's people dispute a line, saying what is wrong with it. */
export const statementDisputeSchema = z.strictObject({
  reason: requiredText('Say what is wrong with this line', 500),
});
export type StatementDisputeInput = z.infer<typeof statementDisputeSchema>;

/** The hub's answer to a dispute: accepted (it concedes), or answered with why the figures stand. */
export const statementAnswerSchema = z
  .strictObject({
    decision: z.enum(DISPUTE_DECISIONS, { error: 'Choose accept or answer' }),
    reply: z.optional(
      z
        .string({ error: 'Write the answer to the carrier' })
        .check(z.trim(), z.maxLength(500, 'Must be at most 500 characters')),
    ),
    revision: seenRevision,
  })
  .check(
    z.refine((a) => a.decision === 'accepted' || Boolean(a.reply), {
      path: ['reply'],
      message: 'Write the answer to the carrier',
    }),
  );
export type StatementAnswerInput = z.infer<typeof statementAnswerSchema>;

/** Closing a statement: the revision the screen loaded, if it sends one. */
export const statementCloseSchema = z.strictObject({ revision: seenRevision });
export type StatementCloseInput = z.infer<typeof statementCloseSchema>;

/** A line's dispute as both sides read it. */
export interface StatementDispute {
  status: DisputeStatus;
  /** The carrier's reason; when reopened, the latest (the first kept in `history`). */
  reason: string;
  openedBy: string;
  openedAt: string;
  /** Recorded by the hub's staff on the carrier's behalf (the carrier phoned or wrote in). */
  onBehalf: boolean;
  /** Whether the carrier reopened it once after an answer (a second time is refused). */
  reopened: boolean;
  reply: string | null;
  answeredBy: string | null;
  answeredAt: string | null;
  /** Earlier rounds of the dispute, oldest first. */
  history: {
    reason: string;
    openedBy: string;
    openedAt: string;
    onBehalf: boolean;
    reply: string | null;
    answeredBy: string | null;
    answeredAt: string | null;
  }[];
  revision: number;
}

/** One truck of a statement, as issued. */
export interface DetentionStatementLine {
  appointmentId: string;
  bookingReference: string;
  facilityId: string;
  facilityName: string;
  day: string;
  vehicleNumber: string | null;
  vehicleClass: VehicleClass;
  arrival: 'early' | 'on_time' | 'late' | 'no_show' | 'not_yet';
  dwellMinutes: number | null;
  detentionMinutesByCause: Record<DetentionCause, number>;
  chargedHours: number;
  detentionPaise: number;
  lateFeePaise: number;
  evidenceHash: string;
}

export interface DetentionStatementTotals {
  trucks: number;
  chargedHours: number;
  detentionPaise: number;
  lateFeePaise: number;
  /** Detention less late fees: above zero the hub owes the carrier, below it the carrier owes the hub. */
  netPaise: number;
}

/** A statement in the list. */
export interface DetentionStatementSummary {
  id: string;
  /** DET-YYYY-MM-NNNN: the tenant's running number of the month's statements. */
  number: string;
  carrierId: string;
  carrierName: string;
  month: string;
  status: StatementStatus;
  issuedAt: string;
  issuedBy: string;
  totals: DetentionStatementTotals;
  openDisputes: number;
  /** The statement this one replaced, and the one that replaced it. */
  supersedes: { id: string; number: string } | null;
  supersededBy: { id: string; number: string } | null;
  closedAt: string | null;
  closedBy: string | null;
  revision: number;
}

/** A statement whole: its lines (each with its dispute), totals by facility and by cause. */
export interface DetentionStatementView extends DetentionStatementSummary {
  lines: (DetentionStatementLine & { dispute: StatementDispute | null })[];
  byFacility: {
    facilityId: string;
    facilityName: string;
    trucks: number;
    chargedHours: number;
    detentionPaise: number;
    lateFeePaise: number;
  }[];
  byCause: Record<DetentionCause, number>;
}

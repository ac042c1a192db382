// Where is my truck (issue #33): the trip watch of a facility, each watched appointment's state and
// arrival estimate from its FASTag toll crossings, and the one-tap reslot offered to a late driver.
// The screens (scheduling list, dashboard, yard, the appointment's trip strip, the driver app, the
// public reslot page) read exactly these shapes; the server writes them in functions/trips.
import * as z from 'zod/mini';
import { dateString, seenRevision, timeOfDay } from './fields';
import type { Language } from './messaging-templates';

/** The defaults of a facility's trip watch (issue #33). */
export const TRIP_WATCH_DEFAULTS = {
  /** Hours before the window's start when the watch starts asking FASTag. */
  startHoursBefore: 8,
  /** Road distance = great-circle distance x this factor. */
  roadFactor: 1.3,
  /** Minutes past the window's end before a truck counts as late (and the alert goes). */
  graceMinutes: 30,
  /** The tenant's call budget: at most one FASTag call per vehicle per this many minutes (more when far). */
  callEveryMinutes: 15,
} as const;

/** The bounds the settings form and the server both enforce. */
export const TRIP_WATCH_LIMITS = {
  startHoursBefore: { min: 1, max: 24 },
  roadFactor: { min: 1, max: 2.5 },
  graceMinutes: { min: 0, max: 240 },
  callEveryMinutes: { min: 5, max: 120 },
} as const;

const bounded = (label: string, { min, max }: { min: number; max: number }, int = true) => {
  const message = `${label} must be between ${min} and ${max}`;
  const n = z.number({ error: message }).check(z.gte(min, message), z.lte(max, message));
  return int ? n.check(z.int(message)) : n;
};

/** City no-entry hours for trucks on the facility's clock, e.g. 08:00-22:00 (may cross midnight). */
export const noEntrySchema = z
  .strictObject({
    from: timeOfDay('No-entry start is required'),
    to: timeOfDay('No-entry end is required'),
  })
  .check(z.refine((w) => w.from !== w.to, { message: 'No-entry start and end must differ', path: ['to'] }));

export const tripWatchSettingsSchema = z
  .strictObject({
    enabled: z.boolean({ error: 'Choose whether trucks are watched' }),
    /** The facility's gate on the map (decimal degrees, India). */
    latitude: z.nullable(
      z
        .number({ error: 'Latitude must be a number between 6 and 38' })
        .check(
          z.gte(6, 'Latitude must be a number between 6 and 38'),
          z.lte(38, 'Latitude must be a number between 6 and 38'),
        ),
    ),
    longitude: z.nullable(
      z
        .number({ error: 'Longitude must be a number between 68 and 98' })
        .check(
          z.gte(68, 'Longitude must be a number between 68 and 98'),
          z.lte(98, 'Longitude must be a number between 68 and 98'),
        ),
    ),
    startHoursBefore: bounded('Start watching', TRIP_WATCH_LIMITS.startHoursBefore),
    roadFactor: bounded('Road factor', TRIP_WATCH_LIMITS.roadFactor, false),
    graceMinutes: bounded('Grace', TRIP_WATCH_LIMITS.graceMinutes),
    callEveryMinutes: bounded('Minutes between calls', TRIP_WATCH_LIMITS.callEveryMinutes),
    noEntry: z.nullable(noEntrySchema),
    /** A driver's reslot is filed as a reschedule request for staff to decide, instead of moving at once. */
    reslotNeedsApproval: z.boolean({ error: 'Choose whether a reslot needs approval' }),
    revision: seenRevision,
  })
  .check(
    z.superRefine((s, ctx) => {
      if (!s.enabled) return;
      if (s.latitude === null)
        ctx.addIssue({
          code: 'custom',
          path: ['latitude'],
          message: 'The facility location is required to watch trucks',
        });
      if (s.longitude === null)
        ctx.addIssue({
          code: 'custom',
          path: ['longitude'],
          message: 'The facility location is required to watch trucks',
        });
    }),
  );
export type TripWatchSettingsInput = z.input<typeof tripWatchSettingsSchema>;

export const tripWatchQuerySchema = z.object({ facilityId: z.optional(z.string().check(z.maxLength(64))) });

export interface TripWatchSettingsView {
  facilityId: string;
  enabled: boolean;
  latitude: number | null;
  longitude: number | null;
  startHoursBefore: number;
  roadFactor: number;
  graceMinutes: number;
  callEveryMinutes: number;
  noEntry: { from: string; to: string } | null;
  reslotNeedsApproval: boolean;
  /** Whether the tenant's ULIP account has FASTag switched on (gate settings): the watch needs it. */
  fastagReady: boolean;
  revision: number;
  updatedAt: string | null;
}

// --- A watched trip ---------------------------------------------------------------------------------

export const TRIP_STATES = ['on_time', 'at_risk', 'late', 'not_seen', 'arrived'] as const;
export type TripState = (typeof TRIP_STATES)[number];

/** Why a watched truck is `not_seen` (never a guess shown as certain). */
export const NOT_SEEN_REASONS = [
  'not_started', // the watch has not asked yet (before its start)
  'no_crossings', // FASTag answered no crossing in its 72 hours
  'unknown_vehicle', // FASTag does not know the vehicle number
  'stale', // the newest crossing is older than the watch's start
  'off_route', // the newest crossing is far off any plausible route to the facility
  'unreadable', // FASTag answered something that is not a crossing list
  'registry_unavailable', // FASTag did not answer (time-out, refused sign-in, breaker open)
] as const;
export type NotSeenReason = (typeof NOT_SEEN_REASONS)[number];

/** One toll crossing, stored once by its seqNo. */
export interface Crossing {
  seqNo: string;
  plaza: string;
  /** ISO instant. */
  at: string;
  latitude: number;
  longitude: number;
  direction: string | null;
}

export type EstimateConfidence = 'high' | 'medium' | 'low';

export interface TripEstimate {
  /** Arrival instants (ISO): the estimate and its range (p20-p80 of this tenant's history, else +-25 %). */
  eta: string;
  low: string;
  high: string;
  confidence: EstimateConfidence;
  /** Where the speed came from: this tenant's earlier trips from the plaza, or the class default. */
  basis: 'history' | 'class_default';
  /** Held back by the city's no-entry hours (the eta is the end of them). */
  heldByNoEntry: boolean;
  lastSeen: { plaza: string; at: string };
}

export interface TripView {
  appointmentId: string;
  facilityId: string;
  /** The facility's clock, in which the screens show every time of the trip. */
  timeZone: string;
  vehicleNumber: string;
  /** The window on the facility's clock and as instants. */
  scheduledDate: string;
  scheduledTimeStart: string;
  scheduledTimeEnd: string;
  state: TripState;
  /** Minutes past the window's end the estimate lands (0 when on time); null unless estimated. */
  lateByMinutes: number | null;
  reason: NotSeenReason | null;
  estimate: TripEstimate | null;
  /** The crossings strip, oldest first. */
  crossings: Crossing[];
  checkedAt: string | null;
  /** When the late-truck alert went (once per appointment). */
  alertedAt: string | null;
}

export const tripListQuerySchema = z.object({
  facilityId: z.optional(z.string().check(z.maxLength(64))),
  date: z.optional(dateString('Date is required')),
});

/** How many appointments one batch read of their trips may name (a screen's list of a day). */
export const TRIP_BATCH_LIMIT = 200;
const tooManyTrips = `Ask for at most ${TRIP_BATCH_LIMIT} appointments at once`;

/** The trips of the appointments a screen shows, in one read: `?appointmentIds=a,b,c`. */
export const tripBatchQuerySchema = z.object({
  appointmentIds: z.pipe(
    z.pipe(
      z
        .string({ error: 'Appointments are required' })
        .check(z.minLength(1, 'Appointments are required'), z.maxLength(TRIP_BATCH_LIMIT * 65, tooManyTrips)),
      z.transform((ids) => [...new Set(ids.split(',').filter(Boolean))]),
    ),
    z
      .array(z.string().check(z.maxLength(64, 'Appointment not found')))
      .check(z.maxLength(TRIP_BATCH_LIMIT, tooManyTrips)),
  ),
});

// --- The one-tap reslot -----------------------------------------------------------------------------

export interface ReslotSlot {
  date: string;
  timeStart: string;
  timeEnd: string;
}

export interface ReslotOffer {
  facilityName: string;
  /** The facility's clock, in which the page shows the estimate and the link's end. */
  timeZone: string;
  bookingReference: string;
  current: ReslotSlot;
  /** The estimate the offer was made from (ISO), and the slots after it (at most three). */
  eta: string;
  slots: ReslotSlot[];
  /** The choice is filed as a request for staff to decide instead of moving at once. */
  needsApproval: boolean;
  /** ISO instant: the end of the facility's day of the alert. */
  expiresAt: string;
  language: Language;
}

export const reslotChoiceSchema = z.strictObject({
  date: dateString('Choose a slot'),
  timeStart: timeOfDay('Choose a slot'),
  timeEnd: timeOfDay('Choose a slot'),
});
export type ReslotChoice = z.input<typeof reslotChoiceSchema>;

export interface ReslotResult {
  outcome: 'moved' | 'requested';
  slot: ReslotSlot;
}

/** The server's refusals of a reslot link (English; Hindi in shared/i18n/server-messages-hi.json). */
export const RESLOT_MESSAGES = {
  invalid: 'This reslot link is not valid',
  used: 'This reslot link has already been used',
  expired: 'This reslot link has expired',
  notMovable: 'This appointment can no longer be moved',
  taken: 'This slot was just taken. Please choose another.',
  notOffered: 'Choose one of the offered slots',
} as const;

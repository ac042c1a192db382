// Gate passes and the gate's check-ins made offline (issue #31): the check-in a gate device queued
// (its idempotency key, the scanned pass and the time it happened at the gate), and what the gate
// keeps to verify passes with no network.
import * as z from 'zod/mini';
import type { GatePassClaims, GatePassKey, GatePassReason, GatePassRevocation } from '../gate-pass';
import type { Checkin } from './checkins';
import { cancelAppointmentSchema } from './appointments';
import { dateString, timeOfDay } from './fields';
import { RESCHEDULE_REASONS } from './reschedules';

export { GATE_CLOCK_SKEW_MINUTES } from './gate-clock';

const IDEMPOTENCY_KEY_TEXT = 'Idempotency key must be 16-64 letters, digits, - or _';

export const gatePassCheckinSchema = z.strictObject({
  idempotencyKey: z
    .string({ error: IDEMPOTENCY_KEY_TEXT })
    .check(z.regex(/^[A-Za-z0-9_-]{16,64}$/, IDEMPOTENCY_KEY_TEXT)),
  token: z
    .string({ error: 'Gate pass is required' })
    .check(z.minLength(1, 'Gate pass is required'), z.maxLength(2000, 'Not a DockSaathi gate pass')),
  happenedAt: z.iso.datetime({ message: 'Check-in time must be an ISO date-time' }),
  facilityId: z
    .string({ error: 'Facility is required' })
    .check(z.minLength(1, 'Facility is required'), z.maxLength(64)),
  /** The device could not run the gate compliance checks (offline): they run now, and a DENY alerts. */
  checksPending: z._default(z.boolean(), false),
  /** The user who queued it on the device (issue #52.8): sent only under that user's own session. */
  queuedBy: z.optional(z.string().check(z.minLength(1), z.maxLength(64))),
});
export type GatePassCheckinInput = z.input<typeof gatePassCheckinSchema>;

export interface GatePassCheckinResult {
  checkin: Checkin;
  /** True when this key (or this pass from another device) had already checked the truck in. */
  replayed: boolean;
}

export interface GatePassKeysView {
  facilityId: string;
  facilityName: string;
  timeZone: string;
  keys: GatePassKey[];
  revocations: GatePassRevocation[];
  serverTime: string;
}

export interface GatePassView {
  token: string;
  claims: GatePassClaims;
  qrSvg: string;
}

export const gatePassKeysQuerySchema = z.object({ facilityId: z.optional(z.string().check(z.maxLength(64))) });
export const rotatePassKeySchema = z.strictObject({
  facilityId: z
    .string({ error: 'Facility is required' })
    .check(z.minLength(1, 'Facility is required'), z.maxLength(64)),
});

/** The server's refusal of a synced pass carries the device's reason code for the guard's screen. */
export type GatePassRefusalCode = GatePassReason;

/** The public pass page's answer (GET /api/passes/{token}): the pass and the language the page opens in. */
export interface LinkedPassView extends GatePassView {
  language: 'en' | 'hi' | null;
}

/** A pass read this close outside its validity by the gate's clock is read at its nearest valid instant (issue #52.4). */
export const PASS_GRACE_MINUTES = 5;

/** The server's refusals of a gate pass link (English; Hindi in shared/i18n/server-messages-hi.json). */
export const PASS_LINK_MESSAGES = {
  invalid: 'This gate pass link is not valid',
  expired: 'This gate pass link has expired',
  notScheduled: 'This appointment is no longer scheduled, so it has no gate pass',
  moved: 'This booking was moved to a new time. Open the gate pass link of the newest message.',
} as const;

/** The booker's change of time on the pass page (issue #32): the length stays the appointment's. */
export const passRescheduleSchema = z.strictObject({
  newDate: dateString('Please select a new date'),
  newTimeStart: timeOfDay('Please select new start time'),
  reason: z.optional(z.enum(RESCHEDULE_REASONS, { error: 'Please choose a reason' })),
});
export type PassRescheduleInput = z.input<typeof passRescheduleSchema>;

/** The booker's cancellation on the pass page: the reason is required, as for any cancellation. */
export const passCancelSchema = z.pick(cancelAppointmentSchema, { reason: true });
export type PassCancelInput = z.input<typeof passCancelSchema>;

export const passSlotsQuerySchema = z.object({ date: dateString('Please select a new date') });

/** The free slots of a day at the pass's facility, for the booker's change of time. */
export interface PassSlot {
  startTime: string;
  endTime: string;
}

/** After a change of time: moved (the new pass and its link) or a request the facility decides. */
export type PassRescheduleResult =
  { outcome: 'moved'; passLink: string; pass: LinkedPassView } | { outcome: 'requested'; passLink: null; pass: null };

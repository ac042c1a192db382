// A facility's holding area and its call-forward queue (issue #58.3). A truck that checks in without a
// door (none was free, or it booked none) waits in the facility's holding area, on site or a parking
// area outside; when a door frees, the first driver in the queue is given it and called forward by SMS
// or WhatsApp in their language, with a deadline. The rules, precisely (functions/holding/rules.ts):
// - The queue is the facility's trucks checked in (status checked_in) without a door, not held at the
//   gate, first come first called: by check-in time, unless a missed call moved a driver (below).
// - A called driver has CALL_FORWARD_DEADLINE_MINUTES from the call to reach the door (staff mark the
//   truck at the dock). Reached: the truck leaves the queue.
// - Missed (the deadline passed, the truck still checked in): the door is taken back and the next
//   driver is called to it. The driver who missed goes back into the queue right behind the one called
//   in their place (they lose that door, not their whole wait) and is told so; at MAX_MISSED_CALLS
//   missed calls they are marked no-show and leave the queue (still listed, for the gate to act on).
// The texts are the spec's style (English); their Hindi is in shared/i18n and the SPA's catalogues.
import * as z from 'zod/mini';
import { seenRevision } from './fields';

/** Minutes a called driver has to reach the door before the next driver is called to it. */
export const CALL_FORWARD_DEADLINE_MINUTES = 15;
/** Missed calls after which a driver is marked no-show and leaves the queue. */
export const MAX_MISSED_CALLS = 2;

export const HOLDING_AREA_KINDS = ['on_site', 'outside'] as const;
export type HoldingAreaKind = (typeof HOLDING_AREA_KINDS)[number];
/** The name of a facility's holding area until its staff name it (shown translated in the SPA). */
export const DEFAULT_HOLDING_AREA_NAME = 'Holding area';

export const holdingQuerySchema = z.object({
  facilityId: z.optional(z.string().check(z.trim(), z.maxLength(64))),
});

export const holdingAreaSchema = z.strictObject({
  name: z
    .string({ error: 'Holding area name is required' })
    .check(z.trim(), z.minLength(1, 'Holding area name is required'), z.maxLength(60, 'Must be at most 60 characters')),
  kind: z.enum(HOLDING_AREA_KINDS, { error: 'Location must be on site or outside' }),
  callForward: z.boolean({ error: 'Call forward must be on or off' }),
  revision: seenRevision,
});
export type HoldingAreaInput = z.infer<typeof holdingAreaSchema>;

export interface HoldingArea {
  facilityId: string;
  name: string;
  kind: HoldingAreaKind;
  /**
   * Whether drivers are called forward automatically. Off until the facility turns it on: the call is an
   * SMS or WhatsApp the hub sends (its DLT template registered first); while off, the queue is shown and
   * staff give doors by hand.
   */
  callForward: boolean;
  /** False while the facility uses the default (DEFAULT_HOLDING_AREA_NAME, on site). */
  configured: boolean;
  revision?: number;
}

export const HOLDING_STATES = ['waiting', 'called', 'no_show'] as const;
export type HoldingState = (typeof HOLDING_STATES)[number];

export interface HoldingQueueEntry {
  checkinId: string;
  appointmentId: string;
  /** 1 for the next driver to call; null for a called driver or a no-show. */
  position: number | null;
  state: HoldingState;
  driverName: string;
  vehicleLicense: string | null;
  carrierName: string | null;
  /** The check-in's instant: the truck has waited since. */
  waitingSince: string;
  waitingMinutes: number;
  /** The last call: when, to which door, and the time to reach it by. */
  calledAt: string | null;
  deadline: string | null;
  doorNumber: string | null;
  missedCalls: number;
  /** Held at the gate (issue #21): listed, not called until a yard manager lets it through. */
  heldAtGate: boolean;
}

export interface HoldingQueue {
  facilityId: string;
  /** The facility's clock (its times are shown on it). */
  timeZone: string;
  area: HoldingArea;
  asOf: string;
  deadlineMinutes: number;
  /** Called drivers first (soonest deadline first), then the waiting ones by position, then no-shows. */
  entries: HoldingQueueEntry[];
}

// A truck's timeline at the hub (issue #57.1), from the records that already hold its times: the
// FASTag crossing nearest the hub (trips), gate-in (the check-in: a pass scanned at the gate, the
// gate's QR code, the driver's phone or staff), at the door, the work, gate-out (the appointment's
// status moves), and the events staff record (holding area, called to door, documents done). A staff
// correction keeps the original time and source beside the new one, with who corrected it and why;
// a correction that would put an event before one the truck lives earlier is refused.
import {
  TIMELINE_EVENTS,
  type TimelineEntry,
  type TimelineEvent,
  type TimelineSource,
} from '../../shared/contracts/detention';

/** A staff correction or a staff-recorded event: the event's time as staff say it was. */
export interface TimelineCorrection {
  event: TimelineEvent;
  at: string;
  by: string;
  reason: string;
  correctedAt: string;
}

/** What the timeline is read from: the fields of the appointment, its check-in and its trip. */
export interface TimelineRecords {
  appointment: { arrivedAt: string | null; loadingStartedAt: string | null; departedAt: string | null };
  checkin: {
    checkinMethod: 'qr_code' | 'manual' | 'tablet';
    checkInTime: string;
    /** A pass scanned at the gate, synced from the gate's device (issue #52.4). */
    claimedAt?: string;
    atDockAt: string | null;
    completedAt: string | null;
    departedAt: string | null;
  } | null;
  /** The trip's crossings, oldest first (the last before gate-in is the nearest the hub). */
  crossings: { at: string }[];
  corrections: TimelineCorrection[];
}

const ORDER = new Map(TIMELINE_EVENTS.map((e, i) => [e, i]));

/** How the truck came in: the check-in's method, or a pass synced from the gate's device. */
function gateInSource(checkin: NonNullable<TimelineRecords['checkin']>): TimelineSource {
  if (checkin.claimedAt) return 'pass_scan';
  if (checkin.checkinMethod === 'qr_code') return 'gate_qr';
  if (checkin.checkinMethod === 'tablet') return 'driver_app';
  return 'staff';
}

/** The timeline as the records give it, before corrections, in the order a truck lives it. */
function recorded(r: TimelineRecords): TimelineEntry[] {
  const entries: TimelineEntry[] = [];
  const add = (event: TimelineEvent, at: string | null | undefined, source: TimelineSource) => {
    if (at) entries.push({ event, at, source });
  };
  const gateIn = r.checkin?.checkInTime ?? r.appointment.arrivedAt;
  const nearest = gateIn ? r.crossings.filter((c) => c.at <= gateIn).at(-1) : r.crossings.at(-1);
  add('fastag_near_hub', nearest?.at, 'fastag');
  add('gate_in', gateIn, r.checkin ? gateInSource(r.checkin) : 'status_change');
  add('at_door', r.checkin?.atDockAt, 'status_change');
  add('work_started', r.appointment.loadingStartedAt, 'status_change');
  add('work_finished', r.checkin?.completedAt, 'status_change');
  add('gate_out', r.checkin?.departedAt ?? r.appointment.departedAt, 'status_change');
  return entries;
}

/** The timeline with the corrections applied (the latest for an event wins), in the truck's order. */
export function timelineOf(r: TimelineRecords): TimelineEntry[] {
  const entries = new Map(recorded(r).map((e) => [e.event, e]));
  const ordered = [...r.corrections].sort((a, b) => a.correctedAt.localeCompare(b.correctedAt));
  for (const c of ordered) {
    const before = entries.get(c.event);
    const correction = before && { original: before.correction?.original ?? { at: before.at, source: before.source } };
    entries.set(c.event, {
      event: c.event,
      at: c.at,
      source: 'staff_correction',
      ...(correction && { correction: { ...correction, by: c.by, reason: c.reason, correctedAt: c.correctedAt } }),
    });
  }
  return [...entries.values()].sort((a, b) => ORDER.get(a.event)! - ORDER.get(b.event)!);
}

/** The events' times, for the rules (functions/detention/rules.ts). */
export function stampsOf(timeline: TimelineEntry[]): Partial<Record<TimelineEvent, Date>> {
  return Object.fromEntries(timeline.map((e) => [e.event, new Date(e.at)]));
}

/** Event names as the refusals say them. */
const EVENT_NAMES: Record<TimelineEvent, string> = {
  fastag_near_hub: 'the FASTag crossing',
  gate_in: 'gate-in',
  holding_area: 'holding area',
  called_to_door: 'called to door',
  at_door: 'at door',
  work_started: 'work started',
  work_finished: 'work finished',
  documents_done: 'documents done',
  gate_out: 'gate-out',
};

const capitalised = (s: string) => s[0]!.toUpperCase() + s.slice(1);

/**
 * Why a correction cannot be made, or null: an event may not come before one the truck lives earlier
 * (gate-out before gate-in), nor after one it lives later, nor be in the future. Gate-in needs no
 * FASTag crossing before it: the crossing only shows the road.
 */
export function correctionRefusal(timeline: TimelineEntry[], event: TimelineEvent, at: Date, now: Date): string | null {
  if (at.getTime() > now.getTime()) return `${capitalised(EVENT_NAMES[event])} cannot be in the future`;
  if (event === 'fastag_near_hub') return 'A FASTag crossing comes from FASTag and cannot be corrected';
  const place = ORDER.get(event)!;
  const others = timeline.filter((e) => e.event !== event && e.event !== 'fastag_near_hub');
  const earlier = others.filter((e) => ORDER.get(e.event)! < place && Date.parse(e.at) > at.getTime()).at(-1);
  if (earlier) return `${capitalised(EVENT_NAMES[event])} cannot be before ${EVENT_NAMES[earlier.event]}`;
  const later = others.find((e) => ORDER.get(e.event)! > place && Date.parse(e.at) < at.getTime());
  if (later) return `${capitalised(EVENT_NAMES[event])} cannot be after ${EVENT_NAMES[later.event]}`;
  if (event !== 'gate_in' && !others.some((e) => e.event === 'gate_in'))
    return `The truck has no gate-in yet: record its gate-in first`;
  return null;
}

// Today's schedule of a hub, polled by its changes (issue #60, docs/scale.md §6): every screen that
// shows it (the dashboard, the yard, Quick Check-In) asks every 30 s. The first poll gets the whole day;
// each poll after it names the `asOf` of the last answer it holds and gets only the appointments changed
// since (and the ids that left the day), which the screen folds into what it holds. A busy hub's day
// is read once per screen, not every 30 s.
// (No zod here: the SPA's first loads carry this rule; the query's schema is the handler's.)
import type { Appointment } from './appointments';

/** What a poll of today's schedule answers. */
export interface TodaysScheduleChanges {
  /** The hub's today, on its own clock. */
  date: string;
  /** When this answer was read, on the server's clock: the `since` of the next poll. */
  asOf: string;
  /** true: `appointments` is the whole day (a first poll, a day that has turned, a `since` not of today). */
  full: boolean;
  /** The whole day, or the appointments of the day changed since `since` (as they are now). */
  appointments: Appointment[];
  /** Ids of appointments that left the day since `since` (moved to another day or hub). */
  removed: string[];
}

/** Today's schedule as a screen holds it between polls. */
export interface TodaysSchedule {
  date: string;
  asOf: string;
  appointments: Appointment[];
}

/** The order of a day's list: by date, start and booking time (the server's lists and the screens'). */
export function scheduleOrder(a: Appointment, b: Appointment): number {
  return (
    a.scheduledDate.localeCompare(b.scheduledDate) ||
    a.scheduledTimeStart.localeCompare(b.scheduledTimeStart) ||
    a.createdAt.localeCompare(b.createdAt)
  );
}

/**
 * The schedule after a poll's answer: the answer itself when it is the whole day (or of another day than
 * the one held); otherwise what was held, with each changed appointment put in (or replaced) and each
 * removed one taken out, in the day's order.
 */
export function applyScheduleChanges(held: TodaysSchedule | undefined, changes: TodaysScheduleChanges): TodaysSchedule {
  const { date, asOf } = changes;
  if (changes.full || !held || held.date !== date) return { date, asOf, appointments: changes.appointments };
  const byId = new Map(held.appointments.map((a) => [a.id, a]));
  for (const id of changes.removed) byId.delete(id);
  for (const a of changes.appointments) byId.set(a.id, a);
  return { date, asOf, appointments: [...byId.values()].sort(scheduleOrder) };
}

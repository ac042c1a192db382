// Today's schedule of one hub, today on its own clock (GET /api/appointments/today), and the same polled by
// its changes (GET /api/appointments/today/changes, issue #60, shared/contracts/todays-schedule.ts): every
// screen that shows the day asks every 30 s, and a busy hub's day is 1,000-10,000 appointments. A poll
// that names the `asOf` of its last answer, on the same day, reads the day's change log since then
// (day-changes.store.ts) and the appointments it names; any other poll gets the whole day.
import type { RequestSession } from '../lib/http';
import { visibleTo } from '../../shared/access';
import type { Appointment } from '../../shared/contracts/appointments';
import type { SessionUser } from '../../shared/contracts/auth';
import { scheduleOrder, type TodaysScheduleChanges } from '../../shared/contracts/todays-schedule';
import { localDateTime } from '../../shared/time';
import { getAppointments, listAppointmentsByDate, withGateHolds } from './appointment.store';
import { changedSince } from './day-changes.store';
import { todayFor } from './context';

type Viewer = { user: SessionUser; session: RequestSession };

/** A hub's day as the viewer may see it, with gate holds: one key of the date index, whatever the tenant's other hubs hold. */
async function wholeDay({ user }: Viewer, facilityId: string, date: string): Promise<Appointment[]> {
  const listed = visibleTo(user, await listAppointmentsByDate(user.tenantId, date, facilityId));
  return withGateHolds(user.tenantId, listed);
}

/** Today's schedule of the hub asked for (404 when the tenant has none such) or the session's home hub; no hub, no day. */
export async function todaysSchedule(viewer: Viewer, facilityId: string | undefined, now = new Date()) {
  const { facility, date } = await todayFor(viewer.session, now, facilityId);
  return facility ? wholeDay(viewer, facility.id, date) : [];
}

/**
 * A poll of today's schedule: only what changed since `since` when it is a former answer's `asOf` of
 * this same day (on the hub's clock, not after now); otherwise the whole day. A changed appointment the
 * viewer may not see is named as removed (the viewer never held it, or must no longer).
 */
export async function todaysScheduleChanges(
  viewer: Viewer,
  facilityId: string | undefined,
  since: string | undefined,
  now = new Date(),
): Promise<TodaysScheduleChanges> {
  // Taken before anything is read: a change that lands during this read is in the next poll's answer.
  const asOf = now.toISOString();
  const { facility, date } = await todayFor(viewer.session, now, facilityId);
  if (!facility) return { date, asOf, full: true, appointments: [], removed: [] };
  const sameDay = since && since <= asOf && localDateTime(new Date(since), facility.timeZone).date === date;
  if (!sameDay) return { date, asOf, full: true, appointments: await wholeDay(viewer, facility.id, date), removed: [] };
  const { user } = viewer;
  // The appointments the day's log names, as they are now: on this day still, or moved away.
  const ids = await changedSince({ tenantId: user.tenantId, facilityId: facility.id, scheduledDate: date }, since);
  const current = await getAppointments(user.tenantId, ids);
  const changed: Appointment[] = [];
  const removed: string[] = [];
  ids.forEach((id, i) => {
    const a = current[i];
    if (a && a.facilityId === facility.id && a.scheduledDate === date) changed.push(a);
    else removed.push(id);
  });
  const visible = visibleTo(user, changed.sort(scheduleOrder));
  const hidden = changed.filter((a) => !visible.includes(a)).map((a) => a.id);
  return {
    date,
    asOf,
    full: false,
    appointments: await withGateHolds(user.tenantId, visible),
    removed: [...removed, ...hidden],
  };
}

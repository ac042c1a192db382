// The delay job (functions/workers.ts 'messaging-delay-alerts', every 5 minutes): an appointment still
// scheduled N minutes after its start (N from the tenant's messaging settings) raises one
// appointment.delayed event, written with its once-only marker in one transaction; the notifier
// then sends the delay alert. Appointments that arrived, were cancelled or moved stop being watched.
import { defineWorker } from '../lib/worker';
import { appointmentEventItem, getAppointment } from '../appointments';
import { delayMarkerPut } from './message.store';
import { raiseDelay, startedWatches, unwatch, type DelayWatch } from './delay-watch.store';
import { delayAlertMinutes } from './notify';
import { getFacility } from '../facilities';
import { addDays, localDateTime, toMinutes, fromMinutes, DEFAULT_TIME_ZONE } from '../../shared/time';

/** Raises the delay alerts due at `now`; answers how many were raised. */
export async function raiseDueDelays(now = new Date()): Promise<number> {
  // Starts are instants (each facility's local start in its own zone), so one clock serves every zone.
  const today = now.toISOString().slice(0, 10);
  const watches = [
    ...(await startedWatches(addDays(today, -1), now.toISOString())),
    ...(await startedWatches(today, now.toISOString())),
  ];
  const thresholds = new Map<string, number>();
  let raised = 0;
  for (const w of watches) {
    if (!thresholds.has(w.tenantId)) thresholds.set(w.tenantId, await delayAlertMinutes(w.tenantId));
    const late = Math.floor((now.getTime() - Date.parse(w.startsAt)) / 60_000);
    if (late < thresholds.get(w.tenantId)!) continue;
    raised += (await raiseFor(w, late, now)) ? 1 : 0;
  }
  return raised;
}

async function raiseFor(w: DelayWatch, minutesLate: number, now: Date): Promise<boolean> {
  const appointment = await getAppointment(w.tenantId, w.appointmentId);
  const stillWaited =
    appointment?.status === 'scheduled' &&
    appointment.scheduledDate === w.date &&
    appointment.scheduledTimeStart === w.time;
  if (!appointment || !stillWaited) {
    await unwatch(w);
    return false;
  }
  // The new ETA on the facility's clock: now plus the minutes already late (the same delay again).
  const facility = await getFacility(w.tenantId, appointment.facilityId);
  const eta = Math.min(
    toMinutes(localDateTime(now, facility?.timeZone ?? DEFAULT_TIME_ZONE).time) + minutesLate,
    24 * 60 - 1,
  );
  return raiseDelay(
    w,
    delayMarkerPut(w.tenantId, w.appointmentId, now),
    appointmentEventItem('appointment.delayed', appointment, { minutesLate, newTime: fromMinutes(eta) }, now),
  );
}

export const { handler, worker } = defineWorker('messaging-delay-alerts', 'schedule', async (event) => {
  await raiseDueDelays(new Date(event.time));
});

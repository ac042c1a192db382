// The delay job (functions/workers.ts 'messaging-delay-alerts', every 5 minutes): an appointment still
// scheduled N minutes after its start (N from the tenant's messaging settings) raises one
// appointment.delayed event, written with its once-only marker in one transaction; the notifier
// then sends the delay alert. Appointments that arrived, were cancelled or moved stop being watched.
import { defineWorker } from '../lib/worker';
import { appointmentEventItem, getAppointment } from '../appointments';
import { delayMarkerPut } from './message.store';
import { raiseDelay, startedWatches, unwatch, type DelayWatch } from './delay-watch.store';
import { delayAlertMinutes } from './notify';
import { addDays, localDateTime, toMinutes } from '../../shared/time';
import { DEFAULT_TIME_ZONE } from '../../shared/product';

/** Raises the delay alerts due at `now`; answers how many were raised. */
export async function raiseDueDelays(now = new Date()): Promise<number> {
  const local = localDateTime(now, DEFAULT_TIME_ZONE);
  const minutesNow = toMinutes(local.time);
  const watches = [...(await startedWatches(addDays(local.date, -1), '23:59')), ...(await startedWatches(local.date, local.time))];
  const thresholds = new Map<string, number>();
  let raised = 0;
  for (const w of watches) {
    if (!thresholds.has(w.tenantId)) thresholds.set(w.tenantId, await delayAlertMinutes(w.tenantId));
    const late = (w.date === local.date ? 0 : 24 * 60) + minutesNow - toMinutes(w.time);
    if (late < thresholds.get(w.tenantId)!) continue;
    raised += (await raiseFor(w, late, now)) ? 1 : 0;
  }
  return raised;
}

async function raiseFor(w: DelayWatch, minutesLate: number, now: Date): Promise<boolean> {
  const appointment = await getAppointment(w.tenantId, w.appointmentId);
  const stillWaited = appointment?.status === 'scheduled' && appointment.scheduledDate === w.date && appointment.scheduledTimeStart === w.time;
  if (!appointment || !stillWaited) {
    await unwatch(w);
    return false;
  }
  return raiseDelay(w, delayMarkerPut(w.tenantId, w.appointmentId, now), appointmentEventItem('appointment.delayed', appointment, { minutesLate }, now));
}

export const { handler, worker } = defineWorker('messaging-delay-alerts', 'schedule', async (event) => {
  await raiseDueDelays(new Date(event.time));
});

// Appointment reminders (functions/workers.ts 'messaging-reminders', every 5 minutes; issue #32): each
// scheduled appointment's driver is reminded once, on their first channel that carries it (the driver
// record's channel order, messageDriver), when the facility's reminder lead time (booking rules,
// 2 hours by default) before the start is reached. The booked appointments are the delay watch's
// (written by the notifier for every booking and move); a cancelled or moved appointment is not
// reminded of its old time. The message is named by the appointment and its start, so a run that is
// retried or overlaps another sends it once, and a moved appointment is reminded of its new time.
import { defineWorker } from '../lib/worker';
import { bookingRulesOf, getAppointment } from '../appointments';
import { watchesStartingBetween, type DelayWatch } from './delay-watch.store';
import { messageDriver } from './index';
import { WORDS } from './notify';
import { addDays } from '../../shared/time';
import { displayDate } from '../../shared/contracts/messaging';
import { MAX_REMINDER_MINUTES } from '../../shared/contracts/appointments-booking-rules';

/** Sends the reminders due at `now`; answers the appointments reminded (a repeat that was not sent again counts too). */
export async function sendDueReminders(now = new Date()): Promise<string[]> {
  const from = now.toISOString();
  const until = new Date(now.getTime() + MAX_REMINDER_MINUTES * 60_000).toISOString();
  const today = from.slice(0, 10);
  const watches = [
    ...(await watchesStartingBetween(today, from, until)),
    ...(await watchesStartingBetween(addDays(today, 1), from, until)),
  ];
  const leads = new Map<string, number>();
  const reminded: string[] = [];
  for (const w of watches) if (await remind(w, leads, now)) reminded.push(w.appointmentId);
  return reminded;
}

async function remind(w: DelayWatch, leads: Map<string, number>, now: Date): Promise<boolean> {
  const appointment = await getAppointment(w.tenantId, w.appointmentId);
  if (
    appointment?.status !== 'scheduled' ||
    appointment.scheduledDate !== w.date ||
    appointment.scheduledTimeStart !== w.time
  )
    return false;
  const facilityKey = `${w.tenantId}#${appointment.facilityId}`;
  if (!leads.has(facilityKey))
    leads.set(facilityKey, (await bookingRulesOf(w.tenantId, appointment.facilityId)).reminderMinutes);
  if (Date.parse(w.startsAt) - now.getTime() > leads.get(facilityKey)! * 60_000) return false;
  const { sentOn } = await messageDriver(
    w.tenantId,
    { carrierId: appointment.carrierId, driverId: appointment.driverId, phone: appointment.driverPhone },
    'appointment_reminder',
    (language) => ({
      date: displayDate(appointment.scheduledDate, language),
      time: appointment.scheduledTimeStart,
      dock: appointment.doorNumber ?? WORDS[language].toBeAssigned,
    }),
    { id: `reminder-${appointment.id}-${w.startsAt}`, type: 'appointment.reminder' },
    now,
  );
  return sentOn !== null;
}

export const { handler, worker } = defineWorker('messaging-reminders', 'schedule', async (event) => {
  await sendDueReminders(new Date(event.time));
});

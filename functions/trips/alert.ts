// The late-truck alert (issue #33): once per appointment (the marker on the trip, written in the
// alert's transaction) the facility's operations staff get a notification in the tenant's feed, and
// the driver a message with a one-tap reslot link (WhatsApp, else SMS, in the driver's language).
import { auditPut } from '../lib/audit';
import { config } from '../lib/config';
import { transact } from '../lib/dynamo';
import { logger } from '../lib/logger';
import { notificationPut } from '../notifications';
import { messageDriver } from '../messaging';
import type { Facility } from '../facilities';
import type { Appointment } from '../../shared/contracts/appointments';
import { localDateTime } from '../../shared/time';
import { alertMarkerUpdate, type Trip } from './trip.store';
import { newReslotLinkPut, setReslotLanguage } from './reslot.store';
import { newReslotLink } from './reslot';

class AlreadyAlerted extends Error {}

/** The SPA's origin for links sent out of a worker (no request to take it from). */
function appOrigin(): string | null {
  return (process.env.APP_ORIGIN ?? config.allowedOrigins[0] ?? '').replace(/\/+$/, '') || null;
}

/** Raises the alert of a late trip; false when it was raised before. */
export async function raiseLateAlert(
  appointment: Appointment,
  facility: Facility,
  trip: Trip,
  now: Date,
): Promise<boolean> {
  const estimate = trip.estimate!;
  const eta = localDateTime(new Date(estimate.eta), facility.timeZone).time;
  const { link, token } = await newReslotLink(appointment, facility, estimate.eta, now);
  try {
    await transact(
      [
        alertMarkerUpdate(appointment.tenantId, appointment.id, now),
        newReslotLinkPut(link),
        notificationPut(
          appointment.tenantId,
          {
            type: 'appointment',
            title: 'Truck running late',
            message: `${trip.vehicleNumber} (${appointment.bookingReference}) is expected at ${eta}, about ${trip.lateByMinutes} min after its ${appointment.scheduledTimeStart}-${appointment.scheduledTimeEnd} window at ${facility.name}; last seen ${estimate.lastSeen.plaza}`,
          },
          now,
        ),
        auditPut(
          {
            tenantId: appointment.tenantId,
            actor: null,
            action: 'trip.late-alert',
            entityType: 'appointment',
            entityId: appointment.id,
            after: { eta: estimate.eta, lateByMinutes: trip.lateByMinutes, reslotLinkId: link.id },
          },
          now,
        ),
      ],
      (index) => (index === 0 ? new AlreadyAlerted() : new Error('The late-truck alert could not be written')),
    );
  } catch (err) {
    if (err instanceof AlreadyAlerted) return false;
    throw err;
  }
  const origin = appOrigin();
  if (!origin) {
    logger.warn('late truck not messaged: no APP_ORIGIN for the reslot link', { appointmentId: appointment.id });
    return true;
  }
  const { language } = await messageDriver(
    appointment.tenantId,
    {
      carrierId: appointment.carrierId,
      driverId: appointment.driverId,
      phone: appointment.driverPhone,
      language: appointment.guest?.language,
    },
    'late_truck_reslot',
    () => ({ newTime: eta, time: appointment.scheduledTimeStart, reslotLink: `${origin}/reslot/${token}` }),
    // Named by the appointment: a retried alert never messages the driver twice.
    { id: `trip-late-${appointment.id}`, type: 'trip.late' },
    now,
  );
  if (language) await setReslotLanguage(link.id, language);
  return true;
}

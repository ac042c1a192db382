// The driver notifier: each domain event that a driver should hear of becomes the matching template,
// sent in the driver's language on the first of their channels that carries it (reach.ts; a guest
// booking's mobile number gets SMS in the language the guest booked in). Message ids derive from the
// event id and channel, so an event handled twice (a stream retry, a restart after a crash) is sent once.
import { logger } from '../lib/logger';
import type { DomainEventRecord } from '../lib/events';
import { driverReach, sendByReach } from './reach';
import { providerSetup } from './settings';
import { withPassLink } from './pass-link';
import {
  displayDate,
  clipVariable,
  LANGUAGES,
  type Language,
  type Placeholder,
  type SendOutcome,
  type TemplateKey,
} from '../../shared/contracts/messaging';

type Values = Partial<Record<Placeholder, string>>;

interface Detail {
  appointmentId?: string;
  bookingReference?: string;
  scheduledDate?: string;
  scheduledTimeStart?: string;
  doorNumber?: string | null;
  carrierId?: string | null;
  driverId?: string | null;
  driverPhone?: string | null;
  bookingType?: string;
  guest?: boolean;
  /** A guest booking's language and facility (the guest has no driver record to say them). */
  language?: string;
  facilityName?: string;
  minutesLate?: number;
  newTime?: string;
  status?: string;
  reason?: string | null;
  requestedDate?: string;
  requestedTimeStart?: string;
  refused?: boolean;
  /** A door given by a holding area's call forward (issue #58.3): the local time ('HH:mm') to reach it by. */
  callForward?: { deadlineTime?: string };
}

export { displayDate };

export const WORDS: Record<Language, { toBeAssigned: string; dock: (n: string) => string; parking: string }> = {
  en: { toBeAssigned: 'to be assigned', dock: (n) => `Dock ${n}`, parking: 'Parking area' },
  hi: { toBeAssigned: 'बाद में बताया जाएगा', dock: (n) => `डॉक ${n}`, parking: 'पार्किंग क्षेत्र' },
};

/** The template of an event and its values in the language; null when the driver is not told of it. */
export function templateFor(
  event: Pick<DomainEventRecord, 'type' | 'detail'>,
  language: Language,
): { key: TemplateKey; values: Values } | null {
  const d = event.detail as Detail;
  const w = WORDS[language];
  const when =
    d.scheduledDate && d.scheduledTimeStart
      ? { date: displayDate(d.scheduledDate, language), time: d.scheduledTimeStart }
      : null;
  switch (event.type) {
    case 'appointment.created':
      if (!when || d.bookingType === 'walk_in') return null;
      // A carrier's booking the facility approves first (issue #32): confirmed only once approved.
      if (d.status === 'pending_approval') return { key: 'booking_awaiting_approval', values: when };
      if (d.guest)
        return {
          key: 'slot_booking_confirmed',
          // A DLT variable carries at most 30 characters: a longer facility name is cut rather than the SMS refused.
          values: {
            ...when,
            code: d.bookingReference,
            hub: clipVariable(d.facilityName ?? ''),
          },
        };
      return { key: 'appointment_confirmed', values: { ...when, dock: d.doorNumber ?? w.toBeAssigned } };
    case 'appointment.approved':
      return when ? { key: 'appointment_confirmed', values: { ...when, dock: d.doorNumber ?? w.toBeAssigned } } : null;
    case 'appointment.refused':
      // A DLT variable carries at most 30 characters: the reason is cut (the carrier's e-mail has it whole).
      return when && d.reason
        ? {
            key: 'booking_refused',
            values: { ...when, reason: clipVariable(d.reason) },
          }
        : null;
    case 'appointment.cancelled':
      // Whoever cancelled (staff, the carrier, the booker by the pass link), the driver hears it once.
      return when && !d.refused ? { key: 'appointment_cancelled', values: when } : null;
    case 'checkin.door-assigned':
      if (!d.doorNumber) return null;
      // A holding area's call forward (functions/holding): the door with the time to reach it by, on the facility's clock.
      return d.callForward?.deadlineTime
        ? { key: 'call_forward', values: { dock: d.doorNumber, time: d.callForward.deadlineTime } }
        : { key: 'dock_assigned', values: { dock: d.doorNumber } };
    case 'checkin.created':
      return { key: 'check_in_success', values: { spot: d.doorNumber ? w.dock(d.doorNumber) : w.parking } };
    case 'loading.completed':
      return { key: 'loading_complete', values: {} };
    case 'appointment.delayed':
      // The new ETA comes with the event, on the facility's clock (functions/messaging/delay-alerts.worker.ts).
      return d.minutesLate && d.newTime
        ? { key: 'delay_alert', values: { delay: String(d.minutesLate), newTime: d.newTime } }
        : null;
    case 'appointment.rescheduled':
      return when ? { key: 'reschedule_approved', values: when } : null;
    case 'appointment.reschedule-denied':
      return d.requestedDate && d.requestedTimeStart
        ? {
            key: 'reschedule_denied',
            values: { date: displayDate(d.requestedDate, language), time: d.requestedTimeStart },
          }
        : null;
    default:
      return null;
  }
}

/** Sends the event's message to its driver; answers one outcome per channel (none when nobody is told). */
export async function notifyDriver(event: DomainEventRecord, now = new Date()): Promise<SendOutcome[]> {
  const d = event.detail as Detail;
  if (!templateFor(event, 'en')) return [];
  const reach = await driverReach(event.tenantId, {
    carrierId: d.carrierId,
    driverId: d.driverId,
    phone: d.driverPhone,
    language: (LANGUAGES as readonly string[]).includes(d.language ?? '') ? (d.language as Language) : undefined,
  });
  if (!reach?.channels.some((c) => c.to)) {
    logger.info('event not messaged: the driver has no Indian mobile number', { eventId: event.id, type: event.type });
    return [];
  }
  const message = await withPassLink(
    event.tenantId,
    d.appointmentId,
    templateFor(event, reach.language)!,
    reach.language,
    now,
  );
  const { outcomes } = await sendByReach(
    reach,
    (channel, to) => ({
      tenantId: event.tenantId,
      channel,
      to,
      language: reach.language,
      templateKey: message.key,
      values: message.values,
      event: { id: event.id, type: event.type },
    }),
    now,
  );
  return outcomes;
}

/** The minutes after its start at which a not-arrived appointment raises a delay alert. */
export async function delayAlertMinutes(tenantId: string): Promise<number> {
  return (await providerSetup(tenantId)).delayAlertMinutes;
}

// The driver notifier: each domain event that a driver should hear of becomes the matching template,
// sent on the driver's preferred channels in the driver's language (fields on the driver; a guest
// booking's mobile number gets SMS in English). Message ids derive from the event id and channel,
// so an event handled twice (a stream retry, a restart after a crash) is sent once.
import { getDriver } from '../carriers';
import { logger } from '../lib/logger';
import type { DomainEventRecord } from '../lib/events';
import { sendOne } from './deliver';
import { providerSetup } from './settings';
import {
  toIndianE164,
  type Channel,
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
  minutesLate?: number;
  newTime?: string;
  requestedDate?: string;
  requestedTimeStart?: string;
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
/** '2026-11-24' -> '24 Nov 2026' (the same in both languages, as registered). */
export function displayDate(iso: string): string {
  const [y, m, d] = iso.split('-').map(Number);
  return `${d} ${MONTHS[m! - 1]} ${y}`;
}

const WORDS: Record<Language, { toBeAssigned: string; dock: (n: string) => string; parking: string }> = {
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
    d.scheduledDate && d.scheduledTimeStart ? { date: displayDate(d.scheduledDate), time: d.scheduledTimeStart } : null;
  switch (event.type) {
    case 'appointment.created':
      if (!when || d.bookingType === 'walk_in') return null;
      if (d.guest) return { key: 'slot_booking_confirmed', values: { ...when, code: d.bookingReference } };
      return { key: 'appointment_confirmed', values: { ...when, dock: d.doorNumber ?? w.toBeAssigned } };
    case 'checkin.door-assigned':
      return d.doorNumber ? { key: 'dock_assigned', values: { dock: d.doorNumber } } : null;
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
        ? { key: 'reschedule_denied', values: { date: displayDate(d.requestedDate), time: d.requestedTimeStart } }
        : null;
    default:
      return null;
  }
}

interface Recipient {
  phone: string | null;
  channels: Channel[];
  language: Language;
}

async function recipientOf(tenantId: string, d: Detail): Promise<Recipient | null> {
  if (d.driverId && d.carrierId) {
    const driver = await getDriver(tenantId, d.carrierId, d.driverId);
    if (driver) {
      const phone = driver.phone ? toIndianE164(driver.phone) : null;
      return {
        phone,
        channels: driver.preferredChannels?.length ? driver.preferredChannels : ['sms'],
        language: driver.preferredLanguage ?? 'en',
      };
    }
  }
  const phone = d.driverPhone ? toIndianE164(d.driverPhone) : null;
  return phone ? { phone, channels: ['sms'], language: 'en' } : null;
}

/** Sends the event's message to its driver; answers one outcome per channel (none when nobody is told). */
export async function notifyDriver(event: DomainEventRecord, now = new Date()): Promise<SendOutcome[]> {
  const d = event.detail as Detail;
  if (!templateFor(event, 'en')) return [];
  const recipient = await recipientOf(event.tenantId, d);
  if (!recipient?.phone) {
    logger.info('event not messaged: the driver has no Indian mobile number', { eventId: event.id, type: event.type });
    return [];
  }
  const message = templateFor(event, recipient.language)!;
  // Phone channels only (drivers are reached on their mobile number), side by side.
  const channels = recipient.channels.filter((c) => c !== 'email');
  return Promise.all(
    channels.map((channel) =>
      sendOne(
        {
          tenantId: event.tenantId,
          channel,
          to: recipient.phone!,
          language: recipient.language,
          templateKey: message.key,
          values: message.values,
          event: { id: event.id, type: event.type },
        },
        now,
      ),
    ),
  );
}

/** The minutes after its start at which a not-arrived appointment raises a delay alert. */
export async function delayAlertMinutes(tenantId: string): Promise<number> {
  return (await providerSetup(tenantId)).delayAlertMinutes;
}

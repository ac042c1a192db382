// The carrier's confirmation e-mail with a calendar invitation (issue #32): booked, moved and cancelled
// appointments each send one to the carrier's contact e-mail. The invitation's UID is the appointment's
// own, so a calendar updates the one event: SEQUENCE is the number of moves (a cancellation one more),
// METHOD:REQUEST for a booking or a move, METHOD:CANCEL for a cancellation. Each e-mail is named by its
// domain event, so a retried stream record records it once.
import { createEvent } from 'ics';
import type { DomainEventRecord } from '../lib/events';
import { logger } from '../lib/logger';
import { getAppointment } from '../appointments';
import { getCarrier } from '../carriers';
import { getFacility } from '../facilities';
import { email } from './channels/email';
import { facilityTimeZone, instantOf } from '../../shared/time';
import { displayDate } from '../../shared/contracts/messaging';
import type { Appointment } from '../../shared/contracts/appointments';

export type InvitationMethod = 'REQUEST' | 'CANCEL';

interface Kind {
  /** The invitation's method; null: the e-mail carries none (a booking not confirmed, or refused). */
  method: InvitationMethod | null;
  subject: string;
  opening: string;
}

/** A booking awaiting the facility's approval (issue #32) is not in the calendar until it is approved. */
const AWAITING_APPROVAL: Kind = {
  method: null,
  subject: 'Booking awaiting approval',
  opening: "Your booking is awaiting the facility's approval. You will hear from us when it is decided.",
};

const KINDS: Record<string, Kind> = {
  'appointment.created': {
    method: 'REQUEST',
    subject: 'Appointment confirmed',
    opening: 'Your appointment is confirmed.',
  },
  'appointment.rescheduled': {
    method: 'REQUEST',
    subject: 'Appointment moved',
    opening: 'Your appointment has moved.',
  },
  'appointment.approved': {
    method: 'REQUEST',
    subject: 'Appointment confirmed',
    opening: 'The facility approved your booking. Your appointment is confirmed.',
  },
  'appointment.refused': {
    method: null,
    subject: 'Booking refused',
    opening: 'The facility refused your booking.',
  },
  'appointment.cancelled': {
    method: 'CANCEL',
    subject: 'Appointment cancelled',
    opening: 'Your appointment is cancelled.',
  },
};

export const invitationUid = (appointmentId: string) => `${appointmentId}@docksaathi.in`;

/** The invitation (.ics text) of an appointment as it is now. */
export function invitationOf(
  appointment: Appointment,
  facility: { name: string; timeZone?: string | null },
  method: InvitationMethod,
): string {
  const zone = facilityTimeZone(facility);
  const start = instantOf(appointment.scheduledDate, appointment.scheduledTimeStart, zone).getTime();
  const end = instantOf(appointment.scheduledDate, appointment.scheduledTimeEnd, zone).getTime();
  const { error, value } = createEvent({
    productId: 'docksaathi/appointments',
    method,
    uid: invitationUid(appointment.id),
    sequence: appointment.rescheduleCount + (method === 'CANCEL' ? 1 : 0),
    start,
    startInputType: 'utc',
    startOutputType: 'utc',
    end,
    endInputType: 'utc',
    endOutputType: 'utc',
    title: `Dock appointment ${appointment.bookingReference}`,
    description:
      `${appointment.carrierName ?? ''} ${appointment.loadType} ${appointment.doorNumber ? `dock ${appointment.doorNumber}` : ''}`.trim(),
    location: facility.name,
    status: method === 'CANCEL' ? 'CANCELLED' : 'CONFIRMED',
    organizer: { name: 'DockSaathi', email: process.env.EMAIL_FROM ?? 'no-reply@docksaathi.in' },
  });
  if (error || !value) throw error ?? new Error('The calendar invitation could not be made');
  return value;
}

/** Sends the carrier its e-mail with the invitation for a booking, a move or a cancellation event. */
export async function emailInvitation(event: DomainEventRecord, now = new Date()): Promise<void> {
  const d = event.detail as {
    appointmentId?: string;
    carrierId?: string | null;
    bookingType?: string;
    status?: string;
    reason?: string | null;
  };
  const kind =
    event.type === 'appointment.created' && d.status === 'pending_approval' ? AWAITING_APPROVAL : KINDS[event.type];
  if (!kind || !d.appointmentId || !d.carrierId || d.bookingType === 'walk_in') return;
  const [appointment, carrier] = await Promise.all([
    getAppointment(event.tenantId, d.appointmentId),
    getCarrier(event.tenantId, d.carrierId),
  ]);
  if (!appointment || !carrier?.contactEmail) return;
  // A refused booking was never in the carrier's calendar: its refusal is the one e-mail.
  if (event.type === 'appointment.cancelled' && appointment.approval?.decision === 'refused') return;
  const facility = await getFacility(event.tenantId, appointment.facilityId);
  if (!facility) {
    logger.warn('invitation not sent: the facility is gone', { eventId: event.id });
    return;
  }
  const when = `${displayDate(appointment.scheduledDate)} ${appointment.scheduledTimeStart}-${appointment.scheduledTimeEnd}`;
  await email.send(
    {
      channel: 'email',
      to: carrier.contactEmail,
      subject: `${kind.subject}: ${appointment.bookingReference}, ${when}`,
      text: [
        kind.opening,
        `Booking reference: ${appointment.bookingReference}`,
        `Facility: ${facility.name}`,
        `When: ${when} (${facilityTimeZone(facility)})`,
        appointment.doorNumber ? `Dock: ${appointment.doorNumber}` : null,
        event.type === 'appointment.refused' && d.reason ? `Reason: ${d.reason}` : null,
      ]
        .filter(Boolean)
        .join('\n'),
      attachments: kind.method
        ? [
            {
              filename: 'invite.ics',
              contentType: `text/calendar; method=${kind.method}`,
              content: invitationOf(appointment, facility, kind.method),
            },
          ]
        : [],
      messageId: `${event.id}#email`,
    },
    now,
  );
}

// The one-tap reslot (issue #33): a late truck's driver gets a link (a signed link of
// functions/lib/signed-link.ts, single use, valid to the end of the facility's day) to a page listing up to three free slots of the
// facility after the estimate; taking one moves the appointment by the reschedule rules (or files a
// request where the facility wants to approve), with the link's use in the same transaction.
import { ConflictError, NotFoundError, RevisionConflictError } from '../lib/errors';
import type { Actor } from '../lib/audit';
import { checkLink, linkIdOf, newLinkId, signLink } from '../lib/signed-link';
import { getAppointment, rescheduleByLink } from '../appointments';
import { getFacility, slotsOf, type Facility } from '../facilities';
import {
  RESLOT_MESSAGES,
  type ReslotChoice,
  type ReslotOffer,
  type ReslotResult,
  type ReslotSlot,
} from '../../shared/contracts/trips';
import { isReschedulable, type Appointment } from '../../shared/contracts/appointments';
import { addDays, instantOf, localDateTime } from '../../shared/time';
import { getReslotLink, RESLOT_LINK, useReslotLinkUpdate, type ReslotLink } from './reslot.store';
import { getWatchSettings } from './watch-settings.store';

/** How many slots the page offers. */
export const RESLOT_CHOICES = 3;
/** The audit trail's actor of a driver's tap (the page has no sign-in). */
export const RESLOT_ACTOR: Actor = { userId: 'reslot-link', username: 'driver (reslot link)' };

const signedFields = (link: Pick<ReslotLink, 'tenantId' | 'appointmentId' | 'validUntil'>) => [
  link.tenantId,
  link.appointmentId,
  link.validUntil,
];

/** The end of the facility's day that holds `now` (an instant). */
export function endOfFacilityDay(now: Date, timeZone: string): Date {
  return instantOf(addDays(localDateTime(now, timeZone).date, 1), '00:00', timeZone);
}

/** A new link for the appointment's current window, and its token (id + signature). */
export async function newReslotLink(
  appointment: Appointment,
  facility: Facility,
  eta: string,
  now: Date,
): Promise<{ link: ReslotLink; token: string }> {
  const link: ReslotLink = {
    id: newLinkId(),
    tenantId: appointment.tenantId,
    appointmentId: appointment.id,
    facilityId: appointment.facilityId,
    eta,
    validUntil: endOfFacilityDay(now, facility.timeZone).toISOString(),
    window: {
      date: appointment.scheduledDate,
      timeStart: appointment.scheduledTimeStart,
      timeEnd: appointment.scheduledTimeEnd,
    },
    usedAt: null,
    createdAt: now.toISOString(),
    language: null,
  };
  const token = await signLink(RESLOT_LINK, link.tenantId, link.id, signedFields(link), new Date(link.validUntil), now);
  return { link, token };
}

/** The link of a token if it is genuine, unused, unexpired and its appointment still at the offered time. */
async function openLink(token: string, now: Date) {
  const id = linkIdOf(token);
  const link = id ? await getReslotLink(id) : null;
  const check = link ? await checkLink(RESLOT_LINK, link.tenantId, token, signedFields(link), now) : 'invalid';
  if (!link || check === 'invalid') throw new NotFoundError(RESLOT_MESSAGES.invalid);
  if (link.usedAt) throw new ConflictError(RESLOT_MESSAGES.used);
  if (check === 'expired' || Date.parse(link.validUntil) <= now.getTime())
    throw new ConflictError(RESLOT_MESSAGES.expired);
  const [appointment, facility] = await Promise.all([
    getAppointment(link.tenantId, link.appointmentId),
    getFacility(link.tenantId, link.facilityId),
  ]);
  const unmoved =
    appointment?.scheduledDate === link.window.date && appointment.scheduledTimeStart === link.window.timeStart;
  if (!appointment || !facility || !unmoved || !isReschedulable(appointment) || appointment.pendingRescheduleId)
    throw new ConflictError(RESLOT_MESSAGES.notMovable);
  return { link, appointment, facility };
}

/** The free slots of the facility that start at or after the estimate, today then tomorrow, at most three. */
async function slotsAfter(facility: Facility, eta: string, now: Date): Promise<ReslotSlot[]> {
  const from = Date.parse(eta);
  const today = localDateTime(new Date(Math.max(from, now.getTime())), facility.timeZone).date;
  const found: ReslotSlot[] = [];
  for (const date of [today, addDays(today, 1)]) {
    for (const s of await slotsOf(facility, date, now)) {
      if (!s.isAvailable || instantOf(s.slotDate, s.startTime, facility.timeZone).getTime() < from) continue;
      found.push({ date: s.slotDate, timeStart: s.startTime, timeEnd: s.endTime });
      if (found.length === RESLOT_CHOICES) return found;
    }
  }
  return found;
}

export async function reslotOffer(token: string, now = new Date()): Promise<ReslotOffer> {
  const { link, appointment, facility } = await openLink(token, now);
  const settings = await getWatchSettings(link.tenantId, link.facilityId);
  return {
    facilityName: facility.name,
    timeZone: facility.timeZone,
    bookingReference: appointment.bookingReference,
    current: link.window,
    eta: link.eta,
    slots: await slotsAfter(facility, link.eta, now),
    needsApproval: settings.reslotNeedsApproval,
    expiresAt: link.validUntil,
    language: link.language ?? 'en',
  };
}

export async function takeReslot(token: string, choice: ReslotChoice, now = new Date()): Promise<ReslotResult> {
  const { link, facility } = await openLink(token, now);
  const offered = await slotsAfter(facility, link.eta, now);
  const slot = offered.find(
    (s) => s.date === choice.date && s.timeStart === choice.timeStart && s.timeEnd === choice.timeEnd,
  );
  if (!slot) throw new ConflictError(RESLOT_MESSAGES.notOffered, { slot: RESLOT_MESSAGES.notOffered });
  const settings = await getWatchSettings(link.tenantId, link.facilityId);
  try {
    const { outcome } = await rescheduleByLink(
      link.tenantId,
      RESLOT_ACTOR,
      link.appointmentId,
      {
        newDate: slot.date,
        newTimeStart: slot.timeStart,
        newTimeEnd: slot.timeEnd,
        reason: 'traffic',
        reasonDetails: `Late truck: estimated arrival ${link.eta}; chosen on the reslot link`,
        requestedBy: 'driver',
      },
      {
        approve: !settings.reslotNeedsApproval,
        extra: { items: [useReslotLinkUpdate(link.id, now)], refusal: () => new ConflictError(RESLOT_MESSAGES.used) },
      },
      now,
    );
    return { outcome, slot };
  } catch (err) {
    if (!(err instanceof ConflictError) || err.message === RESLOT_MESSAGES.used) throw err;
    // The appointment changed under the tap (a second tap won the race, staff moved it): say which.
    if (err instanceof RevisionConflictError) {
      await openLink(token, now);
      throw new ConflictError(RESLOT_MESSAGES.notMovable);
    }
    // The reschedule rules' refusals of the time (taken meanwhile, its door busy) read as the page's one text.
    throw new ConflictError(RESLOT_MESSAGES.taken, { slot: RESLOT_MESSAGES.taken });
  }
}

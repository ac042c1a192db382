// The public pass page (issue #31): a pass link from the booking message or the guest's confirmation
// opens the appointment's current gate pass, with no sign-in, while the appointment is scheduled. It is
// also the booker's "manage my booking" page (issue #32): the link changes the time or cancels, by the
// rules of a carrier's own change, with the link as the actor of the audit record.
import { ConflictError, NotFoundError } from '../lib/errors';
import type { Actor } from '../lib/audit';
import { qrSvg } from '../lib/qr';
import { bookerSlots, cancelByBooker, getAppointment, rescheduleByBooker, type BookerWish } from '../appointments';
import { getFacility, type Facility } from '../facilities';
import { issueGatePass, newPassLink, openPassLink } from '../passes';
import type { Appointment } from '../../shared/contracts/appointments';
import {
  PASS_LINK_MESSAGES,
  type LinkedPassView,
  type PassRescheduleResult,
  type PassSlot,
} from '../../shared/contracts/gate-pass';

type PassLink = Awaited<ReturnType<typeof openPassLink>>;

/** The audit trail's actor of a change made on the pass page (the page has no sign-in). */
const linkActor = (link: PassLink): Actor => ({ userId: `pass-link:${link.id}`, username: 'booker (gate pass link)' });

/** The link's appointment while it is scheduled at the time the link was made for. */
async function openScheduled(
  token: string,
  now: Date,
): Promise<{ link: PassLink; appointment: Appointment; facility: Facility }> {
  const link = await openPassLink(token, now);
  const [appointment, facility] = await Promise.all([
    getAppointment(link.tenantId, link.appointmentId),
    getFacility(link.tenantId, link.facilityId),
  ]);
  if (!appointment || !facility) throw new NotFoundError(PASS_LINK_MESSAGES.invalid);
  if (appointment.status !== 'scheduled') throw new ConflictError(PASS_LINK_MESSAGES.notScheduled);
  if (link.rescheduleCount !== undefined && link.rescheduleCount !== appointment.rescheduleCount)
    throw new ConflictError(PASS_LINK_MESSAGES.moved);
  return { link, appointment, facility };
}

async function passView(appointment: Appointment, facility: Facility, link: PassLink, now: Date) {
  const pass = await issueGatePass(appointment, facility, now);
  const view: LinkedPassView = { ...pass, qrSvg: await qrSvg(pass.token), language: link.language };
  return view;
}

export async function linkedPass(token: string, now = new Date()): Promise<LinkedPassView> {
  const { link, appointment, facility } = await openScheduled(token, now);
  return passView(appointment, facility, link, now);
}

/** The slots of a day the booker may move to (the appointments domain's offer). */
export async function linkedPassSlots(token: string, date: string, now = new Date()): Promise<PassSlot[]> {
  const { link } = await openScheduled(token, now);
  return (await bookerSlots(link.tenantId, link.appointmentId, date, now)).map((s) => ({
    startTime: s.startTime,
    endTime: s.endTime,
  }));
}

/** The booker moves their appointment: a moved one answers its new pass and the new time's link. */
export async function rescheduleByPassLink(
  token: string,
  wish: BookerWish,
  now = new Date(),
): Promise<PassRescheduleResult> {
  const { link, appointment } = await openScheduled(token, now);
  const moved = await rescheduleByBooker(link.tenantId, linkActor(link), appointment.id, wish, now);
  if (moved.outcome === 'requested') return { outcome: 'requested', passLink: null, pass: null };
  const facility = await getFacility(link.tenantId, link.facilityId);
  if (!facility) throw new NotFoundError(PASS_LINK_MESSAGES.invalid);
  const passLink = await newPassLink(moved.appointment, facility, link.language, linkActor(link), now);
  return { outcome: 'moved', passLink, pass: await passView(moved.appointment, facility, link, now) };
}

/** The booker cancels their appointment with a reason. */
export async function cancelByPassLink(token: string, reason: string, now = new Date()): Promise<void> {
  const { link, appointment } = await openScheduled(token, now);
  await cancelByBooker(link.tenantId, linkActor(link), appointment.id, reason, now);
}

// Appointments: scheduling list, booking with availability, the status flow, equipment,
// cancelling, reschedules, and guest slot booking.
import * as z from 'zod/mini';
import { actorOf, json, parseBody, parseQuery, pathId, requireUser, type ApiRequest } from '../lib/http';
import { defineFunction } from '../api';
import { rateLimit } from '../lib/throttle';
import { reportIssue } from './report-issue';
import {
  appointmentInputSchema,
  availabilityCheckSchema,
  approveBookingSchema,
  cancelAppointmentSchema,
  refuseBookingSchema,
  equipmentAssignmentSchema,
  issueReportSchema,
  rescheduleInputSchema,
} from '../../shared/contracts/appointments';
import { dateString } from '../../shared/contracts/fields';
import {
  listAppointmentsByDate,
  listAppointmentsOfDays,
  listDriverAppointments,
  withGateHolds,
} from './appointment.store';
import { addDays } from '../../shared/time';
import { listPendingReschedules } from './reschedule.store';
import { resolveFacility } from '../facilities';
import { facilityForRequest } from '../facilities';
import { checkAvailability } from './availability';
import { bookAppointment } from './booking';
import { findAppointment, todayFor } from './context';
import { assignEquipment } from './equipment';
// The status flow moves the truck's check-in too (the on-site flow, functions/checkins/on-site.ts).
import { actsForAll, seesAll, visibleTo } from '../../shared/access';
import { bookGuestSlot, guestBookingRequest } from './guest-booking';
import { approveReschedule, requestReschedule } from './reschedules';
import { denyReschedule } from './reschedule-denial';
import { cancelAppointment } from './cancel';
import { approveBooking, refuseBooking } from './approval';
import { bookingRulesOf, saveBookingRules } from './booking-rules';
import { bookingRulesSchema } from '../../shared/contracts/appointments-booking-rules';
import type { Appointment } from '../../shared/contracts/appointments';
import { slotSearchQuerySchema, slotsQuerySchema } from '../../shared/contracts/slots';
import { bookingSetup, typedLoad } from '../appointment-types';
import { searchSlots } from './slot-search';
import { appointmentsRoutes } from '../../shared/routes/appointments';
import { todaysSchedule, todaysScheduleChanges } from './todays-changes';

export const UPCOMING_DAYS = 14;
const byTime = (a: Appointment, b: Appointment) =>
  `${a.scheduledDate}${a.scheduledTimeStart}`.localeCompare(`${b.scheduledDate}${b.scheduledTimeStart}`);

export const GUEST_BOOKING_LIMIT = { limit: 10, windowSeconds: 60 * 60 };
/** Slot search and the booking set-up without a session are limited per client address. */
export const GUEST_SEARCH_LIMIT = { limit: 300, windowSeconds: 60 };
const limitGuestSearch = (req: ApiRequest) =>
  req.user
    ? Promise.resolve()
    : rateLimit(
        `guest-search:${req.ip}`,
        GUEST_SEARCH_LIMIT,
        'Too many requests from this network. Please wait a minute and try again.',
      );

const todayQuery = z.object({ facilityId: z.optional(z.string().check(z.maxLength(64))) });
/** Today's changes: of one hub (the home facility's unless named), since a former answer's `asOf`. */
const todaysChangesQuery = z.extend(todayQuery, {
  since: z.optional(z.iso.datetime({ error: 'Since must be a date and time (ISO 8601, UTC)' })),
});

const listQuery = z.object({
  date: z.optional(dateString('Please select a date')),
  facilityId: z.optional(z.string().check(z.maxLength(64))),
});

export const { handler, actions, routes } = defineFunction('appointments', appointmentsRoutes, {
  /**
   * A day's appointments (today at the home facility by default): of one hub (`?facilityId=`, the
   * scheduling list's choice; one Query) or of every hub of the tenant.
   */
  async listAppointments(req) {
    const { user, session } = requireUser(req);
    const { date, facilityId } = parseQuery(req, listQuery);
    // The hub asked for is checked (404 when unknown); today is its today, or the home facility's.
    const today = date && !facilityId ? undefined : await todayFor(session, new Date(), facilityId);
    const oneHub = facilityId ? today!.facility!.id : undefined;
    const listed = visibleTo(user, await listAppointmentsByDate(user.tenantId, date ?? today!.date, oneHub));
    return json(await withGateHolds(user.tenantId, listed));
  },

  /**
   * Today's schedule of one hub, today on its own clock: the one asked for (`?facilityId=`, Quick
   * Check-In's choice) or the session's home hub. One key of the date index, whatever the tenant's
   * other hubs hold (docs/scale.md §3); the screens poll it by its changes (below).
   */
  async todaysAppointments(req) {
    const { facilityId } = parseQuery(req, todayQuery);
    return json(await todaysSchedule(requireUser(req), facilityId));
  },

  /**
   * Today's schedule polled by its changes (the screens' poll, issue #60): the whole day, or what changed
   * since the `asOf` of the answer the screen holds (todays-changes.ts).
   */
  async todaysScheduleChanges(req) {
    const { facilityId, since } = parseQuery(req, todaysChangesQuery);
    return json(await todaysScheduleChanges(requireUser(req), facilityId, since));
  },

  /** The next 14 days (from today in the facility's zone): staff see all, drivers their own. */
  async upcomingAppointments(req) {
    const { user, session } = requireUser(req);
    if (!seesAll(user) && user.driverId) {
      const { date } = await todayFor(session);
      return json(
        (await listDriverAppointments(user.tenantId, user.driverId))
          .filter((a) => a.scheduledDate >= date)
          .sort(byTime),
      );
    }
    const { date } = await todayFor(session);
    const days = Array.from({ length: UPCOMING_DAYS }, (_, i) => addDays(date, i));
    return json(visibleTo(user, await listAppointmentsOfDays(user.tenantId, days)));
  },

  async getAppointment(req) {
    const { user } = requireUser(req);
    return json(await findAppointment(user, pathId(req, 'id', 'Appointment')));
  },

  async checkAvailability(req) {
    const { user } = requireUser(req);
    const q = parseQuery(req, availabilityCheckSchema);
    const facility = await resolveFacility(user.tenantId, q.facilityId);
    return json(
      await checkAvailability({
        facility,
        date: q.date,
        timeStart: q.timeStart,
        timeEnd: q.timeEnd,
        dockDoorId: q.dockDoorId || null,
        excludeAppointmentId: q.excludeAppointmentId,
      }),
    );
  },

  async createAppointment(req) {
    const { user } = requireUser(req);
    return json(await bookAppointment(user, parseBody(req, appointmentInputSchema)), 201);
  },

  async addEquipment(req) {
    const { user } = requireUser(req);
    const { equipmentId } = parseBody(req, equipmentAssignmentSchema);
    return json(await assignEquipment(user, pathId(req, 'id', 'Appointment'), equipmentId));
  },

  async cancelAppointment(req) {
    const { user } = requireUser(req);
    return json(
      await cancelAppointment(user, pathId(req, 'id', 'Appointment'), parseBody(req, cancelAppointmentSchema)),
    );
  },

  async approveBooking(req) {
    const { user } = requireUser(req);
    return json(await approveBooking(user, pathId(req, 'id', 'Appointment'), parseBody(req, approveBookingSchema)));
  },

  async refuseBooking(req) {
    const { user } = requireUser(req);
    return json(await refuseBooking(user, pathId(req, 'id', 'Appointment'), parseBody(req, refuseBookingSchema)));
  },

  async requestReschedule(req) {
    const { user } = requireUser(req);
    return json(
      await requestReschedule(user, pathId(req, 'id', 'Appointment'), parseBody(req, rescheduleInputSchema)),
      201,
    );
  },

  async pendingReschedules(req) {
    const { user } = requireUser(req);
    // Staff see every pending request; a driver the requests on their own appointments only.
    return json(visibleTo(user, await listPendingReschedules(user.tenantId)));
  },

  async approveReschedule(req) {
    const { user } = requireUser(req);
    return json(await approveReschedule(user, pathId(req, 'id', 'Reschedule request')));
  },

  async denyReschedule(req) {
    const { user } = requireUser(req);
    return json(await denyReschedule(user, pathId(req, 'id', 'Reschedule request')));
  },

  /** Guests book a slot without an account; limited per client address. */
  async bookSlot(req: ApiRequest) {
    await rateLimit(
      `guest-booking:${req.ip}`,
      GUEST_BOOKING_LIMIT,
      'Too many bookings from this network. Please try again later.',
    );
    const { input, key } = guestBookingRequest(req);
    const facility = await facilityForRequest({ ...req, user: null, query: { facility: input.facility ?? '' } });
    return json(await bookGuestSlot(facility, input, key), 201);
  },

  async bookingRules(req) {
    const { user } = requireUser(req);
    const facility = await resolveFacility(user.tenantId, pathId(req, 'id', 'Facility'));
    return json(await bookingRulesOf(user.tenantId, facility.id));
  },

  async saveBookingRules(req) {
    const signedIn = requireUser(req);
    const facility = await resolveFacility(signedIn.user.tenantId, pathId(req, 'id', 'Facility'));
    const input = parseBody(req, bookingRulesSchema);
    return json(await saveBookingRules(signedIn.user.tenantId, facility.id, input, actorOf(signedIn)));
  },

  /** Slot search (issue #32): staff and carriers signed in, guests through a facility link; a type and quantity fit the load. */
  async searchSlots(req) {
    await limitGuestSearch(req);
    const q = parseQuery(req, slotSearchQuerySchema);
    const facility = await facilityForRequest(req, q.facilityId);
    return json(await searchSlots(facility, q.date, await typedLoad(facility, q.typeId, q.quantity ?? null)));
  },

  /** The facility's appointment types and booking fields for a booking form: carriers and guests not the fields hidden from them. */
  async bookingSetup(req) {
    await limitGuestSearch(req);
    const { facilityId } = parseQuery(req, z.omit(slotsQuerySchema, { date: true }));
    const setup = await bookingSetup(await facilityForRequest(req, facilityId));
    return json(
      req.user && actsForAll(req.user)
        ? setup
        : { ...setup, fields: setup.fields.filter((f) => !f.hiddenFromCarriers) },
    );
  },

  /** The dashboard's Report Issue: a note in the notifications feed, audited. */
  async reportIssue(req) {
    const signedIn = requireUser(req);
    const { description } = parseBody(req, issueReportSchema);
    await reportIssue(signedIn.user.tenantId, pathId(req, 'id', 'Appointment'), description, actorOf(signedIn));
    return json({ message: 'Issue recorded' }, 201);
  },
});

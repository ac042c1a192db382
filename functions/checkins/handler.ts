// Check-ins: staff quick check-in, walk-ins, the driver app, the gate QR code and its signed link,
// the check-in status flow and door assignment (docs/decisions.md, Operations).
import { qrSvg } from '../lib/qr';
import * as z from 'zod/mini';
import { json, parseBody, parseQuery, pathId, requireUser, type ApiRequest } from '../lib/http';
import { defineFunction } from '../api';
import { rateLimit } from '../lib/throttle';
import { ForbiddenError } from '../lib/errors';
import {
  checkinDoorSchema,
  checkinStatusSchema,
  qrCheckinSchema,
  quickCheckinSchema,
  selfCheckinSchema,
  walkInCheckinSchema,
} from '../../shared/contracts/checkins';
import { listCheckins } from './checkin.store';
import { resolveFacility } from '../facilities';
import { contextOf, findAppointment } from '../appointments';
import { checkInAppointment, checkInByQr, checkInWalkIn } from './check-in';
import { createQrLink, verifyQrToken } from './qr-link';
import { changeAppointmentStatus, changeCheckinStatus } from './on-site';
import { assignCheckinDoor } from './assign-door';
import { overrideGateHold } from './gate-override';
import { checkInWithPass } from './offline-checkin';
import { gatePassCheckinSchema } from '../../shared/contracts/gate-pass';
import { gateOverrideSchema } from '../../shared/contracts/gate';
import { canActOn, checksInForAll, visibleTo } from '../../shared/access';
import { statusChangeSchema, type Appointment } from '../../shared/contracts/appointments';
import type { SessionUser } from '../../shared/contracts/auth';
import { facilityAddressLine } from '../../shared/contracts/facilities';
import { checkinsRoutes } from '../../shared/routes/checkins';

export const QR_CHECKIN_LIMIT = { limit: 20, windowSeconds: 15 * 60 };
/** Opening a scanned link is public too: limited per address so tokens cannot be tried in bulk. */
export const QR_LINK_LIMIT = { limit: 60, windowSeconds: 15 * 60 };

/** Drivers check in but do not pick doors: the yard assigns them. */
export const DOORS_BY_THE_YARD = 'Only facility staff can assign a dock door';

/** Who may check an appointment in: whoever may act on it, and gate staff (shared/access.ts). */
const mayCheckIn = (user: SessionUser, appointment: Appointment) => canActOn(user, appointment) || checksInForAll(user);

/** The viewer's origin for links that leave the API (QR codes). */
function originOf(req: ApiRequest) {
  const host = req.event.headers?.['x-forwarded-host'] ?? req.event.headers?.host ?? 'localhost';
  const local = /^(localhost|127\.|\[::1\])/.test(host);
  return `${local ? 'http' : 'https'}://${host}`;
}

export const { handler, actions, routes } = defineFunction('checkins', checkinsRoutes, {
  async listCheckins(req) {
    const { user } = requireUser(req);
    // Drivers see their own check-ins only; staff see the tenant's.
    return json(visibleTo(user, await listCheckins(user.tenantId)));
  },

  async quickCheckin(req) {
    const { user } = requireUser(req);
    const input = parseBody(req, quickCheckinSchema);
    const appointment = await findAppointment(user, input.appointmentId);
    if (!mayCheckIn(user, appointment))
      throw new ForbiddenError('Drivers can check in only for their own appointments');
    if (input.dockDoorId && !checksInForAll(user)) throw new ForbiddenError(DOORS_BY_THE_YARD);
    return json(await checkInAppointment(contextOf(user), appointment.id, input, 'manual'), 201);
  },

  async walkInCheckin(req) {
    const { user } = requireUser(req);
    return json(await checkInWalkIn(contextOf(user), parseBody(req, walkInCheckinSchema)), 201);
  },

  async changeAppointmentStatus(req) {
    const { user } = requireUser(req);
    const { status, revision } = parseBody(req, statusChangeSchema);
    return json(
      await changeAppointmentStatus(contextOf(user), pathId(req, 'id', 'Appointment'), status, new Date(), revision),
    );
  },

  async changeCheckinStatus(req) {
    const { user } = requireUser(req);
    const { status, revision } = parseBody(req, checkinStatusSchema);
    return json(
      await changeCheckinStatus(contextOf(user), pathId(req, 'id', 'Check-in'), status, new Date(), revision),
    );
  },

  /** A door for a truck that checked in without one; drivers check in but do not pick doors. */
  async assignCheckinDoor(req) {
    const { user } = requireUser(req);
    const { dockDoorId, revision } = parseBody(req, checkinDoorSchema);
    if (!checksInForAll(user)) throw new ForbiddenError(DOORS_BY_THE_YARD);
    return json(await assignCheckinDoor(contextOf(user), pathId(req, 'id', 'Check-in'), dockDoorId, revision));
  },

  /** Letting a truck held at the gate through, with a written reason (yard manager, admin; #21). */
  async overrideGateHold(req) {
    const { user } = requireUser(req);
    const { reason } = parseBody(req, gateOverrideSchema);
    // The screen names who let the truck through; a user with no name on record by their username.
    const name = [user.firstName, user.lastName].filter(Boolean).join(' ') || user.username;
    return json(await overrideGateHold(contextOf(user), pathId(req, 'id', 'Check-in'), reason, name));
  },

  /** The driver app's Check In button: the driver's own scheduled appointment. */
  async selfCheckin(req) {
    const { user } = requireUser(req);
    parseBody(req, selfCheckinSchema);
    const appointment = await findAppointment(user, pathId(req, 'id', 'Appointment'));
    if (!mayCheckIn(user, appointment)) throw new ForbiddenError('You can check in only for your own appointments');
    return json(await checkInAppointment(contextOf(user), appointment.id, {}, 'tablet'), 201);
  },

  async qrCode(req) {
    const { user } = requireUser(req);
    const facility = await resolveFacility(user.tenantId, pathId(req, 'id', 'Facility'));
    const link = await createQrLink(facility, originOf(req));
    const svg = await qrSvg(link.url);
    return json({
      facilityId: facility.id,
      facilityName: facility.name,
      checkinUrl: link.url,
      expiresAt: link.expiresAt,
      qrSvg: svg,
    });
  },

  async qrLink(req) {
    await rateLimit(
      `qr-link:${req.ip}`,
      QR_LINK_LIMIT,
      'Too many check-in links opened. Please wait a few minutes or ask the gate staff for help.',
    );
    const { t } = parseQuery(req, z.object({ t: z.string().check(z.minLength(10), z.maxLength(600)) }));
    const facility = await verifyQrToken(t);
    return json({ facilityName: facility.name, address: facilityAddressLine(facility) });
  },

  /** A check-in with a gate pass, made at the gate (maybe offline, synced later) or on the driver's phone. */
  async gatePassCheckin(req) {
    const { user } = requireUser(req);
    const result = await checkInWithPass(user, parseBody(req, gatePassCheckinSchema));
    return json(result, result.replayed ? 200 : 201);
  },

  async qrCheckin(req) {
    await rateLimit(
      `qr-checkin:${req.ip}`,
      QR_CHECKIN_LIMIT,
      'Too many check-in attempts. Please ask the gate staff for help.',
    );
    const input = parseBody(req, qrCheckinSchema);
    const facility = await verifyQrToken(input.token);
    const user = req.user && req.user.tenantId === facility.tenantId ? req.user : null;
    const checkin = await checkInByQr(
      facility,
      {
        permissions: user?.permissions ?? [],
        driverId: user?.driverId ?? null,
        actor: user ? { userId: user.id, username: user.username } : null,
      },
      input,
    );
    return json(
      {
        id: checkin.id,
        driverName: checkin.driverName,
        doorNumber: checkin.doorNumber,
        bookingReference: checkin.bookingReference,
        checkInTime: checkin.checkInTime,
      },
      201,
    );
  },
});

// Operations: check-ins (staff, driver app, QR), the dashboard, the live yard, analytics, the
// driver's dashboard and the daily report (spec doc 1 §2/§7, doc 2 §2/§7).
import QRCode from 'qrcode';
import { z } from 'zod';
import { actorOf, defineFunction, json, parseBody, parseQuery, pathId, requireUser, type ApiRequest } from '../lib/http';
import { rateLimit } from '../lib/throttle';
import { ForbiddenError, NotFoundError } from '../lib/errors';
import { auditPut, listAuditBetween } from '../lib/audit';
import { transact } from '../lib/dynamo';
import { checkinDoorSchema, checkinStatusSchema, qrCheckinSchema, quickCheckinSchema, selfCheckinSchema, walkInCheckinSchema } from '../../shared/contracts/checkins';
import { dateString } from '../../shared/contracts/reference';
import { addDays, localDateTime, toMinutes } from '../../shared/time';
import { listAppointmentsByDate, listDriverAppointments, getAppointment } from '../repositories/appointments';
import { listCheckins } from '../repositories/checkins';
import { listDockDoors } from '../repositories/dock-doors';
import { resolveFacility } from '../repositories/facilities';
import { listNotifications, notificationPut } from '../repositories/notifications';
import { listYardSpots } from '../repositories/yard-spots';
import { contextOf, findAppointment, todayFor } from '../appointments/service';
import { changeCheckinStatus, checkInAppointment, checkInByQr, checkInWalkIn, createQrLink, verifyQrToken } from './checkins';
import { assignCheckinDoor } from './checkin-door';
import { assignWaitingTrucks } from './yard-assignment';
import { analytics, auditLogCsv, dailyReportCsv, dashboardMetrics, driverDashboard, gateStatistics, REPORTS, reportCsv, yardOverview, type ReportName } from './insights';
import type { SessionUser } from '../../shared/contracts/auth';

export const QR_CHECKIN_LIMIT = { limit: 20, windowSeconds: 15 * 60 };
export const EMERGENCY_CONTACT = '1800-266-0101';
const ANALYTICS_RANGES = [7, 30, 90] as const;
const rangeQuery = z.object({ days: z.coerce.number().refine((d) => (ANALYTICS_RANGES as readonly number[]).includes(d), 'Range must be 7, 30 or 90 days').default(30) });

/** Facility staff read every appointment of the tenant; drivers only their own. */
const isStaff = (user: SessionUser) => user.permissions.includes('appointments:read');

/** Drivers see their own check-ins only; staff see the tenant's. */
function ownCheckins<T extends { driverId: string | null }>(user: SessionUser, list: T[]) {
  return isStaff(user) ? list : list.filter((c) => user.driverId && c.driverId === user.driverId);
}

/** The viewer's origin for links that leave the API (QR codes). */
function originOf(req: ApiRequest) {
  const host = req.event.headers?.['x-forwarded-host'] ?? req.event.headers?.host ?? 'localhost';
  const local = /^(localhost|127\.|\[::1\])/.test(host);
  return `${local ? 'http' : 'https'}://${host}`;
}

async function todayContext(user: SessionUser) {
  const { date, facility } = await todayFor(user.tenantId);
  if (!facility) throw new NotFoundError('No facilities available');
  return { date, facility };
}

export const { handler, actions } = defineFunction('operations', {
  async listCheckins(req) {
    const { user } = requireUser(req);
    return json(ownCheckins(user, await listCheckins(user.tenantId)));
  },

  async quickCheckin(req) {
    const { user } = requireUser(req);
    const input = parseBody(req, quickCheckinSchema);
    const appointment = await findAppointment(user, input.appointmentId);
    if (!user.permissions.includes('appointments:write') && appointment.driverId !== user.driverId) throw new ForbiddenError('Drivers can check in only for their own appointments');
    return json(await checkInAppointment(contextOf(user), appointment.id, input, 'manual'), 201);
  },

  async walkInCheckin(req) {
    const { user } = requireUser(req);
    return json(await checkInWalkIn(contextOf(user), parseBody(req, walkInCheckinSchema)), 201);
  },

  async changeCheckinStatus(req) {
    const { user } = requireUser(req);
    const { status } = parseBody(req, checkinStatusSchema);
    return json(await changeCheckinStatus(contextOf(user), pathId(req, 'id', 'Check-in'), status));
  },

  /** A door for a truck that checked in without one; drivers check in but do not pick doors. */
  async assignCheckinDoor(req) {
    const { user } = requireUser(req);
    const { dockDoorId } = parseBody(req, checkinDoorSchema);
    if (!isStaff(user)) throw new ForbiddenError('Only facility staff can assign a dock door');
    return json(await assignCheckinDoor(contextOf(user), pathId(req, 'id', 'Check-in'), dockDoorId));
  },

  /** The driver app's Check In button: the driver's own scheduled appointment. */
  async selfCheckin(req) {
    const { user } = requireUser(req);
    parseBody(req, selfCheckinSchema);
    const appointment = await findAppointment(user, pathId(req, 'id', 'Appointment'));
    if (!user.permissions.includes('appointments:write') && appointment.driverId !== user.driverId) throw new ForbiddenError('You can check in only for your own appointments');
    return json(await checkInAppointment(contextOf(user), appointment.id, {}, 'tablet'), 201);
  },

  async qrCode(req) {
    const { user } = requireUser(req);
    const facility = await resolveFacility(user.tenantId, pathId(req, 'id', 'Facility'));
    const link = await createQrLink(facility, originOf(req));
    const svg = await QRCode.toString(link.url, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 });
    return json({ facilityId: facility.id, facilityName: facility.name, checkinUrl: link.url, expiresAt: link.expiresAt, qrSvg: svg });
  },

  async qrLink(req) {
    const { t } = parseQuery(req, z.object({ t: z.string().min(10).max(600) }));
    const facility = await verifyQrToken(t);
    return json({ facilityName: facility.name, address: [facility.address, facility.city].filter(Boolean).join(', ') });
  },

  async qrCheckin(req) {
    await rateLimit(`qr-checkin:${req.ip}`, QR_CHECKIN_LIMIT, 'Too many check-in attempts. Please ask the gate staff for help.');
    const input = parseBody(req, qrCheckinSchema);
    const facility = await verifyQrToken(input.token);
    const user = req.user && req.user.tenantId === facility.tenantId ? req.user : null;
    const checkin = await checkInByQr(facility, { driverId: user?.driverId ?? null, actor: user ? { userId: user.id, username: user.username } : null }, input);
    return json({ id: checkin.id, driverName: checkin.driverName, doorNumber: checkin.doorNumber, bookingReference: checkin.bookingReference, checkInTime: checkin.checkInTime }, 201);
  },

  async dashboardMetrics(req) {
    const { user } = requireUser(req);
    const { date, facility } = await todayContext(user);
    const [doors, appointments, checkins] = await Promise.all([
      listDockDoors(user.tenantId, facility.id),
      listAppointmentsByDate(user.tenantId, date, facility.id),
      listCheckins(user.tenantId, { since: new Date(Date.now() - 24 * 3600 * 1000).toISOString() }),
    ]);
    const todays = checkins.filter((c) => localDateTime(new Date(c.checkInTime), facility.timeZone).date === date && c.facilityId === facility.id);
    return json({ ...dashboardMetrics(doors, appointments, todays), gate: gateStatistics(todays), date, facilityId: facility.id, facilityName: facility.name });
  },

  async notifications(req) {
    const { user } = requireUser(req);
    return json(await listNotifications(user.tenantId));
  },

  async yardOverview(req) {
    const { user } = requireUser(req);
    const { date, facility } = await todayContext(user);
    const [doors, spots, appointments, checkins] = await Promise.all([
      listDockDoors(user.tenantId, facility.id),
      listYardSpots(user.tenantId, facility.id),
      listAppointmentsByDate(user.tenantId, date, facility.id),
      listCheckins(user.tenantId, { limit: 50 }),
    ]);
    return json({ facilityId: facility.id, facilityName: facility.name, date, ...yardOverview(doors, spots, appointments, checkins.filter((c) => c.facilityId === facility.id)) });
  },

  /** Assign Spots (/yard): the waiting trucks onto the free spots nearest the gate, atomically. */
  async assignYardSpots(req) {
    const signedIn = requireUser(req);
    const { facilityId } = parseBody(req, z.strictObject({ facilityId: z.string().trim().min(1).max(64).default('default') }));
    const facility = await resolveFacility(signedIn.user.tenantId, facilityId);
    return json(await assignWaitingTrucks(facility, actorOf(signedIn)));
  },

  async analytics(req) {
    const { user } = requireUser(req);
    const { days: range } = parseQuery(req, rangeQuery);
    const { date, facility } = await todayContext(user);
    const days = Array.from({ length: range }, (_, i) => addDays(date, i - range + 1));
    const [doors, perDay] = await Promise.all([listDockDoors(user.tenantId, facility.id), Promise.all(days.map((d) => listAppointmentsByDate(user.tenantId, d, facility.id)))]);
    const openMinutes = toMinutes(facility.operatingHoursEnd) - toMinutes(facility.operatingHoursStart);
    return json({ days: range, facilityName: facility.name, ...analytics(perDay.flat(), doors, days, openMinutes) });
  },

  async report(req) {
    const { user } = requireUser(req);
    const name = req.params.report as ReportName;
    if (!(REPORTS as readonly string[]).includes(name)) throw new NotFoundError('Report not found');
    const { days: range } = parseQuery(req, rangeQuery);
    const { date, facility } = await todayContext(user);
    const days = Array.from({ length: range }, (_, i) => addDays(date, i - range + 1));
    let csv: string;
    if (name === 'appointment-audit-log') {
      csv = auditLogCsv(await listAuditBetween(user.tenantId, `${days[0]}T00:00:00.000Z`, new Date().toISOString()));
    } else {
      const [doors, perDay] = await Promise.all([listDockDoors(user.tenantId, facility.id), Promise.all(days.map((d) => listAppointmentsByDate(user.tenantId, d, facility.id)))]);
      csv = reportCsv(name, perDay.flat(), doors, days, toMinutes(facility.operatingHoursEnd) - toMinutes(facility.operatingHoursStart));
    }
    return { status: 200, raw: csv, headers: { 'content-type': 'text/csv; charset=utf-8', 'content-disposition': `attachment; filename="${name}-${days[0]}-to-${date}.csv"` } };
  },

  async driverDashboard(req) {
    const { user } = requireUser(req);
    if (!user.driverId) return json({ driver: null, nextAppointment: null, upcoming: [], thisMonth: 0, onTimeRate: null, facility: null, emergencyContact: EMERGENCY_CONTACT });
    const appointments = await listDriverAppointments(user.tenantId, user.driverId);
    const { facility: home } = await todayFor(user.tenantId);
    const board = driverDashboard(appointments, home?.timeZone ?? 'Asia/Kolkata', new Date());
    const facility = board.nextAppointment ? await resolveFacility(user.tenantId, board.nextAppointment.facilityId).catch(() => home) : home;
    const address = facility ? [facility.address, facility.city, facility.state, facility.zipCode].filter(Boolean).join(', ') : null;
    return json({
      driver: { id: user.driverId, name: [user.firstName, user.lastName].filter(Boolean).join(' ') },
      ...board,
      facility: facility && { id: facility.id, name: facility.name, address, mapsUrl: `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(`${facility.name}, ${address}`)}` },
      emergencyContact: facility?.contactPhone ?? EMERGENCY_CONTACT,
    });
  },

  async dailyReport(req) {
    const { user } = requireUser(req);
    const q = parseQuery(req, z.object({ date: dateString('Please select a date').optional() }));
    const { date, facility } = await todayContext(user);
    const day = q.date ?? date;
    const csv = dailyReportCsv(await listAppointmentsByDate(user.tenantId, day, facility.id));
    return { status: 200, raw: csv, headers: { 'content-type': 'text/csv; charset=utf-8', 'content-disposition': `attachment; filename="daily-report-${day}.csv"` } };
  },

  async reportIssue(req) {
    const signedIn = requireUser(req);
    const { description } = parseBody(req, z.strictObject({ description: z.string().trim().min(5, 'Please describe the issue (at least 5 characters)').max(500) }));
    const appointment = await getAppointment(signedIn.user.tenantId, pathId(req, 'id', 'Appointment'));
    if (!appointment) throw new NotFoundError('Appointment not found');
    const now = new Date();
    await transact(
      [
        notificationPut(signedIn.user.tenantId, { type: 'issue', title: 'Issue reported', message: `${appointment.bookingReference}: ${description}` }, now),
        auditPut({ tenantId: signedIn.user.tenantId, actor: actorOf(signedIn), action: 'appointment.issue-reported', entityType: 'appointment', entityId: appointment.id, after: { description } }, now),
      ],
      () => new Error('unreachable'),
    );
    return json({ message: 'Issue recorded' }, 201);
  },
});


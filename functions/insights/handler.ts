// Insights: the dashboard's figures and gate statistics, the notifications feed, analytics, CSV
// reports and the driver's dashboard. Reads only.
import * as z from 'zod/mini';
import { json, parseQuery, requireUser, type ApiRequest, type RequestSession } from '../lib/http';
import { defineFunction } from '../api';
import { ForbiddenError, NotFoundError } from '../lib/errors';
import { listAuditBetween } from '../lib/audit';
import { dateString } from '../../shared/contracts/fields';
import { addDays, facilityTimeZone, instantOf, toMinutes } from '../../shared/time';
import { listAppointmentsByDate, listAppointmentsOfDays, listDriverAppointments } from '../appointments';
import { listDockDoors } from '../facilities';
import { resolveFacility } from '../facilities';
import { listNotifications } from '../notifications';
import { todayFor } from '../appointments';
import {
  auditLogCsv,
  dailyReportCsv,
  driverDashboard,
  REPORTS,
  reportCsv,
  scorecardCsv,
  type ReportName,
} from './figures';
import { carrierMonth, monthQuery, monthScorecard } from './scorecard';
import { analyticsFromCounters, dashboardFromCounters, gateFromCounters } from './day-figures';
import { readDays } from './day-figures.store';
import { facilityAddressLine } from '../../shared/contracts/facilities';
import { listTruckFigures } from '../detention';
import { dwellAnalytics, dwellDetentionCsv, dwellDetentionFigures } from './dwell-figures';
import { insightsRoutes } from '../../shared/routes/insights';

export const EMERGENCY_CONTACT = '1800-266-0101';
const ANALYTICS_RANGES = [7, 30, 90] as const;
const rangeQuery = z.object({
  days: z._default(
    z.coerce
      .number()
      .check(z.refine((d) => (ANALYTICS_RANGES as readonly number[]).includes(d), 'Range must be 7, 30 or 90 days')),
    30,
  ),
});

async function todayContext(session: RequestSession) {
  const { date, facility } = await todayFor(session);
  if (!facility) throw new NotFoundError('No facilities available');
  return { date, facility };
}

const csvResponse = (csv: string, filename: string) => ({
  status: 200,
  raw: csv,
  headers: { 'content-type': 'text/csv; charset=utf-8', 'content-disposition': `attachment; filename="${filename}"` },
});

/** The month asked for, or this month on the clock of the session's facility. */
async function monthOf(req: ApiRequest, session: RequestSession): Promise<string> {
  return parseQuery(req, monthQuery).month ?? (await todayFor(session)).date.slice(0, 7);
}

/** A carrier's own scorecard row of the month; an account linked to no carrier has none to see. */
async function ownScorecard(req: ApiRequest) {
  const { user, session } = requireUser(req);
  // A driver's account names the carrier it drives for, but the carrier's figures are its office's.
  if (!user.carrierId || user.driverId) throw new ForbiddenError('The scorecard is shown to carrier accounts only');
  const month = await monthOf(req, session);
  return { month, ...(await carrierMonth(user.tenantId, month, user.carrierId)) };
}

export const { handler, actions, routes } = defineFunction('insights', insightsRoutes, {
  // Read model (day-figures.ts): the facility's doors and today's counters, two round trips.
  async dashboardMetrics(req) {
    const { user, session } = requireUser(req);
    const { date, facility } = await todayContext(session);
    // And the detention read model's trucks that came in today and have left: one key Query.
    const [doors, [today], trucks] = await Promise.all([
      listDockDoors(user.tenantId, facility.id),
      readDays(user.tenantId, facility.id, [date]),
      listTruckFigures(user.tenantId, facility.id, date, date),
    ]);
    return json({
      ...dashboardFromCounters(doors, today!.counters),
      gate: gateFromCounters(today!.counters),
      dwell: dwellDetentionFigures(trucks),
      date,
      facilityId: facility.id,
      facilityName: facility.name,
    });
  },

  async notifications(req) {
    const { user } = requireUser(req);
    return json(await listNotifications(user.tenantId));
  },

  async analytics(req) {
    const { user, session } = requireUser(req);
    const { days: range } = parseQuery(req, rangeQuery);
    const { date, facility } = await todayContext(session);
    const days = Array.from({ length: range }, (_, i) => addDays(date, i - range + 1));
    const [doors, perDay, trucks] = await Promise.all([
      listDockDoors(user.tenantId, facility.id),
      readDays(user.tenantId, facility.id, days),
      listTruckFigures(user.tenantId, facility.id, days[0]!, date),
    ]);
    const openMinutes = toMinutes(facility.operatingHoursEnd) - toMinutes(facility.operatingHoursStart);
    return json({
      days: range,
      facilityName: facility.name,
      ...analyticsFromCounters(perDay, doors, openMinutes),
      dwell: dwellAnalytics(trucks, days),
    });
  },

  async report(req) {
    const { user, session } = requireUser(req);
    const name = req.params.report as ReportName;
    if (!(REPORTS as readonly string[]).includes(name)) throw new NotFoundError('Report not found');
    if (name === 'carrier-scorecard') {
      const [month, { facility }] = await Promise.all([monthOf(req, session), todayContext(session)]);
      const rows = await monthScorecard(user.tenantId, month, { facilityId: facility.id });
      return csvResponse(scorecardCsv(month, rows), `carrier-scorecard-${month}.csv`);
    }
    const { days: range } = parseQuery(req, rangeQuery);
    const { date, facility } = await todayContext(session);
    const days = Array.from({ length: range }, (_, i) => addDays(date, i - range + 1));
    let csv: string;
    if (name === 'dwell-detention') {
      csv = dwellDetentionCsv(facility.name, await listTruckFigures(user.tenantId, facility.id, days[0]!, date), days);
    } else if (name === 'appointment-audit-log') {
      // From the first day's midnight at the facility (05:30 the day before in UTC, for India).
      csv = auditLogCsv(
        await listAuditBetween(
          user.tenantId,
          instantOf(days[0]!, '00:00', facility.timeZone).toISOString(),
          new Date().toISOString(),
        ),
      );
    } else {
      const [doors, booked] = await Promise.all([
        listDockDoors(user.tenantId, facility.id),
        listAppointmentsOfDays(user.tenantId, days, facility.id),
      ]);
      csv = reportCsv(
        name,
        booked,
        doors,
        days,
        toMinutes(facility.operatingHoursEnd) - toMinutes(facility.operatingHoursStart),
      );
    }
    return {
      status: 200,
      raw: csv,
      headers: {
        'content-type': 'text/csv; charset=utf-8',
        'content-disposition': `attachment; filename="${name}-${days[0]}-to-${date}.csv"`,
      },
    };
  },

  /** Staff: every carrier of a facility (the session's unless one is named) in the month. */
  async carrierScorecard(req) {
    const { user, session } = requireUser(req);
    const { facilityId } = parseQuery(req, z.object({ facilityId: z.optional(z.string().check(z.maxLength(64))) }));
    const [month, facility] = await Promise.all([
      monthOf(req, session),
      facilityId ? resolveFacility(user.tenantId, facilityId) : todayContext(session).then((c) => c.facility),
    ]);
    return json({
      month,
      facilityName: facility.name,
      rows: await monthScorecard(user.tenantId, month, { facilityId: facility.id }),
    });
  },

  /** A carrier's account: its own row, scoped here by the carrier its account is linked to. */
  async ownScorecard(req) {
    return json(await ownScorecard(req));
  },

  async ownScorecardCsv(req) {
    const { month, rows } = await ownScorecard(req);
    return csvResponse(scorecardCsv(month, rows), `scorecard-${month}.csv`);
  },

  async driverDashboard(req) {
    const { user, session } = requireUser(req);
    if (!user.driverId)
      return json({
        driver: null,
        nextAppointment: null,
        upcoming: [],
        thisMonth: 0,
        onTimeRate: null,
        facility: null,
        emergencyContact: EMERGENCY_CONTACT,
      });
    const appointments = await listDriverAppointments(user.tenantId, user.driverId);
    const { facility: home } = await todayFor(session);
    // Each appointment on its own facility's clock (a driver may be due at hubs in several zones).
    const facilities = new Map<string, Awaited<ReturnType<typeof resolveFacility>> | null>();
    await Promise.all(
      [...new Set(appointments.map((a) => a.facilityId))].map(async (id) =>
        facilities.set(id, await resolveFacility(user.tenantId, id).catch(() => null)),
      ),
    );
    const homeZone = facilityTimeZone(home);
    const board = driverDashboard(appointments, (id) => facilities.get(id)?.timeZone ?? homeZone, homeZone, new Date());
    const facility = (board.nextAppointment && facilities.get(board.nextAppointment.facilityId)) || home;
    const address = facility ? facilityAddressLine(facility) : null;
    return json({
      driver: { id: user.driverId, name: [user.firstName, user.lastName].filter(Boolean).join(' ') },
      ...board,
      facility: facility && {
        id: facility.id,
        name: facility.name,
        address,
        mapsUrl: `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(`${facility.name}, ${address}`)}`,
      },
      emergencyContact: facility?.contactPhone ?? EMERGENCY_CONTACT,
    });
  },

  async dailyReport(req) {
    const { user, session } = requireUser(req);
    const q = parseQuery(req, z.object({ date: z.optional(dateString('Please select a date')) }));
    const { date, facility } = await todayContext(session);
    const day = q.date ?? date;
    const csv = dailyReportCsv(await listAppointmentsByDate(user.tenantId, day, facility.id));
    return {
      status: 200,
      raw: csv,
      headers: {
        'content-type': 'text/csv; charset=utf-8',
        'content-disposition': `attachment; filename="daily-report-${day}.csv"`,
      },
    };
  },
});

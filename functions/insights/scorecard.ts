// The carrier scorecard of a month (issue #32): the month's appointments read day by day, each judged
// late-cancelled by its own facility's change cut-off on its own clock (appointments' booking rules).
// Staff read one facility's carriers; a carrier's account its own row across the tenant's facilities.
import * as z from 'zod/mini';
import { bookingRulesOf, isLateCancellation, listAppointmentsOfDays } from '../appointments';
import { getFacility } from '../facilities';
import { addDays, facilityTimeZone } from '../../shared/time';
import { carrierScorecard, dwellByFacility, type FacilityDwellRow, type ScorecardRow } from './figures';
import type { Appointment } from '../../shared/contracts/appointments';

export const monthQuery = z.object({
  month: z.optional(z.string().check(z.regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'Month must be YYYY-MM'))),
});

/** The days of a month (YYYY-MM): 28 to 31 of them, 29 in February of a leap year. */
export function daysOfMonth(month: string): string[] {
  const days: string[] = [];
  for (let day = `${month}-01`; day.startsWith(month); day = addDays(day, 1)) days.push(day);
  return days;
}

/** The scorecard rows of a month, of one facility or of every facility of the tenant. */
export async function monthScorecard(
  tenantId: string,
  month: string,
  scope: { facilityId?: string; carrierId?: string },
): Promise<ScorecardRow[]> {
  return scorecardOf(tenantId, await monthAppointments(tenantId, month, scope));
}

/**
 * A carrier's own scorecard of a month: its row across the tenant's facilities, and the hub's side of
 * it per facility (issue #57.4): how long each facility kept its trucks.
 */
export async function carrierMonth(
  tenantId: string,
  month: string,
  carrierId: string,
): Promise<{ rows: ScorecardRow[]; facilities: FacilityDwellRow[] }> {
  const appointments = await monthAppointments(tenantId, month, { carrierId });
  return { rows: await scorecardOf(tenantId, appointments), facilities: dwellByFacility(appointments) };
}

/** The month's appointments read day by day (a query per day), of one facility or carrier if named. */
async function monthAppointments(
  tenantId: string,
  month: string,
  scope: { facilityId?: string; carrierId?: string },
): Promise<Appointment[]> {
  const booked = await listAppointmentsOfDays(tenantId, daysOfMonth(month), scope.facilityId);
  return booked.filter((a) => !scope.carrierId || a.carrierId === scope.carrierId);
}

async function scorecardOf(tenantId: string, appointments: Appointment[]): Promise<ScorecardRow[]> {
  const facilityIds = [...new Set(appointments.filter((a) => a.status === 'cancelled').map((a) => a.facilityId))];
  const rules = new Map(
    await Promise.all(
      facilityIds.map(
        async (id) =>
          [
            id,
            {
              rules: await bookingRulesOf(tenantId, id),
              timeZone: facilityTimeZone(await getFacility(tenantId, id)),
            },
          ] as const,
      ),
    ),
  );
  return carrierScorecard(appointments, (a: Appointment) => {
    const facility = rules.get(a.facilityId);
    return Boolean(facility && isLateCancellation(facility.rules, facility.timeZone, a));
  });
}

// Issuing a carrier's monthly detention statement (issue #57.3), and who reads which. The month's trucks
// are the carrier's appointments read by key, day by day (the appointments' date index, the days of the
// month and one either side: a truck booked for the 30th may come in on the 1st), each assessed by
// the same code as its own detention view (truckOf), put on the month of the day its facility's clock
// gave its gate-in (statementOf). Each line carries the verify code of its truck's evidence pack, issued
// with it. The statement is stored whole and never changed; issuing the month again replaces an open
// one (it is marked superseded, its disputes stay with it), never a closed one.
//
// A month not yet over is refused, not issued as "provisional": a statement is the document both sides
// settle the month on, with a number; a provisional one would be a second document with other totals
// for the same month (which one is paid?) and a life of its own, while the figures so far are already
// on each truck's detention view. For the same reason a month is issued only once every truck of it has
// left the hub (a truck still in has figures that still run).
import { randomUUID } from 'node:crypto';
import { auditPut } from '../lib/audit';
import { transact } from '../lib/dynamo';
import { domainEventItem } from '../lib/events';
import { BadRequestError, ConflictError, ForbiddenError, NotFoundError } from '../lib/errors';
import { listAppointmentsOfDays } from '../appointments';
import { getCarrier } from '../carriers';
import { listFacilities } from '../facilities';
import { seesAll } from '../../shared/access';
import type { SessionUser } from '../../shared/contracts/auth';
import type {
  DetentionStatementLine,
  DetentionStatementSummary,
  DetentionStatementView,
  StatementIssueInput,
} from '../../shared/contracts/detention';
import { addDays, facilityTimeZone, localDateTime } from '../../shared/time';
import { issueTruckEvidence } from './issue';
import { signalDetention } from './signals';
import { statementOf } from './statement';
import {
  issuePuts,
  listCarrierStatements,
  listTenantStatements,
  LINES_PER_PAGE,
  MAX_PAGES,
  monthOf,
  readStatement,
  headUpdate,
  type StatementHead,
  type StoredStatement,
} from './statement.store';
import { settled, truckOf, type Truck } from './truck';

export const MONTH_NOT_OVER = 'This month has not ended yet at every facility: its statement is issued once it has';
export const STATEMENT_CLOSED_MONTH = "This carrier's statement for the month is closed: it cannot be issued again";
export const ISSUED_MEANWHILE = "Another statement of this carrier's month was issued meanwhile: reload the statements";
export const TOO_MANY_LINES = 'Too many trucks for one statement';
export const STATEMENTS_NOT_FOR_DRIVERS = "Detention statements are for the hub's staff and the carrier's office";
export const STATEMENT_NOT_FOUND = 'Statement not found';

/** The name staff and carriers see beside what someone did (their login when they gave none). */
export const nameOf = (user: SessionUser) => [user.firstName, user.lastName].filter(Boolean).join(' ') || user.username;

/**
 * Whose statements the user reads: staff who see every appointment read every carrier's; a carrier's
 * office (an account linked to a carrier, not a driver) reads its own carrier's; a driver none.
 */
export function statementReader(user: SessionUser): { all: true } | { carrierId: string } {
  if (seesAll(user)) return { all: true };
  if (user.carrierId && !user.driverId) return { carrierId: user.carrierId };
  throw new ForbiddenError(STATEMENTS_NOT_FOR_DRIVERS);
}

/** The statement if the user may read it (another carrier's, another tenant's: not found). */
export async function findStatement(user: SessionUser, id: string): Promise<StoredStatement> {
  const reader = statementReader(user);
  const found = await readStatement(user.tenantId, id);
  if (!found || ('carrierId' in reader && found.head.carrierId !== reader.carrierId))
    throw new NotFoundError(STATEMENT_NOT_FOUND);
  return found;
}

export function statementView(s: StoredStatement): DetentionStatementView {
  const { tenantId: _t, ...summary } = s.head;
  return {
    ...summary,
    lines: s.lines.map((l) => ({ ...l, dispute: s.disputes.get(l.appointmentId) ?? null })),
    byFacility: s.byFacility,
    byCause: s.byCause,
  };
}

/** The statements the user may read, newest month first; a carrier's people see only their own carrier's. */
export async function listStatements(
  user: SessionUser,
  filter: { carrierId?: string; month?: string },
): Promise<DetentionStatementSummary[]> {
  const reader = statementReader(user);
  const carrierId = 'carrierId' in reader ? reader.carrierId : filter.carrierId;
  if ('carrierId' in reader && filter.carrierId && filter.carrierId !== reader.carrierId) return [];
  const found = carrierId
    ? await listCarrierStatements(user.tenantId, carrierId, filter.month)
    : await listTenantStatements(user.tenantId, filter.month);
  return found.sort(
    (a, b) =>
      b.month.localeCompare(a.month) ||
      a.carrierName.localeCompare(b.carrierName) ||
      b.issuedAt.localeCompare(a.issuedAt),
  );
}

/** The days of the month (YYYY-MM), and the day before and after it. */
function daysAround(month: string): string[] {
  const days = [addDays(`${month}-01`, -1)];
  for (let d = `${month}-01`; d.startsWith(month); d = addDays(d, 1)) days.push(d);
  return [...days, addDays(days.at(-1)!, 1)];
}

/** Runs `work` over the items a few at a time (each truck is several reads). */
async function inTurn<T, R>(items: T[], work: (item: T) => Promise<R>, width = 8): Promise<R[]> {
  const results = new Array<R>(items.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(width, items.length) }, async () => {
      while (next < items.length) {
        const i = next++;
        results[i] = await work(items[i]!);
      }
    }),
  );
  return results;
}

/** The carrier's trucks whose day (their facility's clock) falls in the month; no-shows count, trucks never come do not. */
async function trucksOf(tenantId: string, carrierId: string, month: string, now: Date): Promise<Truck[]> {
  const appointments = (await listAppointmentsOfDays(tenantId, daysAround(month))).filter(
    (a) => a.carrierId === carrierId,
  );
  const trucks = await inTurn(appointments, (a) => truckOf(a, now));
  return trucks.filter((t) => t.assessment.day.startsWith(month) && t.assessment.arrival !== 'not_yet');
}

/** Whether the month has ended at every facility of the tenant (on each one's own clock). */
async function monthOver(tenantId: string, month: string, now: Date): Promise<boolean> {
  const firstAfter = daysAround(month).at(-1)!;
  const facilities = await listFacilities(tenantId);
  const zones = facilities.length ? facilities.map((f) => facilityTimeZone(f)) : [facilityTimeZone(null)];
  return zones.every((zone) => localDateTime(now, zone).date >= firstAfter);
}

const lineOf = (t: Truck, evidenceHash: string): DetentionStatementLine => {
  const a = t.appointment;
  const f = t.assessment;
  return {
    appointmentId: a.id,
    bookingReference: a.bookingReference,
    facilityId: a.facilityId,
    facilityName: t.facilityName,
    day: f.day,
    vehicleNumber: a.vehicleLicense,
    vehicleClass: t.terms.vehicleClass,
    arrival: f.arrival,
    dwellMinutes: f.dwellMinutes,
    detentionMinutesByCause: f.detentionMinutesByCause,
    chargedHours: f.chargedHours,
    detentionPaise: f.detentionPaise,
    lateFeePaise: f.lateFeePaise,
    evidenceHash,
  };
};

/** Issues the carrier's statement of a month that has ended; answers it as its GET does. */
export async function issueStatement(
  user: SessionUser,
  input: StatementIssueInput,
  now = new Date(),
): Promise<DetentionStatementView> {
  const { tenantId } = user;
  const carrier = await getCarrier(tenantId, input.carrierId);
  if (!carrier) throw new BadRequestError('Carrier not found', { carrierId: 'Carrier not found' });
  if (!(await monthOver(tenantId, input.month, now)))
    throw new BadRequestError(MONTH_NOT_OVER, { month: MONTH_NOT_OVER });
  const seen = await monthOf(tenantId, carrier.id, input.month);
  const replaced = seen.statementId ? await readStatement(tenantId, seen.statementId) : null;
  if (replaced?.head.status === 'closed') throw new ConflictError(STATEMENT_CLOSED_MONTH);

  const trucks = await trucksOf(tenantId, carrier.id, input.month, now);
  const still = trucks.filter((t) => !settled(t)).map((t) => t.appointment.bookingReference);
  if (still.length)
    throw new ConflictError(
      `Trucks of this month are still at the hub (${still.join(', ')}): record their gate-out before issuing its statement`,
    );
  if (trucks.length > LINES_PER_PAGE * MAX_PAGES) throw new ConflictError(TOO_MANY_LINES);
  const packs = await inTurn(trucks, (t) => issueTruckEvidence(user, t, now));
  const computed = statementOf(
    carrier.name,
    input.month,
    trucks.map((t, i) => lineOf(t, packs[i]!.hash)),
  );

  const issuedAt = now.toISOString();
  const head: StatementHead = {
    id: randomUUID(),
    tenantId,
    number: `DET-${input.month}-${String(seen.lastNumber + 1).padStart(4, '0')}`,
    carrierId: carrier.id,
    carrierName: carrier.name,
    month: input.month,
    status: 'open',
    issuedAt,
    issuedBy: nameOf(user),
    totals: computed.totals,
    openDisputes: 0,
    supersedes: replaced ? { id: replaced.head.id, number: replaced.head.number } : null,
    supersededBy: null,
    closedAt: null,
    closedBy: null,
    revision: 1,
  };
  const statement = { head, lines: computed.lines, byFacility: computed.byFacility, byCause: computed.byCause };
  const actor = { userId: user.id, username: user.username };
  const lost = new ConflictError(ISSUED_MEANWHILE);
  await transact(
    [
      ...issuePuts(statement, { replaced: replaced?.head.id ?? null, lastNumber: seen.lastNumber }),
      ...(replaced
        ? [
            headUpdate(tenantId, replaced.head.id, replaced.head.revision, {
              status: 'superseded',
              supersededBy: { id: head.id, number: head.number },
            }),
            auditPut(
              {
                tenantId,
                actor,
                action: 'detention.statement-superseded',
                entityType: 'detention-statement',
                entityId: replaced.head.id,
                before: { status: replaced.head.status, revision: replaced.head.revision },
                after: { status: 'superseded', supersededBy: head.id, revision: replaced.head.revision + 1 },
              },
              now,
            ),
          ]
        : []),
      auditPut(
        {
          tenantId,
          actor,
          action: 'detention.statement-issued',
          entityType: 'detention-statement',
          entityId: head.id,
          after: { number: head.number, carrierId: head.carrierId, month: head.month, totals: head.totals },
        },
        now,
      ),
      domainEventItem(
        {
          type: 'statement.issued',
          tenantId,
          detail: {
            statementId: head.id,
            number: head.number,
            carrierId: head.carrierId,
            carrierName: head.carrierName,
            month: head.month,
            issuedAt,
            totals: head.totals,
            byFacility: computed.byFacility,
            supersedes: head.supersedes,
          },
        },
        now,
      ),
    ],
    () => lost,
  );
  // The trucks were all assessed: any detention event none of their readers sent goes now.
  await inTurn(trucks, (t) => signalDetention(t, now));
  return statementView({ ...statement, disputes: new Map() });
}

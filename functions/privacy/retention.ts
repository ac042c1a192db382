// Retention by the tenant's policy (issue #36). The admin sets, per kind of personal data, how long it
// is kept (shared/contracts/privacy-retention.ts: defaults and bounds). Whole items that may go are
// deleted by the table's TTL, set from the policy when they are written (functions/lib/retention.ts);
// the daily worker (retention.worker.ts) applies the policy to what a TTL cannot reach, and reports
// each run: files in the bucket, message bodies written under a longer policy, and the personal
// fields of closed appointments, which are masked with the erasure's pseudonym while the record, its
// counts and timings stay.
import type { Actor } from '../lib/audit';
import { scrubAuditTrail } from '../lib/erase';
import { transact } from '../lib/dynamo';
import { RevisionConflictError } from '../lib/errors';
import { scrubPerson, type PersonTraces } from '../lib/personal-data-mask';
import { getStoredRetentionPolicy, periodMs, periodsOf, type StoredRetentionPolicy } from '../lib/retention';
import { changeAtRevision, revisionOf } from '../lib/revision';
import { getTenant } from '../lib/tenants';
import { deleteObjects, isLicenceImage, listObjects, tenantPrefix } from '../lib/uploads';
import { appointmentChangePut, listAppointmentsByDate } from '../appointments';
import { eraseDriverFromCheckins } from '../checkins';
import { deleteMessagesBefore } from '../messaging';
import type { Appointment, AppointmentStatus } from '../../shared/contracts/appointments';
import type {
  RetentionPeriods,
  RetentionPolicy,
  RetentionReport,
  retentionPolicySchema,
} from '../../shared/contracts/privacy-retention';
import { addDays, DEFAULT_TIME_ZONE, localDateTime } from '../../shared/time';
import type * as z from 'zod/mini';
import { pseudonymOf } from './rules';
import { pseudonymKey } from './pseudonym-key';
import {
  getMaskedThrough,
  newReportId,
  putRetentionPolicy,
  putRetentionReport,
  setMaskedThrough,
} from './retention.store';

const policyView = (stored: StoredRetentionPolicy | null): RetentionPolicy => ({
  ...periodsOf(stored),
  revision: stored ? revisionOf(stored) : 0,
  updatedAt: stored?.updatedAt ?? null,
});

export async function retentionPolicyOf(tenantId: string): Promise<RetentionPolicy> {
  return policyView(await getStoredRetentionPolicy(tenantId));
}

export function saveRetentionPolicy(
  tenantId: string,
  input: z.output<typeof retentionPolicySchema>,
  actor: Actor,
  now = new Date(),
): Promise<RetentionPolicy> {
  const { revision: _seen, ...periods } = input;
  return changeAtRevision({
    read: () => getStoredRetentionPolicy(tenantId),
    seen: input.revision,
    view: policyView,
    apply: async (before) => policyView(await putRetentionPolicy(tenantId, before, periods, actor, now)),
  });
}

/** An appointment is closed when nothing more happens to it: the truck left, or it never came. */
const CLOSED_STATUSES: readonly AppointmentStatus[] = ['departed', 'cancelled', 'no_show'];
/** Days of the calendar one run masks at most, a query each (a first run of an older tenant continues the next day). */
const MASK_DAYS_PER_RUN = 1000;

/** The last day whose closed appointments are past the policy at `now`: kept N whole days after their day. */
export const lastExpiredDay = (periods: RetentionPeriods, now: Date) =>
  addDays(localDateTime(now, DEFAULT_TIME_ZONE).date, -periods.closedAppointments - 1);

/** Applies the tenant's policy at `now` and writes the run's report. */
export async function applyRetention(tenantId: string, now = new Date()): Promise<RetentionReport> {
  const periods = periodsOf(await getStoredRetentionPolicy(tenantId));
  const olderThan = (kind: keyof RetentionPeriods) => now.getTime() - periodMs(periods, kind);

  const photos = (await listObjects(tenantPrefix('checkinPhotos', tenantId))).filter(
    (o) => o.lastModified.getTime() < olderThan('checkinPhotos'),
  );
  const licences = (await listObjects(tenantPrefix('userDocuments', tenantId))).filter(
    (o) => isLicenceImage(o.key) && o.lastModified.getTime() < olderThan('licenceImages'),
  );
  const report: RetentionReport = {
    id: newReportId(),
    ranAt: now.toISOString(),
    removed: {
      checkinPhotos: await deleteObjects(photos.map((o) => o.key)),
      licenceImages: await deleteObjects(licences.map((o) => o.key)),
      messageBodies: await deleteMessagesBefore(tenantId, new Date(olderThan('messageBodies')).toISOString()),
      // Never kept past their TTL (at most 72 hours, set when each is written): nothing for the run to do.
      fastagCrossings: 0,
      closedAppointments: await maskClosedAppointments(tenantId, lastExpiredDay(periods, now), now),
    },
  };
  await putRetentionReport(tenantId, report);
  return report;
}

/** Masks the closed appointments of the days after the last run's through `through`; answers how many. */
async function maskClosedAppointments(tenantId: string, through: string, now: Date): Promise<number> {
  const after = (await getMaskedThrough(tenantId)) ?? (await firstDayBefore(tenantId, through));
  let masked = 0;
  let day = after;
  for (let n = 0; n < MASK_DAYS_PER_RUN && day < through; n++) {
    day = addDays(day, 1);
    const closed = (await listAppointmentsByDate(tenantId, day)).filter(
      (a) => CLOSED_STATUSES.includes(a.status) && !a.personalFieldsMaskedAt,
    );
    for (const appointment of closed) await maskAppointment(appointment, now);
    masked += closed.length;
  }
  if (day > after) await setMaskedThrough(tenantId, day);
  return masked;
}

/** The day before the tenant's first day (no appointment is older), or a year before `through` without one. */
async function firstDayBefore(tenantId: string, through: string): Promise<string> {
  const createdAt = (await getTenant(tenantId))?.createdAt;
  return createdAt
    ? addDays(localDateTime(new Date(createdAt), DEFAULT_TIME_ZONE).date, -1)
    : addDays(through, -MASK_DAYS_PER_RUN);
}

/** The appointment with its person replaced by the pseudonym, and its check-in and audit trail likewise. */
async function maskAppointment(before: Appointment, now: Date): Promise<void> {
  const pseudonym = pseudonymOf(
    await pseudonymKey(before.tenantId),
    before.tenantId,
    before.driverId ?? `appointment:${before.id}`,
  );
  const person: PersonTraces = {
    name: before.driverName ?? before.guest?.ownerName ?? '',
    phone: before.driverPhone ?? before.guest?.ownerContactNumber,
    licence: before.guest?.driverLicense,
  };
  const scrubbed = person.name || person.phone || person.licence ? scrubPerson(before, person, pseudonym) : before;
  const after: Appointment = {
    ...scrubbed,
    driverName: before.driverName === null ? null : pseudonym,
    driverPhone: null,
    vehicleLicense: null,
    guest: scrubbed.guest && {
      ...scrubbed.guest,
      ownerName: scrubbed.guest.ownerName === null ? null : pseudonym,
      ownerContactNumber: null,
      driverLicense: pseudonym,
    },
    personalFieldsMaskedAt: now.toISOString(),
  };
  await transact([appointmentChangePut(after, before)], () => new RevisionConflictError());
  if (!person.name && !person.phone && !person.licence) return;
  await eraseDriverFromCheckins(before.tenantId, [before.id], person, pseudonym);
  await scrubAuditTrail(before.tenantId, { entityType: 'appointment', entityId: before.id }, person, pseudonym);
}

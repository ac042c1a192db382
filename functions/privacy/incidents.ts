// Security incidents (issue #36): recorded by the tenant's admin, the affected people counted by a
// query over the visits the incident names (one Query a day on the appointments' date index), the
// Board's 72-hour deadline kept beside it, and the notice to each person drafted in English and Hindi.
import { randomUUID } from 'node:crypto';
import type { Actor } from '../lib/audit';
import { ConflictError, NotFoundError, RevisionConflictError } from '../lib/errors';
import { getTenant } from '../lib/tenants';
import { listAppointmentsOfDays } from '../appointments';
import { addDays } from '../../shared/time';
import {
  BOARD_REPORT_HOURS,
  daysBetween,
  incidentNotice,
  type Incident,
  type IncidentInput,
  type IncidentView,
  type IncidentStep,
} from '../../shared/contracts/privacy-incidents';
import { toIndianE164 } from '../../shared/contracts/messaging';
import { getIncident, listIncidents, saveIncident } from './incident.store';

/** The people and the visits of the days an incident names: a person is a driver record, else a mobile number. */
export async function countAffected(
  tenantId: string,
  scope: { affectedFrom: string; affectedTo: string; facilityId: string | null },
): Promise<{ people: number; appointments: number }> {
  const days = Array.from({ length: daysBetween(scope.affectedFrom, scope.affectedTo) + 1 }, (_, i) =>
    addDays(scope.affectedFrom, i),
  );
  const visits = await listAppointmentsOfDays(tenantId, days, scope.facilityId ?? undefined);
  const people = new Set(
    visits.flatMap((a) => {
      if (a.driverId) return [`driver:${a.driverId}`];
      const phone = a.driverPhone ? toIndianE164(a.driverPhone) : null;
      return phone ? [`phone:${phone}`] : [];
    }),
  );
  return { people: people.size, appointments: visits.length };
}

async function withNotice(tenantId: string, incident: Incident, now = new Date()): Promise<IncidentView> {
  const organisation = (await getTenant(tenantId))?.name ?? tenantId;
  return {
    ...incident,
    boardReportOverdue: !incident.boardNotifiedAt && now.toISOString() > incident.boardReportDueAt,
    notice: { en: incidentNotice(incident, organisation, 'en'), hi: incidentNotice(incident, organisation, 'hi') },
  };
}

export async function recordIncident(
  tenantId: string,
  input: IncidentInput & { dataKinds: Incident['dataKinds'] },
  actor: Actor,
  now = new Date(),
): Promise<IncidentView> {
  const facilityId = input.facilityId ?? null;
  const affected = await countAffected(tenantId, { ...input, facilityId });
  const discoveredAt = new Date(input.discoveredAt);
  const incident: Incident = {
    id: randomUUID(),
    revision: 0,
    title: input.title,
    description: input.description,
    discoveredAt: discoveredAt.toISOString(),
    boardReportDueAt: new Date(discoveredAt.getTime() + BOARD_REPORT_HOURS * 3_600_000).toISOString(),
    dataKinds: input.dataKinds,
    affectedFrom: input.affectedFrom,
    affectedTo: input.affectedTo,
    facilityId,
    measures: input.measures,
    contact: input.contact,
    affectedPeople: affected.people,
    affectedAppointments: affected.appointments,
    boardNotifiedAt: null,
    peopleNotifiedAt: null,
    closedAt: null,
    recordedAt: now.toISOString(),
    recordedBy: actor.username,
  };
  return withNotice(tenantId, await saveIncident(tenantId, null, incident, 'privacy.incident.recorded', actor, now));
}

export async function incidents(tenantId: string): Promise<IncidentView[]> {
  const all = await listIncidents(tenantId);
  const sorted = all.sort((a, b) => b.discoveredAt.localeCompare(a.discoveredAt));
  return Promise.all(sorted.map((i) => withNotice(tenantId, i)));
}

const STEP_FIELD = {
  board_notified: 'boardNotifiedAt',
  people_notified: 'peopleNotifiedAt',
  closed: 'closedAt',
} as const satisfies Record<IncidentStep, keyof Incident>;

/** A step of the incident, once: told the Board, told the people, closed (nothing changes after closing). */
export async function markIncidentStep(
  tenantId: string,
  id: string,
  step: IncidentStep,
  seen: number | undefined,
  actor: Actor,
  now = new Date(),
): Promise<IncidentView> {
  const incident = await getIncident(tenantId, id);
  if (!incident) throw new NotFoundError('Incident not found');
  if (seen !== undefined && seen !== incident.revision) throw new RevisionConflictError(incident);
  if (incident.closedAt) throw new ConflictError('This incident is closed');
  const field = STEP_FIELD[step];
  if (incident[field]) throw new ConflictError('This step is already recorded');
  const changed = { ...incident, [field]: now.toISOString() };
  return withNotice(tenantId, await saveIncident(tenantId, incident, changed, `privacy.incident.${step}`, actor, now));
}

// Labour in-charges and handling equipment of a facility, and their assignments to appointments
// (ASSIGN#<date>#<kind>#<resourceId>#<appointmentId>), which decide what is available when.
import { randomUUID } from 'node:crypto';
import { auditPut, type Actor } from '../lib/audit';
import { config } from '../lib/config';
import { getItem, queryPrefix, transact } from '../lib/dynamo';
import { ConflictError } from '../lib/errors';
import { facilityKeys } from './facility.store';
import { overlaps } from '../../shared/time';
import type { equipmentInputSchema, laborInchargeInputSchema } from '../../shared/contracts/facilities';
import type * as z from 'zod/mini';

export type ResourceKind = 'labor' | 'equipment';

export type LaborIncharge = z.output<typeof laborInchargeInputSchema> & {
  id: string;
  facilityId: string;
  tenantId: string;
  isActive: boolean;
  createdAt: string;
};
export type Equipment = z.output<typeof equipmentInputSchema> & {
  id: string;
  facilityId: string;
  tenantId: string;
  isActive: boolean;
  createdAt: string;
};
type Resource<K extends ResourceKind> = K extends 'labor' ? LaborIncharge : Equipment;

export interface Assignment {
  kind: ResourceKind;
  resourceId: string;
  appointmentId: string;
  date: string;
  timeStart: string;
  timeEnd: string;
}

const PREFIX: Record<ResourceKind, string> = { labor: 'LABOR#', equipment: 'EQUIP#' };

export const resourceKeys = {
  key: (tenantId: string, facilityId: string, kind: ResourceKind, id: string) => ({
    PK: facilityKeys.partition(tenantId, facilityId),
    SK: `${PREFIX[kind]}${id}`,
  }),
  /** One per resource and date; its version serialises assignments of that resource that day. */
  day: (tenantId: string, facilityId: string, kind: ResourceKind, resourceId: string, date: string) => ({
    PK: facilityKeys.partition(tenantId, facilityId),
    SK: `RESDAY#${kind}#${resourceId}#${date}`,
  }),
  assignment: (tenantId: string, facilityId: string, a: Assignment) => ({
    PK: facilityKeys.partition(tenantId, facilityId),
    SK: `ASSIGN#${a.date}#${a.kind}#${a.resourceId}#${a.appointmentId}`,
  }),
};

export async function listResources<K extends ResourceKind>(
  tenantId: string,
  facilityId: string,
  kind: K,
): Promise<Resource<K>[]> {
  const items = await queryPrefix<Resource<K>>(facilityKeys.partition(tenantId, facilityId), PREFIX[kind]);
  return items.sort((a, b) => a.name.localeCompare(b.name));
}

export async function createResource<K extends ResourceKind>(
  tenantId: string,
  facilityId: string,
  kind: K,
  fields: Omit<Resource<K>, 'id' | 'facilityId' | 'tenantId' | 'isActive' | 'createdAt'>,
  actor: Actor | null,
  options: { id?: string } = {},
  now = new Date(),
): Promise<Resource<K>> {
  const resource = {
    ...fields,
    id: options.id ?? randomUUID(),
    facilityId,
    tenantId,
    isActive: true,
    createdAt: now.toISOString(),
  } as Resource<K>;
  const entityType = kind === 'labor' ? 'labor-incharge' : 'equipment';
  await transact(
    [
      {
        Put: {
          TableName: config.tableName,
          Item: { ...resourceKeys.key(tenantId, facilityId, kind, resource.id), entity: entityType, ...resource },
          ConditionExpression: 'attribute_not_exists(PK)',
        },
      },
      auditPut(
        { tenantId, actor, action: `${entityType}.created`, entityType, entityId: resource.id, after: { ...resource } },
        now,
      ),
    ],
    () => new ConflictError('Already exists'),
  );
  return resource;
}

export function listAssignments(tenantId: string, facilityId: string, date: string) {
  return queryPrefix<Assignment>(facilityKeys.partition(tenantId, facilityId), `ASSIGN#${date}#`, { consistent: true });
}

/** A TransactWriteItems element that assigns a resource to an appointment. */
export function assignmentPut(tenantId: string, facilityId: string, assignment: Assignment) {
  return {
    Put: {
      TableName: config.tableName,
      Item: { ...resourceKeys.assignment(tenantId, facilityId, assignment), entity: 'assignment', ...assignment },
    },
  };
}

export function assignmentDelete(tenantId: string, facilityId: string, assignment: Assignment) {
  return { Delete: { TableName: config.tableName, Key: resourceKeys.assignment(tenantId, facilityId, assignment) } };
}

/**
 * Reserves a resource for an appointment's window: reads the resource's day, refuses an overlap,
 * and returns the transaction items that write the assignment only if nobody changed that day since
 * (optimistic lock on the day's version). Returns null when the resource is busy.
 */
export async function reserveResource(tenantId: string, facilityId: string, assignment: Assignment) {
  const dayKey = resourceKeys.day(tenantId, facilityId, assignment.kind, assignment.resourceId, assignment.date);
  const [day, assignments] = await Promise.all([
    getItem<{ version: number }>(dayKey, true),
    listAssignments(tenantId, facilityId, assignment.date),
  ]);
  const busy = assignments.some(
    (a) =>
      a.kind === assignment.kind &&
      a.resourceId === assignment.resourceId &&
      a.appointmentId !== assignment.appointmentId &&
      overlaps(a.timeStart, a.timeEnd, assignment.timeStart, assignment.timeEnd),
  );
  if (busy) return null;
  const version = day?.version ?? 0;
  return [
    {
      Update: {
        TableName: config.tableName,
        Key: dayKey,
        UpdateExpression: 'SET version = :next',
        ConditionExpression: version === 0 ? 'attribute_not_exists(version)' : 'version = :seen',
        ExpressionAttributeValues: version === 0 ? { ':next': 1 } : { ':next': version + 1, ':seen': version },
      },
    },
    assignmentPut(tenantId, facilityId, assignment),
  ];
}

/** Active resources with no assignment overlapping the window on that date. */
export async function availableResources<K extends ResourceKind>(
  tenantId: string,
  facilityId: string,
  kind: K,
  window: { date: string; timeStart: string; timeEnd: string },
): Promise<Resource<K>[]> {
  const [resources, assignments] = await Promise.all([
    listResources(tenantId, facilityId, kind),
    listAssignments(tenantId, facilityId, window.date),
  ]);
  const busy = new Set(
    assignments
      .filter((a) => a.kind === kind && overlaps(a.timeStart, a.timeEnd, window.timeStart, window.timeEnd))
      .map((a) => a.resourceId),
  );
  return resources.filter((r) => r.isActive && !busy.has(r.id));
}

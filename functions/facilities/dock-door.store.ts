// Dock doors of a facility. A door number is unique within its facility: a DOORNO# item is written
// with the door in one transaction, so two concurrent adds of the same number cannot both succeed.
import { randomUUID } from 'node:crypto';
import { auditPut, type Actor } from '../lib/audit';
import { config } from '../lib/config';
import { getItem, queryPrefix, transact } from '../lib/dynamo';
import { ConflictError, NotFoundError } from '../lib/errors';
import { facilityDoorCountIncrement, facilityKeys } from './facility.store';
import type { dockDoorInputSchema, dockDoorUpdateSchema } from '../../shared/contracts/facilities';
import { editFields } from '../lib/revision';
import type * as z from 'zod/mini';

export type DockDoorFields = z.output<typeof dockDoorInputSchema>;

export interface DockDoor extends DockDoorFields {
  id: string;
  tenantId: string;
  assetId: string | null;
  createdAt: string;
  /** functions/lib/revision.ts; a door from before revisions has none (revision 0). */
  revision?: number;
}

export const dockDoorKeys = {
  key: (tenantId: string, facilityId: string, doorId: string) => ({
    PK: facilityKeys.partition(tenantId, facilityId),
    SK: `DOOR#${doorId}`,
  }),
  number: (tenantId: string, facilityId: string, doorNumber: string) => ({
    PK: facilityKeys.partition(tenantId, facilityId),
    SK: `DOORNO#${doorNumber.trim().toUpperCase()}`,
  }),
};

export async function listDockDoors(tenantId: string, facilityId: string): Promise<DockDoor[]> {
  const doors = await queryPrefix<DockDoor>(facilityKeys.partition(tenantId, facilityId), 'DOOR#');
  return doors.sort((a, b) => a.doorNumber.localeCompare(b.doorNumber, 'en', { numeric: true }));
}

export function getDockDoor(tenantId: string, facilityId: string, doorId: string) {
  return getItem<DockDoor>(dockDoorKeys.key(tenantId, facilityId, doorId));
}

/** A transaction condition: the door exists and is not under maintenance (checked where its time is reserved). */
export function doorInServiceCheck(tenantId: string, facilityId: string, doorId: string) {
  return {
    ConditionCheck: {
      TableName: config.tableName,
      Key: dockDoorKeys.key(tenantId, facilityId, doorId),
      ConditionExpression: 'attribute_exists(PK) AND #status <> :maintenance',
      ExpressionAttributeNames: { '#status': 'status' },
      ExpressionAttributeValues: { ':maintenance': 'maintenance' },
    },
  };
}

/** The TransactWriteItems elements of a new door and its door-number claim. */
export function newDockDoorPuts(door: DockDoor) {
  return [
    {
      Put: {
        TableName: config.tableName,
        Item: { ...dockDoorKeys.key(door.tenantId, door.facilityId, door.id), entity: 'dock-door', ...door },
        ConditionExpression: 'attribute_not_exists(PK)',
      },
    },
    {
      Put: {
        TableName: config.tableName,
        Item: { ...dockDoorKeys.number(door.tenantId, door.facilityId, door.doorNumber), doorId: door.id },
        ConditionExpression: 'attribute_not_exists(PK)',
      },
    },
  ];
}

export async function createDockDoor(
  tenantId: string,
  input: DockDoorFields,
  actor: Actor | null,
  options: { id?: string } = {},
  now = new Date(),
): Promise<DockDoor> {
  const door: DockDoor = {
    ...input,
    id: options.id ?? randomUUID(),
    tenantId,
    assetId: null,
    createdAt: now.toISOString(),
  };
  await transact(
    [
      ...newDockDoorPuts(door),
      facilityDoorCountIncrement(tenantId, door.facilityId),
      auditPut(
        {
          tenantId,
          actor,
          action: 'dock-door.created',
          entityType: 'dock-door',
          entityId: door.id,
          after: { ...door },
        },
        now,
      ),
    ],
    (index) =>
      index === 2
        ? new NotFoundError('Facility not found')
        : new ConflictError(`Door ${door.doorNumber} already exists at this facility`, {
            doorNumber: `Door ${door.doorNumber} already exists at this facility`,
          }),
  );
  return door;
}

/** An edit of a door's type, limits or status, from the revision its form loaded (functions/lib/revision.ts). */
export function updateDockDoor(
  tenantId: string,
  facilityId: string,
  doorId: string,
  edit: z.output<typeof dockDoorUpdateSchema>,
  actor: Actor,
  now = new Date(),
): Promise<DockDoor> {
  const { revision: seen, ...changes } = edit;
  const key = dockDoorKeys.key(tenantId, facilityId, doorId);
  return editFields(
    {
      key,
      read: () => getItem<DockDoor>(key, true),
      seen,
      changes,
      view: (door) => door,
      missing: () => new NotFoundError('Dock door not found'),
      audit: { tenantId, actor, action: 'dock-door.updated', entityType: 'dock-door', entityId: doorId },
    },
    now,
  );
}

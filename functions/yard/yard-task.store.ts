// The yard's move tasks (issue #58.4) and a facility's yard settings (whether trailers are dropped).
// A task lives in its facility's partition under the instant it was made, so a facility's recent tasks
// are one key-range Query; it is found by its id alone through GSI1 (the start and finish routes name
// only the task). Every change of state is written only from the state it was read in, with its audit
// record, in one transaction; a task made by the worker is made once (its id comes from the change
// that made it, and a second put of it is refused by its condition).
import { auditPut, type Actor } from '../lib/audit';
import { config } from '../lib/config';
import { getItem, isConditionalCheckFailed, queryAll, queryPrefix, transact, withoutKeys } from '../lib/dynamo';
import { ConflictError } from '../lib/errors';
import { tenantPk } from '../lib/table';
import { revised } from '../lib/revision';
import { facilityKeys } from '../facilities';
import type { YardSettings, YardTask, YardTaskState } from '../../shared/contracts/yard';

type TransactItem = Parameters<typeof transact>[0][number];

export const yardTaskKeys = {
  key: (t: Pick<YardTask, 'tenantId' | 'facilityId' | 'createdAt' | 'id'>) => ({
    PK: facilityKeys.partition(t.tenantId, t.facilityId),
    SK: `YARDTASK#${t.createdAt}#${t.id}`,
  }),
  byId: (tenantId: string, taskId: string) => ({ GSI1PK: tenantPk(tenantId, 'YARDTASK', taskId), GSI1SK: 'TASK' }),
  settings: (tenantId: string, facilityId: string) => ({
    PK: facilityKeys.partition(tenantId, facilityId),
    SK: 'YARDSETTINGS',
  }),
};

function toItem(task: YardTask) {
  return { ...yardTaskKeys.key(task), ...yardTaskKeys.byId(task.tenantId, task.id), entity: 'yard-task', ...task };
}

/** The facility's tasks made since `since` (an ISO instant), oldest first: one key-range Query. */
export async function listYardTasksSince(tenantId: string, facilityId: string, since: string): Promise<YardTask[]> {
  const items = await queryAll({
    KeyConditionExpression: 'PK = :pk AND SK BETWEEN :from AND :to',
    ExpressionAttributeValues: {
      ':pk': facilityKeys.partition(tenantId, facilityId),
      ':from': `YARDTASK#${since}`,
      ':to': 'YARDTASK#~',
    },
    ConsistentRead: true,
  });
  return items.map((item) => withoutKeys<YardTask>(item));
}

export async function findYardTask(tenantId: string, taskId: string): Promise<YardTask | null> {
  const [hit] = await queryPrefix<YardTask>(yardTaskKeys.byId(tenantId, taskId).GSI1PK, 'TASK', { index: 'GSI1' });
  return hit ?? null;
}

/** Makes the task once; false when a task of that id exists already (the same change handled twice). */
export async function createYardTask(task: YardTask, now = new Date()): Promise<boolean> {
  try {
    await transact(
      [
        { Put: { TableName: config.tableName, Item: toItem(task), ConditionExpression: 'attribute_not_exists(PK)' } },
        auditPut(
          {
            tenantId: task.tenantId,
            actor: null,
            action: 'yard-task.created',
            entityType: 'yard-task',
            entityId: task.id,
            after: { ...task },
          },
          now,
        ),
      ],
      () => new ConflictError('Yard task already exists'),
    );
    return true;
  } catch (err) {
    if (err instanceof ConflictError || isConditionalCheckFailed(err)) return false;
    throw err;
  }
}

/**
 * The items that move the task from the state it was read in (`before.state`) to `after`, with its
 * audit record: the Put is refused when anyone changed the task meanwhile.
 */
export function taskChangeItems(before: YardTask, changes: Partial<YardTask>, actor: Actor | null, now = new Date()) {
  const after: YardTask = revised(before, { ...before, ...changes });
  const items: TransactItem[] = [
    {
      Put: {
        TableName: config.tableName,
        Item: toItem(after),
        ConditionExpression: '#state = :state',
        ExpressionAttributeNames: { '#state': 'state' },
        ExpressionAttributeValues: { ':state': before.state satisfies YardTaskState },
      },
    },
    auditPut(
      {
        tenantId: before.tenantId,
        actor,
        action: `yard-task.${after.state}`,
        entityType: 'yard-task',
        entityId: before.id,
        before: { ...before },
        after: { ...after },
      },
      now,
    ),
  ];
  return { items, after };
}

export async function getYardSettings(tenantId: string, facilityId: string): Promise<YardSettings> {
  const stored = await getItem<YardSettings>(yardTaskKeys.settings(tenantId, facilityId), true);
  return { dropTrailers: stored?.dropTrailers === true };
}

export async function putYardSettings(
  tenantId: string,
  facilityId: string,
  settings: YardSettings,
  actor: Actor,
  now = new Date(),
): Promise<YardSettings> {
  const before = await getYardSettings(tenantId, facilityId);
  await transact(
    [
      {
        Put: {
          TableName: config.tableName,
          Item: {
            ...yardTaskKeys.settings(tenantId, facilityId),
            entity: 'yard-settings',
            tenantId,
            facilityId,
            dropTrailers: settings.dropTrailers,
            updatedAt: now.toISOString(),
          },
        },
      },
      auditPut(
        {
          tenantId,
          actor,
          action: 'yard-settings.changed',
          entityType: 'yard-settings',
          entityId: facilityId,
          before: { ...before },
          after: { ...settings },
        },
        now,
      ),
    ],
    () => new ConflictError('The yard changed while you were updating it. Refresh and try again.'),
  );
  return { dropTrailers: settings.dropTrailers };
}

// The endpoints of an external system (what a sync pulls, or where a connection test knocks), in the
// tenant's integrations partition under their system.
import { auditPut, type Actor } from '../lib/audit';
import { config } from '../lib/config';
import { getItem, queryPrefix, transact } from '../lib/dynamo';
import { ConflictError } from '../lib/errors';
import { systemKeys } from './system.store';
import type { IntegrationEndpoint } from '../../shared/contracts/integrations';

export interface EndpointRecord extends IntegrationEndpoint {
  tenantId: string;
}

export const endpointKeys = {
  key: (tenantId: string, systemId: string, id: string) => ({
    PK: systemKeys.partition(tenantId),
    SK: `ENDPOINT#${systemId}#${id}`,
  }),
};

const toItem = (e: EndpointRecord) => ({
  ...endpointKeys.key(e.tenantId, e.systemId, e.id),
  entity: 'integration-endpoint',
  ...e,
});

export async function listEndpointRecords(tenantId: string, systemId: string): Promise<EndpointRecord[]> {
  const items = await queryPrefix<EndpointRecord>(systemKeys.partition(tenantId), `ENDPOINT#${systemId}#`, {
    consistent: true,
  });
  return items.sort((a, b) => a.createdAt.localeCompare(b.createdAt));
}

export function getEndpointRecord(tenantId: string, systemId: string, id: string): Promise<EndpointRecord | null> {
  return getItem<EndpointRecord>(endpointKeys.key(tenantId, systemId, id), true);
}

/** Creates (no `before`), replaces (as read) or deletes (no `after`) an endpoint, with its audit record. */
export async function writeEndpoint(
  change: { before: EndpointRecord | null; after: EndpointRecord | null },
  actor: Actor,
  now: Date,
): Promise<void> {
  const { before, after } = change;
  const subject = (after ?? before)!;
  const write = after
    ? {
        Put: {
          TableName: config.tableName,
          Item: toItem(after),
          ...(before
            ? { ConditionExpression: 'updatedAt = :seen', ExpressionAttributeValues: { ':seen': before.updatedAt } }
            : { ConditionExpression: 'attribute_not_exists(PK)' }),
        },
      }
    : {
        Delete: {
          TableName: config.tableName,
          Key: endpointKeys.key(subject.tenantId, subject.systemId, subject.id),
          ConditionExpression: 'updatedAt = :seen',
          ExpressionAttributeValues: { ':seen': before!.updatedAt },
        },
      };
  const action = !before ? 'created' : after ? 'updated' : 'deleted';
  await transact(
    [
      write,
      auditPut(
        {
          tenantId: subject.tenantId,
          actor,
          action: `integration-endpoint.${action}`,
          entityType: 'integration-endpoint',
          entityId: subject.id,
          before: before && { ...before },
          after: after && { ...after },
        },
        now,
      ),
    ],
    () => new ConflictError('The endpoint changed meanwhile. Refresh and try again.'),
  );
}

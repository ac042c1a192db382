// The single table's shape: key attributes, GSIs and the TTL attribute. The CDK stack and the local
// stack both create the table from this description.
import type { CreateTableCommandInput } from '@aws-sdk/client-dynamodb';

export const TABLE_KEYS = { partitionKey: 'PK', sortKey: 'SK' } as const;
export const TTL_ATTRIBUTE = 'expiresAt';
export const GSIS = [
  { indexName: 'GSI1', partitionKey: 'GSI1PK', sortKey: 'GSI1SK' },
  { indexName: 'GSI2', partitionKey: 'GSI2PK', sortKey: 'GSI2SK' },
  { indexName: 'GSI3', partitionKey: 'GSI3PK', sortKey: 'GSI3SK' },
] as const;

export function createTableInput(tableName: string): CreateTableCommandInput {
  const attributes = [TABLE_KEYS.partitionKey, TABLE_KEYS.sortKey, ...GSIS.flatMap((g) => [g.partitionKey, g.sortKey])];
  return {
    TableName: tableName,
    BillingMode: 'PAY_PER_REQUEST',
    AttributeDefinitions: attributes.map((name) => ({ AttributeName: name, AttributeType: 'S' })),
    KeySchema: [
      { AttributeName: TABLE_KEYS.partitionKey, KeyType: 'HASH' },
      { AttributeName: TABLE_KEYS.sortKey, KeyType: 'RANGE' },
    ],
    GlobalSecondaryIndexes: GSIS.map((g) => ({
      IndexName: g.indexName,
      KeySchema: [
        { AttributeName: g.partitionKey, KeyType: 'HASH' },
        { AttributeName: g.sortKey, KeyType: 'RANGE' },
      ],
      Projection: { ProjectionType: 'ALL' },
    })),
  };
}

/**
 * The one way to build a tenant's partition key (and the GSI keys that name a tenant):
 * `tenantPk('t1')` is `TENANT#t1`, `tenantPk('t1', 'APPT', id)` is `TENANT#t1#APPT#<id>`. Every
 * store goes through it, so no key can lose or misspell its tenant prefix.
 */
export function tenantPk(tenantId: string, ...parts: string[]): string {
  return ['TENANT', tenantId, ...parts].join('#');
}

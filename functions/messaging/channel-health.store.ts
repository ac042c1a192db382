// Each channel's last success and failure (TENANT#<t>#MSGHEALTH, <channel>): the Integration Status cards.
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { ddb } from '../lib/aws';
import { config } from '../lib/config';
import { queryPrefix } from '../lib/dynamo';
import { tenantPk } from '../lib/table';
import type { Channel } from '../../shared/contracts/messaging';

const healthPartition = (tenantId: string) => tenantPk(tenantId, 'MSGHEALTH');

export interface ChannelHealth {
  channel: Channel;
  provider: string | null;
  lastSuccessAt: string | null;
  lastFailureAt: string | null;
  lastError: string | null;
}

export async function recordHealth(
  tenantId: string,
  channel: Channel,
  provider: string,
  error: string | null,
  now: Date,
): Promise<void> {
  const at = now.toISOString();
  await ddb().send(
    new UpdateCommand({
      TableName: config.tableName,
      Key: { PK: healthPartition(tenantId), SK: channel },
      UpdateExpression: error
        ? 'SET channel = :c, provider = :p, lastFailureAt = :at, lastError = :e'
        : 'SET channel = :c, provider = :p, lastSuccessAt = :at',
      ExpressionAttributeValues: {
        ':c': channel,
        ':p': provider,
        ':at': at,
        ...(error ? { ':e': error.slice(0, 300) } : {}),
      },
    }),
  );
}

export async function listHealth(tenantId: string): Promise<ChannelHealth[]> {
  return queryPrefix<ChannelHealth>(healthPartition(tenantId), '');
}

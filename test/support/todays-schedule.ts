// Today's schedule polled by its changes (issue #60): a poll names the `asOf` of its last answer and gets
// the appointments whose change was noted since, less 30 s (a note may land after a poll that began
// later). A test that checks "nothing else changed" first moves the day's notes into the past, as if
// every change so far was minutes ago. The notes' keys are written here by hand from the rule:
// TENANT#<tenant>#FACILITY#<facility>#APPTCHANGES#<date>, sort key <ISO time of the change>#<appointment id>.
import { QueryCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { ddb } from '../../functions/lib/aws';
import { config } from '../../functions/lib/config';
import type { Client } from './api';

/** Moves every change note of a facility's day `ms` into the past. */
export async function ageChangeNotes(tenantId: string, facilityId: string, date: string, ms: number): Promise<number> {
  const PK = `TENANT#${tenantId}#FACILITY#${facilityId}#APPTCHANGES#${date}`;
  const { Items = [] } = await ddb().send(
    new QueryCommand({
      TableName: config.tableName,
      KeyConditionExpression: 'PK = :pk',
      ExpressionAttributeValues: { ':pk': PK },
      ConsistentRead: true,
    }),
  );
  for (const note of Items) {
    const SK = String(note.SK);
    const at = SK.slice(0, SK.indexOf('#'));
    const older = `${new Date(Date.parse(at) - ms).toISOString()}${SK.slice(at.length)}`;
    await ddb().send(
      new TransactWriteCommand({
        TransactItems: [
          { Delete: { TableName: config.tableName, Key: { PK, SK } } },
          { Put: { TableName: config.tableName, Item: { ...note, SK: older } } },
        ],
      }),
    );
  }
  return Items.length;
}

/** A poll of today's schedule through the API (200 expected), since a former answer's `asOf` if given. */
export async function pollToday(client: Client, { facilityId, since }: { facilityId?: string; since?: string } = {}) {
  const params = new URLSearchParams({ ...(facilityId ? { facilityId } : {}), ...(since ? { since } : {}) });
  const res = await client.get(`/api/appointments/today/changes${params.size ? `?${params}` : ''}`);
  if (res.status !== 200) throw new Error(`poll of today's schedule: ${res.status} ${res.text}`);
  return res.body as {
    date: string;
    asOf: string;
    full: boolean;
    appointments: { id: string; status: string; gateHold?: { reasons: string[] } }[];
    removed: string[];
  };
}

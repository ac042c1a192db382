// Fills an index added to a table that already holds data (npm start's data folder kept from an
// earlier version): every appointment is written again through appointmentItem, which derives all its
// index keys. Run once by the local stack when ensureTable added an index, before any request. Against
// a deployed table the same function runs from a shell (docs/performance.md); it scans the table once.
import { PutCommand, ScanCommand, type ScanCommandOutput } from '@aws-sdk/lib-dynamodb';
import { ddb } from '../lib/aws';
import { config } from '../lib/config';
import { isConditionalCheckFailed, withoutKeys } from '../lib/dynamo';
import { appointmentItem } from '../appointments';
import type { Appointment } from '../../shared/contracts/appointments';

export async function reindexAppointments(): Promise<number> {
  let written = 0;
  let start: ScanCommandOutput['LastEvaluatedKey'];
  do {
    const page = await ddb().send(
      new ScanCommand({
        TableName: config.tableName,
        FilterExpression: 'entity = :e',
        ExpressionAttributeValues: { ':e': 'appointment' },
        ExclusiveStartKey: start,
      }),
    );
    for (const item of page.Items ?? []) {
      // Only as read: a change landing meanwhile has derived the keys itself and must not be overwritten.
      const appointment = withoutKeys<Appointment>(item);
      try {
        await ddb().send(
          new PutCommand({
            TableName: config.tableName,
            Item: appointmentItem(appointment),
            ConditionExpression: 'updatedAt = :seen',
            ExpressionAttributeValues: { ':seen': appointment.updatedAt },
          }),
        );
        written++;
      } catch (err) {
        if (!isConditionalCheckFailed(err)) throw err;
      }
    }
    start = page.LastEvaluatedKey;
  } while (start);
  return written;
}

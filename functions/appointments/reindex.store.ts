// Appointments' index keys brought up to what appointmentItem derives now: every appointment whose
// stored keys differ (written before an index existed, or before a key changed) is written again
// through appointmentItem. Two moves needed it: the at-door index GSI3 (added to tables holding data)
// and the date index keyed per facility and date (issue #60, docs/scale.md §3: GSI1PK
// TENANT#<t>#FACILITY#<f>#APPTDATE#<date>, where TENANT#<t>#APPTDATE#<date> was). One pass over the
// table (a Scan, run from a shell by `npm run migrate:appointment-keys`, and by the local stack when it
// adds an index to a kept data folder; never on a request path). Each write is conditioned on the
// appointment as read (its updatedAt): one changed meanwhile has derived its keys itself and is left as
// it is. A second run finds nothing to write. Until the move has run, the date reads also look under
// the old key (listAppointmentsByDate), so a day's lists stay whole during it.
import { PutCommand, ScanCommand, type ScanCommandOutput } from '@aws-sdk/lib-dynamodb';
import { ddb } from '../lib/aws';
import { config } from '../lib/config';
import { isConditionalCheckFailed, withoutKeys } from '../lib/dynamo';
import { appointmentItem } from './appointment.store';
import type { Appointment } from '../../shared/contracts/appointments';

export interface ReindexReport {
  /** Appointments read. */
  appointments: number;
  /** Written again with the keys derived now. */
  rewritten: number;
  /** Changed meanwhile (so with their keys derived): left as they were. */
  changedMeanwhile: number;
}

const SEGMENTS = 4;
const INDEX_KEYS = ['GSI1PK', 'GSI1SK', 'GSI2PK', 'GSI2SK', 'GSI3PK', 'GSI3SK'] as const;

const keysDiffer = (stored: Record<string, unknown>, derived: Record<string, unknown>) =>
  INDEX_KEYS.some((k) => stored[k] !== derived[k]);

async function rewrite(item: Record<string, unknown>, report: ReindexReport) {
  const appointment = withoutKeys<Appointment>(item);
  const derived = appointmentItem(appointment);
  if (!keysDiffer(item, derived)) return;
  try {
    await ddb().send(
      new PutCommand({
        TableName: config.tableName,
        Item: derived,
        ConditionExpression: 'updatedAt = :seen',
        ExpressionAttributeValues: { ':seen': appointment.updatedAt },
      }),
    );
    report.rewritten++;
  } catch (err) {
    if (!isConditionalCheckFailed(err)) throw err;
    report.changedMeanwhile++;
  }
}

export async function reindexAppointments(): Promise<ReindexReport> {
  const report: ReindexReport = { appointments: 0, rewritten: 0, changedMeanwhile: 0 };
  await Promise.all(
    Array.from({ length: SEGMENTS }, async (_, segment) => {
      let start: Record<string, unknown> | undefined;
      do {
        const page: ScanCommandOutput = await ddb().send(
          new ScanCommand({
            TableName: config.tableName,
            Segment: segment,
            TotalSegments: SEGMENTS,
            ExclusiveStartKey: start,
            ConsistentRead: true,
            FilterExpression: 'entity = :appointment AND SK = :sk',
            ExpressionAttributeValues: { ':appointment': 'appointment', ':sk': 'APPT' },
          }),
        );
        for (const item of page.Items ?? []) {
          report.appointments++;
          await rewrite(item, report);
        }
        start = page.LastEvaluatedKey;
      } while (start);
    }),
  );
  return report;
}

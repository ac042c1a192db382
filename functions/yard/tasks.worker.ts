// The yard's move tasks (functions/workers.ts 'yard-tasks', issue #58.4): each change of an appointment
// on the table's stream, its images before and after, handed to onAppointmentChange (yard-tasks.ts).
import type { AttributeValue } from '@aws-sdk/client-dynamodb';
import { unmarshall } from '@aws-sdk/util-dynamodb';
import { defineWorker } from '../lib/worker';
import type { Appointment } from '../../shared/contracts/appointments';
import { onAppointmentChange } from './yard-tasks';

type StoredAppointment = Appointment & { tenantId: string };

const image = (raw: unknown) =>
  raw ? (unmarshall(raw as Record<string, AttributeValue>) as StoredAppointment) : undefined;

export const { handler, worker } = defineWorker('yard-tasks', 'stream', async (record) => {
  await onAppointmentChange(image(record.dynamodb?.OldImage), image(record.dynamodb?.NewImage));
});

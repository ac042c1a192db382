// The driver notifier (functions/workers.ts 'messaging-notifier'): the table's stream, filtered on
// inserted domain-event items, one record at a time. Provider failures are outcomes in the message
// log; only a failure to read or write the table throws, and the stream retries the record, which
// the message ids (event id + channel) make safe.
import { unmarshall } from '@aws-sdk/util-dynamodb';
import type { AttributeValue } from '@aws-sdk/client-dynamodb';
import { defineWorker } from '../lib/worker';
import { domainEventOf, type DomainEventRecord } from '../lib/events';
import { notifyDriver } from './notify';
import { emailInvitation } from './calendar';
import { watchForDelay } from './delay-watch.store';
import { getFacility } from '../facilities';
import { instantOf, DEFAULT_TIME_ZONE } from '../../shared/time';

export const { handler, worker } = defineWorker('messaging-notifier', 'stream', async (record) => {
  const image = record.dynamodb?.NewImage as Record<string, AttributeValue> | undefined;
  const event = domainEventOf(image ? unmarshall(image) : undefined);
  if (!event) return;
  // The driver's message, the delay watch and the carrier's invitation are independent, and a failure of
  // either still fails the record (the stream retries it; both are idempotent).
  await Promise.all([notifyDriver(event), watchIfBooked(event), emailInvitation(event)]);
});

/** A booked (or moved) appointment is watched by the delay job from its start on, in its facility's zone. */
async function watchIfBooked(event: DomainEventRecord): Promise<void> {
  const d = event.detail as {
    appointmentId?: string;
    facilityId?: string;
    scheduledDate?: string;
    scheduledTimeStart?: string;
    bookingType?: string;
  };
  if (
    (event.type === 'appointment.created' ||
      event.type === 'appointment.rescheduled' ||
      event.type === 'appointment.approved') &&
    d.appointmentId &&
    d.scheduledDate &&
    d.scheduledTimeStart &&
    d.bookingType !== 'walk_in'
  ) {
    const facility = d.facilityId ? await getFacility(event.tenantId, d.facilityId) : null;
    const startsAt = instantOf(
      d.scheduledDate,
      d.scheduledTimeStart,
      facility?.timeZone ?? DEFAULT_TIME_ZONE,
    ).toISOString();
    await watchForDelay({
      tenantId: event.tenantId,
      appointmentId: d.appointmentId,
      date: d.scheduledDate,
      time: d.scheduledTimeStart,
      startsAt,
    });
  }
}

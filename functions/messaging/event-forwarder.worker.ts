// The event forwarder (functions/workers.ts 'event-forwarder'): every domain event item written in a
// change's transaction goes from the table's stream to the EventBridge bus (locally the in-process
// bus), once per event id: an event already forwarded is passed over, so a retried batch does not
// publish it again. The bus's consumers (outbound webhooks) also deduplicate by `eventId`.
import { unmarshall } from '@aws-sdk/util-dynamodb';
import type { AttributeValue } from '@aws-sdk/client-dynamodb';
import { defineWorker } from '../lib/worker';
import { eventFigure } from '../lib/product-metrics';
import { countFigure } from '../lib/telemetry';
import { domainEventOf, publish } from '../lib/events';
import { markForwarded, wasForwarded } from './message.store';

export const { handler, worker } = defineWorker('event-forwarder', 'stream', async (record) => {
  const image = record.dynamodb?.NewImage as Record<string, AttributeValue> | undefined;
  const event = domainEventOf(image ? unmarshall(image) : undefined);
  if (!event || (await wasForwarded(event.tenantId, event.id))) return;
  await publish({
    type: event.type,
    tenantId: event.tenantId,
    detail: { eventId: event.id, occurredAt: event.occurredAt, ...event.detail },
  });
  await markForwarded(event.tenantId, event.id, new Date());
  const figure = eventFigure(event.type);
  if (figure) countFigure(figure, {});
});

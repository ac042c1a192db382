// Domain events. Deployed, they go to the EventBridge bus named by EVENT_BUS_NAME; locally (no bus
// configured) they go to an in-process bus that the local stack's subscribers listen on.
import { EventEmitter } from 'node:events';
import { PutEventsCommand } from '@aws-sdk/client-eventbridge';
import { eventBridge } from './aws';
import { config } from './config';
import { logger } from './logger';

export const EVENT_SOURCE = 'dockyard.platform';

export interface DomainEvent {
  type: string;
  tenantId: string;
  detail: Record<string, unknown>;
}

export const localBus = new EventEmitter();
localBus.setMaxListeners(50);

/** Subscribes to a domain event type on the in-process bus ('*' for every event). */
export function onLocalEvent(type: string, listener: (event: DomainEvent) => void | Promise<void>) {
  const wrapped = (event: DomainEvent) => {
    Promise.resolve(listener(event)).catch((err) => logger.error('local event listener failed', { type, err: String(err) }));
  };
  localBus.on(type, wrapped);
  return () => localBus.off(type, wrapped);
}

export async function publish(...events: DomainEvent[]): Promise<void> {
  if (events.length === 0) return;
  const bus = config.eventBusName;
  if (!bus) {
    for (const event of events) {
      localBus.emit(event.type, event);
      localBus.emit('*', event);
    }
    return;
  }
  // PutEvents takes at most 10 entries per call.
  for (let i = 0; i < events.length; i += 10) {
    const batch = events.slice(i, i + 10);
    const res = await eventBridge().send(
      new PutEventsCommand({
        Entries: batch.map((e) => ({
          EventBusName: bus,
          Source: EVENT_SOURCE,
          DetailType: e.type,
          Detail: JSON.stringify({ tenantId: e.tenantId, ...e.detail }),
        })),
      }),
    );
    if (res.FailedEntryCount) logger.error('some domain events were not published', { failed: res.FailedEntryCount });
  }
}

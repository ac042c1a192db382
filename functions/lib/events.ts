// Domain events. Deployed, they go to the EventBridge bus named by EVENT_BUS_NAME; locally (no bus
// configured) they go to an in-process bus that the local stack's subscribers listen on.
import { randomUUID } from 'node:crypto';
import { EventEmitter } from 'node:events';
import { PutEventsCommand } from '@aws-sdk/client-eventbridge';
import { eventBridge } from './aws';
import { config } from './config';
import { logger } from './logger';
import { tenantPk } from './table';
import { scrubItems } from './erase';
import { queryAll } from './dynamo';
import type { PersonTraces } from './personal-data-mask';
import type { DomainEventType } from '../../shared/contracts/events';

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
    Promise.resolve(listener(event)).catch((err) =>
      logger.error('local event listener failed', { type, err: String(err) }),
    );
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

// --- Domain events that cannot be lost (docs/architecture.md §3) ----------------------------------
// A use case puts the event item in the SAME transaction as the change that causes it
// (`domainEventItem` gives the TransactWriteItems `Put`), so the event exists exactly when the change
// does. Consumers read the table's stream filtered on `entity: 'domain-event'` (functions/workers.ts)
// and deduplicate by the event's `id`; the stream forwarder also hands each one to the bus.

/** The stream entity of event items (the filter of every event consumer). */
export const DOMAIN_EVENT_ENTITY = 'domain-event';
/** Event items expire after 14 days (the stream keeps 24 h; the items are the replayable record). */
const DOMAIN_EVENT_TTL_SECONDS = 14 * 24 * 3600;

export interface DomainEventRecord extends DomainEvent {
  id: string;
  occurredAt: string;
}

/**
 * `type` is one of DOMAIN_EVENT_TYPES (shared/contracts/events.ts); `about`, the id of the record the
 * event is about when it names a person (an appointment), puts it on that record's event index, by
 * which a person's erasure finds it (issue #52).
 */
export function domainEventItem(
  event: DomainEvent & { type: DomainEventType; id?: string; about?: string },
  now = new Date(),
) {
  const occurredAt = now.toISOString();
  const id = event.id ?? randomUUID();
  return {
    Put: {
      TableName: config.tableName,
      Item: {
        PK: tenantPk(event.tenantId, 'EVENT', occurredAt.slice(0, 10)),
        SK: `${occurredAt}#${id}`,
        ...(event.about ? { GSI1PK: aboutPartition(event.tenantId, event.about), GSI1SK: `${occurredAt}#${id}` } : {}),
        entity: DOMAIN_EVENT_ENTITY,
        id,
        type: event.type,
        tenantId: event.tenantId,
        detail: event.detail,
        occurredAt,
        expiresAt: Math.floor(now.getTime() / 1000) + DOMAIN_EVENT_TTL_SECONDS,
      },
      ConditionExpression: 'attribute_not_exists(PK)',
    },
  };
}

/** The event carried by a stream record's new image (already unmarshalled), or undefined. */
export function domainEventOf(image: Record<string, unknown> | undefined): DomainEventRecord | undefined {
  if (!image || image.entity !== DOMAIN_EVENT_ENTITY) return undefined;
  const { id, type, tenantId, detail, occurredAt } = image;
  if (
    typeof id !== 'string' ||
    typeof type !== 'string' ||
    typeof tenantId !== 'string' ||
    typeof occurredAt !== 'string'
  )
    return undefined;
  return { id, type, tenantId, occurredAt, detail: (detail ?? {}) as Record<string, unknown> };
}

/** The index of the events about one record (issue #52): GSI1 of the event items. */
const aboutPartition = (tenantId: string, about: string) => tenantPk(tenantId, 'EVENTSABOUT', about);

/** The kept events about a record (issue #52), with their keys, through the index by subject. */
const eventItemsAbout = (tenantId: string, about: string) =>
  queryAll({
    IndexName: 'GSI1',
    KeyConditionExpression: 'GSI1PK = :pk',
    ExpressionAttributeValues: { ':pk': aboutPartition(tenantId, about) },
  });

/**
 * The ids of the kept events about a record (an appointment: the events it caused, its driver's
 * number among them); events written before the index had none (they expire by their TTL, 14 days).
 */
export const domainEventIdsAbout = async (tenantId: string, about: string): Promise<string[]> =>
  (await eventItemsAbout(tenantId, about)).map((item) => String(item.id));

/**
 * A person's erasure (issue #36): the kept events about a record of theirs rewritten with the
 * person's traces replaced by the pseudonym (each only as it was read); how many it rewrote.
 */
export async function eraseFromEventsAbout(
  tenantId: string,
  about: string,
  person: PersonTraces,
  pseudonym: string,
): Promise<number> {
  return (await scrubItems(await eventItemsAbout(tenantId, about), person, pseudonym)).length;
}

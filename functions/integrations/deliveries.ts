// Outbound webhooks: a domain event becomes one delivery per active subscription to its type, each
// signed the Standard Webhooks way with the subscription's secret and attempted at once; a failed
// attempt (no answer within timeoutSeconds, or not 2xx) is retried with exponential backoff by the
// retry worker (delivery-runs.ts) until retryCount retries are used up, when the subscription is
// marked in error. An attempt holds the delivery's lease, so one delivery is never sent by two at once;
// every attempt is kept on the delivery (status code, duration) and logged.
import { randomUUID } from 'node:crypto';
import { logger } from '../lib/logger';
import { openSecret } from '../lib/secrets';
import type { DomainEventRecord } from '../lib/events';
import { callOutbound, OutboundError } from '../lib/outbound';
import { retryDelaySeconds } from './rules';
import { signedHeaders } from './signatures';
import { createDelivery, saveDelivery, type DeliveryAttempt, type DeliveryRecord } from './delivery.store';
import { getWebhookRecord, listWebhookRecords, recordDeliveryOutcome, type WebhookRecord } from './webhook.store';
import type { WebhookEventType } from '../../shared/contracts/integrations';

/** The subscription types an event is delivered as: its own, and 'appointment.departed' for a departure. */
export function deliveredTypes(event: Pick<DomainEventRecord, 'type' | 'detail'>): WebhookEventType[] {
  const types = [event.type as WebhookEventType];
  if (event.type === 'appointment.status-changed' && event.detail.to === 'departed') types.push('appointment.departed');
  return types;
}

/** The Standard Webhooks payload: type, timestamp, data (the event's detail with its id and tenant left out). */
function payloadOf(type: string, event: DomainEventRecord): string {
  return JSON.stringify({ type, timestamp: event.occurredAt, data: { eventId: event.id, ...event.detail } });
}

/** Longer than an attempt can take (a 30 s timeout at most, and the reads and the write around it). */
export const DELIVERY_LEASE_MS = 90_000;

/** Calls the receiver with a delivery whose lease the caller holds, and saves the attempt under it. */
export async function attemptDelivery(
  delivery: DeliveryRecord,
  subscription?: WebhookRecord | null,
): Promise<DeliveryRecord> {
  const sub =
    subscription === undefined
      ? await getWebhookRecord(delivery.tenantId, delivery.systemId, delivery.subscriptionId)
      : subscription;
  const at = new Date();
  let attempt: DeliveryAttempt;
  if (!sub || !sub.isActive) {
    attempt = {
      at: at.toISOString(),
      statusCode: null,
      durationMs: 0,
      error: 'The subscription was deleted or deactivated',
    };
  } else {
    const secret = await openSecret(sub.tenantId, sub.sealedSecret);
    try {
      const res = await callOutbound({
        method: 'POST',
        url: sub.webhookUrl,
        headers: { 'content-type': 'application/json', ...signedHeaders(secret, delivery.id, delivery.payload, at) },
        body: delivery.payload,
        timeoutMs: sub.timeoutSeconds * 1000,
        caller: sub.tenantId,
      });
      const ok = res.status >= 200 && res.status < 300;
      attempt = {
        at: at.toISOString(),
        statusCode: res.status,
        durationMs: res.durationMs,
        error: ok ? null : `Answered ${res.status}`,
      };
    } catch (err) {
      if (!(err instanceof OutboundError)) throw err;
      attempt = { at: at.toISOString(), statusCode: null, durationMs: Date.now() - at.getTime(), error: err.message };
    }
  }
  const attempts = [...delivery.attempts, attempt];
  const delivered = attempt.error === null;
  const givenUp = !delivered && (!sub || !sub.isActive || attempts.length > sub.retryCount);
  const after: DeliveryRecord = {
    ...delivery,
    attempts,
    status: delivered ? 'DELIVERED' : givenUp ? 'FAILED' : 'PENDING',
    nextAttemptAt:
      delivered || givenUp ? null : new Date(at.getTime() + retryDelaySeconds(attempts.length) * 1000).toISOString(),
    leaseId: null,
    leaseUntil: null,
    updatedAt: new Date().toISOString(),
  };
  logger.info('webhook delivery attempt', {
    subscriptionId: delivery.subscriptionId,
    eventType: delivery.eventType,
    attempt: attempts.length,
    statusCode: attempt.statusCode,
    durationMs: attempt.durationMs,
    outcome: after.status,
  });
  // The lease ran out and another attempt took it over: its result stands, this one is only logged.
  if (!(await saveDelivery(delivery, after))) return delivery;
  if (sub && (delivered || givenUp))
    await recordDeliveryOutcome(sub.tenantId, sub.systemId, sub.id, delivered ? 'OK' : 'ERROR', after.updatedAt);
  return after;
}

/** Makes (once) and attempts the deliveries of an event; a replayed event makes none again. */
export async function fanOut(event: DomainEventRecord): Promise<DeliveryRecord[]> {
  const types = deliveredTypes(event);
  const subscriptions = (await listWebhookRecords(event.tenantId)).filter(
    (s) => s.isActive && types.includes(s.eventType),
  );
  const made = await Promise.all(
    subscriptions.map(async (sub) => {
      const now = new Date();
      const iso = now.toISOString();
      const delivery: DeliveryRecord = {
        id: `msg_${randomUUID().replace(/-/g, '')}`,
        tenantId: event.tenantId,
        systemId: sub.systemId,
        subscriptionId: sub.id,
        eventId: event.id,
        eventType: sub.eventType,
        payload: payloadOf(sub.eventType, event),
        status: 'PENDING',
        attempts: [],
        nextAttemptAt: iso,
        // Made leased: the retry worker leaves it to this first attempt.
        leaseId: randomUUID(),
        leaseUntil: new Date(now.getTime() + DELIVERY_LEASE_MS).toISOString(),
        createdAt: iso,
        updatedAt: iso,
      };
      return (await createDelivery(delivery)) ? attemptDelivery(delivery, sub) : null;
    }),
  );
  return made.filter((d): d is DeliveryRecord => d !== null);
}

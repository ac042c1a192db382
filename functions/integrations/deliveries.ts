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
import { deliveryFailure, retryDelaySeconds } from './rules';
import { auditPut, type Actor, type AuditEntry } from '../lib/audit';
import { ConflictError, NotFoundError } from '../lib/errors';
import { signedHeaders } from './signatures';
import {
  createDelivery,
  getDelivery,
  latestAttemptLine,
  leaseDelivery,
  saveDelivery,
  type DeliveryAttempt,
  type DeliveryRecord,
} from './delivery.store';
import { getWebhookRecord, listWebhookRecords, recordAttemptOutcome, type WebhookRecord } from './webhook.store';
import type { WebhookDeliveryAttempt, WebhookEventType } from '../../shared/contracts/integrations-webhooks';

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

/**
 * How an attempt came about: by the event or the retry worker (on the retry schedule), or asked for
 * by a person (Resend, Send test event), whose attempt leaves a pending delivery's schedule as it
 * was, gives up a delivery that was not pending, and is audited in the same transaction.
 */
export type AttemptCause =
  { trigger: 'event' | 'retry' } | { trigger: 'resend' | 'test'; audit: Omit<AuditEntry, 'before' | 'after'> };

/** Calls the receiver with a delivery whose lease the caller holds, and saves the attempt under it. */
export async function attemptDelivery(
  delivery: DeliveryRecord,
  subscription?: WebhookRecord | null,
  cause: AttemptCause = { trigger: 'retry' },
): Promise<DeliveryRecord> {
  const sub =
    subscription === undefined
      ? await getWebhookRecord(delivery.tenantId, delivery.systemId, delivery.subscriptionId)
      : subscription;
  const at = new Date();
  const { trigger } = cause;
  let attempt: DeliveryAttempt;
  if (!sub || !sub.isActive) {
    attempt = {
      at: at.toISOString(),
      statusCode: null,
      durationMs: 0,
      error: 'The subscription was deleted or deactivated',
      failure: 'INACTIVE',
      trigger,
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
      const failure = deliveryFailure({ statusCode: res.status });
      attempt = {
        at: at.toISOString(),
        statusCode: res.status,
        durationMs: res.durationMs,
        error: failure ? `Answered ${res.status}` : null,
        failure,
        trigger,
      };
    } catch (err) {
      if (!(err instanceof OutboundError)) throw err;
      attempt = {
        at: at.toISOString(),
        statusCode: null,
        durationMs: Date.now() - at.getTime(),
        error: err.message,
        failure: deliveryFailure({ unreachable: err.failure }),
        trigger,
      };
    }
  }
  const attempts = [...delivery.attempts, attempt];
  const delivered = attempt.failure === null;
  const byPerson = trigger === 'resend' || trigger === 'test';
  const stillScheduled = delivery.status === 'PENDING' && delivery.nextAttemptAt !== null;
  const scheduledAttempts = attempts.filter((a) => !isByPerson(a)).length;
  const givenUp =
    !delivered && (!sub || !sub.isActive || (byPerson ? !stillScheduled : scheduledAttempts > sub.retryCount));
  const after: DeliveryRecord = {
    ...delivery,
    attempts,
    status: delivered ? 'DELIVERED' : givenUp ? 'FAILED' : 'PENDING',
    nextAttemptAt:
      delivered || givenUp
        ? null
        : byPerson
          ? delivery.nextAttemptAt
          : new Date(at.getTime() + retryDelaySeconds(scheduledAttempts) * 1000).toISOString(),
    leaseId: null,
    leaseUntil: null,
    updatedAt: new Date().toISOString(),
  };
  logger.info('webhook delivery attempt', {
    subscriptionId: delivery.subscriptionId,
    eventType: delivery.eventType,
    attempt: attempts.length,
    trigger,
    statusCode: attempt.statusCode,
    failure: attempt.failure,
    error: attempt.error,
    durationMs: attempt.durationMs,
    outcome: after.status,
  });
  const audit =
    'audit' in cause
      ? [
          auditPut(
            {
              ...cause.audit,
              before: { status: delivery.status, attempts: delivery.attempts.length },
              after: { status: after.status, attempts: attempts.length, statusCode: attempt.statusCode },
            },
            at,
          ),
        ]
      : [];
  // The lease ran out and another attempt took it over: its result stands, this one is only logged.
  if (!(await saveDelivery(delivery, after, audit))) return delivery;
  if (sub)
    await recordAttemptOutcome(sub, {
      at: attempt.at,
      failure: attempt.failure,
      statusCode: attempt.statusCode,
      gaveUp: givenUp,
    });
  return after;
}

const isByPerson = (a: DeliveryAttempt) => a.trigger === 'resend' || a.trigger === 'test';

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
      return (await createDelivery(delivery)) ? attemptDelivery(delivery, sub, { trigger: 'event' }) : null;
    }),
  );
  return made.filter((d): d is DeliveryRecord => d !== null);
}

/** Why an attempt a person asks for cannot be made now (the subscription is switched off). */
function requireActive(sub: WebhookRecord) {
  if (!sub.isActive) throw new ConflictError('This webhook subscription is deactivated. Activate it to send to it.');
}

/**
 * Send test event: a signed `test` event through the same path as every delivery (its own delivery,
 * in the log, never retried by the worker), answered with how the receiver took it.
 */
export async function sendTestEvent(sub: WebhookRecord, actor: Actor): Promise<WebhookDeliveryAttempt> {
  requireActive(sub);
  const now = new Date();
  const iso = now.toISOString();
  const eventId = `test_${randomUUID().replace(/-/g, '')}`;
  const delivery: DeliveryRecord = {
    id: `msg_${randomUUID().replace(/-/g, '')}`,
    tenantId: sub.tenantId,
    systemId: sub.systemId,
    subscriptionId: sub.id,
    eventId,
    eventType: 'test',
    payload: JSON.stringify({
      type: 'test',
      timestamp: iso,
      data: { eventId, subscriptionId: sub.id, subscribedTo: sub.eventType },
    }),
    status: 'PENDING',
    attempts: [],
    // Not on the due list: this one attempt is all it gets.
    nextAttemptAt: null,
    leaseId: randomUUID(),
    leaseUntil: new Date(now.getTime() + DELIVERY_LEASE_MS).toISOString(),
    createdAt: iso,
    updatedAt: iso,
  };
  await createDelivery(delivery);
  const after = await attemptDelivery(delivery, sub, {
    trigger: 'test',
    audit: auditOf(sub, actor, 'integration-webhook.test-sent'),
  });
  return latestAttemptLine(after);
}

/**
 * Resend: the recorded delivery again, as a new attempt with the same message id (so the receiver
 * can deduplicate) and the same body, signed now with the subscription's current secret.
 */
export async function resendDelivery(
  sub: WebhookRecord,
  eventId: string,
  actor: Actor,
): Promise<WebhookDeliveryAttempt> {
  requireActive(sub);
  const now = new Date();
  const key = { tenantId: sub.tenantId, eventId, subscriptionId: sub.id };
  if (!(await getDelivery(key))) throw new NotFoundError('Delivery not found');
  const leased = await leaseDelivery(key, randomUUID(), now, new Date(now.getTime() + DELIVERY_LEASE_MS), {
    due: false,
  });
  if (!leased)
    throw new ConflictError('This delivery is being sent right now. Wait a moment and look at the log again.');
  const after = await attemptDelivery(leased, sub, {
    trigger: 'resend',
    audit: auditOf(sub, actor, 'integration-webhook.resent'),
  });
  return latestAttemptLine(after);
}

const auditOf = (sub: WebhookRecord, actor: Actor, action: string) => ({
  tenantId: sub.tenantId,
  actor,
  action,
  entityType: 'integration-webhook',
  entityId: sub.id,
});

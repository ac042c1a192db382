// Outbound webhook subscriptions of an external system (doc 2 §7, issue #29.5): what may be subscribed
// to, the subscription forms (a signing secret the receiver already has may be given), the delivery log
// of each attempt and the reason codes the screens put in words.
import * as z from 'zod/mini';
import { changesSome, NOTHING_TO_CHANGE, pageQuery, seenRevision } from './fields';
import { httpUrl } from './integrations';
import type { DomainEventType } from './events';

/** Outbound webhook event types: the domain events a customer may subscribe to, plus 'appointment.departed'
 * (a status change to departed, named for what customers ask for). */
export const WEBHOOK_EVENT_TYPES = [
  'appointment.created',
  'appointment.status-changed',
  'appointment.departed',
  'appointment.rescheduled',
  'appointment.cancelled',
  'checkin.created',
  'loading.completed',
  'goods.received',
  'detention.started',
  'detention.closed',
  'statement.issued',
] as const satisfies readonly (DomainEventType | 'appointment.departed')[];
export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];

export const MAX_WEBHOOK_RETRIES = 8;
const SIGNING_SECRET_FORMAT = 'A signing secret is whsec_ followed by base64 of 24 to 64 bytes';
/**
 * A Standard Webhooks secret: `whsec_` and the base64 of the key (24 to 64 bytes), as receivers'
 * libraries expect. Empty is none given.
 */
const signingSecret = z.pipe(
  z.string({ error: SIGNING_SECRET_FORMAT }).check(
    z.trim(),
    z.refine((v) => {
      if (v === '') return true;
      const key = /^whsec_([A-Za-z0-9+/]+={0,2})$/.exec(v)?.[1];
      if (!key || key.length % 4 !== 0) return false;
      const bytes = (key.length / 4) * 3 - (key.match(/=+$/)?.[0].length ?? 0);
      return bytes >= 24 && bytes <= 64;
    }, SIGNING_SECRET_FORMAT),
  ),
  z.transform((v) => v || undefined),
);
const webhookFields = {
  eventType: z.enum(WEBHOOK_EVENT_TYPES, { error: 'Please select an event type' }),
  webhookUrl: httpUrl('Webhook URL is required'),
  timeoutSeconds: z.coerce
    .number({ error: 'Timeout must be a number of seconds' })
    .check(
      z.int('Timeout must be a whole number of seconds'),
      z.gte(1, 'Timeout must be 1 to 30 seconds'),
      z.lte(30, 'Timeout must be 1 to 30 seconds'),
    ),
  retryCount: z.coerce
    .number({ error: 'Retry count must be a number' })
    .check(
      z.int('Retry count must be a whole number'),
      z.gte(0, `Retry count must be 0 to ${MAX_WEBHOOK_RETRIES}`),
      z.lte(MAX_WEBHOOK_RETRIES, `Retry count must be 0 to ${MAX_WEBHOOK_RETRIES}`),
    ),
  isActive: z.boolean({ error: 'isActive must be true or false' }),
  /** The secret the receiver verifies with, when it has one already; left out, a new one is made. */
  signingSecret: z.optional(signingSecret),
};
export const webhookInputSchema = z.strictObject({
  ...webhookFields,
  timeoutSeconds: z._default(webhookFields.timeoutSeconds, 10),
  retryCount: z._default(webhookFields.retryCount, 3),
  isActive: z._default(webhookFields.isActive, true),
});
/** Edit: only the fields sent change (no defaults here: a field left out keeps its value). */
export const webhookEditSchema = z
  .extend(z.partial(z.strictObject(webhookFields)), { revision: seenRevision })
  .check(
    z.refine(
      changesSome(['eventType', 'webhookUrl', 'timeoutSeconds', 'retryCount', 'isActive', 'signingSecret']),
      NOTHING_TO_CHANGE,
    ),
  );

/** A page of a subscription's delivery log: `cursor` from the previous page's `nextCursor`. */
export const deliveryLogQuerySchema = pageQuery(20);

export interface WebhookSubscription {
  id: string;
  systemId: string;
  eventType: WebhookEventType;
  webhookUrl: string;
  timeoutSeconds: number;
  retryCount: number;
  isActive: boolean;
  /** 'ERROR' once a delivery used up its retries, until the next one succeeds. */
  deliveryStatus: 'OK' | 'ERROR' | null;
  lastDeliveryAt: string | null;
  consecutiveFailures: number;
  /** Why the last attempt failed; null once one succeeds (or before any). */
  lastFailure: { failure: WebhookFailure; statusCode: number | null; at: string } | null;
  createdAt: string;
  updatedAt: string;
  /** functions/lib/revision.ts: what an edit sends back as `revision`. */
  revision: number;
}

/**
 * Why a delivery attempt failed, as a code the screens put in words (and say what to do): the
 * receiver's answer (401/403, 404, 5xx, another status) or why no answer came.
 */
export const WEBHOOK_FAILURES = [
  'UNAUTHORIZED',
  'NOT_FOUND',
  'SERVER_ERROR',
  'UNEXPECTED_STATUS',
  'TIMEOUT',
  'DNS',
  'REFUSED',
  'TLS',
  'NETWORK',
  'BLOCKED_ADDRESS',
  'TOO_LARGE',
  'CIRCUIT_OPEN',
  'INACTIVE',
] as const;
export type WebhookFailure = (typeof WEBHOOK_FAILURES)[number];

/** What started an attempt: the event itself, the retry worker, a person's Resend, or Send test event. */
export type WebhookAttemptTrigger = 'event' | 'retry' | 'resend' | 'test';

/** One line of a subscription's delivery log. */
export interface WebhookDeliveryAttempt {
  at: string;
  /** The delivery's message id (webhook-id), the same on every attempt of it, so receivers can dedupe. */
  deliveryId: string;
  /** With the subscription, names the delivery (what Resend sends again). */
  eventId: string;
  eventType: string;
  /** 1 for the first attempt of the delivery. */
  attempt: number;
  trigger: WebhookAttemptTrigger;
  /** The receiver's HTTP status, or null when no answer came. */
  statusCode: number | null;
  failure: WebhookFailure | null;
  durationMs: number;
}

export interface WebhookDeliveryLog {
  data: WebhookDeliveryAttempt[];
  /** Passed back as `cursor` for the next (older) page; null on the last page. */
  nextCursor: string | null;
}

export interface WebhookSubscriptionCreated extends WebhookSubscription {
  signingSecret: string;
}

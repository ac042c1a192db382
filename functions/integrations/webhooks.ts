// The Webhooks tab: outbound subscriptions of a system. Each has its own signing secret, shown once
// in the answer that creates it; in AWS a URL resolving to a private address is refused.
import { randomUUID } from 'node:crypto';
import type * as z from 'zod';
import type { Actor } from '../lib/audit';
import { ConflictError, NotFoundError } from '../lib/errors';
import { sealSecret } from '../lib/secrets';
import { MAX_CHILDREN } from './endpoints';
import { requirePublicUrl } from '../lib/outbound';
import { newSigningSecret } from './signatures';
import { requireSystem } from './system.store';
import { getWebhookRecord, listWebhookRecords, writeWebhook, type WebhookRecord } from './webhook.store';
import type {
  webhookEditSchema,
  webhookInputSchema,
  WebhookSubscription,
  WebhookSubscriptionCreated,
} from '../../shared/contracts/integrations';

export const webhookView = ({ tenantId: _t, sealedSecret: _s, ...w }: WebhookRecord): WebhookSubscription => w;

export async function listWebhooks(tenantId: string, systemId: string): Promise<WebhookSubscription[]> {
  await requireSystem(tenantId, systemId);
  return (await listWebhookRecords(tenantId, systemId)).map(webhookView);
}

export async function createWebhook(
  tenantId: string,
  systemId: string,
  input: z.output<typeof webhookInputSchema>,
  actor: Actor,
  now = new Date(),
): Promise<WebhookSubscriptionCreated> {
  await requireSystem(tenantId, systemId);
  await requirePublicUrl(input.webhookUrl, 'webhookUrl');
  if ((await listWebhookRecords(tenantId, systemId)).length >= MAX_CHILDREN)
    throw new ConflictError(`A system can have at most ${MAX_CHILDREN} webhook subscriptions`);
  const signingSecret = newSigningSecret();
  const iso = now.toISOString();
  const webhook: WebhookRecord = {
    id: randomUUID(),
    tenantId,
    systemId,
    ...input,
    sealedSecret: await sealSecret(tenantId, signingSecret),
    deliveryStatus: null,
    lastDeliveryAt: null,
    consecutiveFailures: 0,
    createdAt: iso,
    updatedAt: iso,
  };
  await writeWebhook({ before: null, after: webhook }, actor, now);
  return { ...webhookView(webhook), signingSecret };
}

async function requireWebhook(tenantId: string, systemId: string, id: string): Promise<WebhookRecord> {
  const webhook = await getWebhookRecord(tenantId, systemId, id);
  if (!webhook) throw new NotFoundError('Webhook subscription not found');
  return webhook;
}

export async function editWebhook(
  tenantId: string,
  systemId: string,
  id: string,
  edit: z.output<typeof webhookEditSchema>,
  actor: Actor,
  now = new Date(),
): Promise<WebhookSubscription> {
  const before = await requireWebhook(tenantId, systemId, id);
  if (edit.webhookUrl) await requirePublicUrl(edit.webhookUrl, 'webhookUrl');
  const defined = Object.fromEntries(Object.entries(edit).filter(([, v]) => v !== undefined));
  const after: WebhookRecord = { ...before, ...defined, updatedAt: now.toISOString() };
  await writeWebhook({ before, after }, actor, now);
  return webhookView(after);
}

export async function deleteWebhook(
  tenantId: string,
  systemId: string,
  id: string,
  actor: Actor,
  now = new Date(),
): Promise<void> {
  const before = await requireWebhook(tenantId, systemId, id);
  await writeWebhook({ before, after: null }, actor, now);
}

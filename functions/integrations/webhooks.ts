// The Webhooks tab: outbound subscriptions of a system. Each has its own signing secret, shown once
// in the answer that creates it; in AWS a URL resolving to a private address is refused.
import { randomUUID } from 'node:crypto';
import type * as z from 'zod/mini';
import type { Actor } from '../lib/audit';
import { ConflictError, NotFoundError } from '../lib/errors';
import { sealSecret } from '../lib/secrets';
import { changeAtRevision, nextRevision, revisionOf } from '../lib/revision';
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
} from '../../shared/contracts/integrations-webhooks';

export const webhookView = ({
  tenantId: _t,
  sealedSecret: _s,
  lastAttemptAt: _a,
  ...w
}: WebhookRecord): WebhookSubscription => ({ ...w, lastFailure: w.lastFailure ?? null, revision: revisionOf(w) });

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
  const { signingSecret: given, ...fields } = input;
  const signingSecret = given ?? newSigningSecret();
  const iso = now.toISOString();
  const webhook: WebhookRecord = {
    id: randomUUID(),
    tenantId,
    systemId,
    ...fields,
    sealedSecret: await sealSecret(tenantId, signingSecret),
    deliveryStatus: null,
    lastDeliveryAt: null,
    consecutiveFailures: 0,
    lastFailure: null,
    revision: 0,
    createdAt: iso,
    updatedAt: iso,
  };
  await writeWebhook({ before: null, after: webhook }, actor, now);
  return { ...webhookView(webhook), signingSecret };
}

const missingWebhook = () => new NotFoundError('Webhook subscription not found');

export async function requireWebhook(tenantId: string, systemId: string, id: string): Promise<WebhookRecord> {
  const webhook = await getWebhookRecord(tenantId, systemId, id);
  if (!webhook) throw missingWebhook();
  return webhook;
}

/**
 * An edit from the Webhooks tab, refused (409 with the subscription as it is now) when it changed
 * since the revision the screen loaded. A new signing secret replaces the old one at once.
 */
export async function editWebhook(
  tenantId: string,
  systemId: string,
  id: string,
  edit: z.output<typeof webhookEditSchema>,
  actor: Actor,
  now = new Date(),
): Promise<WebhookSubscription> {
  const { revision: seen, signingSecret, ...fields } = edit;
  if (fields.webhookUrl) await requirePublicUrl(fields.webhookUrl, 'webhookUrl');
  const sealedSecret = signingSecret ? await sealSecret(tenantId, signingSecret) : undefined;
  return changeAtRevision({
    read: () => getWebhookRecord(tenantId, systemId, id),
    seen,
    view: webhookView,
    apply: async (before) => {
      if (!before) throw missingWebhook();
      const defined = Object.fromEntries(Object.entries(fields).filter(([, v]) => v !== undefined));
      const after: WebhookRecord = {
        ...before,
        ...defined,
        ...(sealedSecret ? { sealedSecret } : {}),
        updatedAt: now.toISOString(),
      };
      await writeWebhook({ before, after }, actor, now);
      return webhookView({ ...after, revision: nextRevision(revisionOf(before)) });
    },
  });
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

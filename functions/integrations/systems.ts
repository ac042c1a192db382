// Registering, editing, deactivating and deleting external systems. Credentials are sealed before
// they are stored and only ever shown masked; the inbound signing secret is shown once, in the answer
// that creates it (or rotates it). Every change keeps the system's sync schedule in step.
import { randomUUID } from 'node:crypto';
import type * as z from 'zod/mini';
import type { Actor } from '../lib/audit';
import { sealSecret } from '../lib/secrets';
import { connectionStatus, maskAuthConfig } from './rules';
import { newSigningSecret } from './signatures';
import { applySchedule, removeSchedule } from './schedules';
import { listEndpointRecords, endpointKeys } from './endpoint.store';
import { listWebhookRecords, webhookKeys } from './webhook.store';
import {
  deleteSystemItems,
  getSystemRecord,
  listSystemRecords,
  putNewSystem,
  requireSystem,
  saveSystem,
  type SystemRecord,
} from './system.store';
import { NotFoundError } from '../lib/errors';
import { changeAtRevision, revisionOf } from '../lib/revision';
import type {
  ExternalSystem,
  ExternalSystemCreated,
  systemEditSchema,
  systemInputSchema,
} from '../../shared/contracts/integrations';

/** A system as every read shows it: no sealed value, credentials masked. */
export function systemView(s: SystemRecord): ExternalSystem {
  return {
    id: s.id,
    name: s.name,
    systemType: s.systemType,
    vendor: s.vendor,
    baseUrl: s.baseUrl,
    authType: s.authType,
    authConfig: s.authHint,
    syncFrequency: s.syncFrequency,
    isActive: s.isActive,
    status: connectionStatus(s),
    lastSync: s.lastSync,
    lastTest: s.lastTest,
    createdAt: s.createdAt,
    updatedAt: s.updatedAt,
    revision: revisionOf(s),
  };
}

/** What the audit trail keeps of a system: the view (masked), never a sealed value. */
const auditImage = (s: SystemRecord) => ({ ...systemView(s) }) as Record<string, unknown>;

export async function listSystems(tenantId: string): Promise<ExternalSystem[]> {
  return (await listSystemRecords(tenantId)).map(systemView);
}

export async function createSystem(
  tenantId: string,
  input: z.output<typeof systemInputSchema>,
  actor: Actor,
  now = new Date(),
): Promise<ExternalSystemCreated> {
  const inboundSecret = newSigningSecret();
  const authConfig = input.authConfig ?? {};
  const iso = now.toISOString();
  const system: SystemRecord = {
    id: randomUUID(),
    tenantId,
    name: input.name,
    systemType: input.systemType,
    vendor: input.vendor,
    baseUrl: input.baseUrl,
    authType: input.authType,
    sealedAuth: await sealSecret(tenantId, JSON.stringify(authConfig)),
    authHint: maskAuthConfig(authConfig),
    sealedInboundSecret: await sealSecret(tenantId, inboundSecret),
    syncFrequency: input.syncFrequency,
    isActive: input.isActive,
    syncingSince: null,
    syncRunId: null,
    lastSync: null,
    lastSyncStatus: null,
    lastTest: null,
    syncCount: 0,
    successCount: 0,
    errorCount: 0,
    totalSyncMs: 0,
    createdAt: iso,
    updatedAt: iso,
  };
  await putNewSystem(system, actor, auditImage(system));
  await applySchedule(system);
  return { ...systemView(system), inboundSecret };
}

/** An edit from the systems screen, refused (409) when the system changed since the revision it loaded. */
export function editSystem(
  tenantId: string,
  id: string,
  edit: z.output<typeof systemEditSchema>,
  actor: Actor,
  now = new Date(),
): Promise<ExternalSystem> {
  const { authConfig, revision: seen, ...fields } = edit;
  return changeAtRevision({
    read: () => getSystemRecord(tenantId, id),
    seen,
    view: systemView,
    apply: async (before) => {
      if (!before) throw new NotFoundError('External system not found');
      const defined = Object.fromEntries(
        Object.entries(fields).filter(([, v]) => v !== undefined),
      ) as Partial<SystemRecord>;
      const after: SystemRecord = {
        ...before,
        ...defined,
        ...(authConfig
          ? {
              sealedAuth: await sealSecret(tenantId, JSON.stringify(authConfig)),
              authHint: maskAuthConfig(authConfig),
              lastTest: null,
            }
          : {}),
        updatedAt: now.toISOString(),
      };
      const saved = await saveSystem(before, after, actor, 'integration-system.updated', {
        before: auditImage(before),
        after: { ...auditImage(after), credentialsChanged: Boolean(authConfig) },
      });
      if (after.isActive !== before.isActive || after.syncFrequency !== before.syncFrequency)
        await applySchedule(saved);
      return systemView(saved);
    },
  });
}

/** A new inbound signing secret; the old one stops working at once. A command: retried after a race. */
export function rotateInboundSecret(
  tenantId: string,
  id: string,
  actor: Actor,
  now = new Date(),
): Promise<ExternalSystemCreated> {
  return changeAtRevision({
    read: () => getSystemRecord(tenantId, id),
    view: systemView,
    apply: async (before) => {
      if (!before) throw new NotFoundError('External system not found');
      const inboundSecret = newSigningSecret();
      const after: SystemRecord = {
        ...before,
        sealedInboundSecret: await sealSecret(tenantId, inboundSecret),
        updatedAt: now.toISOString(),
      };
      const saved = await saveSystem(before, after, actor, 'integration-system.secret-rotated', {
        before: auditImage(before),
        after: auditImage(after),
      });
      return { ...systemView(saved), inboundSecret };
    },
  });
}

/** Deletes the system, its endpoints and webhook subscriptions, and its schedule; its sync logs stay. */
export async function deleteSystem(tenantId: string, id: string, actor: Actor, now = new Date()): Promise<void> {
  const system = await requireSystem(tenantId, id);
  const [endpoints, webhooks] = await Promise.all([
    listEndpointRecords(tenantId, id),
    listWebhookRecords(tenantId, id),
  ]);
  const children = [
    ...endpoints.map((e) => endpointKeys.key(tenantId, id, e.id)),
    ...webhooks.map((w) => webhookKeys.key(tenantId, id, w.id)),
  ];
  await deleteSystemItems(system, children, actor, auditImage(system), now);
  await removeSchedule(system);
}

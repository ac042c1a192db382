// Integrations (doc 2 /integrations, §7): external systems with sealed credentials, their endpoints,
// webhook subscriptions and sync logs, connection tests, syncs, monitoring, and the inbound webhook.
import { actorOf, json, parseBody, parseQuery, pathId, requireUser, type ApiRequest } from '../lib/http';
import { defineFunction } from '../api';
import { BadRequestError, HttpError } from '../lib/errors';
import {
  endpointEditSchema,
  endpointInputSchema,
  syncRequestSchema,
  systemEditSchema,
  systemInputSchema,
} from '../../shared/contracts/integrations';
import {
  deliveryLogQuerySchema,
  webhookEditSchema,
  webhookInputSchema,
} from '../../shared/contracts/integrations-webhooks';
import { createSystem, deleteSystem, editSystem, listSystems, rotateInboundSecret } from './systems';
import { createEndpoint, deleteEndpoint, editEndpoint, listEndpoints } from './endpoints';
import { createWebhook, deleteWebhook, editWebhook, listWebhooks, requireWebhook } from './webhooks';
import { resendDelivery, sendTestEvent } from './deliveries';
import { listDeliveryAttempts } from './delivery.store';
import { requirePublicUrl } from '../lib/outbound';
import { extendRequestDeadline } from '../lib/deadline';
import { CONNECTION_TIMEOUT_MS, testConnection } from './connection-test';
import { runSync, syncLogView } from './sync';
import { listSyncLogRecords } from './sync-log.store';
import { requireSystem } from './system.store';
import { monitoringStats, monitoringSystems } from './monitoring';
import { receiveInbound } from './inbound';
import { integrationsRoutes } from '../../shared/routes/integrations';

/** A manual sync answers within API Gateway's 30 s; what it could not pull, the next run does. */
const MANUAL_SYNC_BUDGET_MS = 20_000;
/** Time for the reads before and the writes after a call out, on top of its own budget. */
const RECORDING_MS = 3_000;
const MAX_INBOUND_BYTES = 256 * 1024;

const tenantOf = (req: ApiRequest) => requireUser(req).user.tenantId;
const systemIdOf = (req: ApiRequest) => pathId(req, 'id', 'External system');
const webhookIdOf = (req: ApiRequest) => pathId(req, 'webhookId', 'Webhook subscription');

function rawBody(req: ApiRequest): string {
  const { body, isBase64Encoded } = req.event;
  const text = !body ? '' : isBase64Encoded ? Buffer.from(body, 'base64').toString('utf8') : body;
  if (Buffer.byteLength(text) > MAX_INBOUND_BYTES) throw new HttpError(413, 'Request body is too large');
  return text;
}

export const { handler, actions, routes } = defineFunction('integrations', integrationsRoutes, {
  async listSystems(req) {
    return json(await listSystems(tenantOf(req)));
  },

  async createSystem(req) {
    const signedIn = requireUser(req);
    const input = parseBody(req, systemInputSchema);
    await requirePublicUrl(input.baseUrl, 'baseUrl');
    if (input.authConfig?.tokenUrl) await requirePublicUrl(input.authConfig.tokenUrl, 'authConfig.tokenUrl');
    return json(await createSystem(signedIn.user.tenantId, input, actorOf(signedIn)), 201);
  },

  async editSystem(req) {
    const signedIn = requireUser(req);
    const edit = parseBody(req, systemEditSchema);
    if (edit.baseUrl) await requirePublicUrl(edit.baseUrl, 'baseUrl');
    if (edit.authConfig?.tokenUrl) await requirePublicUrl(edit.authConfig.tokenUrl, 'authConfig.tokenUrl');
    return json(await editSystem(signedIn.user.tenantId, systemIdOf(req), edit, actorOf(signedIn)));
  },

  async deleteSystem(req) {
    const signedIn = requireUser(req);
    await deleteSystem(signedIn.user.tenantId, systemIdOf(req), actorOf(signedIn));
    return json(undefined, 204);
  },

  async rotateInboundSecret(req) {
    const signedIn = requireUser(req);
    return json(await rotateInboundSecret(signedIn.user.tenantId, systemIdOf(req), actorOf(signedIn)));
  },

  async testConnection(req) {
    // The test itself may take CONNECTION_TIMEOUT_MS; the request's deadline makes room for it.
    extendRequestDeadline(CONNECTION_TIMEOUT_MS + RECORDING_MS);
    return json(await testConnection(tenantOf(req), systemIdOf(req)));
  },

  async triggerSync(req) {
    extendRequestDeadline(MANUAL_SYNC_BUDGET_MS + RECORDING_MS);
    const signedIn = requireUser(req);
    const { endpointId } = parseBody(req, syncRequestSchema);
    const system = await requireSystem(signedIn.user.tenantId, systemIdOf(req));
    if (!system.isActive) throw new BadRequestError('This system is deactivated. Activate it to sync.');
    const log = await runSync(system, {
      endpointId,
      trigger: 'manual',
      actor: actorOf(signedIn),
      budgetMs: MANUAL_SYNC_BUDGET_MS,
    });
    return json({ log: syncLogView(log) });
  },

  async listSyncLogs(req) {
    const tenantId = tenantOf(req);
    const systemId = systemIdOf(req);
    await requireSystem(tenantId, systemId);
    return json((await listSyncLogRecords(tenantId, systemId)).map(syncLogView));
  },

  async listEndpoints(req) {
    return json(await listEndpoints(tenantOf(req), systemIdOf(req)));
  },
  async createEndpoint(req) {
    const signedIn = requireUser(req);
    return json(
      await createEndpoint(
        signedIn.user.tenantId,
        systemIdOf(req),
        parseBody(req, endpointInputSchema),
        actorOf(signedIn),
      ),
      201,
    );
  },
  async editEndpoint(req) {
    const signedIn = requireUser(req);
    return json(
      await editEndpoint(
        signedIn.user.tenantId,
        systemIdOf(req),
        pathId(req, 'endpointId', 'Endpoint'),
        parseBody(req, endpointEditSchema),
        actorOf(signedIn),
      ),
    );
  },
  async deleteEndpoint(req) {
    const signedIn = requireUser(req);
    await deleteEndpoint(
      signedIn.user.tenantId,
      systemIdOf(req),
      pathId(req, 'endpointId', 'Endpoint'),
      actorOf(signedIn),
    );
    return json(undefined, 204);
  },

  async listWebhooks(req) {
    return json(await listWebhooks(tenantOf(req), systemIdOf(req)));
  },
  async createWebhook(req) {
    const signedIn = requireUser(req);
    return json(
      await createWebhook(
        signedIn.user.tenantId,
        systemIdOf(req),
        parseBody(req, webhookInputSchema),
        actorOf(signedIn),
      ),
      201,
    );
  },
  async editWebhook(req) {
    const signedIn = requireUser(req);
    return json(
      await editWebhook(
        signedIn.user.tenantId,
        systemIdOf(req),
        webhookIdOf(req),
        parseBody(req, webhookEditSchema),
        actorOf(signedIn),
      ),
    );
  },
  async deleteWebhook(req) {
    const signedIn = requireUser(req);
    await deleteWebhook(signedIn.user.tenantId, systemIdOf(req), webhookIdOf(req), actorOf(signedIn));
    return json(undefined, 204);
  },

  async listWebhookDeliveries(req) {
    const tenantId = tenantOf(req);
    const webhook = await requireWebhook(tenantId, systemIdOf(req), webhookIdOf(req));
    const { limit, cursor } = parseQuery(req, deliveryLogQuerySchema);
    return json(await listDeliveryAttempts(tenantId, webhook.id, limit, cursor));
  },
  async sendWebhookTest(req) {
    const signedIn = requireUser(req);
    const webhook = await requireWebhook(signedIn.user.tenantId, systemIdOf(req), webhookIdOf(req));
    extendRequestDeadline(webhook.timeoutSeconds * 1000 + RECORDING_MS);
    return json(await sendTestEvent(webhook, actorOf(signedIn)));
  },
  async resendWebhookDelivery(req) {
    const signedIn = requireUser(req);
    const webhook = await requireWebhook(signedIn.user.tenantId, systemIdOf(req), webhookIdOf(req));
    const eventId = pathId(req, 'eventId', 'Delivery');
    extendRequestDeadline(webhook.timeoutSeconds * 1000 + RECORDING_MS);
    return json(await resendDelivery(webhook, eventId, actorOf(signedIn)));
  },

  async monitoringStats(req) {
    return json(await monitoringStats(tenantOf(req)));
  },
  async monitoringSystems(req) {
    return json(await monitoringSystems(tenantOf(req)));
  },

  /** Public: the signature is the proof (inbound.ts). */
  async receiveInbound(req) {
    const systemId = pathId(req, 'systemId', 'External system');
    const headers = Object.fromEntries(Object.entries(req.event.headers ?? {}).map(([k, v]) => [k.toLowerCase(), v]));
    const { status, body } = await receiveInbound(systemId, { headers, body: rawBody(req) });
    return json(body, status);
  },
});

// The Endpoints tab: what a sync pulls (APPOINTMENT_REQUESTS) and where a connection test knocks
// (HEALTH_CHECK), relative to the system's base URL.
import { randomUUID } from 'node:crypto';
import type * as z from 'zod/mini';
import type { Actor } from '../lib/audit';
import { ConflictError, NotFoundError } from '../lib/errors';
import { getEndpointRecord, listEndpointRecords, writeEndpoint, type EndpointRecord } from './endpoint.store';
import { requireSystem } from './system.store';
import type { endpointEditSchema, endpointInputSchema, IntegrationEndpoint } from '../../shared/contracts/integrations';

/** A system's endpoints and subscriptions are deleted with it in one transaction (at most 100 items). */
export const MAX_CHILDREN = 40;

const view = ({ tenantId: _t, ...e }: EndpointRecord): IntegrationEndpoint => e;

export async function listEndpoints(tenantId: string, systemId: string): Promise<IntegrationEndpoint[]> {
  await requireSystem(tenantId, systemId);
  return (await listEndpointRecords(tenantId, systemId)).map(view);
}

export async function createEndpoint(
  tenantId: string,
  systemId: string,
  input: z.output<typeof endpointInputSchema>,
  actor: Actor,
  now = new Date(),
): Promise<IntegrationEndpoint> {
  await requireSystem(tenantId, systemId);
  if ((await listEndpointRecords(tenantId, systemId)).length >= MAX_CHILDREN)
    throw new ConflictError(`A system can have at most ${MAX_CHILDREN} endpoints`);
  const iso = now.toISOString();
  const endpoint: EndpointRecord = { id: randomUUID(), tenantId, systemId, ...input, createdAt: iso, updatedAt: iso };
  await writeEndpoint({ before: null, after: endpoint }, actor, now);
  return view(endpoint);
}

async function requireEndpoint(tenantId: string, systemId: string, id: string): Promise<EndpointRecord> {
  const endpoint = await getEndpointRecord(tenantId, systemId, id);
  if (!endpoint) throw new NotFoundError('Endpoint not found');
  return endpoint;
}

export async function editEndpoint(
  tenantId: string,
  systemId: string,
  id: string,
  edit: z.output<typeof endpointEditSchema>,
  actor: Actor,
  now = new Date(),
): Promise<IntegrationEndpoint> {
  const before = await requireEndpoint(tenantId, systemId, id);
  const defined = Object.fromEntries(Object.entries(edit).filter(([, v]) => v !== undefined));
  const after: EndpointRecord = { ...before, ...defined, updatedAt: now.toISOString() };
  await writeEndpoint({ before, after }, actor, now);
  return view(after);
}

export async function deleteEndpoint(
  tenantId: string,
  systemId: string,
  id: string,
  actor: Actor,
  now = new Date(),
): Promise<void> {
  const before = await requireEndpoint(tenantId, systemId, id);
  await writeEndpoint({ before, after: null }, actor, now);
}

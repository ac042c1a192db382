// Test connection: a real call to the system with its credentials (its health-check endpoint if it
// has one, else its base URL), 10 s at most, and a message that names the cause of a failure.
import { logger } from '../lib/logger';
import { authHeaders, CredentialsError } from './credentials';
import { callOutbound, joinUrl, OutboundError } from '../lib/outbound';
import { listEndpointRecords } from './endpoint.store';
import { recordConnectionTest, requireSystem, type SystemRecord } from './system.store';
import type { ConnectionTestResult } from '../../shared/contracts/integrations';

export const CONNECTION_TIMEOUT_MS = 10_000;

/** Why a call to the system failed, in words an admin can act on (anything else is rethrown). */
export function failureMessage(err: unknown): string {
  if (err instanceof OutboundError || err instanceof CredentialsError) return err.message;
  throw err;
}

export function statusMessage(host: string, status: number): string | null {
  if (status >= 200 && status < 300) return null;
  if (status === 401 || status === 403) return `Authentication failed (${status}): ${host} refused the credentials`;
  if (status === 404) return `Not found (404): check the base URL and endpoint path on ${host}`;
  if (status >= 500) return `${host} answered with a server error (${status})`;
  return `${host} answered ${status}`;
}

async function probe(system: SystemRecord): Promise<ConnectionTestResult> {
  const health = (await listEndpointRecords(system.tenantId, system.id)).find(
    (e) => e.isActive && e.purpose === 'HEALTH_CHECK',
  );
  const url = health ? joinUrl(system.baseUrl, health.endpoint) : new URL(system.baseUrl);
  try {
    const res = await callOutbound({
      method: health?.method ?? 'GET',
      url: url.toString(),
      headers: await authHeaders(system),
      timeoutMs: CONNECTION_TIMEOUT_MS,
      caller: system.tenantId,
    });
    const problem = statusMessage(url.host, res.status);
    return problem
      ? { success: false, message: problem }
      : { success: true, message: `Connected to ${url.host} (${res.status} in ${res.durationMs} ms)` };
  } catch (err) {
    return { success: false, message: failureMessage(err) };
  }
}

export async function testConnection(tenantId: string, id: string, now = new Date()): Promise<ConnectionTestResult> {
  const system = await requireSystem(tenantId, id);
  const result = await probe(system);
  logger.info('connection test', { systemId: id, success: result.success, message: result.message });
  await recordConnectionTest(tenantId, id, { ...result, at: now.toISOString() });
  return result;
}

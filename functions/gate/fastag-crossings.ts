// A vehicle's recent toll crossings for the trip watch (issue #33): FASTAG/01 through the same
// registry port, ULIP account and per-tenant breaker as the gate's checks, without the gate's answer
// cache (the watch keeps its own, spaced by its call budget). Never throws for the registry: the
// watch shows why a truck is not seen.
import { logger } from '../lib/logger';
import { getGateSettings, openPassword } from './settings.store';
import { sourceBreakers } from './registry/breaker';
import { ulipClient } from './registry/ulip-client';
import { SourceUnavailableError } from './registry/port';
import { fastag } from './registry/fastag';

export type FastagCrossings =
  { ok: true; entries: unknown[] } | { ok: false; reason: 'unknown_vehicle' | 'registry_unavailable'; detail: string };

/** Whether the tenant's ULIP account is on with FASTag checked (the trip watch needs it). */
export async function fastagReady(tenantId: string): Promise<boolean> {
  const settings = await getGateSettings(tenantId);
  return Boolean(settings?.enabled && settings.checks.FASTAG && settings.passwordSealed);
}

export async function fastagCrossings(tenantId: string, vehicleNumber: string): Promise<FastagCrossings> {
  const settings = await getGateSettings(tenantId);
  if (!settings?.enabled || !settings.checks.FASTAG)
    return { ok: false, reason: 'registry_unavailable', detail: 'FASTag is not switched on in the gate settings' };
  const breaker = `${tenantId}:FASTAG`;
  const openMs = sourceBreakers.openFor(breaker);
  if (openMs)
    return {
      ok: false,
      reason: 'registry_unavailable',
      detail: `skipped for ${Math.ceil(openMs / 1000)} s after repeated failures`,
    };
  try {
    const account = {
      tenantId,
      baseUrl: settings.baseUrl,
      username: settings.username,
      password: await openPassword(settings),
    };
    const record = await fastag.lookup(ulipClient(account, 'FASTAG'), vehicleNumber);
    sourceBreakers.record(breaker, false);
    return { ok: true, entries: record.crossings ?? [] };
  } catch (err) {
    if (err instanceof SourceUnavailableError && /empty record|no tag status/.test(err.detail)) {
      // ULIP answered: it does not know the vehicle. The registry is up.
      sourceBreakers.record(breaker, false);
      return { ok: false, reason: 'unknown_vehicle', detail: err.detail };
    }
    sourceBreakers.record(breaker, true);
    if (!(err instanceof SourceUnavailableError))
      logger.warn('FASTag crossings failed', { err: err instanceof Error ? err.message : String(err) });
    return {
      ok: false,
      reason: 'registry_unavailable',
      detail: err instanceof SourceUnavailableError ? err.detail : 'unreadable answer',
    };
  }
}

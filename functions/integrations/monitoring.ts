// The Monitoring tab's figures, from the systems' run counters (kept with each sync log in its
// transaction) and the tenant's sync logs of the last 24 hours.
import { connectionStatus } from './rules';
import { listSyncLogsSince } from './sync-log.store';
import { listSystemRecords } from './system.store';
import { listWebhookRecords } from './webhook.store';
import type { MonitoringStats, SystemStatus } from '../../shared/contracts/integrations';

const DAY_MS = 24 * 3600 * 1000;

export async function monitoringStats(tenantId: string, now = new Date()): Promise<MonitoringStats> {
  const [systems, recent] = await Promise.all([
    listSystemRecords(tenantId),
    listSyncLogsSince(tenantId, new Date(now.getTime() - DAY_MS).toISOString()),
  ]);
  const present = new Set(systems.map((s) => s.id));
  const totalSyncs = systems.reduce((n, s) => n + s.syncCount, 0);
  const totalMs = systems.reduce((n, s) => n + s.totalSyncMs, 0);
  return {
    activeSystems: systems.filter((s) => s.isActive).length,
    totalSystems: systems.length,
    successfulSyncs: systems.reduce((n, s) => n + s.successCount, 0),
    totalSyncs,
    avgSyncTime: totalSyncs ? Math.round(totalMs / totalSyncs) : 0,
    failedSyncs: recent.filter((l) => l.status !== 'SUCCESS' && present.has(l.systemId)).length,
  };
}

export async function monitoringSystems(tenantId: string): Promise<SystemStatus[]> {
  const [systems, webhooks] = await Promise.all([listSystemRecords(tenantId), listWebhookRecords(tenantId)]);
  return systems.map((s) => ({
    systemId: s.id,
    systemName: s.name,
    status: connectionStatus(s),
    isActive: s.isActive,
    lastSync: s.lastSync,
    syncCount: s.syncCount,
    errorCount: s.errorCount,
    failingWebhooks: webhooks.filter((w) => w.systemId === s.id && w.isActive && w.deliveryStatus === 'ERROR').length,
  }));
}

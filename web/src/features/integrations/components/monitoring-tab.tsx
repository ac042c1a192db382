// The Monitoring tab: the tenant's figures (stats every 30 s) and the selected system's status
// (systems every 15 s), both computed by the server from the sync logs.
import { useTranslation } from '../../../lib/i18n/use-translation';
import { useMonitoringStats, useSystemStatuses } from '../api/integrations';
import { StatusBadge } from './status-badge';
import type { ExternalSystem } from '@shared/contracts/integrations';

function Figure({ label, value, note }: { label: string; value: string; note?: string }) {
  return (
    <div className="rounded-lg border border-slate-200 p-3">
      <dt className="text-sm text-slate-500">{label}</dt>
      <dd className="text-2xl font-bold">{value}</dd>
      {note && <dd className="text-xs text-slate-500">{note}</dd>}
    </div>
  );
}

export function MonitoringTab({ system }: { system: ExternalSystem }) {
  const { t, i18n } = useTranslation();
  const stats = useMonitoringStats().data;
  const status = useSystemStatuses().data?.find((s) => s.systemId === system.id);
  const when = (iso: string | null) =>
    iso ? new Date(iso).toLocaleString(i18n.language === 'hi' ? 'hi-IN' : 'en-IN') : t('integrations.monitoring.never');
  return (
    <div className="space-y-4">
      <dl className="grid grid-cols-2 gap-3 lg:grid-cols-4" aria-label={t('integrations.monitoring.stats')}>
        <Figure
          label={t('integrations.monitoring.activeSystems')}
          value={stats ? `${stats.activeSystems}/${stats.totalSystems}` : '—'}
        />
        <Figure
          label={t('integrations.monitoring.successfulSyncs')}
          value={stats ? `${stats.successfulSyncs}/${stats.totalSyncs}` : '—'}
        />
        <Figure
          label={t('integrations.monitoring.avgSyncTime')}
          value={stats ? t('integrations.monitoring.milliseconds', { value: stats.avgSyncTime }) : '—'}
        />
        <Figure
          label={t('integrations.monitoring.failedSyncs')}
          value={stats ? String(stats.failedSyncs) : '—'}
          note={t('integrations.monitoring.last24h')}
        />
      </dl>
      <section aria-label={t('integrations.monitoring.system')} className="rounded-lg border border-slate-200 p-3">
        <h3 className="mb-2 flex items-center gap-2 font-semibold">
          {t('integrations.monitoring.system')} <StatusBadge status={status?.status ?? system.status} />
        </h3>
        <dl className="grid grid-cols-2 gap-2 text-sm sm:grid-cols-4">
          <div>
            <dt className="text-slate-500">{t('integrations.monitoring.lastSync')}</dt>
            <dd>{when(status?.lastSync ?? null)}</dd>
          </div>
          <div>
            <dt className="text-slate-500">{t('integrations.monitoring.syncCount')}</dt>
            <dd data-testid="system-sync-count">{status?.syncCount ?? 0}</dd>
          </div>
          <div>
            <dt className="text-slate-500">{t('integrations.monitoring.errorCount')}</dt>
            <dd>{status?.errorCount ?? 0}</dd>
          </div>
          <div>
            <dt className="text-slate-500">{t('integrations.monitoring.failingWebhooks')}</dt>
            <dd className={status?.failingWebhooks ? 'font-semibold text-red-600' : ''}>
              {status?.failingWebhooks ?? 0}
            </dd>
          </div>
        </dl>
        {system.lastTest && (
          <p className={`mt-2 text-sm ${system.lastTest.success ? 'text-green-700' : 'text-red-600'}`}>
            {t('integrations.monitoring.lastTest')}: {system.lastTest.message}
          </p>
        )}
      </section>
    </div>
  );
}

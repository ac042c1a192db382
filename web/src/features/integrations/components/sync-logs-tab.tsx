// The Sync Logs tab: every run of the system, newest first (status SUCCESS versus failure, doc 2 §4).
import { useTranslation } from '../../../lib/i18n/use-translation';
import { Badge } from '../../../components/ui/badge';
import { useSyncLogs } from '../api/integrations';

export function SyncLogsTab({ systemId }: { systemId: string }) {
  const { t, i18n } = useTranslation();
  const logs = useSyncLogs(systemId);
  if (logs.isLoading) return <p className="text-sm text-slate-500">{t('integrations.loading')}</p>;
  if (!logs.data?.length) return <p className="text-sm text-slate-500">{t('integrations.logs.empty')}</p>;
  return (
    <div className="overflow-x-auto">
      <table className="w-full text-left text-sm" aria-label={t('integrations.tabs.logs')}>
        <thead className="text-slate-500">
          <tr>
            <th className="py-1 pr-3">{t('integrations.logs.status')}</th>
            <th className="py-1 pr-3">{t('integrations.logs.startedAt')}</th>
            <th className="py-1 pr-3">{t('integrations.logs.trigger')}</th>
            <th className="py-1 pr-3">{t('integrations.logs.records')}</th>
            <th className="py-1 pr-3">{t('integrations.logs.duration')}</th>
            <th className="py-1">{t('integrations.logs.error')}</th>
          </tr>
        </thead>
        <tbody>
          {logs.data.map((log) => (
            <tr key={log.id} className="border-t border-slate-100 align-top">
              <td className="py-1.5 pr-3">
                <Badge tone={log.status === 'SUCCESS' ? 'green' : 'red'}>{log.status}</Badge>
              </td>
              <td className="py-1.5 pr-3 whitespace-nowrap">
                {new Date(log.startedAt).toLocaleString(i18n.language === 'hi' ? 'hi-IN' : 'en-IN')}
              </td>
              <td className="py-1.5 pr-3">{t(`integrations.logs.triggers.${log.trigger}`)}</td>
              <td className="py-1.5 pr-3" data-testid="log-records">
                {log.recordsProcessed} / {log.recordsSucceeded} / {log.recordsFailed}
              </td>
              <td className="py-1.5 pr-3">{t('integrations.monitoring.milliseconds', { value: log.duration })}</td>
              <td className="py-1.5 text-red-700">{log.errorMessage ?? ''}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

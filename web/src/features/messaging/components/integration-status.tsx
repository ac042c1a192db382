// Integration Status: one card per channel, computed by the server from the tenant's providers and
// the last success and failure of each channel (never fixed texts).
import { useTranslation } from '../../../lib/i18n/use-translation';
import { Badge } from '../../../components/ui/badge';
import { relativeTime } from '../../../lib/relative-time';
import { localeOf } from '../../../lib/format';
import { useIntegrationStatus } from '../api/messaging';

export function IntegrationStatus({ enabled }: { enabled: boolean }) {
  const { t, i18n } = useTranslation();
  const status = useIntegrationStatus(enabled);
  return (
    <section aria-labelledby="integration-status" className="space-y-2">
      <h3 id="integration-status" className="font-semibold">
        {t('messaging.status.title')}
      </h3>
      <div className="grid gap-2 sm:grid-cols-2">
        {(status.data ?? []).map((card) => (
          <div
            key={card.channel}
            className="rounded border border-slate-200 p-3"
            data-testid={`status-${card.channel}`}
          >
            <div className="flex items-center justify-between">
              <span className="font-medium">{t(`messaging.status.${card.channel}`)}</span>
              <Badge tone={card.configured ? 'green' : 'gray'}>
                {card.configured ? t('messaging.status.configured') : t('messaging.status.notConfigured')}
              </Badge>
            </div>
            {card.providers.length > 0 && <p className="text-xs text-slate-500">{card.providers.join(' → ')}</p>}
            <p className="text-xs text-slate-600">
              {card.lastSuccessAt
                ? t('messaging.status.lastSuccess', { at: relativeTime(card.lastSuccessAt, localeOf(i18n.language)) })
                : t('messaging.status.never')}
            </p>
            {card.lastFailureAt && (
              <p className="text-xs text-red-700" title={card.lastError ?? undefined}>
                {t('messaging.status.lastFailure', { at: relativeTime(card.lastFailureAt, localeOf(i18n.language)) })}
              </p>
            )}
          </div>
        ))}
      </div>
      <p className="text-xs text-slate-500">{t('messaging.status.note')}</p>
    </section>
  );
}

// A webhook subscription's delivery log (issue #29.5): each attempt with its time, event, attempt
// number, the receiver's status or none, the reason in words, and its duration, newest first a page at
// a time; Resend sends a delivery again (same message id) as a new attempt.
import { useTranslation } from '../../../lib/i18n/use-translation';
import type { WebhookDeliveryAttempt } from '@shared/contracts/integrations-webhooks';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { useFormat } from '../../../lib/format';
import { useDeliveryLog } from '../api/integrations';
import { useFailureText } from './webhook-failure';

export function DeliveryLog({
  systemId,
  webhookId,
  onResend,
  resending,
}: {
  systemId: string;
  webhookId: string;
  onResend: (eventId: string) => void;
  resending: boolean;
}) {
  const { t } = useTranslation();
  const format = useFormat();
  const failureText = useFailureText();
  const log = useDeliveryLog(systemId, webhookId);
  const lines: WebhookDeliveryAttempt[] = log.data?.pages.flatMap((p) => p.data) ?? [];
  if (log.isLoading) return <p className="text-sm text-slate-500">{t('integrations.loading')}</p>;
  if (!lines.length) return <p className="text-sm text-slate-500">{t('integrations.webhooks.log.empty')}</p>;
  return (
    <div className="w-full overflow-x-auto">
      <table className="w-full text-left text-sm" aria-label={t('integrations.webhooks.log.title')}>
        <thead className="text-slate-500">
          <tr>
            <th className="py-1 pr-3">{t('integrations.webhooks.log.time')}</th>
            <th className="py-1 pr-3">{t('integrations.webhooks.log.event')}</th>
            <th className="py-1 pr-3">{t('integrations.webhooks.log.attempt')}</th>
            <th className="py-1 pr-3">{t('integrations.webhooks.log.status')}</th>
            <th className="py-1 pr-3">{t('integrations.webhooks.log.reason')}</th>
            <th className="py-1 pr-3">{t('integrations.webhooks.log.duration')}</th>
            <th className="py-1">
              <span className="sr-only">{t('integrations.webhooks.resend')}</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {lines.map((line) => (
            <tr key={`${line.eventId}-${line.attempt}`} className="border-t border-slate-100 align-top">
              <td className="py-1.5 pr-3 whitespace-nowrap">{format.dateTime(line.at)}</td>
              <td className="py-1.5 pr-3">
                <code className="rounded bg-slate-100 px-1">{line.eventType}</code>
              </td>
              <td className="py-1.5 pr-3 whitespace-nowrap">
                {line.attempt} · {t(`integrations.webhooks.log.triggers.${line.trigger}`)}
              </td>
              <td className="py-1.5 pr-3" data-testid="delivery-status">
                <Badge tone={line.failure ? 'red' : 'green'}>
                  {line.statusCode ?? t('integrations.webhooks.log.noAnswer')}
                </Badge>
              </td>
              <td className={`py-1.5 pr-3 ${line.failure ? 'text-red-700' : 'text-green-700'}`}>
                {line.failure
                  ? failureText({ failure: line.failure, statusCode: line.statusCode })
                  : t('integrations.webhooks.log.delivered')}
              </td>
              <td className="py-1.5 pr-3 whitespace-nowrap">
                {t('integrations.monitoring.milliseconds', { value: format.number(line.durationMs) })}
              </td>
              <td className="py-1.5">
                <Button
                  size="sm"
                  variant="secondary"
                  disabled={resending}
                  aria-label={`${t('integrations.webhooks.resend')} ${line.eventType} ${format.dateTime(line.at)}`}
                  onClick={() => onResend(line.eventId)}
                >
                  {t('integrations.webhooks.resend')}
                </Button>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      {log.hasNextPage && (
        <Button
          size="sm"
          variant="ghost"
          className="mt-2"
          disabled={log.isFetchingNextPage}
          onClick={() => void log.fetchNextPage()}
        >
          {t('integrations.webhooks.older')}
        </Button>
      )}
    </div>
  );
}

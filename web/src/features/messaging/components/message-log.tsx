// The message log: every message newest first (channel, recipient, template, language, text,
// status), filtered by status and channel, a page at a time.
import { useState } from 'react';
import { useTranslation } from '../../../lib/i18n/use-translation';
import { CHANNELS, MESSAGE_STATUSES, type MessageStatus } from '@shared/contracts/messaging';
import { Badge, type BadgeTone } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { SelectField } from '../../../components/ui/select-field';
import { relativeTime } from '../../../lib/relative-time';
import { formatDateTime, localeOf } from '../../../lib/format';
import { useServerText } from '../../../lib/server-text';
import { useMessageLog, type LogFilter } from '../api/messaging';

const TONE: Record<MessageStatus, BadgeTone> = {
  queued: 'blue',
  sent: 'blue',
  unconfirmed: 'yellow',
  delivered: 'green',
  failed: 'red',
  undeliverable: 'red',
  suppressed: 'yellow',
};

export function MessageLog({ enabled }: { enabled: boolean }) {
  const { t, i18n } = useTranslation();
  const serverText = useServerText(); // a reason (why not sent) in the reader's language
  const [filter, setFilter] = useState<LogFilter>({ status: '', channel: '' });
  const log = useMessageLog(filter, enabled);
  const items = log.data?.pages.flatMap((p) => p.items) ?? [];
  return (
    <section aria-labelledby="message-log" className="space-y-2">
      <div className="flex items-center justify-between">
        <h3 id="message-log" className="font-semibold">
          {t('messaging.log.title')}
        </h3>
        <Button variant="secondary" onClick={() => void log.refetch()}>
          {t('messaging.log.refresh')}
        </Button>
      </div>
      <div className="grid gap-2 sm:grid-cols-2">
        <SelectField
          label={t('messaging.log.statusColumn')}
          value={filter.status}
          onChange={(e) => setFilter((f) => ({ ...f, status: e.target.value as LogFilter['status'] }))}
          options={[
            { value: '', label: t('messaging.log.allStatuses') },
            ...MESSAGE_STATUSES.map((s) => ({ value: s, label: t(`messaging.messageStatus.${s}`) })),
          ]}
        />
        <SelectField
          label={t('messaging.custom.channels')}
          value={filter.channel}
          onChange={(e) => setFilter((f) => ({ ...f, channel: e.target.value as LogFilter['channel'] }))}
          options={[
            { value: '', label: t('messaging.log.allChannels') },
            ...CHANNELS.map((c) => ({ value: c, label: t(`messaging.channel.${c}`) })),
          ]}
        />
      </div>
      {log.isError && <p className="text-sm text-red-700">{t('messaging.log.loadFailed')}</p>}
      {!log.isPending && !items.length && !log.isError && (
        <p className="text-sm text-slate-500">{t('messaging.log.empty')}</p>
      )}
      {items.length > 0 && (
        <ul className="divide-y divide-slate-200 rounded border border-slate-200" aria-label={t('messaging.log.title')}>
          {items.map((m) => (
            <li key={m.id} className="space-y-1 p-2 text-sm" data-testid="message-log-entry">
              <div className="flex flex-wrap items-center gap-2">
                <Badge tone={TONE[m.status]}>{t(`messaging.messageStatus.${m.status}`)}</Badge>
                <span className="font-medium">{t(`messaging.channel.${m.channel}`)}</span>
                <span>{m.to}</span>
                <span className="text-slate-500">
                  {m.template ?? '—'} · {m.language}
                </span>
                <span
                  className="ml-auto text-xs text-slate-500"
                  title={formatDateTime(m.createdAt, localeOf(i18n.language))}
                >
                  {relativeTime(m.createdAt, localeOf(i18n.language))}
                </span>
              </div>
              <p className="text-slate-700" lang={m.language}>
                {m.body}
              </p>
              {m.reason && (
                <p
                  className={`text-xs ${m.status === 'failed' ? 'text-red-700' : 'text-slate-500'}`}
                  data-testid="message-reason"
                >
                  {serverText(m.reason)}
                </p>
              )}
            </li>
          ))}
        </ul>
      )}
      {log.hasNextPage && (
        <Button variant="secondary" disabled={log.isFetchingNextPage} onClick={() => void log.fetchNextPage()}>
          {t('messaging.log.more')}
        </Button>
      )}
    </section>
  );
}

// The check-ins made at this gate device: waiting to sync (and whether the registry checks still have
// to run), synced, or refused by the server as a conflict the guard resolves (sent again or closed).
import { useTranslation } from '../../../lib/i18n/use-translation';
import { localDateTime } from '@shared/time';
import { useServerText } from '../../../lib/server-text';
import { Badge, type BadgeTone } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import type { OutboxEntry } from '../gate-store';

const TONE: Record<OutboxEntry['state'], BadgeTone> = {
  waiting: 'yellow',
  synced: 'green',
  conflict: 'red',
  resolved: 'gray',
};

export function GateOutbox({
  entries,
  sealed = 0,
  onRetry,
  onResolve,
}: {
  entries: OutboxEntry[];
  /** Other users' check-ins waiting on this device (issue #52.8): counted, never shown or sent here. */
  sealed?: number;
  onRetry: (key: string) => void;
  onResolve: (key: string) => void;
}) {
  const { t } = useTranslation();
  const serverText = useServerText();
  return (
    <section aria-labelledby="gate-outbox-title" className="space-y-2">
      <h2 id="gate-outbox-title" className="text-base font-semibold">
        {t('gatePass.outbox')}
      </h2>
      {entries.length === 0 && <p className="text-sm text-slate-600">{t('gatePass.outboxEmpty')}</p>}
      {sealed > 0 && (
        <p className="text-sm text-slate-700" data-testid="sealed-checkins">
          {t('gatePass.sealedByOthers', { count: sealed })}
        </p>
      )}
      <ul className="space-y-2">
        {entries.map((e) => (
          <li
            key={e.idempotencyKey}
            className="space-y-1 rounded-md border border-slate-200 bg-white p-3 text-sm"
            data-testid="gate-checkin"
          >
            <div className="flex flex-wrap items-center gap-2">
              <span className="font-semibold">{e.pass.veh || e.pass.ref}</span>
              <span className="text-slate-600">{e.pass.ref}</span>
              <Badge tone={TONE[e.state]}>{t(`gatePass.states.${e.state}`)}</Badge>
              {e.state === 'waiting' && e.checksPending && <Badge tone="blue">{t('gatePass.checksPending')}</Badge>}
            </div>
            <p className="text-slate-600">
              {t('gatePass.gateTime', { time: localDateTime(new Date(e.happenedAt), e.pass.tz).time })}
            </p>
            {e.state === 'conflict' && (
              <>
                <p className="text-red-800">{serverText(e.message)}</p>
                <div className="flex flex-wrap gap-2">
                  <Button size="sm" variant="secondary" onClick={() => onRetry(e.idempotencyKey)}>
                    {t('gatePass.sendAgain')}
                  </Button>
                  <Button size="sm" variant="ghost" onClick={() => onResolve(e.idempotencyKey)}>
                    {t('gatePass.markResolved')}
                  </Button>
                </div>
              </>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}

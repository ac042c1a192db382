import { useTranslation } from '../../../lib/i18n/use-translation';
import { Card, CardBody, CardHeader } from '../../../components/ui/card';
import { GenerateQrButton, useCheckins } from '../../checkins';
import { GateToday } from '../../gate';
import { useMetrics } from '../api/insights';
import { relativeTime } from '../../../lib/relative-time';
import { useFormat } from '../../../lib/format';

export function CheckinPanel({ canGenerate }: { canGenerate: boolean }) {
  const { t } = useTranslation();
  const format = useFormat();
  const metrics = useMetrics();
  const checkins = useCheckins();
  const gate = metrics.data?.gate;
  return (
    <Card>
      <CardHeader title={t('insights.checkin.title')} action={canGenerate ? <GenerateQrButton /> : undefined} />
      <CardBody className="space-y-4">
        <dl className="grid grid-cols-3 gap-2 text-center" aria-label={t('insights.checkin.gateStats')}>
          <div className="rounded-md bg-slate-50 p-2">
            <dt className="text-xs text-slate-500">{t('insights.checkin.today')}</dt>
            <dd className="text-xl font-bold" data-testid="gate-today">
              {gate?.checkinsToday ?? '—'}
            </dd>
          </div>
          <div className="rounded-md bg-slate-50 p-2">
            <dt className="text-xs text-slate-500">{t('insights.checkin.avgToDock')}</dt>
            <dd className="text-xl font-bold">
              {gate?.averageToDockMinutes == null
                ? '—'
                : t('insights.minutes', { value: format.number(gate.averageToDockMinutes) })}
            </dd>
          </div>
          <div className="rounded-md bg-slate-50 p-2">
            <dt className="text-xs text-slate-500">{t('insights.checkin.manual')}</dt>
            <dd className="text-xl font-bold">{gate?.manualCheckins ?? '—'}</dd>
          </div>
        </dl>
        <GateToday />
        <div>
          <h3 className="mb-2 text-sm font-semibold">{t('insights.checkin.recent')}</h3>
          {checkins.isError ? (
            <p className="text-sm text-red-600">{t('insights.checkin.recentFailed')}</p>
          ) : !checkins.data?.length ? (
            <p className="text-sm text-slate-500">{t('insights.checkin.recentEmpty')}</p>
          ) : (
            <ul className="space-y-2 text-sm" aria-label={t('insights.checkin.recentLabel')}>
              {checkins.data.slice(0, 5).map((c) => (
                <li key={c.id} className="flex justify-between gap-2">
                  <span className="truncate">
                    {c.driverName}
                    {c.vehicleLicense ? ` · ${c.vehicleLicense}` : ''}
                  </span>
                  <span className="shrink-0 text-xs text-slate-500">
                    {t(`insights.checkin.methods.${c.checkinMethod}`)} · {relativeTime(c.checkInTime, format.locale)}
                  </span>
                </li>
              ))}
            </ul>
          )}
        </div>
      </CardBody>
    </Card>
  );
}

import { useTranslation } from '../../../lib/i18n/use-translation';
import { Card, CardBody } from '../../../components/ui/card';
import { useFormat } from '../../../lib/format';
import { useMetrics } from '../api/insights';
import { insightsText } from '../i18n';

/** Average wait: up to 15 min on target, up to 30 above target, otherwise needs attention (a key of insights.metrics.wait). */
export function waitLabel(minutes: number | null) {
  if (minutes === null) return 'none';
  return minutes <= 15 ? 'onTarget' : minutes <= 30 ? 'aboveTarget' : 'needsAttention';
}

/** On-time rate: 90 or more excellent, 80 or more good, otherwise needs improvement (a key of insights.metrics.onTime). */
export function onTimeLabel(rate: number | null) {
  if (rate === null) return 'none';
  return rate >= 90 ? 'excellent' : rate >= 80 ? 'good' : 'needsImprovement';
}

const CARD_NAMES = insightsText.en.metrics.cards;

export function MetricCards() {
  const { t } = useTranslation();
  const format = useFormat();
  const metrics = useMetrics();
  if (metrics.isError) return <p className="text-sm text-red-600">{t('insights.metrics.failed')}</p>;
  if (!metrics.data)
    return (
      <p className="text-sm text-slate-500">{metrics.isLoading ? t('common.loading') : t('insights.metrics.noData')}</p>
    );
  const m = metrics.data;
  // The test id keeps the English name (metric-Available Docks) whatever the language.
  const cards = [
    { id: 'activeAppointments', value: format.number(m.activeAppointments), note: t('insights.metrics.today') },
    {
      id: 'availableDocks',
      value: `${format.number(m.availableDocks)}/${format.number(m.totalDocks)}`,
      note: t('insights.metrics.inUse', { count: m.occupiedDocks }),
    },
    {
      id: 'avgWaitTime',
      value:
        m.avgWaitTimeMinutes === null ? '—' : t('insights.minutes', { value: format.number(m.avgWaitTimeMinutes) }),
      note: t(`insights.metrics.wait.${waitLabel(m.avgWaitTimeMinutes)}`),
    },
    {
      id: 'onTimeRate',
      value: m.onTimeRate === null ? '—' : `${format.number(m.onTimeRate)}%`,
      note: t(`insights.metrics.onTime.${onTimeLabel(m.onTimeRate)}`),
    },
  ] as const;
  return (
    <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
      {cards.map((c) => (
        <Card key={c.id}>
          <CardBody>
            <div className="text-sm text-slate-500">{t(`insights.metrics.cards.${c.id}`)}</div>
            <div className="mt-1 text-2xl font-bold" data-testid={`metric-${CARD_NAMES[c.id]}`}>
              {c.value}
            </div>
            <div className="text-xs text-slate-500">{c.note}</div>
          </CardBody>
        </Card>
      ))}
    </div>
  );
}

// The admins' field figures (issue #34): each screen's 75th percentile of LCP, INP and CLS as real
// users' browsers measured them over the last 7 days, for all devices and per device class, with the
// share of page views the browser rated good. Route patterns are shown as they are (they name screens).
import { useTranslation } from '../../../lib/i18n/use-translation';
import { Card, CardBody, CardHeader } from '../../../components/ui/card';
import { useFormat } from '../../../lib/format';
import { VITAL_METRICS, type RouteVitals, type VitalMetric } from '@shared/contracts/vitals';
import { useWebVitals } from '../api/insights';

export function WebVitalsCard() {
  const { t } = useTranslation();
  const format = useFormat();
  const vitals = useWebVitals();
  const figures = vitals.data;
  const value = (metric: VitalMetric, v: number) =>
    metric === 'LCP'
      ? t('insightsAnalytics.vitals.seconds', { value: format.number(v / 1000, { maximumFractionDigits: 1 }) })
      : metric === 'INP'
        ? t('insightsAnalytics.vitals.milliseconds', { value: format.number(v) })
        : format.number(v, { maximumFractionDigits: 3 });
  const cell = (row: RouteVitals, metric: VitalMetric) => {
    const m = row.metrics[metric];
    if (!m) return '—';
    return t('insightsAnalytics.vitals.cell', {
      value: value(metric, m.p75),
      good: format.number(Math.round(m.good * 100)),
    });
  };
  const views = (row: RouteVitals) => Math.max(0, ...Object.values(row.metrics).map((m) => m.count));
  return (
    <Card id="web-vitals">
      <CardHeader
        title={t('insightsAnalytics.vitals.title')}
        description={
          figures &&
          t('insightsAnalytics.vitals.description', { from: format.day(figures.from), to: format.day(figures.to) })
        }
      />
      <CardBody className="overflow-x-auto">
        {!figures ? (
          <p className="text-sm text-slate-500">
            {vitals.isError ? t('insightsAnalytics.vitals.failed') : t('common.loading')}
          </p>
        ) : !figures.routes.length ? (
          <p className="text-sm text-slate-500">{t('insightsAnalytics.vitals.empty')}</p>
        ) : (
          <table className="w-full text-sm" aria-label={t('insightsAnalytics.vitals.label')}>
            <thead className="text-left text-slate-500">
              <tr>
                <th className="py-2">{t('insightsAnalytics.vitals.columns.route')}</th>
                <th>{t('insightsAnalytics.vitals.columns.device')}</th>
                {VITAL_METRICS.map((m) => (
                  <th key={m}>{m}</th>
                ))}
                <th>{t('insightsAnalytics.vitals.columns.views')}</th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {figures.routes.map((row) => (
                <tr key={`${row.route} ${row.device}`} data-testid={`vitals-${row.route}-${row.device}`}>
                  <td className="py-2 font-mono">{row.route}</td>
                  <td>{t(`insightsAnalytics.vitals.devices.${row.device}`)}</td>
                  {VITAL_METRICS.map((m) => (
                    <td key={m} data-metric={m}>
                      {cell(row, m)}
                    </td>
                  ))}
                  <td>{format.number(views(row))}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </CardBody>
    </Card>
  );
}

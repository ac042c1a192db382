// Dwell and detention figures (issue #57.4): the median and p90 dwell, the share of trucks kept over
// 2 hours, the share that came on time, and detention hours and rupees by cause, of the trucks that
// came and left. The dashboard shows today's at its facility; analytics a range, by day and by carrier.
import { useTranslation } from '../../../lib/i18n/use-translation';
import { Card, CardBody, CardHeader } from '../../../components/ui/card';
import { useFormat } from '../../../lib/format';
import { useMetrics, type DetentionCauseKey, type DwellFigures } from '../api/insights';

const CAUSES: readonly DetentionCauseKey[] = ['door_wait', 'at_door', 'documents', 'hub_hold'];

function useDwellFormat() {
  const { t } = useTranslation();
  const format = useFormat();
  return {
    minutes: (v: number | null) => (v === null ? '—' : t('insights.minutes', { value: format.number(v) })),
    pct: (v: number | null) => (v === null ? '—' : `${format.number(v)}%`),
    hours: (v: number) => t('insights.dwell.hoursValue', { value: format.number(v) }),
    rupees: (v: number) => format.rupees(Math.round(v * 100)),
  };
}

/** The figures of one set of trucks: the dwell figures, then detention by cause with its total. */
export function DwellSummary({ figures, testId }: { figures: DwellFigures; testId: string }) {
  const { t } = useTranslation();
  const f = useDwellFormat();
  const stats = [
    { id: 'trucks', value: String(figures.trucks) },
    { id: 'median', value: f.minutes(figures.medianDwellMinutes) },
    { id: 'p90', value: f.minutes(figures.p90DwellMinutes) },
    { id: 'overTwoHours', value: f.pct(figures.overTwoHoursShare) },
    { id: 'onTime', value: f.pct(figures.onTimeShare) },
  ] as const;
  return (
    <div className="space-y-3" data-testid={testId}>
      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-5">
        {stats.map((s) => (
          <div key={s.id}>
            <dt className="text-xs text-slate-500">{t(`insights.dwell.${s.id}`)}</dt>
            <dd className="text-lg font-bold" data-testid={`${testId}-${s.id}`}>
              {s.value}
            </dd>
          </div>
        ))}
      </dl>
      <table className="w-full text-sm" aria-label={t('insights.dwell.byCause')}>
        <thead>
          <tr className="text-left text-slate-500">
            <th className="py-1 font-medium">{t('insights.dwell.cause')}</th>
            <th className="py-1 text-right font-medium">{t('insights.dwell.hours')}</th>
            <th className="py-1 text-right font-medium">{t('insights.dwell.rupees')}</th>
          </tr>
        </thead>
        <tbody>
          {CAUSES.map((c) => (
            <tr key={c} className="border-t border-slate-100" data-testid={`${testId}-cause-${c}`}>
              <td className="py-1">{t(`insights.dwell.causes.${c}`)}</td>
              <td className="py-1 text-right">{f.hours(figures.detentionHoursByCause[c])}</td>
              <td className="py-1 text-right">{f.rupees(figures.detentionRupeesByCause[c])}</td>
            </tr>
          ))}
          <tr className="border-t border-slate-300 font-semibold" data-testid={`${testId}-total`}>
            <td className="py-1">{t('insights.dwell.total')}</td>
            <td className="py-1 text-right">{f.hours(figures.detentionHours)}</td>
            <td className="py-1 text-right">{f.rupees(figures.detentionRupees)}</td>
          </tr>
        </tbody>
      </table>
    </div>
  );
}

/** A row per day or carrier: its trucks, dwell figures and detention total. */
export function DwellTable({
  label,
  nameHeader,
  rows,
}: {
  label: string;
  nameHeader: string;
  rows: { key: string; name: string; figures: DwellFigures }[];
}) {
  const { t } = useTranslation();
  const f = useDwellFormat();
  return (
    <div className="overflow-x-auto">
      <table className="w-full min-w-[36rem] text-sm" aria-label={label}>
        <thead>
          <tr className="text-left text-slate-500">
            <th className="py-1 font-medium">{nameHeader}</th>
            {(['trucks', 'median', 'p90', 'overTwoHours', 'onTime', 'hours', 'rupees'] as const).map((h) => (
              <th key={h} className="py-1 text-right font-medium">
                {t(`insights.dwell.${h}`)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map(({ key, name, figures }) => (
            <tr key={key} className="border-t border-slate-100" data-testid={`dwell-row-${key}`}>
              <td className="py-1">{name}</td>
              <td className="py-1 text-right">{figures.trucks}</td>
              <td className="py-1 text-right">{f.minutes(figures.medianDwellMinutes)}</td>
              <td className="py-1 text-right">{f.minutes(figures.p90DwellMinutes)}</td>
              <td className="py-1 text-right">{f.pct(figures.overTwoHoursShare)}</td>
              <td className="py-1 text-right">{f.pct(figures.onTimeShare)}</td>
              <td className="py-1 text-right">{f.hours(figures.detentionHours)}</td>
              <td className="py-1 text-right">{f.rupees(figures.detentionRupees)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** The dashboard's card: today's trucks at the dashboard's facility (from the dashboard's figures). */
export function DwellTodayCard() {
  const { t } = useTranslation();
  const metrics = useMetrics();
  const m = metrics.data;
  return (
    <Card>
      <CardHeader
        title={t('insights.dwell.today')}
        description={m ? t('insights.dwell.todayDescription', { facility: m.facilityName }) : undefined}
      />
      <CardBody>
        {metrics.isError ? (
          <p className="text-sm text-red-600">{t('insights.dwell.failed')}</p>
        ) : !m ? (
          <p className="text-sm text-slate-500">{t('common.loading')}</p>
        ) : m.dwell.trucks === 0 ? (
          <p className="text-sm text-slate-500" data-testid="dwell-today-empty">
            {t('insights.dwell.empty')}
          </p>
        ) : (
          <DwellSummary figures={m.dwell} testId="dwell-today" />
        )}
      </CardBody>
    </Card>
  );
}

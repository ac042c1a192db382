// /analytics: figures computed for the chosen range, appointments per day, dwell and detention (by day and
// carrier, with their CSV: issue #57.4), and the carrier scorecard
// of a chosen month (scorecard-card.tsx) with its CSV export, and the carriers' monthly detention
// statements (issued, answered and closed here by staff who manage the carriers).
import { useState } from 'react';
import { useTranslation } from '../../../lib/i18n/use-translation';
import { useQuery } from '@tanstack/react-query';
import { Download } from 'lucide-react';
import { Button } from '../../../components/ui/button';
import { Card, CardBody, CardHeader } from '../../../components/ui/card';
import { api } from '../../../lib/api-client';
import { useFormat } from '../../../lib/format';
import { registerCatalogue } from '../../../lib/i18n';
import { insightsAnalyticsText } from '../analytics-i18n';
import { useSession } from '../../../lib/session';
import { WebVitalsCard } from '../components/web-vitals-card';
import { ScorecardCard } from '../../carrier-portal';
import { StatementsPanel } from '../../detention';
import { DwellSummary, DwellTable } from '../components/dwell-figures';
import type { DwellFigures } from '../api/insights';

interface Analytics {
  days: number;
  facilityName: string;
  from: string;
  to: string;
  totalAppointments: number;
  completed: number;
  cancelled: number;
  noShows: number;
  onTimeRate: number | null;
  avgDwellMinutes: number | null;
  dockUtilization: number;
  perDay: { date: string; appointments: number }[];
  byLoadType: { inbound: number; outbound: number };
  dwell: DwellFigures & {
    perDay: (DwellFigures & { date: string })[];
    carriers: (DwellFigures & { carrier: string | null })[];
  };
}

const RANGES = [7, 30, 90] as const;
const REPORTS = ['carrier-scorecard', 'dwell-time', 'appointment-audit-log', 'dock-utilization'] as const;
/** The cards' test ids keep the English names (analytics-No-shows) whatever the language. */
registerCatalogue(insightsAnalyticsText);

const CARD_NAMES = insightsAnalyticsText.en.analytics.cards;

/** Downloads a report of the range as CSV from the server. */
function download(name: string, days: number) {
  const link = document.createElement('a');
  link.href = `/api/reports/${name}?days=${days}`;
  link.download = '';
  document.body.appendChild(link);
  link.click();
  link.remove();
}

export function AnalyticsRoute() {
  const { t } = useTranslation();
  const format = useFormat();
  const pct = (v: number | null) => (v === null ? '—' : `${format.number(v)}%`);
  const minutes = (v: number | null) => (v === null ? '—' : t('insights.minutes', { value: format.number(v) }));
  const { canAccess } = useSession();
  const [days, setDays] = useState<(typeof RANGES)[number]>(30);
  const analytics = useQuery({
    queryKey: ['/api/analytics', days],
    queryFn: () => api.get<Analytics>(`/api/analytics?days=${days}`),
  });
  const a = analytics.data;
  const max = Math.max(1, ...(a?.perDay.map((d) => d.appointments) ?? [1]));
  const cards = a
    ? ([
        { id: 'appointments', value: format.number(a.totalAppointments) },
        { id: 'onTimeRate', value: pct(a.onTimeRate) },
        { id: 'avgDwell', value: minutes(a.avgDwellMinutes) },
        { id: 'dockUtilization', value: pct(a.dockUtilization) },
        { id: 'noShows', value: format.number(a.noShows) },
      ] as const)
    : [];
  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h1 className="text-2xl font-bold">{t('insightsAnalytics.analytics.title')}</h1>
        <div className="flex gap-2">
          <select
            aria-label={t('insightsAnalytics.analytics.range')}
            value={days}
            onChange={(e) => setDays(Number(e.target.value) as typeof days)}
            className="rounded-md border border-slate-300 px-2 py-1.5 text-sm"
          >
            {RANGES.map((r) => (
              <option key={r} value={r}>
                {t('insightsAnalytics.analytics.lastDays', { count: r })}
              </option>
            ))}
          </select>
          <Button variant="secondary" onClick={() => download('carrier-scorecard', days)}>
            <Download className="h-4 w-4" aria-hidden /> {t('insightsAnalytics.analytics.exportReport')}
          </Button>
        </div>
      </div>
      <div className="flex flex-wrap gap-2" aria-label={t('insightsAnalytics.analytics.reports')}>
        {REPORTS.map((r) => (
          <Button key={r} size="sm" variant="secondary" onClick={() => download(r, days)}>
            <Download className="h-4 w-4" aria-hidden /> {t(`insightsAnalytics.analytics.reportNames.${r}`)}
          </Button>
        ))}
      </div>
      {!a ? (
        <p className="text-sm text-slate-500">
          {analytics.isError ? t('insightsAnalytics.analytics.failed') : t('common.loading')}
        </p>
      ) : (
        <>
          <div className="grid gap-3 sm:grid-cols-5">
            {cards.map((c) => (
              <Card key={c.id}>
                <CardBody>
                  <div className="text-sm text-slate-500">{t(`insightsAnalytics.analytics.cards.${c.id}`)}</div>
                  <div className="text-2xl font-bold" data-testid={`analytics-${CARD_NAMES[c.id]}`}>
                    {c.value}
                  </div>
                </CardBody>
              </Card>
            ))}
          </div>
          <Card>
            <CardHeader
              title={t('insightsAnalytics.analytics.perDayTitle')}
              description={t('insightsAnalytics.analytics.perDayDescription', {
                facility: a.facilityName,
                from: format.day(a.from),
                to: format.day(a.to),
                inbound: format.number(a.byLoadType.inbound),
                outbound: format.number(a.byLoadType.outbound),
              })}
            />
            <CardBody>
              <div
                className="flex h-40 items-end gap-0.5"
                role="img"
                aria-label={t('insightsAnalytics.analytics.perDayChart')}
              >
                {a.perDay.map((d) => (
                  <div
                    key={d.date}
                    title={`${format.day(d.date)}: ${format.number(d.appointments)}`}
                    className="flex-1 rounded-t bg-blue-500"
                    style={{ height: `${(d.appointments / max) * 100}%`, minHeight: d.appointments ? 2 : 0 }}
                  />
                ))}
              </div>
            </CardBody>
          </Card>
          <Card>
            <CardHeader
              title={t('insightsAnalytics.analytics.dwellTitle')}
              description={t('insightsAnalytics.analytics.dwellDescription', {
                facility: a.facilityName,
                from: format.day(a.from),
                to: format.day(a.to),
              })}
            />
            <CardBody className="space-y-4">
              <Button size="sm" variant="secondary" onClick={() => download('dwell-detention', days)}>
                <Download className="h-4 w-4" aria-hidden /> {t('insightsAnalytics.analytics.dwellCsv')}
              </Button>
              <DwellSummary figures={a.dwell} testId="dwell-range" />
              <h3 className="font-semibold">{t('insightsAnalytics.analytics.byCarrier')}</h3>
              <DwellTable
                label={t('insightsAnalytics.analytics.byCarrier')}
                nameHeader={t('insightsAnalytics.analytics.carrier')}
                rows={a.dwell.carriers.map((c) => ({
                  key: `carrier-${c.carrier ?? ''}`,
                  name: c.carrier ?? t('insightsAnalytics.analytics.noCarrier'),
                  figures: c,
                }))}
              />
              <h3 className="font-semibold">{t('insightsAnalytics.analytics.byDay')}</h3>
              <DwellTable
                label={t('insightsAnalytics.analytics.byDay')}
                nameHeader={t('insightsAnalytics.analytics.day')}
                rows={a.dwell.perDay
                  .filter((d) => d.trucks > 0)
                  .map((d) => ({ key: `day-${d.date}`, name: format.day(d.date), figures: d }))}
              />
            </CardBody>
          </Card>
          <ScorecardCard source="staff" />
          <StatementsPanel side="staff" />
        </>
      )}
      {canAccess.adminPanel && <WebVitalsCard />}
    </div>
  );
}

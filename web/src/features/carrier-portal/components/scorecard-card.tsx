// The carrier scorecard of a month (issue #32): staff see every carrier of their facility, a carrier's
// account its own row; both pick the month and download the same figures as CSV. Until a month is
// picked, the server answers for this month on the facility's clock.
import { useState } from 'react';
import { useTranslation } from '../../../lib/i18n/use-translation';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import { PATHS } from '@shared/navigation';
import { Download } from 'lucide-react';
import { Button } from '../../../components/ui/button';
import { Card, CardBody, CardHeader } from '../../../components/ui/card';
import { Field } from '../../../components/ui/field';
import { api } from '../../../lib/api-client';
import { useFormat } from '../../../lib/format';

interface ScorecardRow {
  carrierId: string | null;
  carrier: string;
  appointments: number;
  onTimeRate: number | null;
  early: number;
  late: number;
  noShows: number;
  avgDwellMinutes: number | null;
  lateCancellations: number;
  /** The hub's side (issue #57.4): how long the trucks were kept, and the share kept over two hours (%). */
  medianDwellMinutes?: number | null;
  p90DwellMinutes?: number | null;
  overTwoHoursShare?: number | null;
}

/** A carrier's own scorecard: how long each hub kept its trucks. */
interface FacilityDwellRow {
  facilityId: string;
  facility: string;
  trucks: number;
  medianDwellMinutes: number | null;
  p90DwellMinutes: number | null;
  overTwoHoursShare: number | null;
}

const SOURCES = {
  staff: { data: '/api/analytics/scorecard', csv: '/api/reports/carrier-scorecard' },
  carrier: { data: '/api/carrier/scorecard', csv: '/api/carrier/scorecard/csv' },
} as const;

function download(href: string) {
  const link = document.createElement('a');
  link.href = href;
  link.download = '';
  document.body.appendChild(link);
  link.click();
  link.remove();
}

export function ScorecardCard({ source }: { source: keyof typeof SOURCES }) {
  const { t } = useTranslation();
  const format = useFormat();
  const [chosen, setChosen] = useState<string | null>(null);
  const query = chosen ? `?month=${chosen}` : '';
  const scorecard = useQuery({
    queryKey: [SOURCES[source].data, chosen],
    queryFn: () =>
      api.get<{ month: string; rows: ScorecardRow[]; facilities?: FacilityDwellRow[] }>(
        `${SOURCES[source].data}${query}`,
      ),
  });
  const month = chosen ?? scorecard.data?.month ?? '';
  const rows = scorecard.data?.rows ?? [];
  const hubs = scorecard.data?.facilities ?? [];
  const pct = (v: number | null | undefined) => (v === null || v === undefined ? '—' : `${format.number(v)}%`);
  const minutes = (v: number | null | undefined) =>
    v === null || v === undefined ? '—' : t('carrierPortal.scorecard.minutes', { value: format.number(v) });
  return (
    <Card id="carrier-scorecard">
      <CardHeader
        title={t(source === 'staff' ? 'carrierPortal.scorecard.title' : 'carrierPortal.scorecard.ownTitle')}
        description={t('carrierPortal.scorecard.description')}
      />
      <CardBody className="space-y-3">
        <div className="flex flex-wrap items-end gap-2">
          <Field
            label={t('carrierPortal.scorecard.month')}
            type="month"
            value={month}
            onChange={(e) => e.target.value && setChosen(e.target.value)}
          />
          <Button
            variant="secondary"
            disabled={!month}
            onClick={() => download(`${SOURCES[source].csv}?month=${month}`)}
          >
            <Download className="h-4 w-4" aria-hidden /> {t('carrierPortal.scorecard.export')}
          </Button>
        </div>
        <div className="overflow-x-auto">
          {scorecard.isError ? (
            <p className="text-sm text-red-700">{t('carrierPortal.scorecard.failed')}</p>
          ) : !rows.length ? (
            <p className="text-sm text-slate-500">
              {scorecard.isLoading ? t('carrierPortal.scorecard.loading') : t('carrierPortal.scorecard.empty')}
            </p>
          ) : (
            <table className="w-full text-sm" aria-label={t('carrierPortal.scorecard.label')}>
              <thead className="text-left text-slate-500">
                <tr>
                  <th className="py-2">{t('carrierPortal.scorecard.columns.carrier')}</th>
                  <th>{t('carrierPortal.scorecard.columns.appointments')}</th>
                  <th>{t('carrierPortal.scorecard.columns.onTime')}</th>
                  <th>{t('carrierPortal.scorecard.columns.early')}</th>
                  <th>{t('carrierPortal.scorecard.columns.late')}</th>
                  <th>{t('carrierPortal.scorecard.columns.noShows')}</th>
                  <th>{t('carrierPortal.scorecard.columns.avgDwell')}</th>
                  <th>{t('carrierPortal.scorecard.columns.medianDwell')}</th>
                  <th>{t('carrierPortal.scorecard.columns.p90Dwell')}</th>
                  <th>{t('carrierPortal.scorecard.columns.overTwoHours')}</th>
                  <th>{t('carrierPortal.scorecard.columns.lateCancellations')}</th>
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-100">
                {rows.map((c) => (
                  <tr key={c.carrierId ?? c.carrier}>
                    <td className="py-2 font-medium">{c.carrier}</td>
                    <td>{format.number(c.appointments)}</td>
                    <td>{pct(c.onTimeRate)}</td>
                    <td>{format.number(c.early)}</td>
                    <td>{format.number(c.late)}</td>
                    <td>{format.number(c.noShows)}</td>
                    <td>{minutes(c.avgDwellMinutes)}</td>
                    <td>{minutes(c.medianDwellMinutes)}</td>
                    <td>{minutes(c.p90DwellMinutes)}</td>
                    <td>{pct(c.overTwoHoursShare)}</td>
                    <td>{format.number(c.lateCancellations)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
        </div>
        {source === 'carrier' && hubs.length > 0 && (
          <div className="overflow-x-auto">
            <table className="w-full text-sm" aria-label={t('carrierPortal.scorecard.hubs.label')}>
              <caption className="pb-1 text-left font-semibold text-slate-700">
                {t('carrierPortal.scorecard.hubs.label')}
              </caption>
              <thead className="text-left text-slate-500">
                <tr>
                  <th className="py-2">{t('carrierPortal.scorecard.hubs.facility')}</th>
                  <th>{t('carrierPortal.scorecard.hubs.trucks')}</th>
                  <th>{t('carrierPortal.scorecard.columns.medianDwell')}</th>
                  <th>{t('carrierPortal.scorecard.columns.p90Dwell')}</th>
                  <th>{t('carrierPortal.scorecard.columns.overTwoHours')}</th>
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-100">
                {hubs.map((h) => (
                  <tr key={h.facilityId} data-testid="scorecard-hub-row">
                    <td className="py-2 font-medium">{h.facility}</td>
                    <td>{format.number(h.trucks)}</td>
                    <td>{minutes(h.medianDwellMinutes)}</td>
                    <td>{minutes(h.p90DwellMinutes)}</td>
                    <td>{pct(h.overTwoHoursShare)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
        {source === 'carrier' && (
          <Link to={PATHS.statements} className="inline-block text-sm font-medium text-blue-700 underline">
            {t('carrierPortal.scorecard.statements')}
          </Link>
        )}
      </CardBody>
    </Card>
  );
}

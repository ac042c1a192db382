// /standing-appointments (issue #32): the tenant's standing appointments, a form for a new one (staff who
// book for everyone), and the chosen series with its occurrences (?series=<id>, so a reload keeps it).
import { useSearchParams } from 'react-router-dom';
import { useTranslation } from '../../../lib/i18n/use-translation';
import { actsForAll } from '@shared/access';
import type { Series } from '@shared/contracts/series';
import { Button } from '../../../components/ui/button';
import { Card, CardBody, CardHeader } from '../../../components/ui/card';
import { useFormat } from '../../../lib/format';
import { useSession } from '../../../lib/session';
import { todayAt, useHomeFacility } from '../../facilities';
import { useSeriesDetail, useSeriesList } from '../api/series';
import { loadLater } from '../../../lib/load-later';
import { SeriesStatusBadge } from '../components/series-status';

// The list is the first screen. The new series form below it and a series' detail (their forms:
// react-hook-form, the contracts' schemas) are fetched when shown; the form is last on the page, so
// nothing moves when it comes (issue #34: a signed-in first screen loads at most 120 KB).
const SeriesForm = loadLater(async () => (await import('../components/series-form')).SeriesForm, { fallback: null });
const SeriesDetailView = loadLater(async () => (await import('../components/series-detail')).SeriesDetailView, {
  fallback: null,
});

export function StandingAppointmentsRoute() {
  const { t } = useTranslation();
  const { user } = useSession();
  const home = useHomeFacility();
  const [params, setParams] = useSearchParams();
  const chosen = params.get('series');
  const list = useSeriesList();
  const detail = useSeriesDetail(chosen);
  const choose = (id: string | null) => setParams(id ? { series: id } : {});
  return (
    <div className="space-y-4">
      <div>
        <h1 className="text-2xl font-bold">{t('series.title')}</h1>
        <p className="text-sm text-slate-600">{t('series.description')}</p>
      </div>
      {chosen ? (
        <>
          <Button variant="ghost" onClick={() => choose(null)}>
            {t('series.detail.back')}
          </Button>
          {detail.data && <SeriesDetailView series={detail.data} today={todayAt(home)} />}
        </>
      ) : (
        <>
          <Card>
            <CardHeader title={t('series.list.title')} />
            <CardBody>
              {list.isLoading ? (
                <p className="text-sm text-slate-500">{t('series.list.loading')}</p>
              ) : !list.data?.length ? (
                <p className="py-6 text-center text-slate-500">{t('series.list.empty')}</p>
              ) : (
                <ul className="divide-y divide-slate-100" aria-label={t('series.list.title')}>
                  {list.data.map((s) => (
                    <SeriesRow key={s.id} series={s} onOpen={() => choose(s.id)} />
                  ))}
                </ul>
              )}
            </CardBody>
          </Card>
          {user && actsForAll(user) && <SeriesForm onCreated={choose} />}
        </>
      )}
    </div>
  );
}

function SeriesRow({ series, onOpen }: { series: Series; onOpen: () => void }) {
  const { t } = useTranslation();
  const format = useFormat();
  const days = series.weekdays.map((d) => t(`series.weekdays.${d}`)).join(', ');
  return (
    <li className="flex flex-wrap items-center gap-3 py-3" data-testid="series-row">
      <div className="min-w-48 flex-1">
        <div className="font-medium">
          {series.carrierName} · {series.facilityName}
        </div>
        <div className="text-sm text-slate-600">
          {t('series.list.every', { days, time: series.timeStart })} ·{' '}
          {t('series.list.from', { date: format.day(series.startDate) })}{' '}
          {series.endDate
            ? t('series.list.until', { date: format.day(series.endDate) })
            : t('series.list.times', { count: series.count ?? 0 })}
        </div>
      </div>
      <SeriesStatusBadge status={series.status} />
      <Button variant="secondary" size="sm" onClick={onOpen}>
        {t('series.list.open')}
      </Button>
    </li>
  );
}

// /yard: occupied docks, waiting trucks and free spots from the live yard, the layout, activity;
// Refresh Layout reloads the live yard, Assign Spots parks the waiting trucks.
import { ListChecks, MapPin, RefreshCw } from 'lucide-react';
import { Link } from 'react-router-dom';
import { PATHS } from '@shared/navigation';
import { useTranslation } from '../../../lib/i18n/use-translation';
import { registerCatalogue } from '../../../lib/i18n';
import { yardText } from '../i18n';
import { Button, buttonClasses } from '../../../components/ui/button';
import { Card, CardBody, CardHeader } from '../../../components/ui/card';
import { YardLayout } from '../components/yard-layout';
import { useYard } from '../api/yard';
import { useSession } from '../../../lib/session';
import { relativeTime } from '../../../lib/relative-time';
import { localeOf } from '../../../lib/format';
import { useToast } from '../../../lib/toast';
import { useAssignSpots } from '../api/assign-spots';
import { loadLater } from '../../../lib/load-later';

registerCatalogue(yardText);

/** The on-the-way card's frame while its code arrives: the size of its empty state, so nothing below moves. */
function OnTheWayLoading() {
  const { t } = useTranslation();
  return (
    <Card>
      <CardHeader title={t('yard.onTheWay.title')} />
      <CardBody>
        <p className="text-sm text-slate-500">{t('common.loading')}</p>
      </CardBody>
    </Card>
  );
}

// Below the layout and built on appointments' and trips' code (and their reads): fetched once the
// yard's own figures are shown, so its code and reads do not compete with the yard's first screen
// (issue #34).
const TrucksOnTheWay = loadLater(async () => (await import('../components/trucks-on-the-way')).TrucksOnTheWay, {
  fallback: <OnTheWayLoading />,
});

export function YardRoute() {
  const { t, i18n } = useTranslation();
  const { hasPermission } = useSession();
  const { toast } = useToast();
  const yard = useYard();
  const assign = useAssignSpots();
  const y = yard.data;
  const refresh = async () => {
    const result = await yard.refetch();
    toast(
      result.isError
        ? { title: t('yard.refreshFailed'), description: t('yard.loadFailed'), variant: 'destructive' }
        : { title: t('yard.refreshed') },
    );
  };
  const cards = [
    { key: 'occupiedDocks', testId: 'Occupied Docks', value: y ? `${y.occupiedDocks}/${y.totalDocks}` : '—' },
    { key: 'waitingTrucks', testId: 'Waiting Trucks', value: y ? String(y.waitingTrucks) : '—' },
    { key: 'availableSpots', testId: 'Available Spots', value: y ? String(y.availableSpots) : '—' },
  ];
  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <div>
          <h1 className="text-2xl font-bold">{t('yard.title')}</h1>
          <p className="text-sm text-slate-600">{t('yard.subtitle')}</p>
        </div>
        <div className="flex flex-wrap gap-2">
          <Link to={PATHS.yardTasks} className={buttonClasses('secondary')}>
            <ListChecks className="h-4 w-4" aria-hidden /> {t('yard.tasks.open')}
          </Link>
          <Button variant="secondary" disabled={yard.isFetching} onClick={() => void refresh()}>
            <RefreshCw className="h-4 w-4" aria-hidden /> {t('yard.refreshLayout')}
          </Button>
          {hasPermission('yard:write') && (
            <Button disabled={assign.isPending} onClick={() => assign.mutate()}>
              <MapPin className="h-4 w-4" aria-hidden /> {t('yard.assignSpots')}
            </Button>
          )}
        </div>
      </div>
      <div className="grid gap-3 sm:grid-cols-3">
        {cards.map((c) => (
          <Card key={c.key}>
            <CardBody>
              <div className="text-sm text-slate-500">{t(`yard.cards.${c.key}`)}</div>
              <div className="text-2xl font-bold" data-testid={`yard-${c.testId}`}>
                {c.value}
              </div>
            </CardBody>
          </Card>
        ))}
      </div>
      <YardLayout canEdit={hasPermission('yard:write')} />
      {y ? <TrucksOnTheWay /> : <OnTheWayLoading />}
      <Card>
        <CardHeader title={t('yard.recentActivity')} />
        <CardBody>
          {!y?.recentActivity.length ? (
            <p className="text-sm text-slate-500">{t('yard.noActivity')}</p>
          ) : (
            <ul className="space-y-2 text-sm">
              {y.recentActivity.map((a) => (
                <li key={a.id} className="flex justify-between gap-2">
                  <span>{a.text}</span>
                  <span className="shrink-0 text-xs text-slate-500">{relativeTime(a.at, localeOf(i18n.language))}</span>
                </li>
              ))}
            </ul>
          )}
        </CardBody>
      </Card>
    </div>
  );
}

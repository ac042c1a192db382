// The yard's view of what is still coming (issue #33): today's watched trucks not yet on site, each with
// its trip state and arrival estimate, so the yard plans spots for the late and the early.
import { useTranslation } from '../../../lib/i18n/use-translation';
import { Card, CardBody, CardHeader } from '../../../components/ui/card';
import { useTodaysSchedule } from '../../appointments';
import { TripState, useTripsOf } from '../../trips';

export function TrucksOnTheWay() {
  const { t } = useTranslation();
  const schedule = useTodaysSchedule();
  const coming = (schedule.data ?? []).filter((a) => a.status === 'scheduled');
  const trips = useTripsOf(coming.map((a) => a.id));
  const watched = coming.filter((a) => trips.has(a.id));
  return (
    <Card>
      <CardHeader title={t('yard.onTheWay.title')} />
      <CardBody>
        {!watched.length ? (
          <p className="text-sm text-slate-500">{t('yard.onTheWay.empty')}</p>
        ) : (
          <ul className="divide-y divide-slate-100" aria-label={t('yard.onTheWay.title')}>
            {watched.map((a) => (
              <li key={a.id} className="flex flex-wrap items-center gap-3 py-2 text-sm">
                <span className="w-24 font-semibold">
                  {a.scheduledTimeStart}-{a.scheduledTimeEnd}
                </span>
                <span className="min-w-32 flex-1">{trips.get(a.id)!.vehicleNumber}</span>
                <TripState trip={trips.get(a.id)} />
              </li>
            ))}
          </ul>
        )}
      </CardBody>
    </Card>
  );
}

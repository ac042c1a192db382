// Today's Schedule on the dashboard (doc 1): the day's appointments with their status actions, and a dock
// filter offering the doors the dashboard's facility has (issue #53, item 7), however many they are.
import { useState } from 'react';
import { useTranslation } from '../../../lib/i18n/use-translation';
import { Card, CardBody, CardHeader } from '../../../components/ui/card';
import { AppointmentStatusAction, StatusBadge, useTodaysSchedule } from '../../appointments';
import { TripState, useTripsOf } from '../../trips';
import { useDashboardDoors } from '../api/insights';

const ALL = 'all';

export function TodaysSchedule({ canChange }: { canChange: boolean }) {
  const { t } = useTranslation();
  const schedule = useTodaysSchedule();
  const doors = useDashboardDoors();
  /** `all`, or the id of the door whose appointments are shown. */
  const [filter, setFilter] = useState(ALL);
  const trips = useTripsOf((schedule.data ?? []).map((a) => a.id));
  const rows = (schedule.data ?? []).filter((a) => filter === ALL || a.dockDoorId === filter);
  return (
    <Card>
      <CardHeader
        title={t('insights.schedule.title')}
        action={
          <select
            aria-label={t('insights.schedule.dockFilter')}
            value={filter}
            onChange={(e) => setFilter(e.target.value)}
            className="rounded-md border border-slate-300 px-2 py-1 text-sm"
          >
            <option value={ALL}>{t('insights.schedule.allDocks')}</option>
            {(doors.data ?? []).map((door) => (
              <option key={door.id} value={door.id}>
                {t('insights.schedule.dock', { door: door.doorNumber })}
              </option>
            ))}
          </select>
        }
      />
      <CardBody>
        {schedule.isError ? (
          <p className="text-sm text-red-600">{t('insights.schedule.failed')}</p>
        ) : !rows.length ? (
          <p className="text-sm text-slate-500">
            {schedule.isLoading ? t('common.loading') : t('insights.schedule.empty')}
          </p>
        ) : (
          <ul className="divide-y divide-slate-100" aria-label={t('insights.schedule.listLabel')}>
            {rows.map((a) => (
              <li key={a.id} className="flex flex-wrap items-center gap-2 py-2 text-sm">
                <span className="w-24 font-semibold">
                  {a.scheduledTimeStart}-{a.scheduledTimeEnd}
                </span>
                <span className="min-w-40 flex-1">
                  {a.carrierName ?? a.driverName ?? t('insights.schedule.guest')} ·{' '}
                  {t(`insights.schedule.loadTypes.${a.loadType}`)} ·{' '}
                  {a.doorNumber ? t('insights.schedule.dock', { door: a.doorNumber }) : t('insights.schedule.noDock')}
                </span>
                <TripState trip={trips.get(a.id)} />
                <StatusBadge status={a.status} />
                {canChange && <AppointmentStatusAction id={a.id} status={a.status} gateHold={a.gateHold} />}
              </li>
            ))}
          </ul>
        )}
      </CardBody>
    </Card>
  );
}

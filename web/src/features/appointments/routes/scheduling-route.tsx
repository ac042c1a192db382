// /scheduling: the appointments of a chosen day, their status actions, and cancelling (with a reason).
import { useTranslation } from 'react-i18next';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { Plus } from 'lucide-react';
import { actsForAll } from '@shared/access';
import { Button, buttonClasses } from '../../../components/ui/button';
import { Card, CardBody } from '../../../components/ui/card';
import { Field } from '../../../components/ui/field';
import { AppointmentStatusAction, StatusBadge } from '../components/appointment-status';
import { useCancelFlow } from '../components/use-cancel-flow';
import { useAppointments } from '../api/appointments';
import { useSession } from '../../../lib/session';
import { GateHint } from '../../gate';
import { todayAt, useHomeFacility } from '../../facilities';

export function SchedulingRoute() {
  const { t } = useTranslation();
  const { user, hasPermission } = useSession();
  // Today at the home facility (its zone, e.g. Singapore's), until the user picks a day.
  const home = useHomeFacility();
  const [chosen, setDate] = useState<string | null>(null);
  const date = chosen ?? todayAt(home);
  const appointments = useAppointments(date);
  const canChange = Boolean(user && actsForAll(user));
  const cancelFlow = useCancelFlow();
  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <h1 className="text-2xl font-bold">{t('appointments.list.title')}</h1>
        <div className="flex items-end gap-2">
          <Field
            label={t('appointments.list.date')}
            type="date"
            value={date}
            onChange={(e) => e.target.value && setDate(e.target.value)}
          />
          {hasPermission('appointments:book') && (
            <Link to="/booking" className={buttonClasses('primary')}>
              <Plus className="h-4 w-4" aria-hidden /> {t('appointments.list.newAppointment')}
            </Link>
          )}
        </div>
      </div>
      <Card>
        <CardBody>
          {appointments.isLoading ? (
            <p className="text-sm text-slate-500">{t('appointments.list.loading')}</p>
          ) : !appointments.data?.length ? (
            <p className="py-8 text-center text-slate-500">{t('appointments.list.empty')}</p>
          ) : (
            <ul className="divide-y divide-slate-100" aria-label={t('appointments.list.title')}>
              {appointments.data.map((a) => (
                <li key={a.id} className="flex flex-wrap items-center gap-3 py-3" data-testid="appointment-row">
                  <div className="w-28 font-semibold">
                    {a.scheduledTimeStart} - {a.scheduledTimeEnd}
                  </div>
                  <div className="min-w-48 flex-1">
                    <div className="font-medium">{t(`appointments.loadTypes.${a.loadType}`)}</div>
                    <div className="text-sm text-slate-600">
                      {a.carrierName ?? a.driverName ?? t('appointments.list.guest')} ·{' '}
                      {t('appointments.list.po', { value: a.poNumber ?? '—' })} ·{' '}
                      {t('appointments.list.bol', { value: a.bolNumber ?? '—' })} ·{' '}
                      {a.doorNumber
                        ? t('appointments.list.dock', { door: a.doorNumber })
                        : t('appointments.list.noDock')}
                    </div>
                    <div className="text-xs text-slate-500">{a.bookingReference}</div>
                    <GateHint hint={a.gateHint} />
                  </div>
                  <StatusBadge status={a.status} />
                  {canChange && <AppointmentStatusAction id={a.id} status={a.status} gateHold={a.gateHold} />}
                  {canChange && a.status === 'scheduled' && (
                    <Button size="sm" variant="secondary" onClick={() => cancelFlow.open(a)}>
                      {t('appointments.list.cancel')}
                    </Button>
                  )}
                </li>
              ))}
            </ul>
          )}
        </CardBody>
      </Card>
      {cancelFlow.dialog}
    </div>
  );
}

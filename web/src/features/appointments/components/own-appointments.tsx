// A carrier's own upcoming appointments on /reschedule (issue #32): each with its status (a booking
// awaiting the facility's approval shows so) and Cancel with a reason; the server scopes the list to
// the account's carrier and holds a cancellation to the facility's change cut-off. A truck that came
// opens its detention (issue #57), read-only: the carrier's side of the figures.
import { useTranslation } from '../../../lib/i18n/use-translation';
import type { Appointment } from '@shared/contracts/appointments';
import { Button } from '../../../components/ui/button';
import { Card, CardBody, CardHeader } from '../../../components/ui/card';
import { useFormat } from '../../../lib/format';
import { StatusBadge } from './appointment-status';
import { useCancelFlow } from './use-cancel-flow';
import { DetentionDetails, hasDetention } from '../../detention';

export function OwnAppointments({ appointments, loading }: { appointments: Appointment[]; loading: boolean }) {
  const { t } = useTranslation();
  const format = useFormat();
  const cancelFlow = useCancelFlow();
  return (
    <Card className="lg:col-span-2">
      <CardHeader title={t('appointments.mine.title')} description={t('appointments.mine.description')} />
      <CardBody>
        {loading ? (
          <p className="text-sm text-slate-500">{t('appointments.list.loading')}</p>
        ) : !appointments.length ? (
          <p className="text-sm text-slate-500">{t('appointments.mine.empty')}</p>
        ) : (
          <ul className="divide-y divide-slate-100" aria-label={t('appointments.mine.title')}>
            {appointments.map((a) => (
              <li key={a.id} className="flex flex-wrap items-center gap-2 py-3" data-testid="own-appointment">
                <div className="min-w-40 flex-1">
                  <div className="font-medium">
                    {format.day(a.scheduledDate)} · {a.scheduledTimeStart} - {a.scheduledTimeEnd}
                  </div>
                  <div className="text-sm text-slate-600">
                    {a.facilityName} ·{' '}
                    {a.doorNumber ? t('appointments.list.dock', { door: a.doorNumber }) : t('appointments.list.noDock')}
                  </div>
                  <div className="text-xs text-slate-500">{a.bookingReference}</div>
                </div>
                <StatusBadge status={a.status} />
                {(a.status === 'scheduled' || a.status === 'pending_approval') && (
                  <Button size="sm" variant="secondary" onClick={() => cancelFlow.open(a)}>
                    {t('appointments.list.cancel')}
                  </Button>
                )}
                {hasDetention(a.status) && <DetentionDetails appointmentId={a.id} />}
              </li>
            ))}
          </ul>
        )}
      </CardBody>
      {cancelFlow.dialog}
    </Card>
  );
}

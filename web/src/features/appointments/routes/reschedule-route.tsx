// /reschedule: request a new time for an eligible appointment; approve or deny pending requests.
import { useForm } from 'react-hook-form';
import { useTranslation } from '../../../lib/i18n/use-translation';
import type * as z from 'zod/mini';
import {
  isReschedulable,
  REQUESTED_BY,
  RESCHEDULE_REASONS,
  rescheduleFormSchema,
} from '@shared/contracts/appointments';
import { Button } from '../../../components/ui/button';
import { Card, CardBody, CardHeader } from '../../../components/ui/card';
import { Field, TextAreaField } from '../../../components/ui/field';
import { SelectField } from '../../../components/ui/select-field';
import {
  useAvailability,
  useDecideReschedule,
  usePendingReschedules,
  useRequestReschedule,
  useUpcomingAppointments,
} from '../api/appointments';
import { useSession } from '../../../lib/session';
import { useToast } from '../../../lib/toast';
import { useFormat } from '../../../lib/format';
import { fieldBinder, schemaResolver } from '../../../lib/form-errors';
import { todayAt, useFacilities, useHomeFacility } from '../../facilities';
import { ScorecardCard } from '../../carrier-portal';
import { actsForAll } from '@shared/access';
import { OwnAppointments } from '../components/own-appointments';

type FormInput = z.input<typeof rescheduleFormSchema>;
type FormOutput = z.output<typeof rescheduleFormSchema>;

export function RescheduleRoute() {
  const { t } = useTranslation();
  const format = useFormat();
  const { toast } = useToast();
  const { user, hasPermission } = useSession();
  const canDecide = hasPermission('reschedules:decide');
  // A carrier's account (issue #32) also sees its own appointments and its monthly scorecard here.
  const carrierAccount = Boolean(user && !actsForAll(user) && user.carrierId && !user.driverId);
  const upcoming = useUpcomingAppointments();
  const pending = usePendingReschedules();
  const request = useRequestReschedule();
  const approve = useDecideReschedule('approve');
  const deny = useDecideReschedule('deny');
  const eligible = (upcoming.data ?? []).filter(isReschedulable);
  const blank: FormInput = {
    appointmentId: '',
    newDate: '',
    newTimeStart: '',
    newTimeEnd: '',
    reason: 'traffic',
    reasonDetails: '',
    requestedBy: 'carrier',
  };
  const { register, handleSubmit, formState, watch, reset } = useForm<FormInput, unknown, FormOutput>({
    resolver: schemaResolver(rescheduleFormSchema),
    defaultValues: blank,
  });
  const field = fieldBinder({ register, formState });
  const [appointmentId, newDate, newTimeStart, newTimeEnd] = watch([
    'appointmentId',
    'newDate',
    'newTimeStart',
    'newTimeEnd',
  ]);
  const chosen = eligible.find((a) => a.id === appointmentId);
  // The earliest new date: today at the appointment's facility (its own zone), else at home.
  const facilities = useFacilities();
  const home = useHomeFacility();
  const today = todayAt(facilities.data?.find((f) => f.id === chosen?.facilityId) ?? home);
  const availability = useAvailability({
    facilityId: chosen?.facilityId,
    date: newDate,
    timeStart: newTimeStart,
    timeEnd: newTimeEnd,
    dockDoorId: chosen?.dockDoorId ?? undefined,
    excludeAppointmentId: chosen?.id,
  });
  const unavailable = availability.data?.available === false;

  const onSubmit = handleSubmit((values) =>
    request.mutate(values, {
      onSuccess: () => {
        toast({
          title: t('appointments.reschedule.submitted'),
          description: t('appointments.reschedule.submittedText'),
        });
        reset(blank);
      },
    }),
  );

  return (
    <div className="grid gap-4 lg:grid-cols-2">
      {carrierAccount && <OwnAppointments appointments={upcoming.data ?? []} loading={upcoming.isLoading} />}
      <Card>
        <CardHeader title={t('appointments.reschedule.title')} />
        <CardBody>
          {!eligible.length && !upcoming.isLoading ? (
            <p className="text-sm text-slate-500">{t('appointments.reschedule.noneEligible')}</p>
          ) : (
            <form onSubmit={onSubmit} noValidate className="space-y-3">
              <SelectField
                label={t('appointments.reschedule.appointment')}
                placeholder={t('appointments.reschedule.selectAppointment')}
                options={eligible.map((a) => ({
                  value: a.id,
                  label: t('appointments.reschedule.option', {
                    date: format.day(a.scheduledDate),
                    start: a.scheduledTimeStart,
                    end: a.scheduledTimeEnd,
                    party: a.carrierName ?? a.driverName ?? t('appointments.list.guest'),
                    reference: a.bookingReference,
                  }),
                }))}
                {...field('appointmentId')}
              />
              <div className="grid gap-3 sm:grid-cols-3">
                <Field label={t('appointments.reschedule.newDate')} type="date" min={today} {...field('newDate')} />
                <Field
                  label={t('appointments.reschedule.newStart')}
                  type="time"
                  step={900}
                  {...field('newTimeStart')}
                />
                <Field label={t('appointments.reschedule.newEnd')} type="time" step={900} {...field('newTimeEnd')} />
              </div>
              <p className="text-sm" role="status">
                {availability.isFetching ? (
                  <span className="text-slate-500">{t('appointments.reschedule.checking')}</span>
                ) : availability.data?.available ? (
                  <span className="text-green-700">{t('appointments.reschedule.available')}</span>
                ) : availability.data ? (
                  <span className="text-red-600">{t('appointments.reschedule.unavailable')}</span>
                ) : null}
              </p>
              <div className="grid gap-3 sm:grid-cols-2">
                <SelectField
                  label={t('appointments.reschedule.reason')}
                  options={RESCHEDULE_REASONS.map((r) => ({
                    value: r,
                    label: t(`appointments.reschedule.reasons.${r}`),
                  }))}
                  {...field('reason')}
                />
                <SelectField
                  label={t('appointments.reschedule.requestedBy')}
                  options={REQUESTED_BY.map((r) => ({ value: r, label: t(`appointments.reschedule.requesters.${r}`) }))}
                  {...field('requestedBy')}
                />
              </div>
              <TextAreaField label={t('appointments.reschedule.reasonDetails')} {...field('reasonDetails')} />
              <Button type="submit" disabled={request.isPending || unavailable}>
                {request.isPending ? t('appointments.reschedule.submitting') : t('appointments.reschedule.submit')}
              </Button>
            </form>
          )}
        </CardBody>
      </Card>
      <Card>
        <CardHeader title={t('appointments.reschedule.pendingTitle')} />
        <CardBody>
          {!pending.data?.length ? (
            <p className="text-sm text-slate-500">{t('appointments.reschedule.noPending')}</p>
          ) : (
            <ul className="divide-y divide-slate-100" aria-label={t('appointments.reschedule.pendingLabel')}>
              {pending.data.map((r) => (
                <li key={r.id} className="space-y-1 py-3 text-sm">
                  <div className="flex items-center justify-between">
                    <span className="font-semibold">
                      {t('appointments.reschedule.request', { id: r.id.slice(-6) })}
                    </span>
                    <span className="text-slate-500">{r.bookingReference}</span>
                  </div>
                  <div>
                    {format.day(r.originalDate)} {r.originalTimeStart}-{r.originalTimeEnd} →{' '}
                    <strong>
                      {format.day(r.newDate)} {r.newTimeStart}-{r.newTimeEnd}
                    </strong>
                  </div>
                  <div className="text-slate-600">
                    {t(`appointments.reschedule.reasons.${r.reason}`)}: {r.reasonDetails} (
                    {t(`appointments.reschedule.requesters.${r.requestedBy}`)})
                  </div>
                  {canDecide && (
                    <div className="flex gap-2 pt-1">
                      <Button size="sm" onClick={() => approve.mutate({ id: r.id })} disabled={approve.isPending}>
                        {t('appointments.reschedule.approve')}
                      </Button>
                      <Button
                        size="sm"
                        variant="secondary"
                        onClick={() => deny.mutate({ id: r.id })}
                        disabled={deny.isPending}
                      >
                        {t('appointments.reschedule.deny')}
                      </Button>
                    </div>
                  )}
                </li>
              ))}
            </ul>
          )}
        </CardBody>
      </Card>
      {carrierAccount && (
        <div className="lg:col-span-2">
          <ScorecardCard source="carrier" />
        </div>
      )}
    </div>
  );
}

// Changing and cancelling a booking at its hub (issue #59), through the hub's own rules: a change is a
// reschedule request the hub's staff decide, within its cut-offs; its refusal shows under the field it names, or as the hub gave it.
import * as z from 'zod/mini';
import { useForm } from 'react-hook-form';
import { RESCHEDULE_REASONS, rescheduleInputSchema } from '@shared/contracts/reschedules';
import { cancelAppointmentSchema } from '@shared/contracts/appointment-decisions';
import type { NetworkBooking } from '@shared/contracts/carrier-identity';
import { useTranslation } from '../../../lib/i18n/use-translation';
import { Button } from '../../../components/ui/button';
import { Field, TextAreaField } from '../../../components/ui/field';
import { FormActions } from '../../../components/ui/form-actions';
import { SelectField } from '../../../components/ui/select-field';
import { fieldBinder, schemaResolver, showServerFieldErrors } from '../../../lib/form-errors';
import { useCancelBooking, useChangeBooking } from '../api/identity';

// The hub's own cancellation form (its reason rule); the override of the cut-off is staff's alone.
const cancelSchema = z.pick(cancelAppointmentSchema, { reason: true });

/** A change of time is the hub's reschedule request (its cut-offs apply; its staff approve or deny it). */
export function ChangeForm({ booking, onDone }: { booking: NetworkBooking; onDone: () => void }) {
  const { t } = useTranslation();
  const change = useChangeBooking();
  const { appointment } = booking;
  const { register, handleSubmit, formState, setError } = useForm({
    resolver: schemaResolver(rescheduleInputSchema),
    defaultValues: {
      newDate: appointment.scheduledDate,
      newTimeStart: appointment.scheduledTimeStart,
      newTimeEnd: appointment.scheduledTimeEnd,
      reason: 'schedule_change',
      reasonDetails: '',
    },
  });
  const field = fieldBinder({ register, formState });
  const submit = handleSubmit(({ newDate, newTimeStart, newTimeEnd, reason, reasonDetails }) =>
    change.mutate(
      {
        hubId: booking.tenantId,
        id: appointment.id,
        change: { newDate, newTimeStart, newTimeEnd, reason, reasonDetails },
      },
      { onSuccess: onDone, onError: (error) => showServerFieldErrors(error, setError) },
    ),
  );
  return (
    <form onSubmit={submit} noValidate className="space-y-3" aria-label={t('carrierIdentity.change.title')}>
      <p className="text-sm text-slate-600">{t('carrierIdentity.change.intro')}</p>
      <Field label={t('carrierIdentity.change.date')} type="date" {...field('newDate')} />
      <div className="grid grid-cols-2 gap-3">
        <Field label={t('carrierIdentity.change.start')} type="time" step={900} {...field('newTimeStart')} />
        <Field label={t('carrierIdentity.change.end')} type="time" step={900} {...field('newTimeEnd')} />
      </div>
      <SelectField
        label={t('carrierIdentity.change.reason')}
        options={RESCHEDULE_REASONS.map((r) => ({ value: r, label: t(`carrierIdentity.change.reasons.${r}`) }))}
        {...field('reason')}
      />
      <TextAreaField label={t('carrierIdentity.change.details')} {...field('reasonDetails')} />
      <FormActions onCancel={onDone} pending={change.isPending} submitLabel={t('carrierIdentity.change.submit')} />
    </form>
  );
}

export function CancelForm({ booking, onDone }: { booking: NetworkBooking; onDone: () => void }) {
  const { t } = useTranslation();
  const cancel = useCancelBooking();
  const { register, handleSubmit, formState, setError } = useForm({
    resolver: schemaResolver(cancelSchema),
    defaultValues: { reason: '' },
  });
  const field = fieldBinder({ register, formState });
  const submit = handleSubmit(({ reason }) =>
    cancel.mutate(
      { hubId: booking.tenantId, id: booking.appointment.id, reason },
      { onSuccess: onDone, onError: (error) => showServerFieldErrors(error, setError) },
    ),
  );
  return (
    <form onSubmit={submit} noValidate className="space-y-3" aria-label={t('carrierIdentity.bookings.cancel')}>
      <TextAreaField label={t('carrierIdentity.cancel.reason')} {...field('reason')} />
      <div className="flex justify-end gap-2">
        <Button variant="secondary" onClick={onDone}>
          {t('carrierIdentity.cancel.keep')}
        </Button>
        <Button type="submit" variant="danger" disabled={cancel.isPending}>
          {t(cancel.isPending ? 'carrierIdentity.cancel.submitting' : 'carrierIdentity.cancel.submit')}
        </Button>
      </div>
    </form>
  );
}

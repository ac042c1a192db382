// The refusal of a booking awaiting approval: its reason, checked by the same schema as the server's
// (approval-actions.tsx fetches it when a refusal is begun).
import { useForm } from 'react-hook-form';
import { useTranslation } from '../../../lib/i18n/use-translation';
import type * as z from 'zod/mini';
import { refuseBookingSchema, type Appointment } from '@shared/contracts/appointments';
import { Button } from '../../../components/ui/button';
import { TextAreaField } from '../../../components/ui/field';
import { useFormat } from '../../../lib/format';
import { fieldBinder, schemaResolver, showServerFieldErrors } from '../../../lib/form-errors';
import { useRefuseBooking } from '../api/appointments';

type FormInput = z.input<typeof refuseBookingSchema>;
type FormOutput = z.output<typeof refuseBookingSchema>;

export function RefuseForm({
  appointment,
  onClose,
  onRefused,
}: {
  appointment: Appointment;
  onClose: () => void;
  onRefused: (a: Appointment) => void;
}) {
  const { t } = useTranslation();
  const format = useFormat();
  const refuse = useRefuseBooking();
  const { register, handleSubmit, formState, setError } = useForm<FormInput, unknown, FormOutput>({
    resolver: schemaResolver(refuseBookingSchema),
    defaultValues: { reason: '', revision: appointment.revision ?? 0 },
  });
  const field = fieldBinder({ register, formState });
  return (
    <form
      noValidate
      className="space-y-3"
      onSubmit={handleSubmit((values) =>
        refuse.mutate(
          { id: appointment.id, ...values },
          { onSuccess: () => onRefused(appointment), onError: (error) => showServerFieldErrors(error, setError) },
        ),
      )}
    >
      <p className="text-sm text-slate-700">
        {t('appointments.approval.refuseText', {
          carrier: appointment.carrierName ?? '—',
          date: format.day(appointment.scheduledDate),
          time: appointment.scheduledTimeStart,
          reference: appointment.bookingReference,
        })}
      </p>
      <TextAreaField label={t('appointments.approval.reason')} {...field('reason')} />
      <div className="flex justify-end gap-2">
        <Button variant="secondary" onClick={onClose}>
          {t('appointments.approval.keep')}
        </Button>
        <Button type="submit" variant="danger" disabled={refuse.isPending}>
          {refuse.isPending ? t('appointments.approval.pending') : t('appointments.approval.submit')}
        </Button>
      </div>
    </form>
  );
}

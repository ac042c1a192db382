// The confirmation before an appointment is cancelled (scheduling list and driver app): what is
// cancelled and the reason, validated by the shared schema. The screen owns the mutation and its
// toasts, since the row or card that opened the dialog goes away once the list refreshes.
import { useForm } from 'react-hook-form';
import { useTranslation } from '../../../lib/i18n/use-translation';
import type * as z from 'zod/mini';
import { cancelAppointmentSchema, type Appointment } from '@shared/contracts/appointments';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { TextAreaField } from '../../../components/ui/field';
import { useFormat } from '../../../lib/format';
import { fieldBinder, schemaResolver } from '../../../lib/form-errors';

type FormInput = z.input<typeof cancelAppointmentSchema>;
type FormOutput = z.output<typeof cancelAppointmentSchema>;

export function CancelAppointmentDialog({
  appointment,
  pending,
  onClose,
  onConfirm,
}: {
  appointment: Appointment | null;
  pending: boolean;
  onClose: () => void;
  onConfirm: (reason: string) => void;
}) {
  const { t } = useTranslation();
  return (
    <Dialog open={Boolean(appointment)} onClose={onClose} title={t('cancelAppointment.title')}>
      {appointment && (
        <CancelForm
          key={appointment.id}
          appointment={appointment}
          pending={pending}
          onClose={onClose}
          onConfirm={onConfirm}
        />
      )}
    </Dialog>
  );
}

function CancelForm({
  appointment,
  pending,
  onClose,
  onConfirm,
}: {
  appointment: Appointment;
  pending: boolean;
  onClose: () => void;
  onConfirm: (reason: string) => void;
}) {
  const { t } = useTranslation();
  const format = useFormat();
  const { register, handleSubmit, formState } = useForm<FormInput, unknown, FormOutput>({
    resolver: schemaResolver(cancelAppointmentSchema),
    defaultValues: { reason: '' },
  });
  const field = fieldBinder({ register, formState });
  return (
    <form onSubmit={handleSubmit((values) => onConfirm(values.reason))} noValidate className="space-y-3">
      <p className="text-sm text-slate-700">
        {t('cancelAppointment.confirm', {
          date: format.day(appointment.scheduledDate),
          time: appointment.scheduledTimeStart,
          reference: appointment.bookingReference,
        })}
      </p>
      <TextAreaField label={t('cancelAppointment.reason')} {...field('reason')} />
      <div className="flex justify-end gap-2">
        <Button variant="secondary" onClick={onClose}>
          {t('cancelAppointment.keep')}
        </Button>
        <Button type="submit" variant="danger" disabled={pending}>
          {pending ? t('cancelAppointment.pending') : t('cancelAppointment.submit')}
        </Button>
      </div>
    </form>
  );
}

// Staff's decision on a carrier's booking awaiting approval (issue #32): Approve at once, or Refuse
// with a reason in a dialog (the shared schema's messages under the field, the server's too, what was
// typed kept). The toasts are raised here at screen level: the row goes once the list refreshes.
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from '../../../lib/i18n/use-translation';
import type * as z from 'zod';
import { refuseBookingSchema, type Appointment } from '@shared/contracts/appointments';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { TextAreaField } from '../../../components/ui/field';
import { useFormat } from '../../../lib/format';
import { useToast } from '../../../lib/toast';
import { fieldBinder, schemaResolver, showServerFieldErrors } from '../../../lib/form-errors';
import { useApproveBooking, useRefuseBooking } from '../api/appointments';

type FormInput = z.input<typeof refuseBookingSchema>;
type FormOutput = z.output<typeof refuseBookingSchema>;

/** The Approve and Refuse buttons of a row, and the one refusal dialog of the list. */
export function useApprovalFlow() {
  const { t } = useTranslation();
  const format = useFormat();
  const { toast } = useToast();
  const approve = useApproveBooking();
  const [refusing, setRefusing] = useState<Appointment | null>(null);
  const when = (a: Appointment) => ({ date: format.day(a.scheduledDate), time: a.scheduledTimeStart });
  const actions = (a: Appointment) => (
    <>
      <Button
        size="sm"
        disabled={approve.isPending}
        onClick={() =>
          approve.mutate(
            { id: a.id, revision: a.revision ?? 0 },
            {
              onSuccess: () =>
                toast({
                  title: t('appointments.approval.approvedTitle'),
                  description: t('appointments.approval.approved', when(a)),
                }),
            },
          )
        }
      >
        {t('appointments.approval.approve')}
      </Button>
      <Button size="sm" variant="danger" onClick={() => setRefusing(a)}>
        {t('appointments.approval.refuse')}
      </Button>
    </>
  );
  const dialog = (
    <Dialog open={Boolean(refusing)} onClose={() => setRefusing(null)} title={t('appointments.approval.refuseTitle')}>
      {refusing && (
        <RefuseForm
          key={refusing.id}
          appointment={refusing}
          onClose={() => setRefusing(null)}
          onRefused={(a) => {
            setRefusing(null);
            toast({
              title: t('appointments.approval.refusedTitle'),
              description: t('appointments.approval.refused', when(a)),
            });
          }}
        />
      )}
    </Dialog>
  );
  return { actions, dialog };
}

function RefuseForm({
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

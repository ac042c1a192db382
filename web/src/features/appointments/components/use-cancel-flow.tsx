// Cancelling from a list (scheduling, driver app): which appointment the dialog is open for, the
// mutation, and its success toast raised here at screen level, since the row that opened the dialog
// goes away once the list refreshes.
import { useState } from 'react';
import { useTranslation } from '../../../lib/i18n/use-translation';
import type { Appointment } from '@shared/contracts/appointments';
import { useToast } from '../../../lib/toast';
import { useFormat } from '../../../lib/format';
import { loadLater } from '../../../lib/load-later';
import { useCancelAppointment } from '../api/appointments';

// Its form is fetched when a cancel is first asked for, not with the list that offers it.
const CancelAppointmentDialog = loadLater(
  async () => (await import('./cancel-appointment-dialog')).CancelAppointmentDialog,
  { fallback: null },
);

export function useCancelFlow() {
  const { t } = useTranslation();
  const format = useFormat();
  const { toast } = useToast();
  const cancel = useCancelAppointment();
  const [cancelling, setCancelling] = useState<Appointment | null>(null);
  // Once opened, the dialog stays mounted, so that closing it gives the focus back to its button.
  const [asked, setAsked] = useState(false);
  const confirm = (a: Appointment, reason: string) =>
    cancel.mutate(
      { id: a.id, reason },
      {
        onSuccess: () => {
          setCancelling(null);
          toast({
            title: t('cancelAppointment.successTitle'),
            description: t('cancelAppointment.success', {
              date: format.day(a.scheduledDate),
              time: a.scheduledTimeStart,
            }),
          });
        },
      },
    );
  const open = (a: Appointment) => {
    setAsked(true);
    setCancelling(a);
  };
  const dialog = asked ? (
    <CancelAppointmentDialog
      appointment={cancelling}
      pending={cancel.isPending}
      onClose={() => setCancelling(null)}
      onConfirm={(reason) => cancelling && confirm(cancelling, reason)}
    />
  ) : null;
  return { open, dialog };
}

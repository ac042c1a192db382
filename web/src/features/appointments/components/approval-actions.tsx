// Staff's decision on a carrier's booking awaiting approval (issue #32): Approve at once, or Refuse
// with a reason in a dialog (the shared schema's messages under the field, the server's too, what was
// typed kept). The toasts are raised here at screen level: the row goes once the list refreshes.
import { useState } from 'react';
import { useTranslation } from '../../../lib/i18n/use-translation';
import type { Appointment } from '@shared/contracts/appointments';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { useFormat } from '../../../lib/format';
import { useToast } from '../../../lib/toast';
import { loadLater } from '../../../lib/load-later';
import { useApproveBooking } from '../api/appointments';

// The refusal's form (react-hook-form and the schema) is fetched when a refusal is first begun.
const RefuseForm = loadLater(async () => (await import('./refuse-form')).RefuseForm, { fallback: null });

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
      <Button
        size="sm"
        variant="danger"
        onPointerEnter={RefuseForm.preload}
        onFocus={RefuseForm.preload}
        onClick={() => setRefusing(a)}
      >
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

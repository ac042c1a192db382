// Quick Actions' "Report Issue": the dialog and its form, fetched when first opened (quick-actions.tsx).
import { useTranslation } from '../../../lib/i18n/use-translation';
import { useForm } from 'react-hook-form';
import type * as z from 'zod/mini';
import { issueReportFormSchema, type Appointment } from '@shared/contracts/appointments';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { TextAreaField } from '../../../components/ui/field';
import { SelectField } from '../../../components/ui/select-field';
import { useReportIssue } from '../../appointments';
import { fieldBinder, schemaResolver, showServerFieldErrors } from '../../../lib/form-errors';

export function IssueReportDialog({
  open,
  onClose,
  appointments,
}: {
  open: boolean;
  onClose: () => void;
  appointments: Appointment[];
}) {
  const { t } = useTranslation();
  const report = useReportIssue();
  const form = useForm<z.input<typeof issueReportFormSchema>, unknown, z.output<typeof issueReportFormSchema>>({
    resolver: schemaResolver(issueReportFormSchema),
    defaultValues: { appointmentId: '', description: '' },
  });
  const field = fieldBinder(form);
  return (
    <Dialog open={open} onClose={onClose} title={t('insights.quickActions.reportIssue')}>
      <form
        className="space-y-3"
        noValidate
        onSubmit={form.handleSubmit((values) =>
          report.mutate(values, {
            onSuccess: () => {
              onClose();
              form.reset();
            },
            onError: (error) => showServerFieldErrors(error, form.setError),
          }),
        )}
      >
        <SelectField
          label={t('insights.quickActions.appointment')}
          placeholder={t('insights.quickActions.selectAppointment')}
          {...field('appointmentId')}
          options={appointments.map((a) => ({
            value: a.id,
            label: `${a.scheduledTimeStart} · ${a.carrierName ?? a.driverName ?? t('insights.schedule.guest')} · ${a.bookingReference}`,
          }))}
        />
        <TextAreaField label={t('insights.quickActions.whatHappened')} {...field('description')} />
        <div className="flex justify-end gap-2">
          <Button variant="secondary" onClick={onClose}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" disabled={report.isPending}>
            {t('insights.quickActions.recordIssue')}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}

import { useState } from 'react';
import { useTranslation } from '../../../lib/i18n/use-translation';
import { useForm } from 'react-hook-form';
import type * as z from 'zod';
import { issueReportFormSchema } from '@shared/contracts/appointments';
import { useNavigate } from 'react-router-dom';
import { AlertTriangle, ClipboardCheck, Download } from 'lucide-react';
import { Button } from '../../../components/ui/button';
import { Card, CardBody, CardHeader } from '../../../components/ui/card';
import { Dialog } from '../../../components/ui/dialog';
import { TextAreaField } from '../../../components/ui/field';
import { SelectField } from '../../../components/ui/select-field';
import { useReportIssue, useTodaysSchedule } from '../../appointments';
import { useToast } from '../../../lib/toast';
import { useSession } from '../../../lib/session';
import { SendSmsUpdateButton } from '../../messaging';
import { fieldBinder, schemaResolver, showServerFieldErrors } from '../../../lib/form-errors';

/** Downloads today's daily report (CSV) from the server. */
export function useExportDailyReport() {
  const { t } = useTranslation();
  const { toast } = useToast();
  return () => {
    const link = document.createElement('a');
    link.href = '/api/dashboard/daily-report';
    link.download = '';
    document.body.appendChild(link);
    link.click();
    link.remove();
    toast({
      title: t('insights.quickActions.exportStarted'),
      description: t('insights.quickActions.exportStartedText'),
    });
  };
}

export function QuickActions() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const exportReport = useExportDailyReport();
  const schedule = useTodaysSchedule();
  const report = useReportIssue();
  const [open, setOpen] = useState(false);
  const { hasPermission } = useSession();
  const form = useForm<z.input<typeof issueReportFormSchema>, unknown, z.output<typeof issueReportFormSchema>>({
    resolver: schemaResolver(issueReportFormSchema),
    defaultValues: { appointmentId: '', description: '' },
  });
  const field = fieldBinder(form);
  return (
    <Card>
      <CardHeader title={t('insights.quickActions.title')} />
      <CardBody className="grid gap-2">
        {hasPermission('messaging:send') && <SendSmsUpdateButton appointments={schedule.data ?? []} />}
        <Button variant="secondary" onClick={() => navigate('/checkin')}>
          <ClipboardCheck className="h-4 w-4" aria-hidden /> {t('insights.quickActions.manualCheckin')}
        </Button>
        <Button variant="secondary" onClick={() => setOpen(true)}>
          <AlertTriangle className="h-4 w-4" aria-hidden /> {t('insights.quickActions.reportIssue')}
        </Button>
        <Button variant="secondary" onClick={exportReport}>
          <Download className="h-4 w-4" aria-hidden /> {t('insights.quickActions.exportDaily')}
        </Button>
      </CardBody>
      <Dialog open={open} onClose={() => setOpen(false)} title={t('insights.quickActions.reportIssue')}>
        <form
          className="space-y-3"
          noValidate
          onSubmit={form.handleSubmit((values) =>
            report.mutate(values, {
              onSuccess: () => {
                setOpen(false);
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
            options={(schedule.data ?? []).map((a) => ({
              value: a.id,
              label: `${a.scheduledTimeStart} · ${a.carrierName ?? a.driverName ?? t('insights.schedule.guest')} · ${a.bookingReference}`,
            }))}
          />
          <TextAreaField label={t('insights.quickActions.whatHappened')} {...field('description')} />
          <div className="flex justify-end gap-2">
            <Button variant="secondary" onClick={() => setOpen(false)}>
              {t('common.cancel')}
            </Button>
            <Button type="submit" disabled={report.isPending}>
              {t('insights.quickActions.recordIssue')}
            </Button>
          </div>
        </form>
      </Dialog>
    </Card>
  );
}

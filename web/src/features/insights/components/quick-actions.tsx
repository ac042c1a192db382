import { useState } from 'react';
import { useTranslation } from '../../../lib/i18n/use-translation';
import { useNavigate } from 'react-router-dom';
import { AlertTriangle, ClipboardCheck, Download } from 'lucide-react';
import { Button } from '../../../components/ui/button';
import { Card, CardBody, CardHeader } from '../../../components/ui/card';
import { useTodaysSchedule } from '../../appointments';
import { useToast } from '../../../lib/toast';
import { useSession } from '../../../lib/session';
import { SendSmsUpdateButton } from '../../messaging';
import { loadLater } from '../../../lib/load-later';

// The issue report's form (react-hook-form and the schema) is fetched when it is first wanted.
const IssueReportDialog = loadLater(async () => (await import('./issue-report-dialog')).IssueReportDialog, {
  fallback: null,
});

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
  const [open, setOpen] = useState(false);
  // Mounted from its first opening on, so closing and reopening keeps what was typed.
  const [reportShown, setReportShown] = useState(false);
  const { hasPermission } = useSession();
  return (
    <Card>
      <CardHeader title={t('insights.quickActions.title')} />
      <CardBody className="grid gap-2">
        {hasPermission('messaging:send') && <SendSmsUpdateButton appointments={schedule.data ?? []} />}
        <Button variant="secondary" onClick={() => navigate('/checkin')}>
          <ClipboardCheck className="h-4 w-4" aria-hidden /> {t('insights.quickActions.manualCheckin')}
        </Button>
        <Button
          variant="secondary"
          onPointerEnter={IssueReportDialog.preload}
          onFocus={IssueReportDialog.preload}
          onClick={() => {
            setReportShown(true);
            setOpen(true);
          }}
        >
          <AlertTriangle className="h-4 w-4" aria-hidden /> {t('insights.quickActions.reportIssue')}
        </Button>
        <Button variant="secondary" onClick={exportReport}>
          <Download className="h-4 w-4" aria-hidden /> {t('insights.quickActions.exportDaily')}
        </Button>
      </CardBody>
      {reportShown && (
        <IssueReportDialog open={open} onClose={() => setOpen(false)} appointments={schedule.data ?? []} />
      )}
    </Card>
  );
}

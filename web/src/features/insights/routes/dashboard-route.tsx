// The operations dashboard (/ for staff): figures, today's schedule, notifications, quick actions,
// the live yard and the gate. A panel is shown only to a role that may read what it loads, so no
// panel can show a load error for a refused read.
import { Link, useLocation } from 'react-router-dom';
import { useTranslation } from '../../../lib/i18n/use-translation';
import { Download, Plus } from 'lucide-react';
import { actsForAll } from '@shared/access';
import { Button, buttonClasses } from '../../../components/ui/button';
import { MessagingCenterButton } from '../../messaging';
import { SetupChecklist } from '../../tenancy';
import { displayName, useSession } from '../../../lib/session';
import { LiveNotifications } from '../components/live-notifications';
import { MetricCards } from '../components/metric-cards';
import { QuickActions, useExportDailyReport } from '../components/quick-actions';
import { TodaysSchedule } from '../components/todays-schedule';
import { loadLater } from '../../../lib/load-later';

// The yard and the check-in panel close their columns: their code (the yard's, the check-ins') is
// fetched after the first paint, and nothing below them moves when they come (issue #34: a signed-in
// first screen loads at most 120 KB).
const YardLayout = loadLater(async () => (await import('../../yard')).YardLayout, { fallback: null });
const CheckinPanel = loadLater(async () => (await import('../components/checkin-panel')).CheckinPanel, {
  fallback: null,
});
// The default facility's holding queue (issue #58.3), last in its column for the same reason.
const HoldingQueueCard = loadLater(async () => (await import('../../holding')).HoldingQueueCard, {
  fallback: null,
});
// Today's dwell and detention (issue #57.4), last in its column for the same reason.
const DwellTodayCard = loadLater(async () => (await import('../components/dwell-figures')).DwellTodayCard, {
  fallback: null,
});

export function DashboardRoute() {
  const { t } = useTranslation();
  const { user, hasPermission } = useSession();
  const exportReport = useExportDailyReport();
  const canAct = Boolean(user && actsForAll(user));
  // The first screen after sign-up greets a newcomer, not a returning user (issue #53, item 7).
  const firstVisit = (useLocation().state as { firstVisit?: boolean } | null)?.firstVisit === true;
  const name = displayName(user, t('common.user'));
  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <div>
          <h1 className="text-2xl font-bold">
            {firstVisit ? t('insights.dashboard.firstGreeting', { name }) : t('home.greeting', { name })}
          </h1>
          <p className="text-slate-600">
            {firstVisit ? t('insights.dashboard.firstSubtitle') : t('insights.dashboard.subtitle')}
          </p>
        </div>
        <div className="flex flex-wrap gap-2">
          {hasPermission('messaging:send') && <MessagingCenterButton />}
          {hasPermission('appointments:book') && (
            <Link to="/booking" className={buttonClasses('primary')}>
              <Plus className="h-4 w-4" aria-hidden /> {t('insights.dashboard.newAppointment')}
            </Link>
          )}
          <Button variant="secondary" onClick={exportReport}>
            <Download className="h-4 w-4" aria-hidden /> {t('insights.dashboard.exportReport')}
          </Button>
        </div>
      </div>
      {hasPermission('facilities:write') && <SetupChecklist />}
      <MetricCards />
      <div className="grid gap-4 lg:grid-cols-3">
        <div className="space-y-4 lg:col-span-2">
          <TodaysSchedule canChange={canAct} />
          {hasPermission('yard:read') && <YardLayout canEdit={hasPermission('yard:write')} />}
          <DwellTodayCard />
        </div>
        <div className="space-y-4">
          <LiveNotifications />
          {canAct && <QuickActions />}
          {hasPermission('checkins:read') && <CheckinPanel canGenerate={hasPermission('checkins:write')} />}
          {hasPermission('yard:read') && <HoldingQueueCard canConfigure={hasPermission('settings:configure')} />}
        </div>
      </div>
    </div>
  );
}

// Every route of the spec: public pages, the session-dependent home, and the signed-in screens,
// each inside the shell its role gets.
import type { ReactNode } from 'react';
import { Route, Routes } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { Notice } from '../components/ui/notice';
import { Spinner } from '../components/ui/spinner';
import { LoginRoute } from '../features/auth/routes/login-route';
import { useSession } from '../lib/session';
import { LandingRoute } from '../features/landing/routes/landing-route';
import { StaffHomeRoute } from '../features/home/routes/staff-home-route';
import { TestAuthRoute } from '../features/test-auth/routes/test-auth-route';
import { StaticPageRoute } from '../features/pages/routes/static-page-route';
import { NotFoundRoute } from '../features/not-found/routes/not-found-route';
import { FacilitiesRoute } from '../features/facilities/routes/facilities-route';
import { CarriersRoute } from '../features/carriers/routes/carriers-route';
import { ConfigurationRoute } from '../features/facilities/routes/configuration-route';
import { SchedulingRoute } from '../features/appointments/routes/scheduling-route';
import { BookingRoute } from '../features/appointments/routes/booking-route';
import { RescheduleRoute } from '../features/appointments/routes/reschedule-route';
import { DashboardRoute } from '../features/dashboard/routes/dashboard-route';
import { CheckinRoute } from '../features/checkin/routes/checkin-route';
import { DriverDashboardRoute } from '../features/driver/routes/driver-dashboard-route';
import { YardRoute } from '../features/yard/routes/yard-route';
import { AnalyticsRoute } from '../features/analytics/routes/analytics-route';
import { QrCheckinRoute } from '../features/qr-checkin/routes/qr-checkin-route';
import { UsersRoute } from '../features/users/routes/users-route';
import { PendingAccount, RequireAuth, type GuardVariant } from './guards';
import { DriverShell } from './shells/driver-shell';
import { isDriver, RoleShell } from './shells/role-shell';
import { StaffShell } from './shells/staff-shell';

export const STATIC_PAGES = ['features', 'mobile-app', 'messaging', 'security', 'support', 'help-center', 'documentation', 'training', 'contact', 'about', 'careers', 'partners', 'legal'] as const;

function ComingSoon() {
  const { t } = useTranslation();
  return <Notice title={t('common.comingSoonTitle')}>{t('common.comingSoon')}</Notice>;
}

type ShellRule = 'staff' | 'driver' | 'by-role';

interface Screen {
  path: string;
  element: ReactNode;
  /** 'by-role': the driver shell for the driver role, the staff shell for everyone else. */
  shell: ShellRule;
  guard?: GuardVariant;
}

const SCREENS: Screen[] = [
  { path: '/scheduling', element: <SchedulingRoute />, shell: 'staff' },
  { path: '/booking', element: <BookingRoute />, shell: 'by-role' },
  { path: '/reschedule', element: <RescheduleRoute />, shell: 'by-role' },
  { path: '/checkin', element: <CheckinRoute />, shell: 'by-role' },
  { path: '/driver', element: <DriverDashboardRoute />, shell: 'driver', guard: 'authRequired' },
  { path: '/yard', element: <YardRoute />, shell: 'staff' },
  { path: '/analytics', element: <AnalyticsRoute />, shell: 'staff' },
  { path: '/integrations', element: <ComingSoon />, shell: 'staff' },
  { path: '/users', element: <UsersRoute />, shell: 'staff' },
  { path: '/facilities', element: <FacilitiesRoute />, shell: 'staff' },
  { path: '/carriers', element: <CarriersRoute />, shell: 'staff' },
  { path: '/wms', element: <ComingSoon />, shell: 'staff' },
  { path: '/configuration', element: <ConfigurationRoute />, shell: 'staff' },
  { path: '/test-auth', element: <TestAuthRoute />, shell: 'by-role', guard: 'authRequired' },
];

function Shell({ rule, children }: { rule: ShellRule; children: ReactNode }) {
  if (rule === 'by-role') return <RoleShell>{children}</RoleShell>;
  return rule === 'driver' ? <DriverShell>{children}</DriverShell> : <StaffShell>{children}</StaffShell>;
}

function HomeRoute() {
  const { t } = useTranslation();
  const { user, isLoading } = useSession();
  if (isLoading) return <Spinner label={t('common.loading')} />;
  if (!user) return <LandingRoute />;
  if (user.status !== 'active') return <PendingAccount />;
  if (isDriver(user)) {
    return (
      <DriverShell>
        <DriverDashboardRoute />
      </DriverShell>
    );
  }
  return (
    <StaffShell>{user.permissions.includes('dashboard:read') ? <DashboardRoute /> : <StaffHomeRoute />}</StaffShell>
  );
}

export function AppRoutes() {
  return (
    <Routes>
      <Route path="/" element={<HomeRoute />} />
      <Route path="/checkin/qr" element={<QrCheckinRoute />} />
      {['/login', '/register', '/auth'].map((path) => (
        <Route key={path} path={path} element={<LoginRoute />} />
      ))}
      {STATIC_PAGES.map((slug) => (
        <Route key={slug} path={`/${slug}`} element={<StaticPageRoute slug={slug} />} />
      ))}
      {SCREENS.map((screen) => (
        <Route
          key={screen.path}
          path={screen.path}
          element={
            <RequireAuth variant={screen.guard}>
              <Shell rule={screen.shell}>{screen.element}</Shell>
            </RequireAuth>
          }
        />
      ))}
      <Route path="*" element={<NotFoundRoute />} />
    </Routes>
  );
}

// Every route of the spec: public pages, the session-dependent home, and the signed-in screens,
// each inside the shell its role gets. Paths come from shared/navigation.ts; each feature's code is
// loaded the first time one of its screens is shown.
import { isValidElement, Suspense, useCallback, type ComponentProps, type ComponentType, type ReactNode } from 'react';
import { matchPath, Route, Routes } from 'react-router-dom';
import { useTranslation } from '../lib/i18n/use-translation';
import { PATHS, STATIC_PAGES } from '@shared/navigation';
import { Spinner } from '../components/ui/spinner';
import { SESSION_KEY, useSession } from '../lib/session';
import { PendingAccount, RequireAuth, type GuardVariant } from './guards';
import type { SessionUser } from '@shared/contracts/auth';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
// Not through the features' index: only their first screen's query (a few hundred bytes each) joins
// the entry, not the screens.
import { driverBoardQuery } from '../features/driver/api/board';
import { yardQuery } from '../features/yard/api/overview';
import { checkinsQuery } from '../features/checkins/api/checkins-query';
import { facilityChoicesQuery } from '../features/gate/api/facility-choices';
import { DriverShell, preloadShell, StaffShell } from './shells/lazy';
import { isDriver, RoleShell } from './shells/role-shell';
import { ScreenPreload, type PreloadScreen } from './screen-link';
import { loadLater } from '../lib/load-later';

// The screens of the route table, each a lazily loaded part of its feature, through the feature's
// index.ts: its code is fetched the first time it is shown, or earlier when preloaded.
type Preloadable = { preload?: () => Promise<void> | void };

/** One screen (whatever its props) of a lazily loaded feature module, through its index.ts; `preload`
 * starts fetching its code before it is rendered (preloadScreen below). */
// Screens differ in their props and React's lazy() takes a component of any props.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
function screen<K extends string, M extends Record<K, ComponentType<any>>>(load: () => Promise<M>, name: K) {
  return loadLater<ComponentProps<M[K]>>(async () => {
    const component = (await load())[name];
    // A screen the feature itself fetches when shown (lib/load-later.ts): its code too, now, not on render.
    void (component as Preloadable).preload?.();
    return component;
  });
}
const preloadElement = async (element: ReactNode) => {
  if (isValidElement(element)) await (element.type as Preloadable).preload?.();
};

const appointments = () => import('../features/appointments');
const facilities = () => import('../features/facilities');
const checkins = () => import('../features/checkins');
const insights = () => import('../features/insights');

const LoginRoute = screen(() => import('../features/auth'), 'LoginRoute');
const LandingRoute = screen(() => import('../features/landing'), 'LandingRoute');
const StaffHomeRoute = screen(() => import('../features/home'), 'StaffHomeRoute');
const TestAuthRoute = screen(() => import('../features/test-auth'), 'TestAuthRoute');
const StaticPageRoute = screen(() => import('../features/pages'), 'StaticPageRoute');
const LegalDocumentRoute = screen(() => import('../features/pages'), 'LegalDocumentRoute');
const NotFoundRoute = screen(() => import('../features/not-found'), 'NotFoundRoute');
const FacilitiesRoute = screen(facilities, 'FacilitiesRoute');
const ConfigurationRoute = screen(facilities, 'ConfigurationRoute');
const CarriersRoute = screen(() => import('../features/carriers'), 'CarriersRoute');
const SchedulingRoute = screen(appointments, 'SchedulingRoute');
const BookingRoute = screen(appointments, 'BookingRoute');
const RescheduleRoute = screen(appointments, 'RescheduleRoute');
const StandingAppointmentsRoute = screen(() => import('../features/series'), 'StandingAppointmentsRoute');
const DashboardRoute = screen(insights, 'DashboardRoute');
const AnalyticsRoute = screen(insights, 'AnalyticsRoute');
const CheckinRoute = screen(checkins, 'CheckinRoute');
const QrCheckinRoute = screen(checkins, 'QrCheckinRoute');
const DriverDashboardRoute = screen(() => import('../features/driver'), 'DriverDashboardRoute');
const YardRoute = screen(() => import('../features/yard'), 'YardRoute');
const YardTasksRoute = screen(() => import('../features/yard'), 'YardTasksRoute');
const WmsRoute = screen(() => import('../features/wms'), 'WmsRoute');
const UsersRoute = screen(() => import('../features/users'), 'UsersRoute');
const SignupRoute = screen(() => import('../features/tenancy'), 'SignupRoute');
const InviteRoute = screen(() => import('../features/tenancy'), 'InviteRoute');
const IntegrationsRoute = screen(() => import('../features/integrations'), 'IntegrationsRoute');
const GateRoute = screen(() => import('../features/gate'), 'GateRoute');
const ReslotRoute = screen(() => import('../features/trips'), 'ReslotRoute');
const ChoicesRoute = screen(() => import('../features/privacy'), 'ChoicesRoute');
const PassRoute = screen(() => import('../features/passes'), 'PassRoute');
// /verify/<hash>: the public check of a detention evidence pack's code (issue #57).
const VerifyRoute = screen(() => import('../features/detention'), 'VerifyRoute');
const StatementsRoute = screen(() => import('../features/detention'), 'StatementsRoute');
// /door-plan: the planner's proposed door plan beside today's (issue #58.2).
const PlannerRoute = screen(() => import('../features/planner'), 'PlannerRoute');
// /book/<token>: a facility link's landing page, or a booking link's page (issue #32).
const BookRoute = screen(() => import('../features/booking-links'), 'BookRoute');
const BookingLinksPanel = screen(() => import('../features/booking-links'), 'BookingLinksPanel');
// A platform carrier (issue #59): its sign-in, its hubs, bookings and drivers, and its driver's pass wallet.
const carrierIdentity = () => import('../features/carrier-identity');
const CarrierSignInRoute = screen(carrierIdentity, 'CarrierSignInRoute');
const MyHubsRoute = screen(carrierIdentity, 'MyHubsRoute');
const HubBookingsRoute = screen(carrierIdentity, 'HubBookingsRoute');
const CarrierDriversRoute = screen(carrierIdentity, 'CarrierDriversRoute');
const PassWalletRoute = screen(carrierIdentity, 'PassWalletRoute');

/** Where a screen's code is still loading. */
function Loading({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  return <Suspense fallback={<Spinner label={t('common.loading')} />}>{children}</Suspense>;
}

type ShellRule = 'staff' | 'driver' | 'by-role';

interface Screen {
  path: string;
  element: ReactNode;
  /** 'by-role': the driver shell for the driver role, the staff shell for everyone else. */
  shell: ShellRule;
  /** The first screen's data, asked for beside its code when a signed-in user opens it. */
  data?: (queryClient: QueryClient) => Promise<void>;
  guard?: GuardVariant;
}

const SCREENS: Screen[] = [
  { path: PATHS.scheduling, element: <SchedulingRoute />, shell: 'staff' },
  { path: PATHS.standing, element: <StandingAppointmentsRoute />, shell: 'staff' },
  { path: PATHS.booking, element: <BookingRoute />, shell: 'by-role' },
  { path: PATHS.reschedule, element: <RescheduleRoute />, shell: 'by-role' },
  {
    path: PATHS.checkin,
    element: <CheckinRoute />,
    shell: 'by-role',
    data: (client) => client.prefetchQuery(checkinsQuery),
  },
  {
    path: PATHS.gate,
    element: <GateRoute />,
    shell: 'staff',
    // The device's settings, kit and outbox come from IndexedDB, in a chunk the screen needs anyway.
    data: async (client) => {
      const device = import('../features/gate/device-queries');
      await Promise.all([client.prefetchQuery(facilityChoicesQuery), (await device).prefetchGateDevice(client)]);
    },
  },
  { path: PATHS.driver, element: <DriverDashboardRoute />, shell: 'driver', guard: 'authRequired' },
  { path: PATHS.yard, element: <YardRoute />, shell: 'staff', data: (client) => client.prefetchQuery(yardQuery) },
  { path: PATHS.doorPlan, element: <PlannerRoute />, shell: 'staff' },
  // Yard staff's moves on a phone (issue #58.4); the list is read for the yard view's facility.
  {
    path: PATHS.yardTasks,
    element: <YardTasksRoute />,
    shell: 'staff',
    data: (client) => client.prefetchQuery(yardQuery),
  },
  { path: PATHS.analytics, element: <AnalyticsRoute />, shell: 'staff' },
  { path: PATHS.statements, element: <StatementsRoute />, shell: 'by-role', guard: 'authRequired' },
  { path: PATHS.integrations, element: <IntegrationsRoute />, shell: 'staff' },
  { path: PATHS.users, element: <UsersRoute />, shell: 'staff' },
  { path: PATHS.facilities, element: <FacilitiesRoute />, shell: 'staff' },
  { path: PATHS.carriers, element: <CarriersRoute />, shell: 'staff' },
  { path: PATHS.wms, element: <WmsRoute />, shell: 'staff' },
  { path: `${PATHS.wms}/:tab`, element: <WmsRoute />, shell: 'staff' },
  {
    path: PATHS.configuration,
    element: (
      <ConfigurationRoute
        facilitySections={(facilityId) => (
          <Suspense fallback={null}>
            <BookingLinksPanel facilityId={facilityId} />
          </Suspense>
        )}
      />
    ),
    shell: 'staff',
  },
  { path: PATHS.testAuth, element: <TestAuthRoute />, shell: 'by-role', guard: 'authRequired' },
  { path: PATHS.myHubs, element: <MyHubsRoute />, shell: 'staff', guard: 'authRequired' },
  { path: PATHS.hubBookings, element: <HubBookingsRoute />, shell: 'staff', guard: 'authRequired' },
  { path: PATHS.carrierDrivers, element: <CarrierDriversRoute />, shell: 'staff', guard: 'authRequired' },
  { path: PATHS.passWallet, element: <PassWalletRoute />, shell: 'driver', guard: 'authRequired' },
];

/** A platform carrier's person (issue #59): the owner's and dispatcher's home is "My hubs", a driver's the wallet. */
const carrierHome = (user: SessionUser) =>
  user.permissions.includes('identity:wallet')
    ? PassWalletRoute
    : user.permissions.includes('identity:read')
      ? MyHubsRoute
      : null;

function Shell({ rule, children }: { rule: ShellRule; children: ReactNode }) {
  const page = <Loading>{children}</Loading>;
  // The outer Suspense waits for the shell's own code (shells/lazy.ts), the inner one for the screen's.
  if (rule === 'by-role')
    return (
      <Loading>
        <RoleShell>{page}</RoleShell>
      </Loading>
    );
  return <Loading>{rule === 'driver' ? <DriverShell>{page}</DriverShell> : <StaffShell>{page}</StaffShell>}</Loading>;
}

function HomeRoute() {
  const { t } = useTranslation();
  const { user, isLoading } = useSession();
  if (isLoading) return <Spinner label={t('common.loading')} />;
  if (!user)
    return (
      <Loading>
        <LandingRoute />
      </Loading>
    );
  if (user.status !== 'active') return <PendingAccount />;
  if (user.permissions.includes('identity:wallet'))
    return (
      <Shell rule="driver">
        <PassWalletRoute />
      </Shell>
    );
  if (user.permissions.includes('identity:read'))
    return (
      <Shell rule="staff">
        <MyHubsRoute />
      </Shell>
    );
  if (isDriver(user))
    return (
      <Shell rule="driver">
        <DriverDashboardRoute />
      </Shell>
    );
  return (
    <Shell rule="staff">{user.permissions.includes('dashboard:read') ? <DashboardRoute /> : <StaffHomeRoute />}</Shell>
  );
}

/**
 * Starts fetching the code of the screen at `pathname` (and its shell) while the session is still
 * being asked for, instead of after it: main.tsx calls it at start with what the signed-in hint cookie
 * says ('driver', 'staff' or null: signed out), and again with the user once the session is known (`/`
 * shows the landing page, the driver's home or the staff's by who is signed in). Settles when what it
 * started is in: the code, and the first screen's data where the screen names it.
 */
export async function preloadScreen(
  pathname: string,
  user?: SessionUser | null | 'driver' | 'staff',
  queryClient?: QueryClient,
): Promise<void> {
  const started: Promise<unknown>[] = [];
  if (user === 'driver' || user === 'staff') {
    started.push(preloadShell(user));
    if (user === 'driver' && matchPath(PATHS.home, pathname)) {
      started.push(DriverDashboardRoute.preload());
      // The dashboard's data too, beside its code rather than after it has loaded and rendered.
      if (queryClient) started.push(queryClient.prefetchQuery(driverBoardQuery));
    }
    if (!matchPath(PATHS.home, pathname)) {
      started.push(preloadScreen(pathname));
      const data = SCREENS.find((s) => matchPath(s.path, pathname))?.data;
      if (data && queryClient) started.push(data(queryClient));
    }
  } else if (matchPath(PATHS.home, pathname)) {
    if (user === null) started.push(LandingRoute.preload());
    else if (user && user.status === 'active') {
      const driver = isDriver(user);
      started.push(preloadShell(driver ? 'driver' : 'staff'));
      started.push(
        (
          carrierHome(user) ??
          (driver
            ? DriverDashboardRoute
            : user.permissions.includes('dashboard:read')
              ? DashboardRoute
              : StaffHomeRoute)
        ).preload(),
      );
    }
  } else if ([PATHS.login, PATHS.register, PATHS.auth].some((path) => matchPath(path, pathname)))
    started.push(LoginRoute.preload());
  else {
    const screen = SCREENS.find((s) => matchPath(s.path, pathname));
    if (screen) {
      // A 'by-role' screen's shell is known once the user is.
      const shell =
        screen.shell === 'by-role' ? (user ? (isDriver(user) ? 'driver' : 'staff') : undefined) : screen.shell;
      if (shell) started.push(preloadShell(shell));
      if (user === undefined) started.push(preloadElement(screen.element));
    }
  }
  await Promise.all(started.map((p) => p.catch(() => undefined)));
}

/** What a shell's link starts loading (screen-link.tsx): the screen at `path` for the signed-in user. */
function usePreloadLinkTarget(): PreloadScreen {
  const queryClient = useQueryClient();
  return useCallback(
    (path, data) => {
      const user = queryClient.getQueryData<SessionUser | null>(SESSION_KEY);
      if (!user) return;
      // `/` is the user's home: which screen that is depends on the user, not on the path.
      void (matchPath(PATHS.home, path)
        ? preloadScreen(path, user)
        : preloadScreen(path, isDriver(user) ? 'driver' : 'staff', data ? queryClient : undefined));
    },
    [queryClient],
  );
}

export function AppRoutes() {
  return (
    <ScreenPreload.Provider value={usePreloadLinkTarget()}>
      <AppRouteTable />
    </ScreenPreload.Provider>
  );
}

function AppRouteTable() {
  return (
    <Routes>
      <Route path={PATHS.home} element={<HomeRoute />} />
      <Route
        path={PATHS.qrCheckin}
        element={
          <Loading>
            <QrCheckinRoute />
          </Loading>
        }
      />
      <Route
        path={PATHS.signup}
        element={
          <Loading>
            <SignupRoute />
          </Loading>
        }
      />
      <Route
        path={`${PATHS.invite}/:token`}
        element={
          <Loading>
            <InviteRoute />
          </Loading>
        }
      />
      <Route
        path={`${PATHS.privacyChoices}/:token`}
        element={
          <Loading>
            <ChoicesRoute />
          </Loading>
        }
      />
      <Route
        path={`${PATHS.reslot}/:token`}
        element={
          <Loading>
            <ReslotRoute />
          </Loading>
        }
      />
      <Route
        path={`${PATHS.pass}/:link`}
        element={
          <Loading>
            <PassRoute />
          </Loading>
        }
      />
      <Route
        path={`${PATHS.verify}/:hash`}
        element={
          <Loading>
            <VerifyRoute />
          </Loading>
        }
      />
      <Route
        path={PATHS.carrierSignIn}
        element={
          <Loading>
            <CarrierSignInRoute />
          </Loading>
        }
      />
      <Route
        path={`${PATHS.book}/:link`}
        element={
          <Loading>
            <BookRoute />
          </Loading>
        }
      />
      {[PATHS.login, PATHS.register, PATHS.auth].map((path) => (
        <Route
          key={path}
          path={path}
          element={
            <Loading>
              <LoginRoute />
            </Loading>
          }
        />
      ))}
      {STATIC_PAGES.map((slug) => (
        <Route
          key={slug}
          path={`/${slug}`}
          element={
            <Loading>
              <StaticPageRoute slug={slug} />
            </Loading>
          }
        />
      ))}
      <Route
        path="/legal/:document"
        element={
          <Loading>
            <LegalDocumentRoute notFound={<NotFoundRoute />} />
          </Loading>
        }
      />
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
      <Route
        path="*"
        element={
          <Loading>
            <NotFoundRoute />
          </Loading>
        }
      />
    </Routes>
  );
}

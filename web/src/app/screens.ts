// The screens of the route table (router.tsx), each a lazily loaded part of its feature, through the
// feature's index.ts: its code is fetched the first time it is shown, or earlier when preloaded.
import { isValidElement, type ComponentProps, type ComponentType, type ReactNode } from 'react';
import { loadLater } from '../lib/load-later';

type Preloadable = { preload?: () => Promise<void> | void };

/** One screen (whatever its props) of a lazily loaded feature module, through its index.ts; `preload`
 * starts fetching its code before it is rendered (router.tsx's preloadScreen). */
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
export const preloadElement = async (element: ReactNode) => {
  if (isValidElement(element)) await (element.type as Preloadable).preload?.();
};

const appointments = () => import('../features/appointments');
const facilities = () => import('../features/facilities');
const checkins = () => import('../features/checkins');
const insights = () => import('../features/insights');

export const LoginRoute = screen(() => import('../features/auth'), 'LoginRoute');
export const LandingRoute = screen(() => import('../features/landing'), 'LandingRoute');
export const StaffHomeRoute = screen(() => import('../features/home'), 'StaffHomeRoute');
export const TestAuthRoute = screen(() => import('../features/test-auth'), 'TestAuthRoute');
export const StaticPageRoute = screen(() => import('../features/pages'), 'StaticPageRoute');
export const LegalDocumentRoute = screen(() => import('../features/pages'), 'LegalDocumentRoute');
export const NotFoundRoute = screen(() => import('../features/not-found'), 'NotFoundRoute');
export const FacilitiesRoute = screen(facilities, 'FacilitiesRoute');
export const ConfigurationRoute = screen(facilities, 'ConfigurationRoute');
export const CarriersRoute = screen(() => import('../features/carriers'), 'CarriersRoute');
export const SchedulingRoute = screen(appointments, 'SchedulingRoute');
export const BookingRoute = screen(appointments, 'BookingRoute');
export const RescheduleRoute = screen(appointments, 'RescheduleRoute');
export const StandingAppointmentsRoute = screen(() => import('../features/series'), 'StandingAppointmentsRoute');
export const DashboardRoute = screen(insights, 'DashboardRoute');
export const AnalyticsRoute = screen(insights, 'AnalyticsRoute');
export const CheckinRoute = screen(checkins, 'CheckinRoute');
export const QrCheckinRoute = screen(checkins, 'QrCheckinRoute');
export const DriverDashboardRoute = screen(() => import('../features/driver'), 'DriverDashboardRoute');
export const YardRoute = screen(() => import('../features/yard'), 'YardRoute');
export const WmsRoute = screen(() => import('../features/wms'), 'WmsRoute');
export const UsersRoute = screen(() => import('../features/users'), 'UsersRoute');
export const SignupRoute = screen(() => import('../features/tenancy'), 'SignupRoute');
export const InviteRoute = screen(() => import('../features/tenancy'), 'InviteRoute');
export const IntegrationsRoute = screen(() => import('../features/integrations'), 'IntegrationsRoute');
export const GateRoute = screen(() => import('../features/gate'), 'GateRoute');
export const ReslotRoute = screen(() => import('../features/trips'), 'ReslotRoute');
export const ChoicesRoute = screen(() => import('../features/privacy'), 'ChoicesRoute');
export const PassRoute = screen(() => import('../features/passes'), 'PassRoute');
// /book/<token>: a facility link's landing page, or a booking link's page (issue #32).
export const BookRoute = screen(() => import('../features/booking-links'), 'BookRoute');
export const BookingLinksPanel = screen(() => import('../features/booking-links'), 'BookingLinksPanel');

// The sidebar and the screens it leads to, each with what it requires from the permission module.
// The SPA builds the sidebar and its page guards from this list; the server enforces the same
// permissions on the API routes behind each screen.
import type { CanAccess, Permission } from './roles';

/**
 * A path that names a file of the build or the public site (/sw.js, /manifest-hi.webmanifest,
 * /assets/app-1a2b.js): its last segment ends in a short extension. Every other path is a screen of
 * the app, even with a dot inside, as a signed link's token has (/reslot/<id>.<signature>: the
 * signature is far longer than any extension). CloudFront's routing (lib/web.ts) and the service
 * worker's navigation fallback (web/vite.config.ts) both use it.
 */
export const FILE_PATH = /\/[^/?]*\.[A-Za-z0-9]{1,11}$/;

/**
 * The cookie the API sets beside the session (functions/lib/http.ts) that says, to scripts and to the
 * CDN, that this browser is signed in and as whom ('driver' or 'staff'); it holds no secret.
 */
export const SIGNED_IN_COOKIE = 'dy_signed_in';

/** What a Cookie header (or `document.cookie`) says of the signed-in hint: null when signed out. */
export function signedInHintOf(cookies: string | undefined): 'driver' | 'staff' | null {
  const hint = cookieValue(cookies, SIGNED_IN_COOKIE);
  return hint === 'driver' || hint === 'staff' ? hint : null;
}

/**
 * The language the app was last shown in on this browser ('en' or 'hi'), as a cookie beside the
 * device's remembered choice (web/src/lib/i18n/stored-language.ts), so the CDN knows it too.
 */
export const LANGUAGE_COOKIE = 'dy_lang';

/**
 * The landing page as a static document in English, rendered at build (scripts/landing-page.ts, issue
 * #34): a signed-out English visitor's `/` gets it, with no app code until they use it. A signed-in
 * browser's `/` (its driver or staff home), a Hindi reader's (the language cookie, or on a first visit
 * the browser's first language) and every other screen get the app's index.html. CloudFront's routing
 * (lib/web.ts) and the local server (functions/local/static-files.ts) both follow `servesLanding`.
 */
export const LANDING_DOCUMENT = '/landing.html';

/** The cookies of a request's parts ("name=value"), the first of each name (the API's and the CDN's reading). */
export function cookieJar(parts: readonly string[]): Record<string, string> {
  const jar: Record<string, string> = {};
  for (const part of parts) {
    const eq = part.indexOf('=');
    if (eq < 0) continue;
    const name = part.slice(0, eq).trim();
    if (name && !(name in jar)) jar[name] = decoded(part.slice(eq + 1).trim());
  }
  return jar;
}

/** A cookie's value decoded; one that is not valid percent-encoding is kept as sent, never an error. */
function decoded(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}

/** The value of a cookie in a Cookie header (or `document.cookie`). */
export function cookieValue(cookies: string | undefined, name: string): string | undefined {
  return cookieJar(cookies?.split(';') ?? [])[name];
}

/** Whether a request for `path` is answered with the static landing page (LANDING_DOCUMENT). */
export function servesLanding(path: string, cookies: string | undefined, acceptLanguage: string | undefined): boolean {
  if (path !== PATHS.home || signedInHintOf(cookies)) return false;
  const language = cookieValue(cookies, LANGUAGE_COOKIE);
  return language ? language !== 'hi' : !/^\s*hi(?![a-z])/i.test(acceptLanguage ?? '');
}

/** Every screen path of the SPA, once: the sidebar below, the router and the shells use these. */
export const PATHS = {
  home: '/',
  login: '/login',
  register: '/register',
  auth: '/auth',
  qrCheckin: '/checkin/qr',
  scheduling: '/scheduling',
  booking: '/booking',
  reschedule: '/reschedule',
  /** Standing appointments (issue #32): weekly series and their occurrences. */
  standing: '/standing-appointments',
  yard: '/yard',
  /** Yard moves as tasks (issue #58.4): yard staff's list on a phone. */
  yardTasks: '/yard/tasks',
  driver: '/driver',
  checkin: '/checkin',
  /** The gate screen (issue #31): passes verified on the device, check-ins queued offline. */
  gate: '/gate',
  facilities: '/facilities',
  wms: '/wms',
  carriers: '/carriers',
  analytics: '/analytics',
  integrations: '/integrations',
  testAuth: '/test-auth',
  configuration: '/configuration',
  users: '/users',
  /** Organisation sign-up, invitation acceptance and a facility's booking link (issue #18). */
  signup: '/signup',
  invite: '/invite',
  book: '/book',
  /** A late driver's one-tap reslot link (issue #33), public: /reslot/<token>. */
  reslot: '/reslot',
  /** A gate pass link (issue #31), public: /pass/<token>, from the booking message or the guest's confirmation. */
  pass: '/pass',
  /** A person's message choices (issue #36), public: /privacy/choices/<token>, from the link in a message. */
  privacyChoices: '/privacy/choices',
  /** The check of a detention evidence pack's code (issue #57), public: /verify/<hash>, printed on the pack. */
  verify: '/verify',
  /** A carrier's monthly detention statements (issue #57.3): its own list, a line's truck and disputes. */
  statements: '/statements',
  /** The door plan (issue #58.2): the planner's proposed plan of a facility's day beside today's, applied. */
  doorPlan: '/door-plan',
  /** A platform carrier's sign-in and registration (issue #59), public: one login for every hub. */
  carrierSignIn: '/carrier',
  /** A platform carrier's linked hubs, its bookings across them and its drivers (issue #59). */
  myHubs: '/my-hubs',
  hubBookings: '/my-hubs/bookings',
  carrierDrivers: '/my-hubs/drivers',
  /** A carrier's driver's gate passes of every hub (issue #59). */
  passWallet: '/pass-wallet',
} as const;

/** The public information pages, each at `/<slug>` (linked from the site footer). */
/** The public information pages, in the footer's groups; STATIC_PAGES is every one of them. */
export const PUBLIC_PAGE_GROUPS = [
  { key: 'product', links: ['features', 'mobile-app', 'messaging', 'security'] },
  { key: 'resources', links: ['support', 'help-center', 'documentation', 'training'] },
  { key: 'company', links: ['contact', 'about', 'careers', 'partners', 'legal'] },
] as const;

export const STATIC_PAGES = /* @__PURE__ */ PUBLIC_PAGE_GROUPS.flatMap((g) => g.links);

export type Requirement = { permission: Permission } | { flag: keyof Omit<CanAccess, 'readOnly'> };

export interface NavItem {
  id: string;
  /** The spec's English label; the SPA translates by id. */
  label: string;
  path: string;
  requires: Requirement;
}

export interface NavSection {
  id: 'operations' | 'management' | 'settings';
  label: string;
  items: NavItem[];
}

// Made by calls marked free of effects (as OFF_SIDEBAR below): a Lambda that reads a cookie or a path
// of this module carries no sidebar.
export const NAV_SECTIONS: NavSection[] = /* @__PURE__ */ (() => [
  {
    id: 'operations',
    label: 'Operations',
    items: [
      { id: 'overview', label: 'Overview', path: PATHS.home, requires: { permission: 'dashboard:read' } },
      {
        id: 'appointments',
        label: 'Appointments',
        path: PATHS.scheduling,
        requires: { permission: 'appointments:read' },
      },
      {
        id: 'standing-appointments',
        label: 'Standing Appointments',
        path: PATHS.standing,
        requires: { permission: 'appointments:read' },
      },
      {
        id: 'book-appointment',
        label: 'Book Appointment',
        path: PATHS.booking,
        requires: { permission: 'appointments:book' },
      },
      {
        id: 'reschedule',
        label: 'Reschedule',
        path: PATHS.reschedule,
        requires: { permission: 'reschedules:request' },
      },
      { id: 'live-tracking', label: 'Live Tracking', path: PATHS.yard, requires: { permission: 'yard:read' } },
      // The door plan (issue #58.2): read by whoever sees the yard; applied by those who move trucks to doors.
      { id: 'door-plan', label: 'Door Plan', path: PATHS.doorPlan, requires: { permission: 'yard:read' } },
      { id: 'driver-app', label: 'Driver Mobile App', path: PATHS.driver, requires: { flag: 'driverMobile' } },
      { id: 'checkin', label: 'Check-in', path: PATHS.checkin, requires: { permission: 'checkins:write' } },
      // A platform carrier's people (issue #59): no hub role holds identity:*, so hub staff never see these.
      { id: 'my-hubs', label: 'My hubs', path: PATHS.myHubs, requires: { permission: 'identity:read' } },
      { id: 'hub-bookings', label: 'Bookings', path: PATHS.hubBookings, requires: { permission: 'identity:read' } },
      {
        id: 'carrier-drivers',
        label: 'Drivers',
        path: PATHS.carrierDrivers,
        requires: { permission: 'identity:read' },
      },
      {
        id: 'pass-wallet',
        label: 'My gate passes',
        path: PATHS.passWallet,
        requires: { permission: 'identity:wallet' },
      },
    ],
  },
  {
    id: 'management',
    label: 'Management',
    items: [
      { id: 'facilities', label: 'Facilities', path: PATHS.facilities, requires: { permission: 'facilities:read' } },
      { id: 'wms', label: 'Warehouse Management', path: PATHS.wms, requires: { flag: 'wms' } },
      { id: 'carriers', label: 'Carriers', path: PATHS.carriers, requires: { permission: 'carriers:read' } },
      { id: 'reports', label: 'Reports', path: PATHS.analytics, requires: { flag: 'analytics' } },
      { id: 'integrations', label: 'Integrations', path: PATHS.integrations, requires: { flag: 'adminPanel' } },
      { id: 'test-auth', label: 'Test User Roles', path: PATHS.testAuth, requires: { flag: 'adminPanel' } },
    ],
  },
  {
    id: 'settings',
    label: 'Settings',
    items: [
      {
        id: 'configuration',
        label: 'Configuration',
        path: PATHS.configuration,
        requires: { permission: 'settings:configure' },
      },
      { id: 'users', label: 'Users', path: PATHS.users, requires: { permission: 'users:manage' } },
    ],
  },
])();

interface Grants {
  permissions: readonly string[];
  canAccess: CanAccess;
}

export function meets(user: Grants | null | undefined, requirement: Requirement): boolean {
  if (!user) return false;
  return 'permission' in requirement
    ? user.permissions.includes(requirement.permission)
    : user.canAccess[requirement.flag];
}

/** The sidebar a user sees: visible items only, and no section left empty. */
export function visibleNavigation(user: Grants | null | undefined): NavSection[] {
  return NAV_SECTIONS.map((s) => ({ ...s, items: s.items.filter((i) => meets(user, i.requires)) })).filter(
    (s) => s.items.length > 0,
  );
}

/** Screens outside the sidebar that still need a permission (the sidebar is the spec's list). */
const OFF_SIDEBAR: Record<string, Requirement> = /* @__PURE__ */ (() => ({
  // The hub's gate staff (yard managers, operations); the server refuses anyone else its calls.
  [PATHS.gate]: { permission: 'yard:write' },
  // Yard moves (issue #58.4): reached from the yard view; starting and finishing one needs yard:write.
  [PATHS.yardTasks]: { permission: 'yard:read' },
}))();

/** What a screen requires, by path; the role test page and unknown paths need only a session. */
export function requirementOf(path: string): Requirement | null {
  if (path === PATHS.home || path === PATHS.testAuth) return null;
  if (OFF_SIDEBAR[path]) return OFF_SIDEBAR[path];
  for (const section of NAV_SECTIONS) for (const item of section.items) if (item.path === path) return item.requires;
  return null;
}

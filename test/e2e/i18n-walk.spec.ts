// Issue #53.4: every screen tells the truth in both languages. The journey walks every route of the
// app's router (web/src/app/router.tsx, read as it is written, so a new route is walked without
// editing this file) in English and in Hindi: signed out the public pages and the links people get in
// messages (/book, /pass, /reslot, /invite, /privacy/choices, the gate's QR check-in, a detention
// evidence pack's /verify), signed in as each role with screens (the administrator every screen, the
// others what their navigation offers, the driver its own app). On each screen it fails on visible text (and titles, placeholders and
// accessible names) that is a key of the i18n dictionaries, or a raw ISO date ('2026-12-04'). Signed out,
// as the administrator and as a driver, each screen it opens is checked with axe too (test/e2e/axe.ts,
// issue #19): one visit of a screen serves both checks, the walk's half of the journeys' time (#54).
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { expect as baseExpect, test, type APIRequestContext, type Page } from '@playwright/test';
import { PATHS, STATIC_PAGES } from '../../shared/navigation';
import { addDays } from '../../shared/time';
import { LEGAL_DOCUMENTS } from '../../web/src/features/pages/legal-documents';
import { keysOf, type Catalogue } from '../../web/src/lib/i18n/catalogue';
import { en } from '../../web/src/lib/i18n/en';
import { guestBookingInHindi } from '../support/guest-booking';
import { approve, register } from './accounts';
import { seriousViolations } from './axe';
import { apiAs, laterToday, openHub, quarterAfter, shiftTime, zoneWhere } from './checkin-support';
import { indiaDate, shownDay } from './dates';
import {
  bookTruck,
  fastagOn,
  openChakanHub,
  reslotPathOf,
  runIdentity,
  truckSeenLate,
  watchOn,
} from './late-truck-support';
import { sentTo, signIn, whenNotBusy } from './support';

const expect = baseExpect.configure({ timeout: 20_000 });
// Many screens per test, on a machine shared with other runs. Each test makes its own hub, driver and
// links, so the file's tests share the workers (one worker walked all of them: 249 s, the journeys' tail).
test.describe.configure({ mode: 'parallel', timeout: 600_000 });

const root = fileURLToPath(new URL('../..', import.meta.url));
type PathKey = keyof typeof PATHS;

// ---- The routes, from the router's source ----------------------------------------------------------

const ROUTER = readFileSync(join(root, 'web/src/app/router.tsx'), 'utf8');
/** The signed-in screens' table (SCREENS); every other route of the router is public. */
const SCREENS_TABLE = /const SCREENS: Screen\[\] = \[([\s\S]*?)\n\];/.exec(ROUTER)?.[1] ?? '';
const ROUTE_TABLE = ROUTER.slice(ROUTER.indexOf('function AppRouteTable'));

const pathKeys = (source: string) =>
  [...new Set([...source.matchAll(/PATHS\.(\w+)/g)].map((m) => m[1] as PathKey))].filter((k) => k in PATHS);
/** Routes with a token after the path (`${PATHS.pass}/:link`), by their PATHS key. */
const TOKEN_ROUTES = new Set([...ROUTE_TABLE.matchAll(/\$\{PATHS\.(\w+)\}\/:\w+/g)].map((m) => m[1] as PathKey));
/** The signed-in screens, each with the shell it is shown in. */
const SCREENS = [
  ...SCREENS_TABLE.matchAll(/path: (?:PATHS\.(\w+)|`\$\{PATHS\.(\w+)\}\/:\w+`),[\s\S]*?shell: '([\w-]+)'/g),
].map((m) => ({ key: (m[1] ?? m[2]) as PathKey, tabbed: !m[1], shell: m[3]! }));
const PUBLIC_KEYS = pathKeys(ROUTE_TABLE.replace(/\{SCREENS\.map[\s\S]*$/, '')).filter((k) => !TOKEN_ROUTES.has(k));
/** Paths the router writes as text: each must be walked below. */
const LITERAL_PATHS = [...ROUTE_TABLE.matchAll(/path="([^"]+)"/g)].map((m) => m[1]!);
const NOT_FOUND = '/no-such-page';

// ---- The dictionaries' keys ------------------------------------------------------------------------

async function allKeys(): Promise<string[]> {
  const features = join(root, 'web/src/features');
  const modules = await Promise.all(
    readdirSync(features)
      .map((d) => join(features, d, 'i18n.ts'))
      .filter((f) => existsSync(f))
      .map((f) => import(pathToFileURL(f).href) as Promise<Record<string, unknown>>),
  );
  const catalogues = modules.flatMap((m) =>
    Object.values(m).filter((v): v is Catalogue => typeof v === 'object' && v !== null && 'namespace' in v),
  );
  return [...keysOf(en), ...catalogues.flatMap((c) => keysOf(c.en, `${c.namespace}.`))];
}

/**
 * A key on screen: a dotted word whose first two parts are a branch or text of the dictionaries
 * ('appointments.loadTypes.inbound', and 'checkins.statuses.lost' whose last part is missing too).
 * Plural forms ('…_one') are keys without their suffix.
 */
function keyFinder(keys: string[]) {
  const heads = new Set(keys.flatMap((k) => k.split('.').slice(0, 2).join('.')));
  return (text: string) =>
    [...text.matchAll(/(?<![\w@./-])[A-Za-z][\w]*(?:\.[A-Za-z0-9_]+)+(?![\w@/-])/g)]
      .map((m) => m[0])
      .filter((word) => heads.has(word.split('.').slice(0, 2).join('.')));
}

// A date as a machine writes it, alone or as an instant's start ('2026-12-04', '2026-12-04T10:00Z').
const ISO_DATE = /(?<!\d)\d{4}-\d{2}-\d{2}(?!\d)/g;

// ---- Walking -----------------------------------------------------------------------------------------

type Language = 'en' | 'hi';
const LOADING = /^(Loading\.\.\.|लोड हो रहा है\.\.\.)$/;

/** The page's requests in flight, counted from its first one (networkQuiet). */
const inFlight = new WeakMap<Page, { count: number; changedAt: number }>();

function trackRequests(page: Page) {
  if (inFlight.has(page)) return;
  const state = { count: 0, changedAt: Date.now() };
  inFlight.set(page, state);
  const change = (by: number) => {
    state.count = Math.max(0, state.count + by);
    state.changedAt = Date.now();
  };
  page.on('request', () => change(1));
  page.on('requestfinished', () => change(-1));
  page.on('requestfailed', () => change(-1));
}

/** A request that follows an answer (a screen's second query) starts within this after the first ends. */
const QUIET_MS = 200;

/**
 * Waits until no request of the page has been in flight for QUIET_MS, or 5 s (a screen that polls is
 * never quiet). Playwright's 'networkidle' waits 500 ms of quiet on every screen: a third of the walk's
 * time (93 s of its 180 screens, measured on 2 cores, issue #54), spent after the last answer was in.
 */
async function networkQuiet(page: Page) {
  const state = inFlight.get(page)!;
  const until = Date.now() + 5_000;
  while (Date.now() < until && (state.count > 0 || Date.now() - state.changedAt < QUIET_MS))
    await page.waitForTimeout(50);
}

/**
 * Opens `path` and waits until its screen and its data are in (no loading text, no request running).
 * `inApp`: as a signed-in person moves between screens, inside the app already loaded (a link of its
 * navigation: the router's history, no page load); else the page is loaded from its address, as a
 * link in a message or a bookmark opens it. Loading each of the walk's signed-in screens afresh cost
 * Chromium twice the CPU (28 CPU-s against 14 for the administrator's walk, measured on 2 cores,
 * issue #54), and every screen's own loading from its address is walked by the journey of its screen.
 */
async function settle(page: Page, path: string, inApp = false) {
  trackRequests(page);
  if (inApp && (await page.locator('#root').count())) {
    await page.evaluate((to) => {
      // What react-router's own navigation writes into the history: a state with its index and key.
      const idx = ((window.history.state as { idx?: number } | null)?.idx ?? 0) + 1;
      window.history.pushState({ usr: null, key: Math.random().toString(36).slice(2, 10), idx }, '', to);
      window.dispatchEvent(new PopStateEvent('popstate', { state: window.history.state }));
    }, path);
    await expect(page).toHaveURL((url) => url.pathname + url.search === path);
  } else await page.goto(path);
  await expect(page.locator('#root, body > main').first()).not.toBeEmpty();
  await expect(page.getByText(LOADING)).toHaveCount(0, { timeout: 30_000 });
  await networkQuiet(page);
  await expect(page.getByText(LOADING)).toHaveCount(0, { timeout: 30_000 });
}

/**
 * What a person reads on the screen: the rendered text (the choices of a select too; not what is in
 * an input), and the titles, placeholders, image texts and accessible names.
 */
const visibleText = (page: Page) =>
  page.evaluate(() => {
    const attributes = [...document.querySelectorAll('[title], [placeholder], [aria-label], img[alt]')].flatMap((el) =>
      ['title', 'placeholder', 'aria-label', 'alt']
        .map((name) => el.getAttribute(name))
        .filter((v): v is string => Boolean(v)),
    );
    return [document.body.innerText, ...attributes].join('\n');
  });

class Walk {
  readonly findings: string[] = [];
  /**
   * With `axe`, each screen the walk opens is also checked for serious accessibility violations
   * (the signed-out, administrator and driver walks: every route once per language). With `inApp`,
   * a signed-in walk: each screen after the first is opened inside the app (settle).
   */
  constructor(
    private readonly page: Page,
    private readonly language: Language,
    private readonly keysIn: (text: string) => string[],
    private readonly axe = false,
    private readonly inApp = false,
  ) {}

  /** A walk's first screen is loaded from its address (the language chosen before it is read then). */
  private loaded = false;

  async visit(path: string, label = path) {
    await settle(this.page, path, this.inApp && this.loaded);
    this.loaded = true;
    await expect(this.page.locator('html')).toHaveAttribute('lang', this.language);
    await this.check(label);
    if (this.axe) this.findings.push(...(await seriousViolations(this.page, label)));
  }

  async check(label: string) {
    const text = await visibleText(this.page);
    for (const key of new Set(this.keysIn(text))) this.findings.push(`${label}: i18n key "${key}"`);
    for (const date of new Set(text.match(ISO_DATE) ?? [])) {
      const line = text.split('\n').find((l) => l.includes(date))!;
      this.findings.push(`${label}: ISO date in "${line.trim().slice(0, 160)}"`);
    }
  }

  /** The screen's tabs (a tablist), each opened by its tab as a person does. */
  async tabs(label: string) {
    const tabs = this.page.getByRole('tablist').first().getByRole('tab');
    const count = await tabs.count();
    for (let i = 1; i < count; i++) {
      await tabs.nth(i).click();
      await expect(tabs.nth(i)).toHaveAttribute('aria-selected', 'true');
      await expect(this.page.getByText(LOADING)).toHaveCount(0, { timeout: 30_000 });
      await networkQuiet(this.page);
      await this.check(`${label} (${new URL(this.page.url()).pathname})`);
    }
  }
}

/** The links of the signed-in user's navigation (the sidebar, or the driver's bottom bar). */
async function navigationPaths(page: Page): Promise<string[]> {
  await settle(page, PATHS.home);
  const hrefs = await page
    .locator('nav a[href^="/"]')
    .evaluateAll((links) => links.map((a) => a.getAttribute('href')!));
  return [...new Set(hrefs)];
}

/**
 * Signs in (the form in English), then reads the product in `language`: on this device, and on the
 * user where the user has a choice of their own (it follows them to every device and would win);
 * `restore` gives the user back their choice.
 */
async function signInIn(page: Page, account: string, language: Language, password?: string) {
  await signIn(page, account, password);
  await page.evaluate((lang) => localStorage.setItem('docksaathi.language', lang), language);
  const { language: own } = (await (await page.request.get('/api/auth/user')).json()) as { language?: string | null };
  const choose = async (lang: string) =>
    expect((await page.request.patch('/api/auth/user/language', { data: { language: lang } })).status()).toBe(200);
  if (own && own !== language) await choose(language);
  return { restore: async () => (own && own !== language ? choose(own) : undefined) };
}

// ---- The links people get ----------------------------------------------------------------------------

async function outboxLink(api: APIRequestContext, to: string, link: RegExp): Promise<string> {
  let found = '';
  await expect
    .poll(async () => {
      const messages = await sentTo(api, to);
      found = messages.map((m) => (m.to === to ? link.exec(m.body)?.[0] : undefined)).find(Boolean) ?? '';
      return found;
    })
    .not.toBe('');
  return found;
}

/**
 * One path of each token route: a late truck's hub (its booking link, a guest's pass and message
 * choices, the late driver's reslot link, the code of a truck's evidence pack), an invitation e-mailed to
 * a new colleague.
 */
async function tokenPaths(
  baseURL: string,
  api: APIRequestContext,
  language: Language,
): Promise<Partial<Record<PathKey, string>>> {
  const who = runIdentity();
  // The guest books in the walk's language (the pass link opens in the language of its message).
  const inLanguage = (body: ReturnType<typeof guestBookingInHindi>) => ({
    ...body,
    language,
    consent: { ...body.consent, language },
  });
  const gate = await fastagOn(baseURL);
  let hub: Awaited<ReturnType<typeof openChakanHub>>;
  try {
    hub = await openChakanHub(baseURL, `Walk Hub ${who.tag}`);
    await watchOn(baseURL, hub.id);
    await bookTruck(api, hub.bookingLink, who);
    await truckSeenLate(api, who);
  } finally {
    await gate.restore();
  }
  const guest = await whenNotBusy(() =>
    api.post('/api/bookings/slot', {
      data: inLanguage(
        guestBookingInHindi(hub.bookingLink, `+9196${who.mobile.slice(2)}`, `${indiaDate(2)}_1000`, true),
      ),
    }),
  );
  expect(guest.status(), await guest.text()).toBe(201);
  const booked = (await guest.json()) as { passLink: string; choicesLink: string };
  const admin = await apiAs(baseURL, 'admin');
  const email = `walk.${who.tag.toLowerCase()}@example.in`;
  const invited = await whenNotBusy(() => admin.post('/api/invitations', { data: { email, role: 'operations' } }));
  expect(invited.status(), await invited.text()).toBe(201);
  const qr = await admin.get(`/api/facilities/${hub.id}/qr-code`);
  expect(qr.status(), await qr.text()).toBe(200);
  const { url } = (await qr.json()) as { url: string };
  await admin.dispose();
  // A detention evidence pack's code (issue #57): the first download of a truck's evidence issues it.
  const ops = await apiAs(baseURL, 'operations');
  const truck = await whenNotBusy(() =>
    ops.post('/api/appointments', {
      data: {
        facilityId: hub.id,
        carrierId: 'carrier-sahyadri',
        scheduledDate: indiaDate(3),
        scheduledTimeStart: '12:00',
        scheduledTimeEnd: '13:00',
      },
    }),
  );
  expect(truck.status(), await truck.text()).toBe(201);
  const { id: truckId } = (await truck.json()) as { id: string };
  const evidence = await whenNotBusy(() => ops.get(`/api/detention/appointments/${truckId}/evidence.csv`));
  expect(evidence.status(), await evidence.text()).toBe(200);
  const detention = await ops.get(`/api/detention/appointments/${truckId}`);
  const { hash } = ((await detention.json()) as { evidence: { hash: string | null } }).evidence;
  expect(hash, 'the evidence pack issued').toBeTruthy();
  await ops.dispose();
  return {
    book: `${PATHS.book}/${hub.bookingLink}`,
    pass: `${PATHS.pass}/${booked.passLink}`,
    privacyChoices: `${PATHS.privacyChoices}/${booked.choicesLink}`,
    // The driver was messaged in Hindi; the link's `?lang=` opens the page in the walk's language.
    reslot: `${await reslotPathOf(api, who.mobile)}?lang=${language}`,
    invite: await outboxLink(api, email, /\/invite\/[A-Za-z0-9_-]+/),
    qrCheckin: `${new URL(url, baseURL).pathname}${new URL(url, baseURL).search}`,
    verify: `${PATHS.verify}/${hash}`,
  };
}

// ---- Data on the screens -----------------------------------------------------------------------------

const tagOf = () =>
  `${Date.now().toString(36).slice(-4)}${Math.floor(Math.random() * 1296).toString(36)}`.toUpperCase();

/** The date as the screens write it in Hindi (format.day), e.g. '4 दिस॰ 2026'. */
const shownDayHi = (date: string) =>
  new Intl.DateTimeFormat('hi-IN', { dateStyle: 'medium', timeZone: 'UTC' }).format(new Date(`${date}T00:00:00Z`));

/**
 * A hub of the run where it is not yet evening, with a staff booking due now (checked in, so the
 * check-in screen has its card) and one tomorrow (for `driver` when given), each with its gate pass:
 * the screens then show appointments, a check-in, notifications and the gate's answers with dates.
 */
async function busyHub(baseURL: string, driver?: { carrierId: string; driverId: string }) {
  const tag = tagOf();
  const hub = await openHub(baseURL, `Walk Hub ${tag}`, zoneWhere(laterToday));
  const ops = await apiAs(baseURL, 'operations');
  const { date, time } = hub.local();
  const book = async (day: string, start: string, party: { carrierId: string; driverId?: string }) => {
    const res = await whenNotBusy(() =>
      ops.post('/api/appointments', {
        data: {
          facilityId: hub.id,
          ...party,
          scheduledDate: day,
          scheduledTimeStart: start,
          scheduledTimeEnd: shiftTime(start, 15),
        },
      }),
    );
    expect(res.status(), await res.text()).toBe(201);
    const appointment = (await res.json()) as { id: string; bookingReference: string };
    const pass = await ops.get(`/api/appointments/${appointment.id}/gate-pass`);
    expect(pass.status(), await pass.text()).toBe(200);
    return { ...appointment, day, token: ((await pass.json()) as { token: string }).token };
  };
  const today = await book(date, quarterAfter(time, 15), { carrierId: 'carrier-sahyadri' });
  const tomorrow = await book(
    addDays(date, 1),
    '10:00',
    driver ? { carrierId: driver.carrierId, driverId: driver.driverId } : { carrierId: 'carrier-sahyadri' },
  );
  const driverName = `Walk Driver ${tag}`;
  const checkedIn = await whenNotBusy(() =>
    ops.post('/api/checkins', {
      data: { appointmentId: today.id, driverName, vehicleLicense: `MH04WK${tag.slice(0, 4)}` },
    }),
  );
  expect(checkedIn.status(), await checkedIn.text()).toBe(201);
  await ops.dispose();
  /** The driver named at the check-in of today's booking. */
  return { hub, today, tomorrow, driverName };
}

const DRIVER_PASSWORD = 'Walk#Driver2026';

/** A driver of the run's own (a carrier, its driver record and an approved account), with no booking yet. */
async function runDriver(baseURL: string, request: APIRequestContext) {
  const tag = tagOf();
  const ops = await apiAs(baseURL, 'operations');
  const carrier = await whenNotBusy(() =>
    ops.post('/api/carriers', { data: { name: `Walk Roadways ${tag}`, serviceTypes: ['FTL'] } }),
  );
  expect(carrier.status(), await carrier.text()).toBe(201);
  const carrierId = ((await carrier.json()) as { id: string }).id;
  const driver = await whenNotBusy(() =>
    ops.post('/api/drivers', { data: { carrierId, name: `Ravi ${tag}`, licenseNumber: `MH12${tag}` } }),
  );
  expect(driver.status(), await driver.text()).toBe(201);
  const driverId = ((await driver.json()) as { id: string }).id;
  await ops.dispose();
  const email = `walk.${tag.toLowerCase()}@example.in`;
  await register(request, {
    email,
    password: DRIVER_PASSWORD,
    firstName: 'Ravi',
    lastName: 'Patil',
    driverLicense: `MH12-${tag}`,
  });
  await approve(baseURL, email, { role: 'driver', carrierId, driverId });
  return { email, carrierId, driverId };
}

/** Types a pass at the gate screen (the device's facility chosen) and waits for the device's answer. */
async function verifyAtGate(page: Page, token: string, valid: boolean) {
  await page.locator('input[autocomplete="off"]').fill(token);
  await page.locator('form button[type="submit"]').click();
  const verdict = page.getByTestId('pass-verdict');
  await expect(verdict).toHaveClass(valid ? /border-green/ : /border-red/);
  return verdict;
}

// ---- The journeys ------------------------------------------------------------------------------------

test('the router is read: its screens, public routes and token routes are all found', () => {
  expect(SCREENS.length).toBeGreaterThan(10);
  expect(PUBLIC_KEYS).toEqual(expect.arrayContaining(['home', 'login', 'signup', 'qrCheckin']));
  expect([...TOKEN_ROUTES].sort()).toEqual(['book', 'invite', 'pass', 'privacyChoices', 'reslot', 'verify']);
  // A route written as text is walked only if it is one of these.
  expect(LITERAL_PATHS.sort()).toEqual(['*', '/legal/:document']);
  expect(ROUTER).toContain('STATIC_PAGES.map');
});

for (const language of ['en', 'hi'] as const) {
  test.describe(`in ${language === 'en' ? 'English' : 'Hindi'}`, () => {
    test('public routes, pages and legal documents show no i18n key, no ISO date, no serious axe violation', async ({
      page,
    }) => {
      const walk = new Walk(page, language, keyFinder(await allKeys()), true);
      await page.addInitScript((lang) => localStorage.setItem('docksaathi.language', lang), language);
      const paths = [
        // The gate's QR check-in opens from its signed link, walked with the links in messages.
        ...PUBLIC_KEYS.filter((k) => k !== 'qrCheckin').map((k) => PATHS[k]),
        ...STATIC_PAGES.map((slug) => `/${slug}`),
        ...Object.keys(LEGAL_DOCUMENTS).map((d) => `/legal/${d}`),
        NOT_FOUND,
      ];
      for (const path of paths) await walk.visit(path);
      expect(walk.findings).toEqual([]);
    });

    test('the links in messages and the gate QR code show no i18n key, no ISO date, no serious axe violation', async ({
      page,
      baseURL,
      request,
    }) => {
      const walk = new Walk(page, language, keyFinder(await allKeys()), true);
      const tokens = await tokenPaths(baseURL!, request, language);
      await page.addInitScript((lang) => localStorage.setItem('docksaathi.language', lang), language);
      expect(tokens.qrCheckin, 'the gate QR code link to walk').toBeTruthy();
      const paths = [
        ...[...TOKEN_ROUTES].map((k) => {
          expect(tokens[k], `a ${PATHS[k]}/<token> link to walk`).toBeTruthy();
          return tokens[k]!;
        }),
        tokens.qrCheckin!,
      ];
      for (const path of paths) await walk.visit(path);
      expect(walk.findings).toEqual([]);
    });

    test('every signed-in screen, as the administrator, with a busy hub of data, and no serious axe violation', async ({
      page,
      baseURL,
    }) => {
      const walk = new Walk(page, language, keyFinder(await allKeys()), true, true);
      await busyHub(baseURL!);
      const admin = await signInIn(page, 'admin', language);
      try {
        await walk.visit(PATHS.home, 'admin /');
        for (const screen of SCREENS) {
          await walk.visit(PATHS[screen.key], `admin ${PATHS[screen.key]}`);
          if (screen.tabbed) await walk.tabs(`admin ${PATHS[screen.key]}`);
        }
      } finally {
        await admin.restore();
      }
      expect(walk.findings).toEqual([]);
    });

    test("the gate's answers and a check-in card, as the administrator", async ({ page, baseURL }) => {
      const walk = new Walk(page, language, keyFinder(await allKeys()));
      const data = await busyHub(baseURL!);
      const admin = await signInIn(page, 'admin', language);
      try {
        // The check-in card names the booking by the code the driver was given.
        await settle(page, PATHS.checkin);
        const card = page.getByTestId('checkin-card').filter({ hasText: data.driverName });
        await expect
          .soft(card)
          .toContainText(`${language === 'en' ? 'Booking' : 'बुकिंग'} ${data.today.bookingReference}`);
        await expect.soft(card).not.toContainText(data.today.id.slice(-8));
        await walk.check('admin /checkin, a check-in card');

        // The gate's answers: a pass due now, and tomorrow's, refused with its day.
        await settle(page, PATHS.gate);
        await page.locator('select').first().selectOption({ label: data.hub.name });
        await expect(page.getByTestId('revocations-as-of')).toBeVisible();
        const day = language === 'en' ? shownDay : shownDayHi;
        await expect.soft(await verifyAtGate(page, data.today.token, true)).toContainText(day(data.today.day));
        await walk.check('admin /gate, a valid pass');
        await expect
          .soft(await verifyAtGate(page, data.tomorrow.token, false))
          .toContainText(
            language === 'en'
              ? `This gate pass is for ${shownDay(data.tomorrow.day)}, not today`
              : `यह गेट पास ${shownDayHi(data.tomorrow.day)} के लिए है, आज के लिए नहीं`,
          );
        await walk.check("admin /gate, tomorrow's pass");
      } finally {
        await admin.restore();
      }
      expect(walk.findings).toEqual([]);
    });

    for (const role of ['operations', 'yard_manager', 'spectator']) {
      test(`the screens ${role} reaches from its navigation`, async ({ page }) => {
        const walk = new Walk(page, language, keyFinder(await allKeys()), false, true);
        const user = await signInIn(page, role, language);
        try {
          const paths = await navigationPaths(page);
          expect(paths.length).toBeGreaterThan(1);
          for (const path of paths) await walk.visit(path, `${role} ${path}`);
        } finally {
          await user.restore();
        }
        expect(walk.findings).toEqual([]);
      });
    }

    test("the driver app's screens, with the driver's next booking, and no serious axe violation", async ({
      page,
      baseURL,
      request,
    }) => {
      const walk = new Walk(page, language, keyFinder(await allKeys()), true, true);
      // A driver of the run's own, whose next appointment is tomorrow's at the run's hub.
      const driver = await runDriver(baseURL!, request);
      await busyHub(baseURL!, driver);
      await signInIn(page, driver.email, language, DRIVER_PASSWORD);
      const paths = await navigationPaths(page);
      // The driver's own screens outside its navigation (its home shows the same board).
      paths.push(...SCREENS.filter((s) => s.shell === 'driver').map((s) => PATHS[s.key]));
      paths.push(PATHS.home, PATHS.driver, PATHS.booking, PATHS.reschedule, PATHS.checkin);
      expect(paths.length).toBeGreaterThan(1);
      for (const path of new Set(paths)) await walk.visit(path, `driver ${path}`);
      expect(walk.findings).toEqual([]);
    });

    test("a driver's check-in refused until its day", async ({ page, baseURL, request }) => {
      const walk = new Walk(page, language, keyFinder(await allKeys()));
      const driver = await runDriver(baseURL!, request);
      const data = await busyHub(baseURL!, driver);
      await signInIn(page, driver.email, language, DRIVER_PASSWORD);
      await settle(page, PATHS.home);
      await expect(page.getByTestId('next-appointment')).toContainText(data.tomorrow.bookingReference);
      await page.getByRole('button', { name: language === 'en' ? 'Check In' : 'चेक इन करें', exact: true }).click();
      await expect
        .soft(page.getByTestId('checkin-error'))
        .toContainText(language === 'en' ? `on ${shownDay(data.tomorrow.day)}` : shownDayHi(data.tomorrow.day));
      await walk.check('driver /, a check-in refused');
      expect(walk.findings).toEqual([]);
    });
  });
}

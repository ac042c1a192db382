// Every screen on a phone (issue #29, "Phones"): at 390 x 844 no page scrolls sideways. The routes come
// from the route table (shared/navigation.ts), so a new screen is visited without editing this file:
// the public pages signed out, and every signed-in screen as the admin, as the read-only spectator in
// Hindi and as the driver (a screen a role may not open still shows its no-access notice, which must
// fit too); each tab of a screen is opened as well. A page wider than the phone is named with the
// widest elements that stick out, so the failure says what to fix. Roles are shown by name, never id.
import { readFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { PATHS, STATIC_PAGES } from '../../shared/navigation';
import { apiAs } from './checkin-support';
import { signIn } from './support';

const PHONE = { width: 390, height: 844 };
/** A screen's code is loaded the first time it is shown; on a loaded machine that can take a while. */
const SLOW_SCREEN_MS = 60_000;

/** The paths anyone may open; every other path of the route table is a signed-in screen only. */
const PUBLIC_PATHS = new Set<string>([
  PATHS.home,
  PATHS.login,
  PATHS.register,
  PATHS.auth,
  PATHS.qrCheckin,
  PATHS.signup,
  PATHS.invite,
  PATHS.book,
  PATHS.reslot,
  PATHS.pass,
  PATHS.privacyChoices,
]);
/** Paths that need a parameter, visited with one that does not exist (the page's refusal must fit too). */
const WITH_PARAMETER: Record<string, string> = {
  [PATHS.invite]: `${PATHS.invite}/not-a-real-invitation`,
  [PATHS.book]: `${PATHS.book}/not-a-real-link`,
  [PATHS.reslot]: `${PATHS.reslot}/not-a-real-link`,
  [PATHS.pass]: `${PATHS.pass}/not-a-real-link`,
  [PATHS.privacyChoices]: `${PATHS.privacyChoices}/not-a-real-link`,
};
const PUBLIC_ROUTES = [
  ...[...PUBLIC_PATHS].map((path) => WITH_PARAMETER[path] ?? path),
  ...STATIC_PAGES.map((slug) => `/${slug}`),
  '/no-such-page',
];
const LEGAL = '/legal';
/** Home is the landing page signed out and the role's dashboard (or driver screen) signed in. */
const SIGNED_IN_ROUTES = [
  PATHS.home,
  ...[...new Set<string>(Object.values(PATHS))].filter((path) => !PUBLIC_PATHS.has(path)),
];

/**
 * A page without a heading, and the text that is its content instead: the gate's QR page opened
 * without a code says only that the code is not valid.
 */
const HEADINGLESS: Record<string, RegExp> = {
  [PATHS.qrCheckin]: /This check-in code is not valid or has expired/,
};

// Every role as people read it, in English and Hindi (the users list, invitations, approval,
// registration and the shell's profile show these).
const ROLE_NAMES = new Set([
  ...['Admin', 'Operations', 'Yard Manager', 'Driver', 'Spectator', 'Operations Manager', 'Warehouse Manager'],
  ...['Security Officer', 'Tenant Admin', 'Tenant Operator', 'Vendor Supplier', 'Logistics Coordinator'],
  ...['Truck Owner', 'Transporter Company', 'Freight Forwarder'],
  ...['व्यवस्थापक', 'संचालन', 'यार्ड प्रबंधक', 'ड्राइवर', 'दर्शक', 'संचालन प्रबंधक', 'गोदाम प्रबंधक', 'सुरक्षा अधिकारी'],
  ...['टेनेंट एडमिन', 'टेनेंट ऑपरेटर', 'विक्रेता / आपूर्तिकर्ता', 'लॉजिस्टिक्स समन्वयक', 'ट्रक मालिक'],
  ...['ट्रांसपोर्ट कंपनी', 'फ़्रेट फ़ॉरवर्डर'],
]);
const ROLE_IDS = [
  ...['admin', 'operations', 'yard_manager', 'driver', 'spectator', 'operations_manager', 'warehouse_manager'],
  ...['security_officer', 'tenant_admin', 'tenant_operator', 'vendor_supplier', 'logistics_coordinator'],
  ...['truck_owner', 'transporter_company', 'freight_forwarder'],
];

/** Waits for the route's own content: its heading (or its only message) shown and nothing still loading. */
async function contentShown(page: Page, route: string) {
  const content = HEADINGLESS[route]
    ? page.getByText(HEADINGLESS[route])
    : page.locator('main h1, main h2, h1').first();
  await expect(content).toBeVisible({ timeout: SLOW_SCREEN_MS });
  await expect(page.getByText(/^(Loading|लोड हो रहा है)\.\.\.$/)).toHaveCount(0, { timeout: SLOW_SCREEN_MS });
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0, { timeout: SLOW_SCREEN_MS });
}

/** How far the page is wider than the viewport, and the elements sticking out that no scroller clips. */
async function overflow(page: Page): Promise<{ width: number; widest: string[] }> {
  return page.evaluate(() => {
    const viewport = document.documentElement.clientWidth;
    const clipped = (el: Element) => {
      for (let p = el.parentElement; p && p !== document.body; p = p.parentElement)
        if (getComputedStyle(p).overflowX !== 'visible') return true;
      return false;
    };
    const widest = [...document.body.querySelectorAll('*')]
      .map((el) => ({ el, right: el.getBoundingClientRect().right }))
      .filter(({ el, right }) => right > viewport + 0.5 && !clipped(el))
      .sort((a, b) => b.right - a.right)
      .slice(0, 3)
      .map(({ el, right }) => {
        const text = (el.textContent ?? '').trim().replace(/\s+/g, ' ').slice(0, 40);
        return `<${el.tagName.toLowerCase()} class="${el.getAttribute('class') ?? ''}"> "${text}" to ${Math.round(right)} px`;
      });
    return { width: document.documentElement.scrollWidth, widest };
  });
}

/**
 * The places a role is shown, each with what it shows: the shell's profile, the role test page's
 * current role, a user's "Role: …" line; and any element or choice in a list whose whole text is a
 * role id (a badge, a table cell, an option).
 * The role test page lists the sample accounts by username, which are role ids, so those rows are not read.
 */
async function rolesShown(page: Page): Promise<{ named: string[]; raw: string[] }> {
  return page.evaluate((ids) => {
    const text = (el: Element) => (el.textContent ?? '').trim().replace(/\s+/g, ' ');
    const named = [
      ...[...document.querySelectorAll('[data-testid="user-role"], [data-testid="current-role"]')].map(text),
      ...[...document.querySelectorAll('[data-testid="user-card"]')].flatMap((card) => {
        const line = /(?:Role|भूमिका): (.+?) · /.exec(text(card));
        return line?.[1] ? [line[1]] : [];
      }),
    ];
    const raw = [...document.body.querySelectorAll('*')]
      .filter((el) => el.children.length === 0 && !el.closest('[data-testid^="account-"]'))
      .map(text)
      .filter((t) => ids.includes(t));
    const options = [...document.querySelectorAll('option')].map(text).filter((t) => ids.includes(t));
    return { named, raw: [...raw, ...options] };
  }, ROLE_IDS);
}

interface Findings {
  wide: string[];
  rawRoles: string[];
}

async function check(page: Page, where: string, found: Findings) {
  const { width, widest } = await overflow(page);
  if (width > PHONE.width)
    found.wide.push(`${where}: ${width} px wide; widest: ${widest.join('; ') || '(none found)'}`);
  const { named, raw } = await rolesShown(page);
  for (const name of named) if (!ROLE_NAMES.has(name)) found.rawRoles.push(`${where}: shows the role as "${name}"`);
  for (const id of raw) found.rawRoles.push(`${where}: shows the role id ${id}`);
}

/**
 * A truck of this run at the gate, with names as long as people's and companies' names get: lists
 * (the dashboard's recent check-ins, the yard, the check-in screen) then hold a row that must fit.
 */
async function longNamedWalkIn(baseURL: string) {
  const tag = `${Date.now().toString(36).slice(-4)}${Math.floor(Math.random() * 1296).toString(36)}`.toUpperCase();
  const operations = await apiAs(baseURL, 'operations');
  const walkIn = await operations.post('/api/checkins/walk-in', {
    data: {
      driverName: `Venkatanarasimha Raghavendra Subramaniam ${tag}`,
      vehicleLicense: `MH12PH${tag}`,
      carrierName: `Shree Ganesh Roadlines and Logistics Private Limited ${tag}`,
    },
  });
  expect(walkIn.status()).toBe(201);
  await operations.dispose();
}

/** Opens each route, then each tab of its screen, and checks every view. */
async function visitAll(page: Page, who: string, routes: string[]) {
  const found: Findings = { wide: [], rawRoles: [] };
  for (const route of routes) {
    await page.goto(route);
    await contentShown(page, route);
    await check(page, `${who} ${route}`, found);
    const tabs = page.locator('main [role="tablist"] [role="tab"]');
    const count = await tabs.count();
    for (let i = 0; i < count; i++) {
      const tab = tabs.nth(i);
      if ((await tab.getAttribute('aria-selected')) === 'true') continue;
      const name = (await tab.innerText()).trim();
      await tab.click();
      await expect(tab).toHaveAttribute('aria-selected', 'true');
      await contentShown(page, route);
      await check(page, `${who} ${route} tab "${name}"`, found);
    }
  }
  expect(found.wide, 'pages that scroll sideways at 390 px').toEqual([]);
  expect(found.rawRoles, 'role ids shown instead of role names').toEqual([]);
}

test.describe('every route at 390 px without sideways scroll', () => {
  test.use({ viewport: PHONE });
  // Twenty-odd pages (and their tabs) in one test, each screen's code loaded for the first time.
  test.setTimeout(600_000);

  test('every path of the router is visited', () => {
    // The router names its paths through PATHS or spells them; each one (without its parameter) is visited.
    const router = readFileSync('web/src/app/router.tsx', 'utf8');
    const named = [...router.matchAll(/PATHS\.(\w+)/g)].map(([, key]) => (PATHS as Record<string, string>)[key!]);
    const spelled = [...router.matchAll(/['"`](\/[\w-]+)[/'"`]/g)].map(([, path]) => path!);
    const visited = [...PUBLIC_ROUTES, ...SIGNED_IN_ROUTES];
    const isVisited = (path?: string) =>
      !!path && visited.some((route) => route === path || route.startsWith(`${path}/`));
    expect(named.length).toBeGreaterThan(10);
    for (const path of [...named, ...spelled]) expect(isVisited(path), `${path} is visited`).toBe(true);
  });

  test('the public pages, signed out', async ({ page }) => {
    await visitAll(page, 'signed out', PUBLIC_ROUTES);
    // The legal documents, each at /legal/<document>, as the legal page links them.
    await page.goto(LEGAL);
    await contentShown(page, LEGAL);
    const documents = await page
      .locator(`main a[href^="${LEGAL}/"]`)
      .evaluateAll((links) => [...new Set(links.map((a) => new URL((a as HTMLAnchorElement).href).pathname))]);
    expect(documents.length, 'documents linked from the legal page').toBeGreaterThan(0);
    await visitAll(page, 'signed out', documents);
  });

  test('the signed-in screens, as the admin', async ({ page, baseURL }) => {
    await longNamedWalkIn(baseURL!);
    await signIn(page, 'admin');
    await expect(page.getByTestId('user-role')).toHaveText('Admin');
    await visitAll(page, 'admin', SIGNED_IN_ROUTES);
  });

  test('the signed-in screens, as the spectator, in Hindi', async ({ page, baseURL }) => {
    await longNamedWalkIn(baseURL!);
    await signIn(page, 'spectator');
    await page.evaluate(() => localStorage.setItem('docksaathi.language', 'hi'));
    await page.reload();
    await expect(page.getByTestId('user-role')).toHaveText('दर्शक');
    await visitAll(page, 'spectator (hi)', SIGNED_IN_ROUTES);
  });

  test('the signed-in screens, as the driver', async ({ page }) => {
    await signIn(page, 'driver');
    await visitAll(page, 'driver', SIGNED_IN_ROUTES);
  });
});

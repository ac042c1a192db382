// Field web vitals (issue #34): a real page's LCP and CLS (and INP when the tap was long enough to
// count), measured by the browser, are sent when the page is hidden, as the screen's route pattern
// and nothing personal, and the admin sees them among the figures of the last 7 days. Other journeys
// report too, so the count is compared with the one before, never assumed from an empty table.
import { expect, test, type Page } from '@playwright/test';
import { signIn } from './support';

interface Figures {
  routes: { route: string; device: string; metrics: Record<string, { p75: number; count: number; good: number }> }[];
}

async function yardViews(page: Page): Promise<number> {
  const res = await page.request.get('/api/vitals');
  expect(res.status()).toBe(200);
  const row = ((await res.json()) as Figures).routes.find((r) => r.route === '/yard' && r.device === 'all');
  return row?.metrics.LCP?.count ?? 0;
}

/** What a phone does when its user switches app: the page becomes hidden. */
async function hidePage(page: Page, hidden: boolean) {
  await page.evaluate((hidden) => {
    Object.defineProperty(document, 'visibilityState', { value: hidden ? 'hidden' : 'visible', configurable: true });
    Object.defineProperty(document, 'hidden', { value: hidden, configurable: true });
    document.dispatchEvent(new Event('visibilitychange', { bubbles: true }));
  }, hidden);
}

/** What the page hands to sendBeacon, as text (Chromium does not show a beacon's body to Playwright). */
async function recordBeacons(page: Page) {
  await page.addInitScript(() => {
    const beacons: string[] = [];
    (window as unknown as { beacons: string[] }).beacons = beacons;
    const send = navigator.sendBeacon.bind(navigator);
    navigator.sendBeacon = (url, data) => {
      if (String(url).endsWith('/api/vitals') && data instanceof Blob) void data.text().then((t) => beacons.push(t));
      return send(url, data);
    };
  });
}

/** Resolves once the browser has reported a largest-contentful-paint entry: the one queued for the app's
 * own observer, earlier, has been delivered by then. */
const largestPaintSeen = (page: Page) =>
  page.evaluate(
    () =>
      new Promise<void>((resolve) =>
        new PerformanceObserver((_, observer) => {
          observer.disconnect();
          resolve();
        }).observe({ type: 'largest-contentful-paint', buffered: true }),
      ),
  );

const beaconsSent = (page: Page) =>
  page.evaluate(() => (window as unknown as { beacons: string[] }).beacons.map((b) => JSON.parse(b) as unknown));

test('a page view’s vitals reach the admin’s figures, with no address or personal data', async ({ page }) => {
  await recordBeacons(page);
  await signIn(page, 'admin');
  const before = await yardViews(page);

  // A yard URL with a query and a fragment: only the screen's pattern may leave the browser.
  await page.goto('/yard?spot=A-01#mine');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  // The tap ends the LCP measurement: made before the browser has painted (and told its observers of) the
  // largest element, which a busy machine can delay past the heading's appearance, there is no LCP to send.
  await largestPaintSeen(page);
  await page.getByRole('heading', { level: 1 }).click();
  await hidePage(page, true);
  await expect.poll(async () => (await beaconsSent(page)).length).toBeGreaterThan(0);
  const report = (await beaconsSent(page))[0] as {
    route: string;
    device: string;
    metrics: { name: string; value: number; rating: string }[];
  };
  expect(Object.keys(report).sort()).toEqual(['device', 'metrics', 'route']);
  expect(report.route).toBe('/yard');
  // Playwright's default viewport is 1280 wide: a computer.
  expect(report.device).toBe('desktop');
  const names = report.metrics.map((m) => m.name);
  expect(names).toEqual(expect.arrayContaining(['LCP', 'CLS']));
  for (const m of report.metrics) {
    expect(Object.keys(m).sort()).toEqual(['name', 'rating', 'value']);
    expect(m.value).toBeGreaterThanOrEqual(0);
  }
  await hidePage(page, false);

  await expect.poll(() => yardViews(page)).toBeGreaterThan(before);
  await page.goto('/analytics');
  const card = page.locator('#web-vitals');
  await expect(card.getByRole('heading', { name: 'Speed for real users' })).toBeVisible();
  const row = card.getByTestId('vitals-/yard-all');
  await expect(row.getByRole('cell').first()).toHaveText('/yard');
  await expect(row.getByRole('cell').nth(1)).toHaveText('All devices');
  await expect(row.locator('[data-metric="LCP"]')).toHaveText(/^\d+(\.\d)? s · \d+% good$/);
  await expect(row.locator('[data-metric="CLS"]')).toHaveText(/^[\d.]+ · \d+% good$/);
  await expect(card.getByTestId('vitals-/yard-desktop')).toBeVisible();
});

// Lighthouse 12 on Debian's Chromium for `npm run bench` (issue #19): the mobile profile (Lighthouse's
// default: a mid-range phone, simulated slow 4G) on the landing page, sign-in and the driver's home
// (signed in as the sample driver), printing the performance, accessibility, best-practices and SEO
// scores. The SPA must be built into the folder the local stack serves (web/dist, or WEB_DIST).
import lighthouse from 'lighthouse';
import * as chromeLauncher from 'chrome-launcher';
import type { BenchSection } from './section';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;

async function sessionCookie(base: string, identifier: string): Promise<string> {
  const res = await fetch(`${base}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ identifier, password: 'Demo@12345' }),
  });
  if (!res.ok) throw new Error(`sign-in as ${identifier}: HTTP ${res.status}`);
  const cookie = res.headers.getSetCookie().find((c) => c.startsWith('dy_session='));
  if (!cookie) throw new Error('no session cookie');
  return cookie.split(';')[0]!;
}

export const lighthouseBench: BenchSection = async ({ base }) => {
  const page = await fetch(base);
  if (!(await page.text()).includes('id="root"'))
    return { title: 'Lighthouse: skipped, the SPA is not built (npm run build:web)', rows: [] };
  const driverCookie = await sessionCookie(base, 'driver');
  const pages = [
    { page: 'landing', url: `${base}/`, headers: {} as Record<string, string> },
    { page: 'sign-in', url: `${base}/login`, headers: {} },
    { page: 'driver home', url: `${base}/`, headers: { Cookie: driverCookie } },
  ];
  const chrome = await chromeLauncher.launch({
    chromePath: CHROMIUM,
    chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
  });
  const rows: Record<string, unknown>[] = [];
  try {
    for (const p of pages) {
      const result = await lighthouse(p.url, {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: [...CATEGORIES],
        extraHeaders: p.headers,
      });
      const categories = result?.lhr.categories ?? {};
      rows.push({
        page: p.page,
        ...Object.fromEntries(CATEGORIES.map((c) => [c, Math.round((categories[c]?.score ?? 0) * 100)])),
        'LCP ms': Math.round(Number(result?.lhr.audits['largest-contentful-paint']?.numericValue ?? 0)),
        'TBT ms': Math.round(Number(result?.lhr.audits['total-blocking-time']?.numericValue ?? 0)),
      });
    }
  } finally {
    chrome.kill();
  }
  return { title: 'Lighthouse, mobile profile (Debian Chromium): scores out of 100', rows };
};

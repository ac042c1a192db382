// Lighthouse 12 on Debian's Chromium for `npm run bench` (issues #19, #34): the mobile profile
// (Lighthouse's default: a mid-range phone, simulated slow 4G) on the landing page, sign-in, the
// driver's home and check-in (signed in as the sample driver) and the gate screen (as the sample yard
// manager), printing the performance, accessibility, best-practices and SEO scores (goal: each >= 95;
// accessibility, best practices and SEO are goals for the public pages), LCP, TBT and CLS.
// BENCH_LIGHTHOUSE_RUNS=n runs each page n times and keeps the run of median performance (Lighthouse's
// own advice on a busy machine). The SPA must be built into the folder the local stack serves
// (web/dist, or WEB_DIST).
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import lighthouse from 'lighthouse';
import * as chromeLauncher from 'chrome-launcher';
import { chromium } from '@playwright/test';
import type { BenchSection } from './section';
import { untilQuiet } from './quiet';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
const RUNS = Math.max(1, Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 1));
export const LIGHTHOUSE_GOAL = 95;

/** The cookies a sign-in sets (the session and its readable hint), as the browser keeps them. */
async function signInCookies(base: string, identifier: string): Promise<{ name: string; value: string }[]> {
  const signIn = () =>
    fetch(`${base}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ identifier, password: 'Demo@12345' }),
    });
  let res = await signIn();
  // 503: the database did not answer in time (a busy machine); the API asks to try again.
  for (let retry = 0; res.status === 503 && retry < 3; retry++) res = await signIn();
  if (!res.ok) throw new Error(`sign-in as ${identifier}: HTTP ${res.status}`);
  const cookies = res.headers.getSetCookie().map((line) => {
    const [name, ...value] = line.split(';')[0]!.split('=');
    return { name: name!, value: value.join('=') };
  });
  if (!cookies.some((c) => c.name === 'dy_session')) throw new Error('no session cookie');
  return cookies;
}

export const lighthouseBench: BenchSection = async ({ base: api, web }) => {
  // The pages are opened through the HTTPS/HTTP/2 front, as CloudFront serves them (https-front.ts).
  const base = web.url;
  const page = await fetch(api);
  if (!(await page.text()).includes('id="root"'))
    return { title: 'Lighthouse: skipped, the SPA is not built (npm run build:web)', rows: [] };
  const driver = await signInCookies(api, 'driver');
  const yardManager = await signInCookies(api, 'yard_manager');
  const pages = [
    { page: 'landing', url: `${base}/`, cookies: [], public: true },
    { page: 'sign-in', url: `${base}/login`, cookies: [], public: true },
    { page: 'driver home', url: `${base}/`, cookies: driver, public: false },
    { page: 'driver check-in', url: `${base}/checkin`, cookies: driver, public: false },
    { page: 'gate', url: `${base}/gate`, cookies: yardManager, public: false },
  ];
  const chrome = await chromeLauncher.launch({
    chromePath: CHROMIUM,
    // The front's certificate is made for the run: Chromium is told to accept it.
    chromeFlags: [
      '--headless=new',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-dev-shm-usage',
      '--ignore-certificate-errors',
    ],
  });
  // The browser's own cookie jar holds the signed-in pages' cookies, as after a real sign-in (the app
  // reads the readable hint; Lighthouse keeps cookies between its runs and clears other storage).
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${chrome.port}`);
  const jar = browser.contexts()[0]!;
  const rows: Record<string, unknown>[] = [];
  try {
    for (const p of pages) {
      await jar.clearCookies();
      await jar.addCookies(p.cookies.map((c) => ({ ...c, url: base })));
      const runs: NonNullable<Awaited<ReturnType<typeof lighthouse>>>['lhr'][] = [];
      const quiet: Awaited<ReturnType<typeof untilQuiet>>[] = [];
      for (let i = 0; i < RUNS; i++) {
        quiet.push(await untilQuiet());
        const result = await lighthouse(p.url, {
          port: chrome.port,
          output: 'json',
          logLevel: 'error',
          onlyCategories: [...CATEGORIES],
        });
        if (!result) throw new Error(`Lighthouse returned nothing for ${p.page}`);
        if (result.lhr.runtimeError) throw new Error(`Lighthouse on ${p.page}: ${result.lhr.runtimeError.message}`);
        runs.push(result.lhr);
      }
      const score = (lhr: (typeof runs)[number], c: string) => Math.round((lhr.categories[c]?.score ?? 0) * 100);
      const lhr = runs.sort((a, b) => score(a, 'performance') - score(b, 'performance'))[Math.floor(runs.length / 2)]!;
      // BENCH_LIGHTHOUSE_REPORTS=<folder>: the median run's whole report per page, to read what blocked.
      if (process.env.BENCH_LIGHTHOUSE_REPORTS) {
        mkdirSync(process.env.BENCH_LIGHTHOUSE_REPORTS, { recursive: true });
        writeFileSync(
          join(process.env.BENCH_LIGHTHOUSE_REPORTS, `${p.page.replace(/\W+/g, '-')}.json`),
          JSON.stringify(lhr),
        );
      }
      const audit = (id: string) => Number(lhr.audits[id]?.numericValue ?? 0);
      const scores = Object.fromEntries(CATEGORIES.map((c) => [c, score(lhr, c)]));
      const goals = p.public ? CATEGORIES : (['performance'] as const);
      rows.push({
        page: p.page,
        ...scores,
        'LCP ms': Math.round(audit('largest-contentful-paint')),
        'TBT ms': Math.round(audit('total-blocking-time')),
        CLS: Number(audit('cumulative-layout-shift').toFixed(3)),
        // How long each run waited for a quiet machine, and how busy it was when it started (quiet.ts).
        'waited s': quiet.map((q) => q.waitedS).join('/'),
        'CPU busy %': quiet.map((q) => q.busyPct).join('/'),
        [`goal >= ${LIGHTHOUSE_GOAL}`]: goals.every((c) => scores[c]! >= LIGHTHOUSE_GOAL) ? 'pass' : 'FAIL',
      });
    }
  } finally {
    await browser.close().catch(() => undefined);
    chrome.kill();
  }
  return {
    title: `Lighthouse, mobile profile (Debian Chromium) over ${web.protocol}: scores out of 100${RUNS > 1 ? `, median of ${RUNS} runs` : ''}`,
    rows,
    extra: { protocol: web.protocol },
  };
};

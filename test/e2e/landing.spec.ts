import { expect, test } from '@playwright/test';

const FOOTER_LINKS = [
  '/features',
  '/mobile-app',
  '/messaging',
  '/security',
  '/support',
  '/help-center',
  '/documentation',
  '/training',
  '/contact',
  '/about',
  '/careers',
  '/partners',
  '/legal',
];

test.describe('public pages', () => {
  test('the landing page shows the product, its features, testimonials and the footer links', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(
      'Run every dock, yard and warehouse from one screen',
    );
    await expect(page.getByRole('link', { name: 'Sign In' })).toHaveAttribute('href', '/login');
    await expect(page.getByRole('link', { name: 'Get Started Free' })).toHaveAttribute('href', '/signup');
    await expect(page.getByRole('link', { name: 'Start Free Trial' })).toHaveAttribute('href', '/signup');
    await expect(page.getByTestId('feature-card')).toHaveCount(6);
    await expect(page.getByTestId('testimonial')).toHaveCount(3);
    for (const figure of ['75%', '50%', '90%', '24/7'])
      await expect(page.getByText(figure, { exact: true })).toBeVisible();
    const hrefs = await page
      .getByRole('contentinfo')
      .getByRole('link')
      .evaluateAll((links) => links.map((a) => a.getAttribute('href')));
    expect(hrefs).toEqual(FOOTER_LINKS);
  });

  test('the Quick Slot Booking button opens its dialog', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('button', { name: 'Quick Slot Booking' }).click();
    await expect(page.getByRole('dialog')).toBeVisible();
    await page.getByRole('dialog').getByRole('button', { name: 'Cancel' }).click();
    await expect(page.getByRole('dialog')).toBeHidden();
  });

  test('the landing page switches to Hindi and back, and remembers the choice', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('button', { name: /Language/ }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('हर डॉक, यार्ड और वेयरहाउस एक ही स्क्रीन से चलाएँ');
    await expect(page.getByRole('link', { name: 'साइन इन' })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'hi');
    await page.reload();
    await expect(page.getByRole('button', { name: 'त्वरित स्लॉट बुकिंग' })).toBeVisible();
    await page.getByRole('button', { name: /भाषा/ }).click();
    await expect(page.getByRole('button', { name: 'Quick Slot Booking' })).toBeVisible();
  });

  test('a signed-out visitor\u2019s English landing asks nothing about a session and downloads no Hindi font', async ({
    page,
  }) => {
    // No signed-in hint cookie: the first screen does not wait for GET /api/auth/user, and the
    // language switch's "हिंदी" is drawn in the phone's own fonts (issue #34).
    const asked: string[] = [];
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (url.pathname === '/api/auth/user' || /devanagari.*\.woff2$/.test(url.pathname)) asked.push(url.pathname);
    });
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(
      'Run every dock, yard and warehouse from one screen',
    );
    await expect(page.getByRole('button', { name: /Language/ })).toHaveText('हिंदी');
    await page.waitForLoadState('networkidle');
    expect(asked).toEqual([]);
  });

  test('Hindi text renders with the shipped Noto Sans Devanagari font, not a system font or boxes', async ({
    page,
  }) => {
    await page.goto('/');
    await page.getByRole('button', { name: /Language/ }).click();
    const heading = page.getByRole('heading', { level: 1 });
    await expect(heading).toHaveText('हर डॉक, यार्ड और वेयरहाउस एक ही स्क्रीन से चलाएँ');
    expect(await heading.evaluate((h1) => getComputedStyle(h1).fontFamily)).toContain('"Noto Sans Devanagari"');
    await expect
      .poll(() =>
        page.evaluate(async () => {
          await document.fonts.ready;
          const shipped = [...document.fonts].some(
            (face) => face.family.replaceAll('"', '') === 'Noto Sans Devanagari' && face.status === 'loaded',
          );
          return shipped && document.fonts.check('16px "Noto Sans Devanagari"', 'हिन्दी');
        }),
      )
      .toBe(true);
    // What Chromium actually drew the heading with: the web font, even where a system one exists.
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('DOM.enable');
    await cdp.send('CSS.enable');
    const { root } = await cdp.send('DOM.getDocument');
    const { nodeId } = await cdp.send('DOM.querySelector', { nodeId: root.nodeId, selector: 'h1' });
    await expect
      .poll(async () => (await cdp.send('CSS.getPlatformFontsForNode', { nodeId })).fonts)
      .toContainEqual(expect.objectContaining({ familyName: 'Noto Sans Devanagari', isCustomFont: true }));
  });

  test('the landing and sign-in pages, with their forms checked, break no rule of the content security policy', async ({
    page,
  }) => {
    const cdp = await page.context().newCDPSession(page);
    const violations: string[] = [];
    cdp.on('Audits.issueAdded', ({ issue }) => {
      if (issue.code === 'ContentSecurityPolicyIssue') violations.push(JSON.stringify(issue.details));
    });
    await cdp.send('Audits.enable');
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await page.goto('/login');
    // An empty sign-in is checked by its schema, the registration form builds its own: both with zod.
    await page.getByRole('button', { name: 'Sign In', exact: true }).last().click();
    await expect(page.getByText('Please enter your email, username, or mobile number')).toBeVisible();
    await page.getByRole('button', { name: 'Create Account' }).click();
    await expect(page.getByRole('heading', { name: 'Create your account' })).toBeVisible();
    await page.getByRole('button', { name: 'Sign In', exact: true }).first().click();
    await expect(page.getByLabel('Password')).toBeVisible();
    expect(violations).toEqual([]);
  });

  test('a signed-out visitor\u2019s landing page is a static document: no app code until Quick Slot Booking is pressed', async ({
    page,
  }) => {
    // The app's code: the framework chunk (React) and its entry, which index.html starts (issue #34).
    const appCode: string[] = [];
    page.on('request', (request) => {
      const path = new URL(request.url()).pathname;
      if (/^\/assets\/(framework|index)-[^/]+\.js$/.test(path)) appCode.push(path);
    });
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(
      'Run every dock, yard and warehouse from one screen',
    );
    await page.waitForLoadState('networkidle');
    expect(appCode).toEqual([]);
    // Rendered when the site was built, the footer still shows this year.
    const thisYear = await page.evaluate(() => new Date().getFullYear());
    await expect(page.getByRole('contentinfo')).toContainText(`© ${thisYear} DockSaathi.`);

    await page.getByRole('button', { name: 'Quick Slot Booking' }).click();
    await expect(page.getByRole('dialog')).toBeVisible();
    expect(appCode.length).toBeGreaterThan(0);
    await expect(page).toHaveURL(/\/#quick-slot-booking$/);
    await page.getByRole('dialog').getByRole('button', { name: 'Cancel' }).click();
    await expect(page.getByRole('dialog')).toBeHidden();
    await expect(page).toHaveURL(/\/$/);
    // The app now runs the page: its links move within it.
    await page.getByRole('link', { name: 'Sign In' }).click();
    await expect(page.getByLabel('Password')).toBeVisible();
  });

  test('a link to /#quick-slot-booking opens the landing page with Quick Slot Booking open', async ({ page }) => {
    await page.goto('/#quick-slot-booking');
    await expect(page.getByRole('dialog')).toBeVisible();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(
      'Run every dock, yard and warehouse from one screen',
    );
  });

  test('a Hindi reader\u2019s first visit shows the landing page in Hindi, never the English one', async ({
    browser,
  }) => {
    const context = await browser.newContext({ locale: 'hi-IN' });
    const page = await context.newPage();
    const englishSeen: boolean[] = [];
    await page.exposeFunction('sawEnglish', () => englishSeen.push(true));
    // Watches every paint-worthy moment: the English heading must never be shown to a Hindi reader.
    await page.addInitScript(() => {
      const check = () => {
        const h1 = document.querySelector('h1');
        if (h1 && h1.textContent?.startsWith('Run every dock') && h1.checkVisibility())
          void (window as unknown as { sawEnglish: () => void }).sawEnglish();
      };
      new MutationObserver(check).observe(document, { childList: true, subtree: true, attributes: true });
      document.addEventListener('DOMContentLoaded', check);
    });
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('हर डॉक, यार्ड और वेयरहाउस एक ही स्क्रीन से चलाएँ');
    expect(englishSeen).toEqual([]);
    await context.close();
  });

  test('a Hindi choice remembered before its cookie existed still opens the landing page in Hindi', async ({
    page,
  }) => {
    // The device remembers Hindi, but the CDN cannot know: the static page starts the app at once.
    await page.addInitScript(() => {
      if (!sessionStorage.getItem('seeded')) {
        sessionStorage.setItem('seeded', '1');
        localStorage.setItem('docksaathi.language', 'hi');
      }
    });
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('हर डॉक, यार्ड और वेयरहाउस एक ही स्क्रीन से चलाएँ');
    // Now the cookie says it too, so the next visit is answered with the app directly.
    const cookies = await page.context().cookies();
    expect(cookies.find((c) => c.name === 'dy_lang')?.value).toBe('hi');
  });

  test('the static landing page reports its own web vitals, as the route /', async ({ page }) => {
    await page.addInitScript(() => {
      const beacons: string[] = [];
      (window as unknown as { beacons: string[] }).beacons = beacons;
      navigator.sendBeacon = (url, data) => {
        if (String(url).endsWith('/api/vitals') && data instanceof Blob) void data.text().then((t) => beacons.push(t));
        return true;
      };
    });
    await page.goto('/');
    await page.waitForLoadState('networkidle');
    await page.getByRole('heading', { level: 1 }).click();
    await page.evaluate(() => {
      Object.defineProperty(document, 'visibilityState', { value: 'hidden', configurable: true });
      document.dispatchEvent(new Event('visibilitychange'));
    });
    await expect
      .poll(() => page.evaluate(() => (window as unknown as { beacons: string[] }).beacons.length))
      .toBeGreaterThan(0);
    const [report] = await page.evaluate(() =>
      (window as unknown as { beacons: string[] }).beacons.map(
        (b) => JSON.parse(b) as { route: string; metrics: { name: string }[] },
      ),
    );
    expect(report!.route).toBe('/');
    expect(report!.metrics.map((m) => m.name)).toContain('LCP');
  });

  test('an unknown path shows the 404 page', async ({ page }) => {
    await page.goto('/no/such/page');
    await expect(page.getByRole('heading', { name: '404 Page Not Found' })).toBeVisible();
    await expect(page.getByText('Did you forget to add the page to the router?')).toBeVisible();
  });

  test('a static information page ends with the shared footer', async ({ page }) => {
    await page.goto('/legal');
    await expect(page.getByRole('heading', { level: 1, name: 'Legal' })).toBeVisible();
    await expect(page.getByRole('contentinfo').getByRole('link')).toHaveCount(13);
  });
});

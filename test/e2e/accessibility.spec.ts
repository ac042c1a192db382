// Accessibility and phones (issue #19): axe-core (test/e2e/axe.ts) on what the walks of every screen
// do not open: the guest booking dialog in English and Hindi, the reslot page of a late truck; dialogs
// that trap focus; and the public pages, guest booking, sign-in, create account and the driver screens
// at 390x844 without horizontal scrolling. Every route of the router, in English and Hindi, signed out,
// as the administrator and as a driver, is checked with axe where the i18n walk opens it
// (i18n-walk.spec.ts): one visit of each screen for both checks (issue #54).
import { expect as baseExpect, test, type Page } from '@playwright/test';
import { PATHS, STATIC_PAGES } from '../../shared/navigation';
import { seriousViolations } from './axe';
import { signIn } from './support';
import {
  bookTruck,
  fastagOn,
  openChakanHub,
  reslotPathOf,
  runIdentity,
  truckSeenLate,
  watchOn,
} from './late-truck-support';

const expect = baseExpect.configure({ timeout: 15_000 });

const LEGAL_DOCUMENTS = ['/legal/terms', '/legal/privacy', '/legal/dpa', '/legal/sla', '/legal/cookies', '/legal/aup'];
const DRIVER_SCREENS = [PATHS.home, PATHS.driver, PATHS.booking, PATHS.reschedule, PATHS.checkin];

async function useLanguage(page: Page, language: 'en' | 'hi') {
  await page.addInitScript((lang) => localStorage.setItem('docksaathi.language', lang), language);
}

/** Opens the route and waits until its screen and data have arrived (no loading text left). */
async function settle(page: Page, path: string) {
  await page.goto(path);
  await expect(page.locator('#root')).not.toBeEmpty();
  await expect(page.getByText(/^(Loading\.\.\.|लोड हो रहा है\.\.\.)$/)).toHaveCount(0, { timeout: 30_000 });
}

test('the axe rule finds serious violations: an image without a text, a nameless button, grey on white', async ({
  page,
}) => {
  await page.setContent(`<!doctype html><html lang="en"><head><title>Planted</title></head><body><main>
    <h1>Gate</h1><img src="data:image/gif;base64,R0lGODlhAQABAAAAACw=">
    <button></button><p style="color:#bbb;background:#fff">Door 4 is free</p></main></body></html>`);
  const found = (await seriousViolations(page, 'planted')).map((v) => v.split(' (')[0]);
  expect(found).toEqual(['planted button-name', 'planted color-contrast', 'planted image-alt']);
});

for (const language of ['en', 'hi'] as const) {
  test.describe(`axe in ${language === 'en' ? 'English' : 'Hindi'}`, () => {
    test('the guest booking dialog', async ({ page }) => {
      await useLanguage(page, language);
      await settle(page, '/');
      await page
        .getByRole('button', { name: language === 'en' ? 'Quick Slot Booking' : 'त्वरित स्लॉट बुकिंग' })
        .first()
        .click();
      await expect(page.getByRole('dialog')).toBeVisible();
      expect(await seriousViolations(page, '/#guest-booking')).toEqual([]);
    });
  });
}

test.describe('dialogs', () => {
  test('trap focus, close on Escape and give focus back to what opened them', async ({ page }) => {
    await page.goto('/');
    const opener = page.getByRole('button', { name: 'Quick Slot Booking' }).first();
    await opener.click();
    const dialog = page.getByRole('dialog');
    await expect(dialog).toBeVisible();
    await expect(dialog).toHaveAccessibleName('Quick Slot Booking');
    for (let i = 0; i < 25; i++) {
      await page.keyboard.press('Tab');
      expect(await page.evaluate(() => Boolean(document.activeElement?.closest('dialog')))).toBe(true);
    }
    for (let i = 0; i < 25; i++) {
      await page.keyboard.press('Shift+Tab');
      expect(await page.evaluate(() => Boolean(document.activeElement?.closest('dialog')))).toBe(true);
    }
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(opener).toBeFocused();
  });
});

test.describe('phones (390x844)', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  async function noHorizontalScroll(page: Page, what: string) {
    const { scrollWidth, clientWidth } = await page.evaluate(() => ({
      scrollWidth: document.documentElement.scrollWidth,
      clientWidth: document.documentElement.clientWidth,
    }));
    expect(scrollWidth, `${what} scrolls sideways`).toBeLessThanOrEqual(clientWidth);
  }

  for (const language of ['en', 'hi'] as const) {
    test(`landing, public pages, legal documents, sign-in and create account in ${language}`, async ({ page }) => {
      await useLanguage(page, language);
      for (const path of ['/', ...STATIC_PAGES.map((s) => `/${s}`), ...LEGAL_DOCUMENTS, '/login']) {
        await settle(page, path);
        await noHorizontalScroll(page, path);
      }
      await page
        .getByRole('button', { name: language === 'en' ? 'Create Account' : /खाता बनाएँ/ })
        .first()
        .click();
      await noHorizontalScroll(page, 'create account');
    });
  }

  test('guest booking', async ({ page }) => {
    await settle(page, '/');
    await page.getByRole('button', { name: 'Quick Slot Booking' }).first().click();
    await expect(page.getByRole('dialog')).toBeVisible();
    await noHorizontalScroll(page, 'guest booking');
  });

  test('the reslot page of a late truck, in Hindi, has no serious violation', async ({ page, baseURL, request }) => {
    test.setTimeout(120_000);
    const who = runIdentity();
    const gate = await fastagOn(baseURL!);
    try {
      const hub = await openChakanHub(baseURL!, `Chakan Axe ${who.tag}`);
      await watchOn(baseURL!, hub.id);
      await bookTruck(request, hub.bookingLink, who);
      await truckSeenLate(request, who);
    } finally {
      await gate.restore();
    }
    await useLanguage(page, 'hi');
    await settle(page, await reslotPathOf(request, who.mobile));
    await expect(page.getByRole('button', { name: /\d\d:\d\d-\d\d:\d\d$/ })).toHaveCount(3);
    await noHorizontalScroll(page, 'reslot');
    expect(await seriousViolations(page, '/reslot')).toEqual([]);
  });

  test('every driver screen', async ({ page }) => {
    await signIn(page, 'driver');
    for (const path of DRIVER_SCREENS) {
      await settle(page, path);
      await noHorizontalScroll(page, `driver ${path}`);
    }
  });
});

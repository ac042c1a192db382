// What the screens call today at the instants of `npm run test:clock` (a month's last evening, either
// side of IST midnight on 31 December, 29 February): every expectation is the hand-written calendar
// of test/support/clock-instants.ts. Outside test:clock (no CLOCK_INSTANT) it is skipped.
import { expect, test } from '@playwright/test';
import { clockInstant } from '../support/clock-instants';
import { signInTo } from './support';

const at = clockInstant();

test.describe(`today at ${at?.name ?? 'the real clock'}`, { tag: '@instant' }, () => {
  // Skipped in a plain run on purpose: its expectations are one faked instant's hand-written calendar,
  // so it only means something under faketime (scripts/test-clock.ts sets the instant).
  test.skip(!at, 'runs under npm run test:clock');

  test("the guest calendar opens on India's month with today bookable and yesterday not", async ({ page }) => {
    await page.goto('/');
    await page.getByRole('button', { name: 'Quick Slot Booking' }).click();
    const calendar = page
      .getByRole('dialog', { name: 'Quick Slot Booking' })
      .getByRole('group', { name: 'Arrival date calendar' });
    await expect(calendar).toContainText(at!.month);
    await expect(calendar.getByRole('button', { name: at!.longDay, exact: true })).toBeEnabled();
    const yesterday = calendar.locator(`[data-date="${at!.yesterday}"]`);
    if (at!.yesterday.slice(0, 7) === at!.date.slice(0, 7)) await expect(yesterday).toBeDisabled();
    else await expect(yesterday).toHaveCount(0);
  });

  test("staff screens start on India's today", async ({ page }) => {
    await signInTo(page, 'operations', '/scheduling');
    await expect(page.getByLabel('Date')).toHaveValue(at!.date);
    await page.goto('/booking');
    await expect(page.getByLabel('Date *')).toHaveValue(at!.date);
    await page.goto('/configuration');
    await expect(page.getByLabel('Date', { exact: true })).toHaveValue(at!.date);
  });
});

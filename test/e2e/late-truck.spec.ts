// Where is my truck (issue #33), end to end: operations turns the trip watch on for a hub of the run on
// /configuration; the run's truck, booked at 14:00 two days ahead, is seen by FASTag late (see
// late-truck-support.ts: expected 16:31, 91 min past its window); the schedule shows "Late by ~90 min"
// with the estimate; the driver opens the SMS's reslot link on a 390 px phone in Hindi and takes the
// first slot after the estimate (17:00, the hub's hourly slots); a second visit is refused with the
// server's message; the schedule shows the new time.
import { expect, test } from '@playwright/test';
import { SCREEN_OPENS_MS, signInTo } from './support';
import {
  bookTruck,
  fastagOn,
  HUB,
  lateDay,
  openChakanHub,
  reslotPathOf,
  runIdentity,
  truckSeenLate,
} from './late-truck-support';

// A hub, a booking, the settings screen, two browsers: slower than most under load.
test.describe.configure({ timeout: 120_000 });

let gate: Awaited<ReturnType<typeof fastagOn>>;
test.beforeAll(async ({ baseURL }) => {
  gate = await fastagOn(baseURL!);
});
test.afterAll(async () => gate?.restore());

test('operations sees a late truck, the driver reslots it with one tap in Hindi, the schedule moves', async ({
  page,
  browser,
  baseURL,
  request,
}) => {
  const who = runIdentity();
  const hub = await openChakanHub(baseURL!, `Chakan Late ${who.tag}`);
  const day = lateDay();

  // The watch goes on at the hub on its settings screen.
  await signInTo(page, 'operations', '/configuration');
  await page.getByLabel('Facility', { exact: true }).selectOption({ label: hub.name });
  const settings = page.locator('form').filter({ has: page.getByRole('button', { name: 'Save trip watch' }) });
  await expect(settings).toBeVisible({ timeout: SCREEN_OPENS_MS });
  await settings.getByLabel('Facility latitude').fill(HUB.latitude);
  await settings.getByLabel('Facility longitude').fill(HUB.longitude);
  await settings.getByLabel('Watch trucks on FASTag').check();
  await settings.getByRole('button', { name: 'Save trip watch' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Trip watch saved' })).toBeVisible();

  const reference = await bookTruck(request, hub.bookingLink, who);
  await truckSeenLate(request, who);

  // The schedule of that day: the truck is late by about 90 minutes, with its estimate.
  await page.goto('/scheduling');
  await page.getByLabel('Facility', { exact: true }).selectOption({ label: hub.name });
  await page.getByLabel('Date').fill(day);
  const row = page.getByTestId('appointment-row').filter({ hasText: reference });
  // The row's own badge and estimate (the trip strip folded under the row repeats them).
  await expect(row.getByTestId('trip-state').filter({ visible: true })).toHaveText('Late by ~90 min', {
    timeout: SCREEN_OPENS_MS,
  });
  await expect(row.getByTestId('trip-estimate').filter({ visible: true })).toContainText(
    'ETA 16:31 (16:22-16:40), last seen Talegaon (Urse) Toll Plaza 15:55',
  );
  await row.getByText('Trip: toll plazas and estimate').click();
  await expect(row.getByRole('list', { name: 'Toll plazas crossed' }).getByRole('listitem')).toHaveText([
    'Vashi Toll Plaza 12:20',
    '→Talegaon (Urse) Toll Plaza 15:55',
  ]);

  // The driver's phone, in Hindi: the link from the SMS, no sign-in.
  const phone = await browser.newContext({
    viewport: { width: 390, height: 844 },
    isMobile: true,
    hasTouch: true,
    locale: 'hi-IN',
  });
  const driver = await phone.newPage();
  await driver.goto(await reslotPathOf(request, who.mobile));
  await expect(driver.getByRole('heading', { name: 'देर हो रही है? नया समय चुनें' })).toBeVisible({
    timeout: SCREEN_OPENS_MS,
  });
  const slots = driver.getByRole('button', { name: /\d\d:\d\d-\d\d:\d\d$/ });
  await expect(slots).toHaveCount(3);
  await expect(slots.first()).toContainText('17:00-18:00');
  await slots.first().tap();
  await expect(driver.getByRole('status')).toContainText('हो गया। आपका नया समय:');
  await expect(driver.getByRole('status')).toContainText('17:00-18:00');
  // The link is single use: opened again, the server's refusal in Hindi, and no slot to tap.
  await driver.reload();
  await expect(driver.getByRole('alert')).toHaveText('यह रीस्लॉट लिंक पहले ही इस्तेमाल हो चुका है');
  await expect(slots).toHaveCount(0);
  await phone.close();

  // Operations' schedule shows the new time.
  await page.reload();
  await page.getByLabel('Date').fill(day);
  await expect(row).toContainText('17:00 - 18:00', { timeout: SCREEN_OPENS_MS });
});

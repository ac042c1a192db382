// Issue #36: a driver on a 390 px phone, in Hindi, sees what the facility holds about them, downloads
// it and asks for it to be erased; the facility admin erases it from the users screen. Each run makes
// its own carrier, driver record and driver account (the name and number carry the run's tag).
import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { signIn, signInTo, whenNotBusy } from './support';
import { apiAs } from './checkin-support';
import { approve, register } from './accounts';

test.describe.configure({ timeout: 180_000 });
test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

const PASSWORD = 'Driver#Privacy2026';
const tagOf = () => `${Date.now().toString(36).slice(-5)}${Math.floor(Math.random() * 36 ** 2).toString(36)}`;

test('a driver in Hindi sees, downloads and asks to erase their data; the admin erases it', async ({
  page,
  browser,
  request,
  baseURL,
}) => {
  // Prepare: the run's carrier, driver record and the account that drives as it.
  const tag = tagOf();
  const name = `Privacy Driver ${tag}`;
  const phone = `96${String(parseInt(tag, 36) % 1e8).padStart(8, '0')}`;
  const ops = await apiAs(baseURL!, 'operations');
  const carrier = await whenNotBusy(() =>
    ops.post('/api/carriers', { data: { name: `Privacy Roadways ${tag}`, serviceTypes: ['FTL'] } }),
  );
  expect(carrier.status(), await carrier.text()).toBe(201);
  const carrierId = ((await carrier.json()) as { id: string }).id;
  const driver = await whenNotBusy(() =>
    ops.post('/api/drivers', { data: { carrierId, name, phone, licenseNumber: 'RJ1420190012345' } }),
  );
  expect(driver.status(), await driver.text()).toBe(201);
  const driverId = ((await driver.json()) as { id: string }).id;
  await ops.dispose();
  const email = `privacy.${tag}@example.in`;
  await register(request, {
    email,
    password: PASSWORD,
    firstName: 'Privacy',
    lastName: tag,
    driverLicense: 'RJ1420190012345',
  });
  await approve(baseURL!, email, { role: 'driver', carrierId, driverId });
  await signIn(page, email, PASSWORD);
  await page.evaluate(() => localStorage.setItem('docksaathi.language', 'hi'));
  await page.goto('/driver');

  // Act (driver): show the data, download it, ask for erasure.
  const card = page.getByRole('region', { name: 'मेरा डेटा' });
  await card.getByRole('button', { name: 'मेरा डेटा दिखाएँ' }).click();
  await expect(card.getByLabel('नाम')).toHaveValue(name, { timeout: 30_000 });
  await expect(card.getByTestId('my-data-appointments')).toHaveText('0');
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    card.getByRole('link', { name: 'डाउनलोड करें (JSON)' }).click(),
  ]);
  const downloaded = JSON.parse(await readFile(await download.path(), 'utf8')) as { driver: { name: string } };
  await card.getByRole('button', { name: 'मेरा डेटा मिटाने का अनुरोध करें' }).click();

  // Assess (driver)
  expect(downloaded.driver.name).toBe(name);
  await expect(page.getByText('आपका डेटा मिटाने का अनुरोध भेजा गया')).toBeVisible({ timeout: 30_000 });
  await expect(card.getByTestId('erasure-request')).toContainText('फ़ैसिलिटी के उत्तर की प्रतीक्षा');

  // Act (admin): the request on the users screen, erased.
  const adminContext = await browser.newContext();
  const admin = await adminContext.newPage();
  await signInTo(admin, 'admin', '/users');
  const row = admin.getByTestId('erasure-request-row').filter({ hasText: name });
  await expect(row).toBeVisible({ timeout: 30_000 });
  await row.getByRole('button', { name: 'Erase now' }).click();

  // Assess (admin): accepted, then erased by the erasure worker (issue #52), shown by pseudonym only;
  // the driver's record holds the pseudonym.
  await expect(admin.getByText('Erasure started: the data is being erased')).toBeVisible({ timeout: 60_000 });
  await expect(admin.getByTestId('erasure-request-row').filter({ hasText: name })).toHaveCount(0, { timeout: 60_000 });
  const staff = await apiAs(baseURL!, 'operations');
  const drivers = (await (await staff.get(`/api/carriers/${carrierId}/drivers`)).json()) as { name: string }[];
  expect(drivers.map((d) => d.name)).toEqual([expect.stringMatching(/^Driver #[0-9a-f]{4}$/)]);
  await staff.dispose();
  await adminContext.close();
});

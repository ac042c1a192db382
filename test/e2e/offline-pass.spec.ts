// Issue #31: the gate pass link. A guest's booking message carries a short link to the pass; opened on a
// 390 px phone (in the language the guest booked in, with no serious axe violation) it shows the pass
// and saves it, and with the network cut a reload of the same link still shows it. The guest's
// confirmation panel keeps the pass on the phone too: with the network cut, its link opens the pass.
// Each run books at a hub of its own, with a mobile number of its own.
import { randomUUID } from 'node:crypto';
import { expect as baseExpect, test, type APIRequestContext, type Page } from '@playwright/test';
import { apiAs } from './checkin-support';
import { calendarDay, indiaDate, shownDay } from './dates';
import { seriousViolations } from './axe';
import { sentTo } from './support';

const expect = baseExpect.configure({ timeout: 20_000 });
test.describe.configure({ timeout: 150_000 });
test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, serviceWorkers: 'allow' });

/** A hub of the demo company in India, open 08:00-18:00 in hour slots, and its booking link. */
async function ownHub(baseURL: string) {
  const ops = await apiAs(baseURL, 'operations');
  const name = `Pass Hub ${randomUUID().slice(0, 8)}`;
  const created = await ops.post('/api/facilities', {
    data: {
      name,
      address: 'Gat 44, Chakan MIDC',
      city: 'Pune',
      state: 'Maharashtra',
      zipCode: '410501',
      operatingHoursStart: '08:00',
      operatingHoursEnd: '18:00',
      timeZone: 'Asia/Kolkata',
      slotMinutes: 60,
      slotCapacity: 3,
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const { id } = (await created.json()) as { id: string };
  const link = await ops.get(`/api/facilities/${id}/link`);
  expect(link.status()).toBe(200);
  const { token } = (await link.json()) as { token: string };
  await ops.dispose();
  return { name, link: token };
}

const mobileOfRun = () => `97${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`;

/** The run's SMS to `to` from the local stack's message outbox. */
async function smsTo(api: APIRequestContext, to: string): Promise<string> {
  let body = '';
  await expect
    .poll(async () => {
      const messages = await sentTo(api, to);
      body = messages.find((m) => m.to === to)?.body ?? '';
      return body;
    })
    .not.toBe('');
  return body;
}

/** Waits until the app's service worker controls the page (so a reload with no network still opens it). */
async function controlledByServiceWorker(page: Page) {
  await page.evaluate(async () => void (await navigator.serviceWorker.ready));
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
}

test('the link in a Hindi booking SMS opens the pass in Hindi, and again with no network', async ({
  page,
  context,
  baseURL,
}) => {
  // Prepare: a guest books tomorrow 10:00 in Hindi.
  const hub = await ownHub(baseURL!);
  const mobile = mobileOfRun();
  const date = indiaDate(1);
  const booked = await page.request.post('/api/bookings/slot', {
    data: {
      ownerType: 'Driver',
      vehicleNumber: 'MH14KL2290',
      vehicleType: 'Truck',
      capacityTons: 9,
      driverName: 'Sachin Kale',
      driverLicense: 'MH1420170055555',
      mobileNumber: `+91 ${mobile}`,
      expectedArrivalDate: new Date().toISOString(),
      slotId: `${date}_1000`,
      facility: hub.link,
      language: 'hi',
    },
  });
  expect(booked.status(), await booked.text()).toBe(201);
  const { confirmationCode } = (await booked.json()) as { confirmationCode: string };
  const sms = await smsTo(page.request, `+91${mobile}`);
  expect(sms).toContain(`पुष्टि कोड: ${confirmationCode}।`);
  const url = /गेट पास \(एक बार सहेजने पर बिना नेटवर्क खुलता है\): (\S+)$/.exec(sms)?.[1];
  expect(url, sms).toMatch(/\/pass\/[A-Za-z0-9_-]{16}~[0-9a-z]{1,10}~[A-Za-z0-9_-]{4}~[A-Za-z0-9_-]{22}$/);

  // Act: the guest taps the link on the phone.
  await page.goto(new URL(url!).pathname);

  // Assess: the pass, in Hindi, saved on the phone.
  await expect(page.locator('html')).toHaveAttribute('lang', 'hi');
  await expect(page.getByRole('heading', { name: 'आपका गेट पास' })).toBeVisible();
  const pass = page.getByRole('region', { name: 'गेट पास' });
  await expect(pass.getByRole('img', { name: `गेट पास का QR कोड, बुकिंग ${confirmationCode}` })).toBeVisible();
  await expect(pass).toContainText(hub.name);
  await expect(pass).toContainText('MH14KL2290');
  await expect(page.getByTestId('pass-saved-here')).toHaveText(
    'इस फ़ोन पर सहेजा गया: मोबाइल डेटा न होने पर भी यह पेज पास खोलता है।',
  );
  expect(await seriousViolations(page), 'axe, Hindi').toEqual([]);
  const savedText = await pass.getByTestId('pass-saved').textContent();
  await controlledByServiceWorker(page);

  // Act: no network; the guest opens the link again.
  await context.setOffline(true);
  await page.reload();

  // Assess: the same pass, from the phone, saved when it was.
  await expect(pass.getByRole('img', { name: `गेट पास का QR कोड, बुकिंग ${confirmationCode}` })).toBeVisible();
  await expect(pass.getByTestId('pass-offline')).toBeVisible();
  await expect(pass.getByTestId('pass-saved')).toHaveText(savedText!);
  await expect(pass).toContainText(hub.name);

  // In English too (the language switch), still offline, with no serious axe violation.
  await page.getByRole('button', { name: /English/ }).click();
  await expect(page.getByRole('heading', { name: 'Your gate pass' })).toBeVisible();
  const english = page.getByRole('region', { name: 'Gate pass' });
  await expect(english.getByTestId('pass-offline')).toHaveText('No network: showing the pass saved on this phone.');
  await expect(english).toContainText(shownDay(date));
  await expect(english).toContainText('10:00 am – 11:00 am');
  expect(await seriousViolations(page), 'axe, English').toEqual([]);
});

test('the guest confirmation keeps the pass on the phone: its link opens the pass with no network', async ({
  page,
  context,
  baseURL,
}) => {
  // Prepare: the booking link on the phone, the app's service worker in control.
  const hub = await ownHub(baseURL!);
  const mobile = mobileOfRun();
  const date = indiaDate(2);
  await page.goto(`/book/${hub.link}`);
  await controlledByServiceWorker(page);
  const dialog = page.getByRole('dialog', { name: 'Quick Slot Booking' });
  await dialog.getByLabel('Vehicle number *').fill('mh12pq4455');
  await dialog.getByLabel('Capacity (tons) *').fill('10');
  await dialog.getByLabel('Driver name *').fill('Manoj Shinde');
  await dialog.getByLabel('Driving license *').fill('MH1220150066666');
  await dialog.getByLabel('Mobile number *').fill(`+91 ${mobile}`);
  await (await calendarDay(dialog.getByRole('group', { name: 'Arrival date calendar' }), date)).click();
  await dialog.getByRole('option').filter({ hasText: '10:00 - 11:00' }).click();

  // Act: book.
  await dialog.getByRole('button', { name: 'Confirm Booking' }).click();

  // Assess: the panel says the pass is kept on the phone and links to it.
  const done = dialog.getByTestId('guest-booking-confirmation');
  const code = (await done.getByTestId('guest-booking-code').textContent())!.trim();
  const kept = done.getByTestId('gate-pass-kept');
  await expect(kept).toContainText('Saved on this phone for use with no network.');
  const open = kept.getByRole('link', { name: 'Open gate pass (works offline)' });
  await expect(open).toHaveAttribute(
    'href',
    /^\/pass\/[A-Za-z0-9_-]{16}~[0-9a-z]{1,10}~[A-Za-z0-9_-]{4}~[A-Za-z0-9_-]{22}$/,
  );

  // Act: no network; the guest opens the pass from the panel, then reloads it.
  await context.setOffline(true);
  await open.click();
  const pass = page.getByRole('region', { name: 'Gate pass' });
  await expect(pass.getByRole('img', { name: `Gate pass QR code, booking ${code}` })).toBeVisible();
  await page.reload();

  // Assess: the pass still shows, from the phone.
  await expect(pass.getByRole('img', { name: `Gate pass QR code, booking ${code}` })).toBeVisible();
  await expect(pass.getByTestId('pass-offline')).toHaveText('No network: showing the pass saved on this phone.');
  await expect(pass).toContainText('MH12PQ4455');
  await expect(pass).toContainText(shownDay(date));
});

test('"Saved" shows only once the page and the pass are on the phone: a reload with no network at once still opens it', async ({
  page,
  context,
  baseURL,
}) => {
  // Prepare: a guest's booking for the day after tomorrow, on a phone that never opened the app.
  const hub = await ownHub(baseURL!);
  const mobile = mobileOfRun();
  const date = indiaDate(2);
  const booked = await page.request.post('/api/bookings/slot', {
    data: {
      ownerType: 'Driver',
      vehicleNumber: 'MH14RT7781',
      vehicleType: 'Truck',
      capacityTons: 12,
      driverName: 'Vijay Pawar',
      driverLicense: 'MH1420180077777',
      mobileNumber: `+91 ${mobile}`,
      expectedArrivalDate: new Date().toISOString(),
      slotId: `${date}_1400`,
      facility: hub.link,
      language: 'en',
    },
  });
  expect(booked.status(), await booked.text()).toBe(201);
  const { confirmationCode } = (await booked.json()) as { confirmationCode: string };
  const url = /Gate pass \(opens offline once saved\): (\S+)$/.exec(await smsTo(page.request, `+91${mobile}`));
  expect(url).not.toBeNull();

  // Act: the guest opens the link; the moment the page says the pass is saved, the network goes and they reload.
  await page.goto(new URL(url![1]!).pathname);
  const pass = page.getByRole('region', { name: 'Gate pass' });
  await expect(pass.getByRole('img', { name: `Gate pass QR code, booking ${confirmationCode}` })).toBeVisible();
  await expect(page.getByTestId('pass-saved-here')).toHaveText(
    'Saved on this phone: this page opens the pass even with no mobile data.',
  );
  await expect(pass.getByTestId('pass-saved')).toHaveText(/^Saved for offline use: \S/);
  await context.setOffline(true);
  await page.reload();

  // Assess: the pass opens from the phone.
  await expect(pass.getByRole('img', { name: `Gate pass QR code, booking ${confirmationCode}` })).toBeVisible();
  await expect(pass.getByTestId('pass-offline')).toHaveText('No network: showing the pass saved on this phone.');
  await expect(pass).toContainText('MH14RT7781');
  await expect(pass).toContainText(shownDay(date));
  await expect(page.getByTestId('pass-saved-here')).toHaveText(
    'Saved on this phone: this page opens the pass even with no mobile data.',
  );
});

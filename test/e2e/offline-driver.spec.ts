// Issue #31: the installable app and the driver's offline pass. A driver opens the driver app once
// online (on a 390 px phone, in English and Hindi, with no serious axe violation); the app's service
// worker takes control and the pass is saved on the phone. With the network cut, a reload still opens
// the driver app and shows the same pass, saying it is the phone's copy and when it was saved; the API
// is not answered from any cache. Each run makes its own carrier, driver, account, hub and appointment.
import { expect as baseExpect, test } from '@playwright/test';
import { signIn, signInTo } from './support';
import { apiAs, laterToday, openHub, quarterAfter, shiftTime, zoneWhere } from './checkin-support';
import { approve, register, whenNotBusy } from './accounts';
import { indiaDate, shownDay } from './dates';
import { seriousViolations } from './axe';

const expect = baseExpect.configure({ timeout: 20_000 });
test.describe.configure({ timeout: 150_000 });
test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, serviceWorkers: 'allow' });

const PASSWORD = 'Driver#Offline2026';
const tagOf = () => `${Date.now().toString(36).slice(-5)}${Math.floor(Math.random() * 36 ** 3).toString(36)}`;

/**
 * The run's driver (a carrier, its driver record and an approved account) with an appointment tomorrow
 * at 10:00, or one due in a quarter of an hour at a hub where it is not yet evening.
 */
async function driverWithAppointment(
  baseURL: string,
  request: Parameters<typeof register>[0],
  due: 'tomorrow' | 'now' = 'tomorrow',
) {
  const tag = tagOf();
  const ops = await apiAs(baseURL, 'operations');
  const carrier = await whenNotBusy(() =>
    ops.post('/api/carriers', { data: { name: `Offline Roadways ${tag}`, serviceTypes: ['FTL'] } }),
  );
  expect(carrier.status(), await carrier.text()).toBe(201);
  const carrierId = ((await carrier.json()) as { id: string }).id;
  const driver = await whenNotBusy(() =>
    ops.post('/api/drivers', { data: { carrierId, name: `Ravi ${tag}`, licenseNumber: `MH12${tag.toUpperCase()}` } }),
  );
  expect(driver.status(), await driver.text()).toBe(201);
  const driverId = ((await driver.json()) as { id: string }).id;
  const email = `offline.${tag}@example.in`;
  await register(request, {
    email,
    password: PASSWORD,
    firstName: 'Ravi',
    lastName: 'Patil',
    driverLicense: `MH12-${tag}`,
  });
  await approve(baseURL, email, { role: 'driver', carrierId, driverId });
  const hub = await openHub(baseURL, `Offline Hub ${tag}`, due === 'now' ? zoneWhere(laterToday) : 'Asia/Kolkata');
  const now = hub.local();
  const date = due === 'now' ? now.date : indiaDate(1);
  const start = due === 'now' ? quarterAfter(now.time, 15) : '10:00';
  const booked = await whenNotBusy(() =>
    ops.post('/api/appointments', {
      data: {
        facilityId: hub.id,
        carrierId,
        driverId,
        scheduledDate: date,
        scheduledTimeStart: start,
        scheduledTimeEnd: shiftTime(start, 15),
      },
    }),
  );
  expect(booked.status(), await booked.text()).toBe(201);
  const { id, bookingReference } = (await booked.json()) as { id: string; bookingReference: string };
  await ops.dispose();
  return { email, hub, date, appointmentId: id, bookingReference };
}

test('the driver app opens offline after one visit and shows its saved pass', async ({
  page,
  context,
  request,
  baseURL,
}) => {
  // Prepare
  const run = await driverWithAppointment(baseURL!, request);
  await signIn(page, run.email, PASSWORD);
  await page.evaluate(() => localStorage.setItem('docksaathi.language', 'hi'));
  await page.goto('/driver');
  const hindiPass = page.getByRole('region', { name: 'गेट पास' });
  await expect(hindiPass.getByRole('img', { name: `गेट पास का QR कोड, बुकिंग ${run.bookingReference}` })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'hi');
  await expect(page.getByText('लोड हो रहा है...')).toHaveCount(0);
  expect(await seriousViolations(page), 'axe, Hindi').toEqual([]);

  await page.evaluate(() => localStorage.setItem('docksaathi.language', 'en'));
  await page.reload();
  const pass = page.getByRole('region', { name: 'Gate pass' });
  const qr = pass.getByRole('img', { name: `Gate pass QR code, booking ${run.bookingReference}` });
  await expect(qr).toBeVisible();
  await expect(page.getByText('Loading...')).toHaveCount(0);
  expect(await seriousViolations(page), 'axe, English').toEqual([]);
  await expect(pass).toContainText(run.hub.name);
  await expect(pass).toContainText(shownDay(run.date));
  await expect(pass).toContainText('10:00 am – 10:15 am');
  await expect(pass.getByTestId('pass-offline')).toHaveCount(0);
  // Saved on this visit (each online visit saves the pass afresh).
  const saved = pass.getByTestId('pass-saved');
  await expect(saved).toContainText(/^Saved for offline use: \S/);
  const savedText = await saved.textContent();

  // The app's service worker has installed and controls the page.
  await page.evaluate(async () => void (await navigator.serviceWorker.ready));
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);

  // Act: the network goes; the driver opens the app again.
  await context.setOffline(true);
  await page.reload();

  // Assess: the same pass, from the phone, saved when it was; the API answers nothing from a cache.
  await expect(qr).toBeVisible();
  await expect(pass.getByTestId('pass-offline')).toHaveText('No network: showing the pass saved on this phone.');
  await expect(pass).toContainText(run.hub.name);
  await expect(pass).toContainText(shownDay(run.date));
  await expect(saved).toHaveText(savedText!);
  await expect(page.getByText('No network: your appointments show when the phone is online again.')).toBeVisible();
  expect(
    await page.evaluate(() =>
      fetch('/api/driver/dashboard', { credentials: 'include' }).then(
        () => 'answered',
        () => 'no network',
      ),
    ),
  ).toBe('no network');
  // A fresh navigation to the app (not a reload) opens it too.
  await page.goto('/driver');
  await expect(qr).toBeVisible();
  await context.setOffline(false);
});

test('the driver checks in with the saved pass offline; back online it is sent once, at the time it was made', async ({
  page,
  context,
  request,
  baseURL,
}) => {
  // Prepare: one online visit saves the pass and installs the service worker.
  const run = await driverWithAppointment(baseURL!, request, 'now');
  await signInTo(page, run.email, '/driver', PASSWORD);
  const pass = page.getByRole('region', { name: 'Gate pass' });
  await expect(pass.getByRole('img', { name: `Gate pass QR code, booking ${run.bookingReference}` })).toBeVisible();
  await page.evaluate(async () => void (await navigator.serviceWorker.ready));
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);

  // Act: no network at the gate; the driver checks in with the phone's pass.
  await context.setOffline(true);
  await page.reload();
  await expect(pass.getByTestId('pass-offline')).toBeVisible();
  const checkIn = page.getByRole('button', { name: 'Check in with this pass' });
  const clickedAt = Date.now();
  await checkIn.click();

  // Assess: kept on the phone, waiting; then sent once the network is back, with the time of the tap.
  await expect(page.getByTestId('gate-checkin')).toContainText('Waiting to sync');
  const waiting = page.getByText('Saved on this phone: your check-in is sent when the network returns.');
  await expect(waiting).toBeVisible();
  await expect(checkIn).toHaveCount(0);
  const ops = await apiAs(baseURL!, 'operations');
  const checkins = async () =>
    (
      (await (await ops.get('/api/checkins')).json()) as {
        appointmentId: string;
        checkInTime: string;
        checkinMethod: string;
      }[]
    ).filter((c) => c.appointmentId === run.appointmentId);
  expect(await checkins()).toEqual([]);
  const beforeOnline = Date.now();
  await context.setOffline(false);
  await expect.poll(async () => (await checkins()).length).toBe(1);
  const [checkin] = await checkins();
  expect(new Date(checkin!.checkInTime).getTime()).toBeGreaterThanOrEqual(clickedAt - 1000);
  expect(new Date(checkin!.checkInTime).getTime()).toBeLessThan(beforeOnline);
  expect(checkin!.checkinMethod).toBe('tablet');
  // Nothing waits on the phone any more (the entry shows as synced until the dashboard reloads the appointment).
  await expect(waiting).toHaveCount(0);
  await ops.dispose();
});

test('back online, the driver app drops its no-network notes; the emergency button keeps its number throughout', async ({
  page,
  context,
  request,
  baseURL,
}) => {
  // Prepare: one online visit (the pass saved, the service worker in control).
  const run = await driverWithAppointment(baseURL!, request);
  await signInTo(page, run.email, '/driver', PASSWORD);
  const pass = page.getByRole('region', { name: 'Gate pass' });
  await expect(pass.getByRole('img', { name: `Gate pass QR code, booking ${run.bookingReference}` })).toBeVisible();
  const emergency = page.getByRole('link', { name: /^Emergency Contact: / });
  await expect(emergency).toHaveAccessibleName(/^Emergency Contact: [0-9+][0-9 -]{6,}$/);
  const emergencyName = (await emergency.textContent())!.trim();
  const emergencyHref = (await emergency.getAttribute('href'))!;
  expect(emergencyHref).toMatch(/^tel:[0-9+][0-9 -]{6,}$/);
  await page.evaluate(async () => void (await navigator.serviceWorker.ready));
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
  const phoneCopy = pass.getByTestId('pass-offline');
  const noAppointments = page.getByText('No network: your appointments show when the phone is online again.');

  // Act: the network goes; the driver opens the app again.
  await context.setOffline(true);
  await page.reload();

  // Assess: the no-network notes, and the emergency button with its label and number.
  await expect(phoneCopy).toBeVisible();
  await expect(noAppointments).toBeVisible();
  await expect(emergency).toHaveAccessibleName(emergencyName);
  await expect(emergency).toHaveAttribute('href', emergencyHref);

  // Act: the network returns, with the page left open.
  await context.setOffline(false);

  // Assess: the notes go, the appointment shows again, the emergency button is unchanged.
  await expect(phoneCopy).toHaveCount(0);
  await expect(noAppointments).toHaveCount(0);
  await expect(page.getByTestId('next-appointment')).toContainText(run.bookingReference);
  await expect(emergency).toHaveAccessibleName(emergencyName);
  await expect(emergency).toHaveAttribute('href', emergencyHref);

  // Act: the network goes again, the page still open.
  await context.setOffline(true);

  // Assess: the notes are back (the appointment, known, stays), and the emergency button as it was.
  await expect(phoneCopy).toBeVisible();
  await expect(page.getByTestId('next-appointment')).toContainText(run.bookingReference);
  await expect(emergency).toHaveAccessibleName(emergencyName);
  await context.setOffline(false);
});

test("offline, a check-in with tomorrow's pass is refused on the phone and nothing is queued", async ({
  page,
  context,
  request,
  baseURL,
}) => {
  // Prepare: tomorrow's appointment, its pass saved on one online visit.
  const run = await driverWithAppointment(baseURL!, request);
  await signInTo(page, run.email, '/driver', PASSWORD);
  const pass = page.getByRole('region', { name: 'Gate pass' });
  await expect(pass.getByRole('img', { name: `Gate pass QR code, booking ${run.bookingReference}` })).toBeVisible();
  await page.evaluate(async () => void (await navigator.serviceWorker.ready));
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);

  // Act: no network; the driver taps check-in with the phone's pass.
  await context.setOffline(true);
  await page.reload();
  await expect(pass.getByTestId('pass-offline')).toBeVisible();
  await page.getByRole('button', { name: 'Check in with this pass' }).click();

  // Assess: refused on the phone, with the pass's day; nothing waits to be sent.
  await expect(page.getByRole('alert').filter({ hasText: 'not today' })).toHaveText(
    `This gate pass is for ${shownDay(run.date)}, not today. Check in on that day.`,
  );
  await expect(page.getByTestId('gate-checkin')).toHaveCount(0);
  await expect(page.getByText('Saved on this phone: your check-in is sent when the network returns.')).toHaveCount(0);

  // In Hindi too.
  await page.evaluate(() => localStorage.setItem('docksaathi.language', 'hi'));
  await page.reload();
  await page.getByRole('button', { name: 'इस पास से चेक-इन करें' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'आज' })).toContainText('आज के लिए नहीं');

  // Back online: the server never got a check-in.
  await context.setOffline(false);
  await expect(page.getByTestId('next-appointment')).toContainText(run.bookingReference);
  const ops = await apiAs(baseURL!, 'operations');
  const checkins = (await (await ops.get('/api/checkins')).json()) as { appointmentId: string }[];
  expect(checkins.filter((c) => c.appointmentId === run.appointmentId)).toEqual([]);
  await ops.dispose();
});

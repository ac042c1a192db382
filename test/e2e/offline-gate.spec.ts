// The gate with no network (issue #31): after one online visit the gate screen opens offline from the
// service worker, verifies passes on the device (valid, forged, revoked, not a pass, expired) and
// queues the check-in; back online the server holds exactly one check-in at the gate time, and the
// same queued check-in sent five more times still gives one. /gate passes axe at 390 px in both languages.
import { expect as baseExpect, test, type APIRequestContext, type Page } from '@playwright/test';
import { apiAs, laterToday, openHub, quarterAfter, shiftTime, zoneWhere } from './checkin-support';
import { PASSWORD } from './support';
import { shownDay } from './dates';
import { seriousViolations } from './axe';

test.use({ serviceWorkers: 'allow' });

const expect = baseExpect.configure({ timeout: 20_000 });

/** A hub of the run's own, with its own carrier, and three appointments due now with their passes. */
async function gateHub(baseURL: string) {
  const tag = `${Date.now().toString(36).slice(-5)}${Math.floor(Math.random() * 1296).toString(36)}`.toUpperCase();
  const hub = await openHub(baseURL, `Gate Hub ${tag}`, zoneWhere(laterToday));
  const ops = await apiAs(baseURL, 'operations');
  const carrier = await ops.post('/api/carriers', { data: { name: `Gate Roadways ${tag}`, serviceTypes: ['FTL'] } });
  expect(carrier.status(), await carrier.text()).toBe(201);
  const carrierId = ((await carrier.json()) as { id: string }).id;
  const { date, time } = hub.local();
  const start = quarterAfter(time, 15);
  const book = async () => {
    const res = await ops.post('/api/appointments', {
      data: {
        facilityId: hub.id,
        carrierId,
        scheduledDate: date,
        scheduledTimeStart: start,
        scheduledTimeEnd: shiftTime(start, 15),
      },
    });
    expect(res.status(), await res.text()).toBe(201);
    const appointment = (await res.json()) as { id: string; bookingReference: string };
    const pass = await ops.get(`/api/appointments/${appointment.id}/gate-pass`);
    expect(pass.status(), await pass.text()).toBe(200);
    return { ...appointment, token: ((await pass.json()) as { token: string }).token };
  };
  const [arriving, cancelled, late] = [await book(), await book(), await book()];
  const cancel = await ops.post(`/api/appointments/${cancelled.id}/cancel`, { data: { reason: 'Consignee closed' } });
  expect(cancel.status(), await cancel.text()).toBe(200);
  return { hub, date, ops, arriving, cancelled, late };
}

/** The same token with one character of its signature changed. */
function forge(token: string): string {
  const at = token.length - 10;
  return token.slice(0, at) + (token[at] === 'A' ? 'B' : 'A') + token.slice(at + 1);
}

async function verify(page: Page, code: string) {
  await page.getByLabel('Gate pass code').fill(code);
  await page.getByRole('button', { name: 'Verify pass' }).click();
  return page.getByTestId('pass-verdict');
}

async function checkinsOf(ops: APIRequestContext, appointmentId: string) {
  const res = await ops.get('/api/checkins');
  expect(res.status()).toBe(200);
  return (
    (await res.json()) as { id: string; appointmentId: string; checkInTime: string; checkinMethod: string }[]
  ).filter((c) => c.appointmentId === appointmentId);
}

/** Signs the page's browser in through the API (the sign-in form has its own journeys). */
async function signInAs(page: Page, identifier: string) {
  const res = await page.request.post('/api/auth/login', { data: { identifier, password: PASSWORD } });
  expect(res.status(), await res.text()).toBe(200);
}

/** Opens /gate once online and waits until the service worker controls the page (it precaches the app). */
async function openGateOnline(page: Page) {
  await page.goto('/gate');
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  await page.reload();
  await expect.poll(() => page.evaluate(() => Boolean(navigator.serviceWorker.controller))).toBe(true);
}

test.describe('offline gate', () => {
  test('verifies passes and queues a check-in with no network, then syncs it exactly once at the gate time', async ({
    page,
    context,
    baseURL,
  }) => {
    test.setTimeout(120_000);
    const { hub, date, ops, arriving, cancelled, late } = await gateHub(baseURL!);
    await signInAs(page, 'yard_manager');
    await openGateOnline(page);
    await page.getByLabel('Gate at facility *').selectOption({ label: hub.name });
    await expect(page.getByTestId('revocations-as-of')).toBeVisible();

    await context.setOffline(true);
    await page.reload();
    await expect(page.getByRole('heading', { name: 'Gate', exact: true })).toBeVisible();
    await expect(page.getByText('Offline: check-ins wait on this device')).toBeVisible();
    await expect(page.getByTestId('revocations-as-of')).toBeVisible();

    const valid = await verify(page, arriving.token);
    await expect(valid).toContainText('Valid gate pass');
    await expect(valid).toContainText(arriving.bookingReference);
    const clickedAt = Date.now();
    await valid.getByRole('button', { name: 'Check in' }).click();
    await expect(valid).toContainText('Check-in recorded at');
    const queued = page.getByTestId('gate-checkin');
    await expect(queued).toHaveCount(1);
    await expect(queued).toContainText('Waiting to sync');
    await expect(queued).toContainText('Checks pending');

    await expect(await verify(page, forge(arriving.token))).toContainText(
      'Forged or damaged gate pass: it was not signed by this facility',
    );
    await expect(await verify(page, cancelled.token)).toContainText(
      'This gate pass was revoked: its appointment was cancelled or rescheduled',
    );
    await expect(await verify(page, arriving.token.slice(0, 60))).toContainText('Not a DockSaathi gate pass');
    await expect(page.getByTestId('gate-checkin')).toHaveCount(1);

    const beforeOnline = Date.now();
    await context.setOffline(false);
    await expect(queued).toContainText('Synced');
    const [checkin, ...others] = await checkinsOf(ops, arriving.id);
    expect(others).toHaveLength(0);
    const gateTime = new Date(checkin!.checkInTime).getTime();
    expect(gateTime).toBeGreaterThanOrEqual(clickedAt - 1000);
    expect(gateTime).toBeLessThan(beforeOnline);
    expect(checkin!.checkinMethod).toBe('qr_code');

    // The queued check-in replayed five times (lost answers, a second tab): still the one check-in.
    const entry = await page.evaluate(
      () =>
        new Promise<Record<string, unknown>>((resolve, reject) => {
          const open = indexedDB.open('docksaathi-gate');
          open.onerror = () => reject(new Error(String(open.error)));
          open.onsuccess = () => {
            const all = open.result.transaction('outbox').objectStore('outbox').getAll();
            all.onsuccess = () => resolve(all.result[0] as Record<string, unknown>);
          };
        }),
    );
    const body = {
      idempotencyKey: entry.idempotencyKey,
      token: entry.token,
      happenedAt: entry.happenedAt,
      facilityId: entry.facilityId,
      checksPending: entry.checksPending,
    };
    for (let i = 0; i < 5; i++) {
      const replay = await page.request.post('/api/checkins/gate-pass', { data: body });
      expect(replay.status(), await replay.text()).toBe(200);
      expect(((await replay.json()) as { checkin: { id: string } }).checkin.id).toBe(checkin!.id);
    }
    expect(await checkinsOf(ops, arriving.id)).toEqual([checkin]);

    // Two days on, with no network again: the pass of that day has expired.
    await context.setOffline(true);
    await page.clock.setFixedTime(new Date(Date.now() + 2 * 86_400_000));
    await expect(await verify(page, late.token)).toContainText(
      `This gate pass has expired: it was for ${shownDay(date)}`,
    );
    await ops.dispose();
  });

  test('back online, Background Sync sends a queued check-in with no action of the page', async ({
    page,
    context,
    baseURL,
  }) => {
    test.setTimeout(120_000);
    const { hub, ops, arriving } = await gateHub(baseURL!);
    // The page's own trigger (the `online` event, which also starts its minute timer) is silenced, so
    // only the service worker's sync event can send the queued check-in.
    await page.addInitScript(() => {
      const add = window.addEventListener.bind(window);
      window.addEventListener = ((type: string, ...rest: [EventListenerOrEventListenerObject, unknown?]) => {
        if (type !== 'online') add(type, ...(rest as [EventListenerOrEventListenerObject]));
      }) as typeof window.addEventListener;
    });
    await signInAs(page, 'yard_manager');
    await openGateOnline(page);
    await page.getByLabel('Gate at facility *').selectOption({ label: hub.name });
    await expect(page.getByTestId('revocations-as-of')).toBeVisible();
    const syncTags = () =>
      page.evaluate(async () => {
        const registration = (await navigator.serviceWorker.ready) as ServiceWorkerRegistration & {
          sync: { getTags(): Promise<string[]> };
        };
        return registration.sync.getTags();
      });

    await context.setOffline(true);
    await expect(page.getByText('Offline: check-ins wait on this device')).toBeVisible();
    const valid = await verify(page, arriving.token);
    await expect(valid).toContainText('Valid gate pass');
    await valid.getByRole('button', { name: 'Check in' }).click();
    const queued = page.getByTestId('gate-checkin');
    await expect(queued).toContainText('Waiting to sync');
    expect(await syncTags()).toEqual(['docksaathi-outbox:gate']);
    expect(await checkinsOf(ops, arriving.id)).toEqual([]);

    await context.setOffline(false);
    await expect(queued).toContainText('Synced');
    expect(await checkinsOf(ops, arriving.id)).toHaveLength(1);
    await expect.poll(syncTags).toEqual([]);
    // The screen never heard the network return: only the sync event sent it.
    await expect(page.getByText('Offline: check-ins wait on this device')).toBeVisible();
    await ops.dispose();
  });

  test('a check-in queued by one guard is not sent under the next guard, and is sent when its guard signs in again', async ({
    page,
    context,
    baseURL,
  }) => {
    test.setTimeout(150_000);
    const { hub, ops, arriving } = await gateHub(baseURL!);
    // Guard A queues a check-in on the shared tablet with no network.
    await signInAs(page, 'yard_manager');
    await openGateOnline(page);
    await page.getByLabel('Gate at facility *').selectOption({ label: hub.name });
    await expect(page.getByTestId('revocations-as-of')).toBeVisible();
    await context.setOffline(true);
    const valid = await verify(page, arriving.token);
    await valid.getByRole('button', { name: 'Check in' }).click();
    await expect(page.getByTestId('gate-checkin')).toContainText('Waiting to sync');

    // Guard A signs out (the session leaves the tablet); guard B signs in and the network is back.
    await page.goto('about:blank');
    await context.clearCookies();
    await context.setOffline(false);
    await signInAs(page, 'operations');
    await page.goto('/gate');
    await expect(page.getByRole('heading', { name: 'Gate', exact: true })).toBeVisible();
    await expect(page.getByTestId('sealed-checkins')).toHaveText(
      'Check-ins queued by another user on this device: 1. They are sent when that user signs in again.',
    );
    await expect(page.getByTestId('gate-checkin')).toHaveCount(0);
    // B's session sends nothing of A's (the outbox runs once the screen is idle, then every minute).
    await page.waitForTimeout(3_000);
    expect(await checkinsOf(ops, arriving.id)).toEqual([]);

    // Guard A signs in again: their check-in goes, under their own session.
    await page.goto('about:blank');
    await context.clearCookies();
    await signInAs(page, 'yard_manager');
    await page.goto('/gate');
    await expect(page.getByTestId('gate-checkin')).toContainText('Synced');
    await expect(page.getByTestId('sealed-checkins')).toHaveCount(0);
    const [checkin, ...others] = await checkinsOf(ops, arriving.id);
    expect(others).toHaveLength(0);
    expect(checkin!.checkinMethod).toBe('qr_code');
    await ops.dispose();
  });

  for (const language of ['en', 'hi'] as const) {
    test(`/gate has no serious accessibility violation at 390 px (${language})`, async ({ page }) => {
      await page.setViewportSize({ width: 390, height: 844 });
      await signInAs(page, 'yard_manager');
      await page.addInitScript((lang) => localStorage.setItem('docksaathi.language', lang), language);
      await page.goto('/gate');
      await expect(page.getByRole('heading', { name: language === 'en' ? 'Gate' : 'गेट', exact: true })).toBeVisible();
      // With a facility chosen and a refusal shown, so its status lines and verdict are checked too.
      await page.locator('select').first().selectOption({ index: 1 });
      await expect(page.getByTestId('revocations-as-of')).toBeVisible();
      await page.locator('input[autocomplete="off"]').fill('hello');
      await page.locator('form button[type="submit"]').click();
      await expect(page.getByTestId('pass-verdict')).toContainText(
        language === 'en' ? 'Not a DockSaathi gate pass' : 'यह DockSaathi गेट पास नहीं है',
      );
      expect(await seriousViolations(page)).toEqual([]);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    });
  }
});

// Gate compliance journeys (issue #21) against the local stack's fake ULIP: a truck with an expired
// e-way bill is refused at quick check-in with the reason; a truck with an expired PUC is held, a
// yard manager overrides with a reason, and the card shows both. The demo tenant's ULIP settings are
// switched on for these journeys only (the other journeys check in free-text vehicle numbers).
import { expect, test, type Page } from '@playwright/test';
import { SCREEN_OPENS_MS, signIn, signInTo } from './support';
import { shownDay } from './dates';
import { apiAs, localNow, openHub, quarterAfter, sameDayAsIndia, shiftTime, zoneWhere } from './checkin-support';
import { addDays, localDateTime } from '../../shared/time';

async function gateSwitch(baseURL: string, enabled: boolean) {
  const admin = await apiAs(baseURL, 'admin');
  const current = await (await admin.get('/api/gate/settings')).json();
  const res = await admin.put('/api/gate/settings', {
    data: {
      enabled,
      baseUrl: current.baseUrl,
      username: current.username,
      password: '',
      checks: current.checks,
      outcomes: current.outcomes,
      cacheHours: current.cacheHours,
    },
  });
  expect(res.status()).toBe(200);
  await admin.dispose();
}

// Two bookings, a hub and sign-in per journey: slower than most under load.
test.describe.configure({ timeout: 90_000 });
test.beforeAll(async ({ baseURL }) => gateSwitch(baseURL!, true));
test.afterAll(async ({ baseURL }) => gateSwitch(baseURL!, false));

/** A hub where it is daytime now, with two staff appointments due in a few minutes. */
async function twoDueAppointments(baseURL: string, tag: string) {
  const hub = await openHub(baseURL, `Gate Hub ${tag}`, zoneWhere(sameDayAsIndia));
  const { date, time } = hub.local();
  const start = quarterAfter(time, 15);
  const ops = await apiAs(baseURL, 'operations');
  const book = async () =>
    (
      await ops.post('/api/appointments', {
        data: {
          facilityId: hub.id,
          // No driver record: the demo driver's own journeys read "their next appointment" (checkins.spec).
          carrierId: 'carrier-sahyadri',
          scheduledDate: date,
          scheduledTimeStart: start,
          scheduledTimeEnd: shiftTime(start, 15),
        },
      })
    ).json();
  const appointments = [await book(), await book()];
  await ops.dispose();
  return { start, hub: hub.name, timeZone: hub.timeZone, appointments: appointments as { bookingReference: string }[] };
}

async function quickCheckIn(
  page: Page,
  hub: string,
  label: string,
  fields: { driver: string; vehicle: string; ewayBill?: string },
) {
  await page.getByRole('button', { name: 'Quick Check-In' }).click();
  const dialog = page.getByRole('dialog', { name: 'Quick Check-In' });
  // The appointments listed are the chosen hub's day (the home facility's until another is chosen).
  await dialog.getByLabel('Facility').selectOption({ label: hub });
  await dialog.getByLabel('Appointment *').selectOption({ label });
  await dialog.getByLabel('Driver name *').fill(fields.driver);
  await dialog.getByLabel('Vehicle license *').fill(fields.vehicle);
  if (fields.ewayBill) await dialog.getByLabel('E-way bill number').fill(fields.ewayBill);
  await dialog.getByRole('button', { name: 'Check In' }).click();
  return dialog;
}

test('a truck with an expired e-way bill is refused at quick check-in with the reason', async ({ page, baseURL }) => {
  const tag = Date.now().toString(36).slice(-5).toUpperCase();
  const { start, hub, timeZone, appointments } = await twoDueAppointments(baseURL!, tag);
  // The fake's bill ran out at 18:00 yesterday India time; the reason gives it in the hub's time zone.
  const expiry = localDateTime(new Date(`${addDays(localNow('Asia/Kolkata').date, -1)}T12:30:00Z`), timeZone);
  await signInTo(page, 'yard_manager', '/checkin');
  const dialog = await quickCheckIn(page, hub, `${start} · Sahyadri Roadways · ${appointments[0]!.bookingReference}`, {
    driver: `Denied ${tag}`,
    vehicle: 'MH12GC0001',
    ewayBill: '111100000002',
  });
  const refusal = dialog.getByTestId('gate-refusal');
  // The check-in's answer waits on the registries' checks.
  await expect(refusal).toContainText('Entry refused at the gate', { timeout: SCREEN_OPENS_MS });
  await expect(refusal).toContainText(`E-way bill 111100000002 expired at ${expiry.time} on ${shownDay(expiry.date)}`);
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByTestId('checkin-card').filter({ hasText: `Denied ${tag}` })).toHaveCount(0);
});

test('a held truck cannot move on (buttons disabled with the reason); after an override the card shows "Allowed by override", who and why', async ({
  page,
  baseURL,
}) => {
  const tag = Date.now().toString(36).slice(-5).toUpperCase();
  const { start, hub, appointments } = await twoDueAppointments(baseURL!, tag);
  await signInTo(page, 'yard_manager', '/checkin');
  const dialog = await quickCheckIn(page, hub, `${start} · Sahyadri Roadways · ${appointments[1]!.bookingReference}`, {
    driver: `Held ${tag}`,
    vehicle: 'MH12GC0002',
  });
  await expect(page.getByRole('status').filter({ hasText: 'Driver checked in successfully' })).toBeVisible();
  await expect(dialog).toBeHidden();

  const card = page.getByTestId('checkin-card').filter({ hasText: `Held ${tag}` });
  await expect(card.getByTestId('gate-decision')).toContainText('Gate: on hold');
  await expect(card).toContainText(/PUC certificate of MH12GC0002 expired on \d{1,2} [A-Z][a-z]{2,3} \d{4}/);
  // Refused before the click, not by a 409 after it: the step waits, and the card says why.
  const held = 'On hold at the gate: a yard manager must override the hold before the truck moves on.';
  await expect(card.getByTestId('checkin-held')).toHaveText(held);
  await expect(card.getByRole('button', { name: 'At dock' })).toBeDisabled();
  await expect(card.getByRole('button', { name: 'At dock' })).toHaveAccessibleDescription(held);

  // The scheduling screen knows the hold too: its next step waits, with the hold and its reason.
  // Moved between in the app, as staff do: each screen shows what the app holds until a change renews it.
  const sidebar = page.getByRole('navigation', { name: 'Sidebar' });
  await sidebar.getByRole('link', { name: 'Appointments', exact: true }).click();
  // The list opens on the home hub; this hub, once chosen, is the one it opens on again below.
  await page.getByLabel('Facility', { exact: true }).selectOption({ label: hub });
  const row = page.getByTestId('appointment-row').filter({ hasText: appointments[1]!.bookingReference });
  await expect(row).toBeVisible({ timeout: SCREEN_OPENS_MS });
  await expect(row.getByTestId('appointment-held')).toContainText(held);
  await expect(row.getByTestId('appointment-held')).toContainText(/PUC certificate of MH12GC0002 expired on/);
  await expect(row.getByRole('button', { name: 'Start Loading' })).toBeDisabled();
  await expect(row.getByRole('button', { name: 'Start Loading' })).toHaveAccessibleDescription(new RegExp(`^${held}`));
  await sidebar.getByRole('link', { name: 'Check-in' }).click();

  await card.getByRole('button', { name: 'Override' }).click();
  const override = page.getByRole('dialog', { name: 'Override gate hold' });
  await override.getByRole('button', { name: 'Let the truck through' }).click();
  await expect(override.getByText('Please give a reason for the override (minimum 10 characters)')).toBeVisible();
  await override.getByLabel('Reason for the override *').fill(`PUC renewed today, paper seen ${tag}`);
  await override.getByRole('button', { name: 'Let the truck through' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Gate hold overridden' })).toBeVisible();
  await expect(override).toBeHidden();
  await expect(card.getByTestId('gate-decision')).toContainText('Allowed by override');
  await expect(card.getByTestId('gate-override')).toHaveText(
    new RegExp(`^By Rohit Verma at \\d{1,2}:\\d{2}\\s*[ap]m: PUC renewed today, paper seen ${tag}$`, 'i'),
  );
  await expect(card.getByTestId('checkin-held')).toHaveCount(0);
  await expect(card).toContainText(/PUC certificate of MH12GC0002 expired on/);
  await expect(card.getByRole('button', { name: 'Override' })).toHaveCount(0);
  // The override alone (no status change yet) lifts the hold on the scheduling screen too.
  await sidebar.getByRole('link', { name: 'Appointments', exact: true }).click();
  // Read again after the override (without it the screen keeps what it had: the hold).
  await expect(row.getByRole('button', { name: 'Start Loading' })).toBeEnabled({ timeout: SCREEN_OPENS_MS });
  await expect(row.getByTestId('appointment-held')).toHaveCount(0);
  await sidebar.getByRole('link', { name: 'Check-in' }).click();
  await card.getByRole('button', { name: 'At dock' }).click();
  // Moved on: the step is done (its button gone), not only offered.
  await expect(card.getByRole('button', { name: 'At dock' })).toHaveCount(0);
  await expect(card).toContainText('At dock');
});

test('a signed-in driver who scans the gate QR code checks in on their session, not asked for code and mobile', async ({
  page,
  browser,
  baseURL,
}) => {
  const tag = Date.now().toString(36).slice(-5).toUpperCase();
  const hub = await openHub(baseURL!, `QR Hub ${tag}`, zoneWhere(sameDayAsIndia));
  const start = quarterAfter(hub.local().time, 15);
  const ops = await apiAs(baseURL!, 'operations');
  const booked = await ops.post('/api/appointments', {
    data: {
      facilityId: hub.id,
      carrierId: 'carrier-sahyadri',
      driverId: 'driver-suresh',
      scheduledDate: hub.local().date,
      scheduledTimeStart: start,
      scheduledTimeEnd: shiftTime(start, 15),
    },
  });
  expect(booked.status()).toBe(201);
  const { id, bookingReference } = (await booked.json()) as { id: string; bookingReference: string };
  const qr = await (await ops.get(`/api/facilities/${hub.id}/qr-code`)).json();
  await ops.dispose();

  const phone = await browser.newPage({ viewport: { width: 390, height: 844 } });
  await signIn(phone, 'driver');
  const link = new URL(qr.checkinUrl);
  await phone.goto(link.pathname + link.search);
  await expect(phone.getByRole('heading', { name: `Check in at QR Hub ${tag}` })).toBeVisible();
  await expect(phone.getByLabel('Booking code')).toHaveCount(0);
  await expect(phone.getByLabel('Mobile number')).toHaveCount(0);
  await phone.getByRole('button', { name: 'Check in for my appointment today' }).click();
  await expect(phone.getByRole('heading', { name: 'Check-in Successful' })).toBeVisible();
  await expect(phone.getByRole('status')).toContainText(bookingReference);
  await phone.close();
  await page.close();
  // The truck leaves: the demo driver's next appointment is no longer this one for the journeys after
  // (checkins.spec reads the driver's own next appointment on the same stack).
  const staff = await apiAs(baseURL!, 'operations');
  for (const status of ['loading', 'departed']) {
    const moved = await staff.patch(`/api/appointments/${id}/status`, { data: { status } });
    expect(moved.status(), await moved.text()).toBe(200);
  }
  await staff.dispose();
});

test('an admin sees the gate compliance section of /configuration with the password kept back', async ({ page }) => {
  await signInTo(page, 'admin', '/configuration');
  const section = page.getByRole('form', { name: 'Gate compliance (ULIP)' });
  await expect(section.getByLabel('Run gate checks at check-in')).toBeChecked({ timeout: SCREEN_OPENS_MS });
  await expect(section.getByLabel('ULIP password')).toHaveValue('');
  await expect(section).toContainText('A password is saved; leave empty to keep it.');
  await expect(section.getByLabel('E-way bill expired')).toHaveValue('DENY');
  await section.getByRole('button', { name: 'Save gate settings' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Gate settings saved' })).toBeVisible();
});

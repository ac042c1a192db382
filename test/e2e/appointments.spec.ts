// Booking, the status flow, reschedules and cancellations. Each run books at a facility of its own
// (doors H1 and H2, open round the clock) for a carrier and driver record of its own, and the driver's
// journeys sign in as a driver account of the run's own: a run never meets another run's bookings, so
// it repeats on one server and does not depend on what else is booked that day.
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { indiaDate, shownDay } from './dates';
import { signIn, signInTo, whenNotBusy } from './support';
import { apiAs, openHub } from './checkin-support';
import { approve, register } from './accounts';

const DRIVER_PASSWORD = 'Driver#Slot2026';
const tagOf = () =>
  `${Date.now().toString(36).slice(-5)}${Math.floor(Math.random() * 36 ** 2).toString(36)}`.toUpperCase();

interface Run {
  tag: string;
  hub: Awaited<ReturnType<typeof openHub>>;
  carrier: { id: string; name: string };
  driver: { id: string; name: string };
}

/** The run's facility (in India), and its carrier with one driver record. */
async function ownRun(baseURL: string): Promise<Run> {
  const tag = tagOf();
  const hub = await openHub(baseURL, `Slot Hub ${tag}`, 'Asia/Kolkata');
  const ops = await apiAs(baseURL, 'operations');
  const created = async (path: string, data: object) => {
    const res = await whenNotBusy(() => ops.post(path, { data }));
    expect(res.status(), await res.text()).toBe(201);
    return (await res.json()) as { id: string; name: string };
  };
  const carrier = await created('/api/carriers', { name: `Slot Roadways ${tag}`, serviceTypes: ['FTL'] });
  const driver = await created('/api/drivers', {
    carrierId: carrier.id,
    name: `Ajay ${tag}`,
    licenseNumber: `MH04${tag}`,
  });
  await ops.dispose();
  return { tag, hub, carrier, driver };
}

/** A driver account of the run's own, approved as its driver record; signed in on `page`. */
async function signInAsOwnDriver(page: Page, request: APIRequestContext, baseURL: string, run: Run) {
  const email = `slot.driver.${run.tag.toLowerCase()}@example.in`;
  await register(request, {
    email,
    password: DRIVER_PASSWORD,
    firstName: 'Ajay',
    lastName: 'Yadav',
    driverLicense: `MH04-${run.tag}`,
  });
  await approve(baseURL, email, { role: 'driver', carrierId: run.carrier.id, driverId: run.driver.id });
  await signIn(page, email, DRIVER_PASSWORD);
}

async function fillBooking(page: Page, run: Run, { door, start, date }: { door: string; start: string; date: string }) {
  await page.getByLabel('Facility *').selectOption({ label: run.hub.name });
  await page.getByLabel('Carrier *').selectOption({ label: run.carrier.name });
  await page.getByLabel('Driver', { exact: true }).selectOption({ label: run.driver.name });
  await page.getByLabel('Date *').fill(date);
  await page.getByLabel('Start time *').fill(start);
  await page.getByLabel('Dock door').selectOption({ label: door });
  await page.getByLabel('PO number').fill(`PO-${run.tag}`);
}

test.describe('appointments', () => {
  // The guest's booking is test/e2e/guest-booking.spec.ts (at a facility of its own per run).
  test('operations books a door, is refused the same door again, and moves the appointment through its statuses', async ({
    page,
    baseURL,
  }) => {
    const run = await ownRun(baseURL!);
    await signInTo(page, 'operations', '/booking');
    const date = indiaDate(3);
    await fillBooking(page, run, { door: 'Door H1 (standard)', start: '10:00', date });
    await expect(page.getByLabel('End time *')).toHaveValue('11:00');
    await expect(page.getByTestId('availability')).toHaveText('Time slot is available!');
    await page.getByRole('button', { name: 'Book Appointment' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Appointment Booked Successfully!' })).toContainText(
      `${shownDay(date)} at 10:00`,
    );

    // The same door and time again: the availability line says no and the button is disabled.
    await fillBooking(page, run, { door: 'Door H1 (standard)', start: '10:30', date });
    await expect(page.getByTestId('availability')).toContainText(
      'Time slot is not available. Please select a different time.',
    );
    await expect(page.getByRole('button', { name: 'Book Appointment' })).toBeDisabled();

    // The list opens on the home hub's day; this run's hub is chosen to see its booking.
    await page.goto('/scheduling');
    const hubChoice = page.getByLabel('Facility', { exact: true });
    const home = await hubChoice.locator('option:checked').textContent();
    expect(home).not.toBe(run.hub.name);
    await hubChoice.selectOption({ label: run.hub.name });
    await page.getByLabel('Date').fill(date);
    const row = page.getByTestId('appointment-row').filter({ hasText: `PO PO-${run.tag}` });
    await expect(row).toContainText('10:00 - 11:00');
    await expect(row).toContainText('Inbound Delivery');
    await expect(row).toContainText('Dock H1');
    await row.getByRole('button', { name: 'Mark Arrived' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Appointment status updated successfully' })).toBeVisible();
    await expect(row).toContainText('Arrived');
    await row.getByRole('button', { name: 'Start Loading' }).click();
    await expect(row).toContainText('Loading');
    await row.getByRole('button', { name: 'Mark Departed' }).click();
    await expect(row).toContainText('Departed');
    await expect(row.getByRole('button')).toHaveCount(0);

    // Every hub's day names each row's hub; the home hub's day does not hold this booking.
    await hubChoice.selectOption({ label: 'All facilities' });
    await expect(row).toContainText(`${run.hub.name}`);
    await hubChoice.selectOption({ label: home! });
    await expect(page.getByText('Loading appointments...')).toBeHidden();
    await expect(row).toHaveCount(0);
  });

  test('a driver requests a reschedule and an operations user approves it', async ({
    page,
    browser,
    baseURL,
    request,
  }) => {
    const run = await ownRun(baseURL!);
    await signInAsOwnDriver(page, request, baseURL!, run);
    const date = indiaDate(4);
    const booked = await page.request.post('/api/appointments', {
      data: {
        facilityId: run.hub.id,
        carrierId: run.carrier.id,
        dockDoorId: run.hub.doors.h1,
        scheduledDate: date,
        scheduledTimeStart: '14:00',
        scheduledTimeEnd: '15:00',
      },
    });
    expect(booked.status()).toBe(201);
    const { id, bookingReference } = (await booked.json()) as { id: string; bookingReference: string };

    await page.getByRole('navigation', { name: 'Driver' }).getByRole('link', { name: 'Reschedule' }).click();
    const option = page
      .getByLabel('Appointment *')
      .locator('option', { hasText: `${shownDay(date)} 14:00-15:00` })
      .filter({ hasText: bookingReference });
    await page.getByLabel('Appointment *').selectOption(await option.getAttribute('value'));
    await page.getByLabel('New date *').fill(indiaDate(5));
    await page.getByLabel('New start *').fill('09:00');
    await page.getByLabel('New end *').fill('10:00');
    await expect(page.getByText('New time slot is available!')).toBeVisible();
    await page.getByLabel('Reason details *').fill('short');
    await page.getByRole('button', { name: 'Submit Request' }).click();
    await expect(page.getByText('Please provide detailed reason (minimum 10 characters)')).toBeVisible();
    await page.getByLabel('Reason details *').fill('Truck breakdown near Kalyan, new ETA tomorrow');
    await page.getByRole('button', { name: 'Submit Request' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Reschedule Request Submitted' })).toBeVisible();
    const mine = page
      .getByRole('list', { name: 'Pending reschedules' })
      .getByRole('listitem')
      .filter({ hasText: bookingReference });
    await expect(mine).toContainText(`${shownDay(indiaDate(5))} 09:00-10:00`);
    await expect(mine).toBeVisible();
    await expect(mine.getByRole('button', { name: 'Approve' })).toHaveCount(0);

    const ops = await browser.newPage();
    await signInTo(ops, 'operations', '/reschedule');
    const pending = ops
      .getByRole('list', { name: 'Pending reschedules' })
      .getByRole('listitem')
      .filter({ hasText: bookingReference });
    await expect(pending).toContainText(`${shownDay(indiaDate(5))} 09:00-10:00`);
    await pending.getByRole('button', { name: 'Approve' }).click();
    await expect(ops.getByRole('status').filter({ hasText: 'Reschedule Approved' })).toBeVisible();
    await expect(pending).toHaveCount(0);
    await ops.close();

    const moved = await page.request.get(`/api/appointments/${id}`);
    expect(await moved.json()).toMatchObject({
      scheduledDate: indiaDate(5),
      scheduledTimeStart: '09:00',
      rescheduleCount: 1,
    });
  });

  test('operations cancels an appointment from the scheduling list with a reason, freeing its door time', async ({
    page,
    baseURL,
  }) => {
    const run = await ownRun(baseURL!);
    await signIn(page, 'operations');
    const date = indiaDate(6);
    const slot = {
      facilityId: run.hub.id,
      carrierId: run.carrier.id,
      dockDoorId: run.hub.doors.h2,
      scheduledDate: date,
      scheduledTimeStart: '11:00',
      scheduledTimeEnd: '12:00',
    };
    const booked = await page.request.post('/api/appointments', { data: { ...slot, poNumber: `PO-${run.tag}` } });
    expect(booked.status()).toBe(201);
    const { bookingReference } = await booked.json();

    await page.goto('/scheduling');
    await page.getByLabel('Facility', { exact: true }).selectOption({ label: run.hub.name });
    await page.getByLabel('Date').fill(date);
    const row = page.getByTestId('appointment-row').filter({ hasText: bookingReference });
    await row.getByRole('button', { name: 'Cancel' }).click();
    const dialog = page.getByRole('dialog', { name: 'Cancel Appointment' });
    await expect(dialog).toContainText(`Cancel the appointment on ${shownDay(date)} at 11:00 (${bookingReference})?`);
    await dialog.getByRole('button', { name: 'Cancel Appointment' }).click();
    await expect(dialog.getByText('Please give a reason for cancelling')).toBeVisible();
    await dialog.getByLabel('Reason for cancelling *').fill('Consignee closed for stock-taking');
    await dialog.getByRole('button', { name: 'Cancel Appointment' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Appointment Cancelled' })).toContainText(
      `The appointment on ${shownDay(date)} at 11:00 was cancelled.`,
    );
    await expect(dialog).toBeHidden();
    await expect(row).toContainText('Cancelled');
    await expect(row.getByRole('button')).toHaveCount(0);

    // The door time is free again.
    const again = await page.request.post('/api/appointments', { data: slot });
    expect(again.status(), await again.text()).toBe(201);
  });

  test('a driver cancels their own appointment from the driver app', async ({ page, baseURL, request }) => {
    const run = await ownRun(baseURL!);
    await signInAsOwnDriver(page, request, baseURL!, run);
    const date = indiaDate(1);
    const booked = await page.request.post('/api/appointments', {
      data: {
        facilityId: run.hub.id,
        carrierId: run.carrier.id,
        scheduledDate: date,
        scheduledTimeStart: '09:00',
        scheduledTimeEnd: '10:00',
      },
    });
    expect(booked.status()).toBe(201);
    const { id, bookingReference } = await booked.json();

    await page.goto('/driver');
    // The next appointment's card, or its line under Upcoming, offers the cancellation.
    const cancelButton = page.getByRole('button', { name: `Cancel Appointment ${shownDay(date)} 09:00` });
    await cancelButton.click();
    const dialog = page.getByRole('dialog', { name: 'Cancel Appointment' });
    await expect(dialog).toContainText(bookingReference);
    await dialog.getByLabel('Reason for cancelling *').fill('Vehicle sent for repairs');
    await dialog.getByRole('button', { name: 'Cancel Appointment' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Appointment Cancelled' })).toContainText(
      `The appointment on ${shownDay(date)} at 09:00 was cancelled.`,
    );
    await expect(cancelButton).toHaveCount(0);

    const cancelled = await page.request.get(`/api/appointments/${id}`);
    expect(await cancelled.json()).toMatchObject({
      status: 'cancelled',
      cancellationReason: 'Vehicle sent for repairs',
    });
  });

  test('a driver books in the driver shell for themself', async ({ page, baseURL, request }) => {
    const run = await ownRun(baseURL!);
    await signInAsOwnDriver(page, request, baseURL!, run);
    await page.getByRole('navigation', { name: 'Driver' }).getByRole('link', { name: 'Book' }).click();
    await expect(page.getByTestId('driver-shell')).toBeVisible();
    await expect(page.getByTestId('booking-party')).toContainText(`${run.carrier.name} · Ajay Yadav`);
    await page.getByLabel('Facility *').selectOption({ label: run.hub.name });
    await page.getByLabel('Date *').fill(indiaDate(2));
    await page.getByLabel('Start time *').fill('15:00');
    await expect(page.getByTestId('availability')).toHaveText('Time slot is available!');
    await page.getByRole('button', { name: 'Book Appointment' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Appointment Booked Successfully!' })).toContainText(
      `${shownDay(indiaDate(2))} at 15:00`,
    );
  });
});

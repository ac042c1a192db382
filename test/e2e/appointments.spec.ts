import { expect, test, type Page } from '@playwright/test';
import { indiaDate, shownDay } from './dates';
import { signIn } from './support';

async function fillBooking(page: Page, { door, start, date }: { door: string; start: string; date: string }) {
  await page.getByLabel('Facility *').selectOption({ label: 'Bhiwandi Distribution Centre' });
  await page.getByLabel('Carrier *').selectOption({ label: 'Ganga Freight Carriers' });
  await page.getByLabel('Driver', { exact: true }).selectOption({ label: 'Ajay Yadav' });
  await page.getByLabel('Date *').fill(date);
  await page.getByLabel('Start time *').fill(start);
  await page.getByLabel('Dock door').selectOption({ label: door });
  await page.getByLabel('PO number').fill('PO-E2E-1');
}

test.describe('appointments', () => {
  // The guest's booking is test/e2e/guest-booking.spec.ts (at a facility of its own per run).
  test('operations books a door, is refused the same door again, and moves the appointment through its statuses', async ({
    page,
  }) => {
    await signIn(page, 'operations');
    await page.goto('/booking');
    const date = indiaDate(3);
    await fillBooking(page, { door: 'Door D05 (standard)', start: '10:00', date });
    await expect(page.getByLabel('End time *')).toHaveValue('11:00');
    await expect(page.getByTestId('availability')).toHaveText('Time slot is available!');
    await page.getByRole('button', { name: 'Book Appointment' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Appointment Booked Successfully!' })).toContainText(
      `${shownDay(date)} at 10:00`,
    );

    // The same door and time again: the availability line says no and the button is disabled.
    await fillBooking(page, { door: 'Door D05 (standard)', start: '10:30', date });
    await expect(page.getByTestId('availability')).toContainText(
      'Time slot is not available. Please select a different time.',
    );
    await expect(page.getByRole('button', { name: 'Book Appointment' })).toBeDisabled();

    await page.goto('/scheduling');
    await page.getByLabel('Date').fill(date);
    const row = page.getByTestId('appointment-row').filter({ hasText: 'PO PO-E2E-1' });
    await expect(row).toContainText('10:00 - 11:00');
    await expect(row).toContainText('Inbound Delivery');
    await expect(row).toContainText('Dock D05');
    await row.getByRole('button', { name: 'Mark Arrived' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Appointment status updated successfully' })).toBeVisible();
    await expect(row).toContainText('Arrived');
    await row.getByRole('button', { name: 'Start Loading' }).click();
    await expect(row).toContainText('Loading');
    await row.getByRole('button', { name: 'Mark Departed' }).click();
    await expect(row).toContainText('Departed');
    await expect(row.getByRole('button')).toHaveCount(0);
  });

  test('a driver requests a reschedule and an operations user approves it', async ({ page, browser }) => {
    await signIn(page, 'driver');
    const date = indiaDate(4);
    const booked = await page.request.post('/api/appointments', {
      data: {
        facilityId: 'bhiwandi-dc',
        carrierId: 'carrier-sahyadri',
        dockDoorId: 'door-06',
        scheduledDate: date,
        scheduledTimeStart: '14:00',
        scheduledTimeEnd: '15:00',
      },
    });
    expect(booked.status()).toBe(201);

    await page.getByRole('navigation', { name: 'Driver' }).getByRole('link', { name: 'Reschedule' }).click();
    const option = page.getByLabel('Appointment *').locator('option', { hasText: `${shownDay(date)} 14:00-15:00` });
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
      .filter({ hasText: `${shownDay(indiaDate(5))} 09:00-10:00` });
    await expect(mine).toBeVisible();
    await expect(mine.getByRole('button', { name: 'Approve' })).toHaveCount(0);

    const ops = await browser.newPage();
    await signIn(ops, 'operations');
    await ops.goto('/reschedule');
    const pending = ops
      .getByRole('list', { name: 'Pending reschedules' })
      .getByRole('listitem')
      .filter({ hasText: `${shownDay(indiaDate(5))} 09:00-10:00` });
    await pending.getByRole('button', { name: 'Approve' }).click();
    await expect(ops.getByRole('status').filter({ hasText: 'Reschedule Approved' })).toBeVisible();
    await expect(pending).toHaveCount(0);
    await ops.close();

    const moved = await page.request.get(`/api/appointments/${(await booked.json()).id}`);
    expect(await moved.json()).toMatchObject({
      scheduledDate: indiaDate(5),
      scheduledTimeStart: '09:00',
      rescheduleCount: 1,
    });
  });

  test('operations cancels an appointment from the scheduling list with a reason, freeing its door time', async ({
    page,
  }) => {
    await signIn(page, 'operations');
    const date = indiaDate(6);
    const slot = {
      facilityId: 'bhiwandi-dc',
      carrierId: 'carrier-deccan',
      dockDoorId: 'door-09',
      scheduledDate: date,
      scheduledTimeStart: '11:00',
      scheduledTimeEnd: '12:00',
    };
    const booked = await page.request.post('/api/appointments', { data: { ...slot, poNumber: 'PO-E2E-CANCEL' } });
    expect(booked.status()).toBe(201);
    const { bookingReference } = await booked.json();

    await page.goto('/scheduling');
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

    // The door time is free again (and released once more, so the journey can run again).
    const again = await page.request.post('/api/appointments', { data: slot });
    expect(again.status()).toBe(201);
    expect(
      (
        await page.request.post(`/api/appointments/${(await again.json()).id}/cancel`, {
          data: { reason: 'Journey clean-up' },
        })
      ).status(),
    ).toBe(200);
  });

  test('a driver cancels their own appointment from the driver app', async ({ page }) => {
    await signIn(page, 'driver');
    const date = indiaDate(1);
    const booked = await page.request.post('/api/appointments', {
      data: {
        facilityId: 'bhiwandi-dc',
        carrierId: 'carrier-sahyadri',
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

  test('a driver books in the driver shell for themself', async ({ page }) => {
    await signIn(page, 'driver');
    await page.getByRole('navigation', { name: 'Driver' }).getByRole('link', { name: 'Book' }).click();
    await expect(page.getByTestId('driver-shell')).toBeVisible();
    await expect(page.getByTestId('booking-party')).toContainText('Sahyadri Roadways · Suresh Kumar');
    await page.getByLabel('Facility *').selectOption({ label: 'Bhiwandi Distribution Centre' });
    await page.getByLabel('Date *').fill(indiaDate(2));
    await page.getByLabel('Start time *').fill('15:00');
    await expect(page.getByTestId('availability')).toHaveText('Time slot is available!');
    await page.getByRole('button', { name: 'Book Appointment' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Appointment Booked Successfully!' })).toContainText(
      `${shownDay(indiaDate(2))} at 15:00`,
    );
  });
});

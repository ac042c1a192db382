import { expect, test } from '@playwright/test';
import { signIn } from './support';

const istDate = (days: number) => new Date(Date.now() + days * 86_400_000 + 5.5 * 3_600_000).toISOString().slice(0, 10);

test.describe('operations', () => {
  test('the dashboard shows computed figures, the live yard and a real QR code', async ({ page }) => {
    await signIn(page, 'operations');
    await expect(page.getByTestId('metric-Available Docks')).toHaveText(/^\d+\/12$/);
    await expect(page.getByTestId('dock')).toHaveCount(12);
    await expect(page.getByTestId('spot')).toHaveCount(20);
    await expect(page.getByTestId('dock').filter({ hasText: 'D07' })).toHaveAttribute('data-status', 'maintenance');

    // Drag the truck on Y05 to the empty Y06.
    await page.getByRole('button', { name: 'Spot Y05 GJ05EF9012' }).dragTo(page.getByRole('button', { name: 'Spot Y06', exact: true }));
    await expect(page.getByRole('status').filter({ hasText: 'Yard spot updated successfully' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Spot Y06 GJ05EF9012' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Spot Y05', exact: true })).toBeVisible();

    await page.getByRole('button', { name: 'Generate QR' }).click();
    const dialog = page.getByRole('dialog', { name: /Check-in QR/ });
    await expect(dialog.getByRole('img', { name: /QR code for checking in/ })).toBeVisible();
    await expect(page.getByRole('status').filter({ hasText: 'QR Code generated for Bhiwandi Distribution Centre' })).toBeVisible();
  });

  test('staff check a walk-in in and move it along; the notification shows on the dashboard', async ({ page }) => {
    await signIn(page, 'yard_manager');
    await page.goto('/checkin');
    await page.getByRole('button', { name: 'Walk-In Check-In' }).click();
    const dialog = page.getByRole('dialog', { name: 'Walk-In Check-In' });
    await dialog.getByRole('button', { name: 'Check In Walk-In' }).click();
    await expect(dialog.getByText('Carrier name is required')).toBeVisible();
    await dialog.getByLabel('Driver name *').fill('Raju Walkin');
    await dialog.getByLabel('Vehicle license *').fill('mh05ww7777');
    await dialog.getByLabel('Carrier name *').fill('Shree Tempo');
    await dialog.getByRole('button', { name: 'Check In Walk-In' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Walk-in driver checked in successfully' })).toBeVisible();
    const card = page.getByTestId('checkin-card').filter({ hasText: 'Raju Walkin' });
    await expect(card).toContainText('MH05WW7777');
    await expect(card).toContainText('Checked in');
    await card.getByRole('button', { name: 'At dock' }).click();
    await expect(card).toContainText('At dock');
    await card.getByRole('button', { name: 'Start unloading' }).click();
    await expect(card).toContainText('Unloading');

    await page.goto('/');
    await expect(page.getByRole('list', { name: 'Notifications' })).toContainText('Walk-in checked in');
  });

  test('a driver sees their own next appointment, checks in, and switches to Hindi', async ({ page }) => {
    await signIn(page, 'driver');
    const booked = await page.request.post('/api/appointments', {
      data: { facilityId: 'bhiwandi-dc', carrierId: 'carrier-sahyadri', scheduledDate: istDate(1), scheduledTimeStart: '08:00', scheduledTimeEnd: '09:00' },
    });
    expect(booked.status()).toBe(201);
    await page.reload();
    const card = page.getByTestId('next-appointment');
    await expect(card).toContainText(istDate(1));
    await expect(card).toContainText('08:00 - 09:00');
    await expect(page.getByRole('link', { name: 'Get Directions' })).toHaveAttribute('href', /google\.com\/maps/);
    await page.getByRole('button', { name: 'Check In' }).click();
    await expect(page.getByRole('status').filter({ hasText: '✅ Check-in Successful' })).toContainText('You have been checked in successfully!');
    await expect(page.getByRole('button', { name: 'Checked in' })).toBeDisabled();
    await page.getByRole('button', { name: /Language/ }).click();
    await expect(page.getByText('अगला अपॉइंटमेंट')).toBeVisible();
    await page.getByRole('button', { name: /भाषा/ }).click();
  });

  test('a guest checks in by scanning the gate QR code', async ({ page, browser }) => {
    await signIn(page, 'operations');
    const qr = await (await page.request.get('/api/facilities/default/qr-code')).json();
    const booking = await page.request.post('/api/bookings/slot', {
      data: { ownerType: 'Driver', vehicleNumber: 'KA05QR1234', vehicleType: 'Van', capacityTons: 2, driverName: 'Gate Guest', driverLicense: 'KA123', mobileNumber: '9845012345', expectedArrivalDate: new Date().toISOString(), slotId: `${istDate(2)}_1600` },
    });
    const { confirmationCode } = await booking.json();
    const phone = await browser.newPage({ viewport: { width: 390, height: 844 } });
    await phone.goto(new URL(qr.checkinUrl).pathname + new URL(qr.checkinUrl).search);
    await expect(phone.getByRole('heading', { name: 'Check in at Bhiwandi Distribution Centre' })).toBeVisible();
    await phone.getByLabel('Booking code').fill(confirmationCode);
    await phone.getByLabel('Mobile number').fill('+91 98450 12345');
    await phone.getByRole('button', { name: 'Check In' }).click();
    await expect(phone.getByRole('heading', { name: 'Check-in Successful' })).toBeVisible();
    await phone.close();

    // Staff see the check-in on the dashboard and move the truck to a dock.
    await page.goto('/');
    await expect(page.getByRole('list', { name: 'Recent check-ins' })).toContainText('Gate Guest · KA05QR1234');
    await page.goto('/checkin');
    const card = page.getByTestId('checkin-card').filter({ hasText: 'Gate Guest' });
    await card.getByRole('button', { name: 'At dock' }).click();
    await expect(card).toContainText('At dock');
  });

  test('yard and analytics pages show figures from the data', async ({ page }) => {
    await signIn(page, 'spectator');
    await page.goto('/yard');
    await expect(page.getByTestId('yard-Occupied Docks')).toHaveText(/^\d+\/12$/);
    await expect(page.getByRole('button', { name: 'Assign Truck' })).toHaveCount(0);
    await page.goto('/analytics');
    await expect(page.getByLabel('Range')).toHaveValue('30');
    await expect(page.getByRole('option', { name: 'Last 30 Days' })).toBeAttached();
    const figures = await (await page.request.get('/api/analytics?days=30')).json();
    await expect(page.getByTestId('analytics-Appointments')).toHaveText(String(figures.totalAppointments));
    await expect(page.getByTestId('analytics-No-shows')).toHaveText(String(figures.noShows));
    await expect(page.getByTestId('analytics-Dock utilization')).toHaveText(`${figures.dockUtilization}%`);
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Dock Utilization Report' }).click();
    expect((await download).suggestedFilename()).toMatch(/^dock-utilization-.*\.csv$/);
    await expect(page.getByRole('table', { name: 'Carrier scorecard' })).toBeVisible();
  });
});

import { expect, test } from '@playwright/test';
import { signIn, signInTo } from './support';
import { shownDay } from './dates';
import { apiAs, laterToday, openHub, quarterAfter, sameDayAsIndia, shiftTime, zoneWhere } from './checkin-support';

test.describe('operations', () => {
  test('the dashboard shows computed figures, the live yard and a real QR code', async ({ page }) => {
    await signIn(page, 'operations');
    await expect(page.getByTestId('metric-Available Docks')).toHaveText(/^\d+\/12$/);
    await expect(page.getByTestId('dock')).toHaveCount(12);
    await expect(page.getByTestId('spot')).toHaveCount(20);
    await expect(page.getByTestId('dock').filter({ hasText: 'D07' })).toHaveAttribute('data-status', 'maintenance');

    // Drag the truck on Y05 to the empty Y06, then back, so the next run finds the yard as seeded.
    // A tile can be dragged once the screen knows the user may move trucks (their session has arrived),
    // and a drag started while the waiting area is still being laid out (its tiles render as they
    // scroll into view) never drops: the drag is made again until the truck stands on its new spot.
    const truck = 'GJ05EF9012';
    const spot = (n: string, shows: string) => page.getByRole('button', { name: `Spot ${n} ${shows}`, exact: true });
    const moveTruck = async (from: string, to: string) => {
      await expect(spot(from, truck)).toHaveAttribute('draggable', 'true');
      await page.getByRole('region', { name: 'Waiting Area' }).scrollIntoViewIfNeeded();
      await expect(async () => {
        if (await spot(from, truck).count()) await spot(from, truck).dragTo(spot(to, 'Empty'), { timeout: 5_000 });
        await expect(spot(to, truck)).toBeVisible({ timeout: 3_000 });
      }).toPass({ timeout: 30_000 });
      await expect(spot(from, 'Empty')).toBeVisible();
    };
    await moveTruck('Y05', 'Y06');
    await expect(page.getByRole('status').filter({ hasText: 'Yard spot updated successfully' })).toBeVisible();
    await moveTruck('Y06', 'Y05');

    await page.getByRole('button', { name: 'Generate QR' }).click();
    const dialog = page.getByRole('dialog', { name: /Check-in QR/ });
    await expect(dialog.getByRole('img', { name: /QR code for checking in/ })).toBeVisible();
    await expect(
      page.getByRole('status').filter({ hasText: 'QR Code generated for Bhiwandi Distribution Centre' }),
    ).toBeVisible();
  });

  test(
    'staff check a walk-in in and move it along, with a toast for each change; the notification shows on the dashboard',
    // Its answer depends on the hour (scripts/test-clock.ts runs it at every instant).
    { tag: '@instant' },
    async ({ page }) => {
      const tag = Date.now().toString(36).slice(-5).toUpperCase();
      await signInTo(page, 'yard_manager', '/checkin');
      await page.getByRole('button', { name: 'Walk-In Check-In' }).click();
      const dialog = page.getByRole('dialog', { name: 'Walk-In Check-In' });
      await dialog.getByRole('button', { name: 'Check In Walk-In' }).click();
      await expect(dialog.getByText('Carrier name is required')).toBeVisible();
      await dialog.getByLabel('Driver name *').fill(`Raju ${tag}`);
      await dialog.getByLabel('Vehicle license *').fill(`mh05${tag}`);
      await dialog.getByLabel('Carrier name *').fill('Shree Tempo');
      await dialog.getByRole('button', { name: 'Check In Walk-In' }).click();
      await expect(
        page.getByRole('status').filter({ hasText: 'Walk-in driver checked in successfully' }),
      ).toBeVisible();
      const card = page.getByTestId('checkin-card').filter({ hasText: `Raju ${tag}` });
      await expect(card).toContainText(`MH05${tag}`);
      await expect(card).toContainText('Checked in');
      await expect(card).toContainText('No door yet');
      await card.getByRole('button', { name: 'At dock' }).click();
      await expect(page.getByRole('status').filter({ hasText: 'Check-in status updated successfully' })).toBeVisible();
      await expect(card).toContainText('At dock');

      // Someone else starts the unloading meanwhile: the card's stale step fails with the server's reason.
      const { id } = (await (await page.request.get('/api/checkins')).json()).find(
        (c: { driverName: string }) => c.driverName === `Raju ${tag}`,
      );
      expect((await page.request.patch(`/api/checkins/${id}/status`, { data: { status: 'unloading' } })).status()).toBe(
        200,
      );
      await card.getByRole('button', { name: 'Start loading' }).click();
      await expect(page.getByRole('alert').filter({ hasText: 'Error' })).toContainText(
        'A check-in that is unloading cannot become loading',
      );
      await page.reload();
      await expect(card).toContainText('Unloading');
      await card.getByRole('button', { name: 'Complete' }).click();
      await expect(page.getByRole('status').filter({ hasText: 'Check-in status updated successfully' })).toBeVisible();
      await expect(card).toContainText('Completed');

      await page.goto('/');
      await expect(page.getByRole('list', { name: 'Notifications' })).toContainText('Walk-in checked in');
    },
  );

  test(
    'quick check-in fills driver and vehicle from the appointment, shows a refusal, and a door is assigned from the card',
    // Its answer depends on the hour (scripts/test-clock.ts runs it at every instant).
    { tag: '@instant' },
    async ({ page, baseURL }) => {
      const tag = Date.now().toString(36).slice(-5).toUpperCase();
      const hub = await openHub(baseURL!, `Quick Hub ${tag}`, zoneWhere(sameDayAsIndia));
      const { date, time } = hub.local();
      const start = quarterAfter(time, 15);
      const later = quarterAfter(time, 180);
      const ops = await apiAs(baseURL!, 'operations');
      const guest = await ops.post('/api/bookings/slot', {
        data: {
          ownerType: 'Driver',
          vehicleNumber: `KA05${tag}`,
          vehicleType: 'Van',
          capacityTons: 2,
          driverName: `Guest ${tag}`,
          driverLicense: 'KA123',
          mobileNumber: '9845012345',
          expectedArrivalDate: new Date().toISOString(),
          slotId: `${date}_${start.replace(':', '')}`,
          facility: hub.bookingLink,
        },
      });
      expect(guest.status()).toBe(201);
      const { confirmationCode } = await guest.json();
      const staffBooking = (over: Record<string, unknown>) =>
        ops.post('/api/appointments', {
          data: {
            facilityId: hub.id,
            carrierId: 'carrier-sahyadri',
            driverId: 'driver-suresh',
            scheduledDate: date,
            scheduledTimeStart: start,
            scheduledTimeEnd: shiftTime(start, 15),
            ...over,
          },
        });
      const suresh = await (await staffBooking({})).json();
      const laterOne = await (
        await staffBooking({ scheduledTimeStart: later, scheduledTimeEnd: shiftTime(later, 15) })
      ).json();
      expect(
        (
          await staffBooking({ carrierId: 'carrier-ganga', driverId: 'driver-ajay', dockDoorId: hub.doors.h1 })
        ).status(),
      ).toBe(201);
      await ops.dispose();

      await signInTo(page, 'yard_manager', '/checkin');
      await page.getByRole('button', { name: 'Quick Check-In' }).click();
      const dialog = page.getByRole('dialog', { name: 'Quick Check-In' });
      // The hub's day, not the home facility's.
      await dialog.getByLabel('Facility').selectOption({ label: hub.name });
      const appointment = dialog.getByLabel('Appointment *');
      await appointment.selectOption({ label: `${start} · Guest ${tag} · ${confirmationCode}` });
      await expect(dialog.getByLabel('Driver name *')).toHaveValue(`Guest ${tag}`);
      await expect(dialog.getByLabel('Vehicle license *')).toHaveValue(`KA05${tag}`);
      // Another appointment replaces what the first filled in; its vehicle is not known yet.
      await appointment.selectOption({ label: `${start} · Sahyadri Roadways · ${suresh.bookingReference}` });
      await expect(dialog.getByLabel('Driver name *')).toHaveValue('Suresh Kumar');
      await expect(dialog.getByLabel('Vehicle license *')).toHaveValue('');
      // An appointment not due yet is refused with the reason.
      await appointment.selectOption({ label: `${later} · Sahyadri Roadways · ${laterOne.bookingReference}` });
      await dialog.getByLabel('Vehicle license *').fill('MH04AB1234');
      await dialog.getByRole('button', { name: 'Check In' }).click();
      await expect(page.getByRole('alert').filter({ hasText: 'Error' })).toContainText(
        `Check-in for this appointment opens at ${shiftTime(later, -120)} on ${shownDay(date)}, 2 hours before its ${later} start.`,
      );
      await appointment.selectOption({ label: `${start} · Guest ${tag} · ${confirmationCode}` });
      await expect(dialog.getByLabel('Vehicle license *')).toHaveValue(`KA05${tag}`);
      await dialog.getByRole('button', { name: 'Check In' }).click();
      await expect(page.getByRole('status').filter({ hasText: 'Driver checked in successfully' })).toBeVisible();
      await expect(dialog).toBeHidden();

      const card = page.getByTestId('checkin-card').filter({ hasText: `Guest ${tag}` });
      await expect(card).toContainText(`KA05${tag}`);
      await expect(card).toContainText('No door yet');
      await card.getByLabel('Assign dock door').selectOption({ label: 'Door H1' });
      await card.getByRole('button', { name: 'Assign' }).click();
      await expect(page.getByRole('alert').filter({ hasText: 'Error' })).toContainText(
        'Door H1 is already booked at this time',
      );
      await card.getByLabel('Assign dock door').selectOption({ label: 'Door H2' });
      await card.getByRole('button', { name: 'Assign' }).click();
      await expect(page.getByRole('status').filter({ hasText: 'Dock H2 assigned successfully' })).toBeVisible();
      await expect(card).toContainText('Door H2');
      await expect(card.getByLabel('Assign dock door')).toHaveCount(0);
      await card.getByRole('button', { name: 'At dock' }).click();
      await expect(page.getByRole('status').filter({ hasText: 'Check-in status updated successfully' })).toBeVisible();
      await expect(card).toContainText('At dock');

      // Clean-up: Suresh's two appointments would otherwise be the driver's next ones in later journeys.
      const cleanup = await apiAs(baseURL!, 'operations');
      for (const id of [suresh.id, laterOne.id])
        expect(
          (await cleanup.post(`/api/appointments/${id}/cancel`, { data: { reason: 'Journey finished' } })).status(),
        ).toBe(200);
      await cleanup.dispose();
    },
  );

  test(
    'a driver sees their own next appointment, is told when check-in opens, checks in, and switches to Hindi',
    // Its answer depends on the hour (scripts/test-clock.ts runs it at every instant).
    { tag: '@instant' },
    async ({ page, baseURL }) => {
      const tag = Date.now().toString(36).slice(-5).toUpperCase();
      const hub = await openHub(baseURL!, `Driver Hub ${tag}`, zoneWhere(laterToday));
      const { date, time } = hub.local();
      const later = quarterAfter(time, 180);
      await signIn(page, 'driver');
      const book = async (start: string) => {
        const res = await page.request.post('/api/appointments', {
          data: {
            facilityId: hub.id,
            carrierId: 'carrier-sahyadri',
            scheduledDate: date,
            scheduledTimeStart: start,
            scheduledTimeEnd: shiftTime(start, 15),
          },
        });
        expect(res.status()).toBe(201);
        return (await res.json()) as { id: string };
      };
      const notYet = await book(later);
      await page.reload();
      const card = page.getByTestId('next-appointment');
      await expect(card).toContainText(
        new Intl.DateTimeFormat('en-IN', { dateStyle: 'medium', timeZone: 'UTC' }).format(
          new Date(`${date}T00:00:00Z`),
        ),
      );
      await expect(card).toContainText(`${later} - ${shiftTime(later, 15)}`);
      await expect(page.getByRole('link', { name: 'Get Directions' })).toHaveAttribute('href', /google\.com\/maps/);
      await page.getByRole('button', { name: 'Check In' }).click();
      const reason = `Check-in for this appointment opens at ${shiftTime(later, -120)} on ${shownDay(date)}, 2 hours before its ${later} start.`;
      await expect(page.getByRole('alert').filter({ hasText: 'Error' })).toContainText(reason);
      await expect(page.getByTestId('checkin-error')).toHaveText(reason);
      await expect(page.getByRole('button', { name: 'Check In' })).toBeEnabled();

      const due = quarterAfter(hub.local().time);
      const now = await book(due);
      await page.reload();
      await expect(card).toContainText(`${due} - ${shiftTime(due, 15)}`);
      await page.getByRole('button', { name: 'Check In' }).click();
      await expect(page.getByRole('status').filter({ hasText: '✅ Check-in Successful' })).toContainText(
        'You have been checked in successfully!',
      );
      await expect(page.getByRole('button', { name: 'Checked in' })).toBeDisabled();
      await expect(page.getByTestId('checkin-error')).toHaveCount(0);
      await page.getByRole('button', { name: /Language/ }).click();
      await expect(page.getByText('अगला अपॉइंटमेंट')).toBeVisible();
      await page.getByRole('button', { name: /भाषा/ }).click();

      // Clean-up, so the journey can run again: the truck leaves, the later appointment lapses.
      const ops = await apiAs(baseURL!, 'operations');
      const { id } = (await (await ops.get('/api/checkins')).json()).find(
        (c: { appointmentId: string }) => c.appointmentId === now.id,
      );
      for (const status of ['at_dock', 'unloading', 'completed', 'departed'])
        expect((await ops.patch(`/api/checkins/${id}/status`, { data: { status } })).status()).toBe(200);
      expect((await ops.patch(`/api/appointments/${notYet.id}/status`, { data: { status: 'no_show' } })).status()).toBe(
        200,
      );
      await ops.dispose();
    },
  );

  test(
    'a guest checks in by scanning the gate QR code',
    // Its answer depends on the hour (scripts/test-clock.ts runs it at every instant).
    { tag: '@instant' },
    async ({ page, browser, baseURL }) => {
      const tag = Date.now().toString(36).slice(-5).toUpperCase();
      const hub = await openHub(baseURL!, `Gate Hub ${tag}`, zoneWhere(sameDayAsIndia));
      const { date, time } = hub.local();
      await signIn(page, 'operations');
      const qr = await (await page.request.get(`/api/facilities/${hub.id}/qr-code`)).json();
      const booking = await page.request.post('/api/bookings/slot', {
        data: {
          ownerType: 'Driver',
          vehicleNumber: 'KA05QR1234',
          vehicleType: 'Van',
          capacityTons: 2,
          driverName: `Gate Guest ${tag}`,
          driverLicense: 'KA123',
          mobileNumber: '9845012345',
          expectedArrivalDate: new Date().toISOString(),
          slotId: `${date}_${quarterAfter(time, 15).replace(':', '')}`,
          facility: hub.bookingLink,
        },
      });
      expect(booking.status()).toBe(201);
      const { confirmationCode } = await booking.json();
      const phone = await browser.newPage({ viewport: { width: 390, height: 844 } });
      await phone.goto(new URL(qr.checkinUrl).pathname + new URL(qr.checkinUrl).search);
      await expect(phone.getByRole('heading', { name: `Check in at Gate Hub ${tag}` })).toBeVisible();
      await phone.getByLabel('Booking code').fill(confirmationCode);
      await phone.getByLabel('Mobile number').fill('+91 98450 12345');
      await phone.getByRole('button', { name: 'Check In' }).click();
      await expect(phone.getByRole('heading', { name: 'Check-in Successful' })).toBeVisible();
      await phone.close();

      // Staff see the check-in on the dashboard and move the truck to a dock.
      await page.goto('/');
      await expect(page.getByRole('list', { name: 'Recent check-ins' })).toContainText(
        `Gate Guest ${tag} · KA05QR1234`,
      );
      await page.goto('/checkin');
      const card = page.getByTestId('checkin-card').filter({ hasText: `Gate Guest ${tag}` });
      await card.getByRole('button', { name: 'At dock' }).click();
      await expect(card).toContainText('At dock');
    },
  );

  test('yard and analytics pages show figures from the data', async ({ page }) => {
    await signInTo(page, 'spectator', '/yard');
    await expect(page.getByTestId('yard-Occupied Docks')).toHaveText(/^\d+\/12$/);
    await expect(page.getByRole('button', { name: 'Assign Truck' })).toHaveCount(0);
    await page.goto('/analytics');
    await expect(page.getByLabel('Range')).toHaveValue('30');
    await expect(page.getByRole('option', { name: 'Last 30 Days' })).toBeAttached();
    const figures = await (await page.request.get('/api/analytics?days=30')).json();
    await expect(page.getByTestId('analytics-Appointments')).toHaveText(String(figures.totalAppointments));
    await expect(page.getByTestId('analytics-No-shows')).toHaveText(String(figures.noShows));
    await expect(page.getByTestId('analytics-Dock utilization')).toHaveText(`${figures.dockUtilization}%`);
    // Dwell and detention of the range (issue #57.4): its trucks and the four causes with their total.
    await expect(page.getByTestId('dwell-range-trucks')).toHaveText(String(figures.dwell.trucks));
    await expect(page.getByRole('table', { name: 'Detention by cause' }).getByRole('row')).toHaveCount(6);
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Dock Utilization Report' }).click();
    expect((await download).suggestedFilename()).toMatch(/^dock-utilization-.*\.csv$/);
    // The month's carrier scorecard: a row per carrier with appointments this month at the hub, or its
    // empty state. The base demo data has no appointments: alone, this test sees the empty state; after
    // the other journeys in the same stack, their carriers' rows.
    const scorecard = await (await page.request.get('/api/analytics/scorecard')).json();
    if (scorecard.rows.length)
      await expect(page.getByRole('table', { name: 'Carrier scorecard' }).getByRole('row')).toHaveCount(
        scorecard.rows.length + 1,
      );
    else await expect(page.getByText('No carrier appointments in this month')).toBeVisible();
  });
});

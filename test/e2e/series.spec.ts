import { expect, test } from '@playwright/test';
import { signInTo } from './support';
import { apiAs } from './checkin-support';
import { indiaDate, shownDay } from './dates';
import { addDays } from '../../shared/time';

// Standing appointments (issue #32): staff create a weekly series for their own new facility and
// carrier, see its three occurrences booked at the facility's door, cancel one occurrence with the
// appointment's own cancel, and see it cancelled in the series while the others stay scheduled. Each
// run makes its own facility and carrier, so it never depends on what else is booked that day.
const WEEKDAY_LABELS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];

test('staff create a series, see its occurrences, and cancel one of them', async ({ page, baseURL }) => {
  test.setTimeout(120_000); // a journey of real calls on a shared 2-core machine
  const tag = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`.toUpperCase();
  const ops = await apiAs(baseURL!, 'operations');
  const created = await ops.post('/api/facilities', {
    data: {
      name: `Series Hub ${tag}`,
      address: 'Plot 9, MIDC',
      operatingHoursStart: '06:00',
      operatingHoursEnd: '20:00',
      timeZone: 'Asia/Kolkata',
      slotMinutes: 30,
    },
  });
  expect(created.status()).toBe(201);
  const facility = (await created.json()) as { id: string; name: string };
  expect((await ops.post('/api/dock-doors', { data: { facilityId: facility.id, doorNumber: 'S1' } })).status()).toBe(
    201,
  );
  const carrier = await ops.post('/api/carriers', { data: { name: `Milk Run ${tag}`, serviceTypes: ['FTL'] } });
  expect(carrier.status()).toBe(201);
  await ops.dispose();

  const start = indiaDate(2);
  const dates = [start, addDays(start, 7), addDays(start, 14)];
  await signInTo(page, 'operations', '/standing-appointments');
  await expect(page.getByRole('heading', { name: 'Standing appointments', level: 1 })).toBeVisible();
  const form = page.getByRole('form', { name: 'New standing appointment' });
  await form.getByLabel('Facility', { exact: true }).selectOption({ label: facility.name });
  await form.getByLabel('Carrier', { exact: true }).selectOption({ label: `Milk Run ${tag}` });
  await form.getByLabel('Dock door').selectOption({ label: 'S1' });
  // Left without a weekday, the form says so under the weekdays and keeps what was typed.
  await form.getByRole('spinbutton', { name: 'Number of times' }).fill('3');
  await form.getByRole('button', { name: 'Create series' }).click();
  await expect(form.getByText('Choose at least one weekday')).toBeVisible();
  await expect(form.getByRole('spinbutton', { name: 'Number of times' })).toHaveValue('3');

  const weekday = WEEKDAY_LABELS[new Date(`${start}T00:00:00Z`).getUTCDay()]!;
  await form.getByLabel(weekday, { exact: true }).check();
  await form.getByLabel('Start date').fill(start);
  await form.getByLabel('Start time').fill('11:00');
  await form.getByLabel('End time').fill('12:00');
  await form.getByRole('button', { name: 'Create series' }).click();

  const occurrences = page.getByTestId('series-occurrence');
  await expect(occurrences).toHaveCount(3);
  for (const [i, date] of dates.entries()) {
    await expect(occurrences.nth(i)).toContainText(shownDay(date));
    await expect(occurrences.nth(i)).toContainText('Scheduled');
    await expect(occurrences.nth(i)).toContainText('Door: S1');
  }
  await expect(page.getByText('COUNT=3')).toBeVisible();

  // One occurrence cancelled as any appointment is: the appointment's own dialog and reason.
  await occurrences.nth(1).getByRole('button', { name: 'Cancel' }).click();
  const dialog = page.getByRole('dialog', { name: 'Cancel Appointment' });
  await dialog.getByLabel('Reason for cancelling *').fill('Truck under repair this week');
  await dialog.getByRole('button', { name: 'Cancel Appointment' }).click();
  await expect(page.getByText('Appointment Cancelled')).toBeVisible();
  await expect(occurrences.nth(1)).toContainText('Cancelled');
  await expect(occurrences.nth(0)).toContainText('Scheduled');
  await expect(occurrences.nth(2)).toContainText('Scheduled');

  // After a reload the series still shows it so (the detail is in the address).
  await page.reload();
  await expect(page.getByTestId('series-occurrence').nth(1)).toContainText('Cancelled');
});

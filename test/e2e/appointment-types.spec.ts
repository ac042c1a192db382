import { expect, test } from '@playwright/test';
import { signInTo } from './support';
import { apiAs } from './checkin-support';
import { indiaDate } from './dates';

// Appointment types and custom booking fields (issue #32): staff define, for their own new facility, a
// type whose length is counted per pallet and a booking field required for staff; they book with both,
// and the scheduling list shows the appointment for its whole length (4 pallets at 20 minutes each:
// 80 minutes, 90 on the facility's 30-minute grid) with the field's answer, found by its search. Each run
// makes its own facility, type and field.
test('staff define a per-pallet type and a custom field, book with them, and see the length and the answer', async ({
  page,
  baseURL,
}) => {
  test.setTimeout(120_000); // a long journey of real calls on a shared 2-core machine
  const tag = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`.toUpperCase();
  const ops = await apiAs(baseURL!, 'operations');
  const created = await ops.post('/api/facilities', {
    data: {
      name: `Types Hub ${tag}`,
      address: 'Plot 7, MIDC',
      operatingHoursStart: '06:00',
      operatingHoursEnd: '20:00',
      timeZone: 'Asia/Kolkata',
      slotMinutes: 30,
    },
  });
  expect(created.status()).toBe(201);
  const facility = (await created.json()) as { id: string; name: string };
  expect((await ops.post('/api/dock-doors', { data: { facilityId: facility.id, doorNumber: 'T1' } })).status()).toBe(
    201,
  );
  await ops.dispose();

  // The type and the field, on /configuration.
  await signInTo(page, 'operations', '/configuration');
  await page.getByLabel('Facility', { exact: true }).selectOption({ label: facility.name });
  const typeForm = page.getByRole('form', { name: 'Add type' });
  await typeForm.getByLabel('Name (English) *').fill(`Palletised inbound ${tag}`);
  await typeForm.getByLabel('Duration').selectOption('per-unit');
  await typeForm.getByLabel('Minutes per pallet or unit *').fill('20');
  await typeForm.getByLabel('Shortest (minutes) *').fill('30');
  await typeForm.getByLabel('Longest (minutes) *').fill('240');
  await typeForm.getByLabel('Most per load *').fill('20');
  await typeForm.getByRole('button', { name: 'Add type' }).click();
  await expect(page.getByTestId('appointment-types')).toContainText(`Palletised inbound ${tag}`);
  await expect(page.getByTestId('appointment-types')).toContainText('20 min per Pallet, 30–240 min, up to 20');

  const fieldForm = page.getByRole('form', { name: 'Add field' });
  await fieldForm.getByLabel('Label (English) *').fill('Seal number');
  await fieldForm.getByLabel('Pattern (text)').fill('[A-Z]{2}[0-9]{4}');
  await fieldForm.getByLabel('Message when it does not fit (English)').fill('Two letters and four digits');
  await fieldForm.getByLabel('Required for staff').check();
  await fieldForm.getByRole('button', { name: 'Add field' }).click();
  await expect(page.getByTestId('booking-fields')).toContainText('Seal number');

  // The booking: the type's length follows the pallets; the field is asked and checked.
  const date = indiaDate(2);
  await page.goto('/booking');
  await page.getByLabel('Facility *').selectOption({ label: facility.name });
  await page.getByLabel('Carrier *').selectOption({ label: 'Sahyadri Roadways' });
  await page.getByLabel('Appointment type').selectOption({ label: `Palletised inbound ${tag}` });
  await page.getByLabel('PO quantity (units)').fill('4');
  await expect(page.getByTestId('typed-length')).toHaveText('Length: 90 minutes');
  await page.getByLabel('Date *').fill(date);
  await page.getByLabel('Start time *').fill('10:00');
  const seal = page.getByLabel('Seal number *');
  await seal.fill('AB12');
  await page.getByRole('button', { name: 'Book Appointment' }).click();
  await expect(seal).toHaveAccessibleDescription('Two letters and four digits');
  await expect(seal).toHaveValue('AB12');
  const letter = () => String.fromCharCode(65 + Math.floor(Math.random() * 26));
  await seal.fill(`${letter()}${letter()}${String(Math.floor(Math.random() * 1e4)).padStart(4, '0')}`);
  const answer = await seal.inputValue();
  await page.getByRole('button', { name: 'Book Appointment' }).click();
  await expect(page.getByText('Appointment Booked Successfully!')).toBeVisible();

  // The scheduling list: the whole 90 minutes and the answer, found by searching for it.
  await page.goto('/scheduling');
  await page.getByLabel('Facility', { exact: true }).selectOption({ label: facility.name });
  await page.getByLabel('Date', { exact: true }).fill(date);
  await page.getByLabel('Search bookings').fill(answer);
  const row = page.getByTestId('appointment-row');
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('10:00 - 11:30');
  await expect(row.getByTestId('booked-fields')).toHaveText(`Seal number: ${answer}`);
});

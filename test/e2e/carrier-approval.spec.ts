// Staff approval of carrier bookings (issue #32): at a facility that approves them, a carrier's two
// bookings wait for approval; staff find them on the appointments list (the "awaiting approval"
// filter), approve one and refuse the other, first without a reason (the refusal is under its field,
// nothing changes), then with one. Each run makes its own facility, carrier and account.
import { randomUUID } from 'node:crypto';
import { expect, request, test } from '@playwright/test';
import { signInTo } from './support';
import { approve, register, whenNotBusy } from './accounts';
import { apiAs } from './checkin-support';
import { indiaDate } from './dates';

test('staff approve one carrier booking awaiting approval and refuse another with a reason', async ({
  page,
  baseURL,
  request: anonymous,
}) => {
  // A registration, its approval, two bookings and the screen: more than the default 30 s on a busy machine.
  test.setTimeout(120_000);
  const run = randomUUID().slice(0, 8).toUpperCase();
  const ops = await apiAs(baseURL!, 'operations');
  const facility = await (
    await whenNotBusy(() =>
      ops.post('/api/facilities', {
        data: {
          name: `Pending Approval Hub ${run}`,
          address: 'Plot 9, MIDC',
          operatingHoursStart: '00:00',
          operatingHoursEnd: '23:45',
          timeZone: 'Asia/Kolkata',
        },
      }),
    )
  ).json();
  const rules = await whenNotBusy(() =>
    ops.put(`/api/bookings/facilities/${facility.id}/rules`, { data: { approvalRequired: true, revision: 0 } }),
  );
  expect(rules.status(), await rules.text()).toBe(200);
  const carrier = await (
    await whenNotBusy(() =>
      ops.post('/api/carriers', { data: { name: `Pending Approval Fleet ${run}`, serviceTypes: ['FTL'] } }),
    )
  ).json();
  const applicant = {
    email: `owner.${run.toLowerCase()}@example.in`,
    password: 'Strong#Pass1',
    firstName: 'Baldev',
    lastName: 'Singh',
    driverLicense: `MH12${run}`,
  };
  await register(anonymous, applicant);
  await approve(baseURL!, applicant.email, { role: 'truck_owner', carrierId: carrier.id });
  const owner = await request.newContext({ baseURL });
  expect(
    (
      await owner.post('/api/auth/login', { data: { identifier: applicant.email, password: applicant.password } })
    ).status(),
  ).toBe(200);
  const date = indiaDate(3);
  const book = async (start: string, end: string) => {
    const res = await whenNotBusy(() =>
      owner.post('/api/appointments', {
        data: {
          facilityId: facility.id,
          carrierId: carrier.id,
          scheduledDate: date,
          scheduledTimeStart: start,
          scheduledTimeEnd: end,
        },
      }),
    );
    expect(res.status(), await res.text()).toBe(201);
    const booked = await res.json();
    expect(booked.status).toBe('pending_approval');
    return booked.bookingReference as string;
  };
  const kept = await book('09:00', '10:00');
  const refused = await book('11:00', '12:00');

  await signInTo(page, 'operations', '/scheduling');
  await page.getByLabel('Facility', { exact: true }).selectOption({ label: facility.name });
  await page.getByLabel('Date').fill(date);
  await page.getByLabel(/^Awaiting approval only/).check();
  await page.getByLabel('Search bookings').fill(run);
  const row = (reference: string) => page.getByTestId('appointment-row').filter({ hasText: reference });
  await expect(row(kept)).toContainText('Awaiting approval');
  await expect(row(refused)).toContainText('Awaiting approval');

  await row(kept).getByRole('button', { name: 'Approve' }).click();
  await expect(page.getByText('Booking Approved', { exact: true })).toBeVisible();
  // Approved, it leaves the "awaiting approval" list; the whole day's list shows it scheduled.
  await expect(row(kept)).toHaveCount(0);

  await row(refused).getByRole('button', { name: 'Refuse' }).click();
  const dialog = page.getByRole('dialog', { name: 'Refuse Booking' });
  await dialog.getByRole('button', { name: 'Refuse Booking' }).click();
  await expect(dialog.getByText('Please give a reason for refusing (minimum 5 characters)')).toBeVisible();
  await dialog.getByLabel('Reason for refusing *').fill('No dock free for an extra truck that morning');
  await dialog.getByRole('button', { name: 'Refuse Booking' }).click();
  await expect(page.getByText('Booking Refused', { exact: true })).toBeVisible();
  await expect(dialog).toHaveCount(0);

  await page.getByLabel(/^Awaiting approval only/).uncheck();
  await expect(row(kept)).toContainText('Scheduled');
  await expect(row(refused)).toContainText('Cancelled');
  const after = await (
    await whenNotBusy(() => ops.get(`/api/appointments?date=${date}&facilityId=${facility.id}`))
  ).json();
  expect(
    after.map((a: { bookingReference: string; status: string; cancellationReason: string | null }) => [
      a.bookingReference,
      a.status,
      a.cancellationReason,
    ]),
  ).toEqual([
    [kept, 'scheduled', null],
    [refused, 'cancelled', 'No dock free for an extra truck that morning'],
  ]);
  await Promise.all([ops.dispose(), owner.dispose()]);
});

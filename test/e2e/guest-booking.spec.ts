// A guest's first booking (issue #29.1): the dialog names the facility and company being booked, and
// after booking the confirmation stays until the guest closes it: code, facility, address, date and
// time, door, gate pass and "Add to calendar". Each run books at a facility of its own.
import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { expect as baseExpect, test, type APIRequestContext, type Locator } from '@playwright/test';
import { calendarDay, indiaDate, turnCalendarTo } from './dates';
import { apiAs } from './checkin-support';
import { sentTo } from './support';

// The machine running the journeys is shared and slow at times: wait longer for each condition.
const expect = baseExpect.configure({ timeout: 20_000 });

/** A facility of the demo company in India, open 08:00-18:00 in hour slots of 3 places, a holiday a week from today, and its booking link. */
async function ownFacility(baseURL: string) {
  const ops = await apiAs(baseURL, 'operations');
  const name = `Guest Hub ${randomUUID().slice(0, 8)}`;
  const created = await ops.post('/api/facilities', {
    data: {
      name,
      address: 'Gate 3, Plot 12, MIDC Ambad',
      city: 'Nashik',
      state: 'Maharashtra',
      zipCode: '422010',
      operatingHoursStart: '08:00',
      operatingHoursEnd: '18:00',
      timeZone: 'Asia/Kolkata',
      slotMinutes: 60,
      slotCapacity: 3,
    },
  });
  expect(created.status()).toBe(201);
  const { id } = (await created.json()) as { id: string };
  const link = await ops.get(`/api/facilities/${id}/link`);
  expect(link.status()).toBe(200);
  const { token } = (await link.json()) as { token: string };
  const holiday = await ops.post(`/api/facilities/${id}/holidays`, {
    data: { holidayDate: indiaDate(7), name: 'Hub stock-taking' },
  });
  expect(holiday.status()).toBe(201);
  await ops.dispose();
  return { name, link: token };
}

/** A mobile number of this run, so its SMS is found among every run's. */
const mobileOfRun = () => `98${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`;

async function smsTo(api: APIRequestContext, to: string): Promise<string> {
  let body = '';
  await expect
    .poll(async () => {
      const messages = await sentTo(api, to);
      body = messages.find((m) => m.to === to)?.body ?? '';
      return body;
    })
    .not.toBe('');
  return body;
}

async function fillGuest(dialog: Locator, labels: Record<string, string>, mobile: string) {
  await dialog.getByLabel(labels.vehicle!).fill('mh15gh7788');
  await dialog.getByLabel(labels.capacity!).fill('12.5');
  await dialog.getByLabel(labels.driver!).fill('Sandeep Gaikwad');
  await dialog.getByLabel(labels.licence!).fill('MH1520120033333');
  await dialog.getByLabel(labels.mobile!).fill(`+91 ${mobile}`);
}

test.describe('guest booking', () => {
  test('a guest books from the booking link and still sees the confirmation after 10 s, then adds it to the calendar', async ({
    page,
    baseURL,
  }) => {
    test.setTimeout(90_000);
    const hub = await ownFacility(baseURL!);
    const mobile = mobileOfRun();
    const date = indiaDate(2);

    await page.goto(`/book/${hub.link}`);
    const dialog = page.getByRole('dialog', { name: 'Quick Slot Booking' });
    await expect(dialog.getByTestId('guest-booking-facility')).toHaveText(
      `Booking at ${hub.name} (Demo Logistics Pvt Ltd)`,
    );
    await dialog.getByRole('button', { name: 'Confirm Booking' }).click();
    await expect(page.getByTestId('toast')).toContainText('Please fill in all required fields and select a time slot');

    await fillGuest(
      dialog,
      {
        vehicle: 'Vehicle number *',
        capacity: 'Capacity (tons) *',
        driver: 'Driver name *',
        licence: 'Driving license *',
        mobile: 'Mobile number *',
      },
      mobile,
    );
    const calendar = dialog.getByRole('group', { name: 'Arrival date calendar' });
    await (await calendarDay(calendar, date)).click();
    const slot = dialog.getByRole('option').filter({ hasText: '10:00 - 11:00' });
    await expect(slot).toContainText('3 slots left');
    await slot.click();
    await dialog.getByRole('button', { name: 'Confirm Booking' }).click();

    const done = dialog.getByTestId('guest-booking-confirmation');
    await expect(done.getByRole('heading', { name: 'Booking confirmed' })).toBeVisible();
    const code = (await done.getByTestId('guest-booking-code').textContent())!.trim();
    expect(code).toMatch(/^DS-\d{6}-[0-9A-Z]{6}$/);
    const shownDate = new Intl.DateTimeFormat('en-IN', { dateStyle: 'long', timeZone: 'UTC' }).format(
      new Date(`${date}T00:00:00Z`),
    );
    await expect(done).toContainText(`${hub.name} (Demo Logistics Pvt Ltd)`);
    await expect(done).toContainText('Gate 3, Plot 12, MIDC Ambad, Nashik, Maharashtra, 422010');
    await expect(done).toContainText(`${shownDate}, 10:00 am - 11:00 am (IST)`);
    await expect(done).toContainText('Assigned at the gate');
    await expect(done.getByRole('img', { name: `Gate pass QR code for booking ${code}` })).toBeVisible();
    // The pass holds until the hub's next midnight, past the 11:00 end of the slot: it may be printed.
    await expect(done.getByRole('button', { name: 'Print gate pass' })).toBeVisible();
    await expect(done.getByTestId('gate-pass-no-print')).toHaveCount(0);
    await expect(done).toContainText(`sent by SMS to +91 ${mobile}`);

    // The measure: the confirmation is still there 10 s later (a toast may have come and gone).
    await page.waitForTimeout(10_000);
    await expect(done).toBeVisible();
    await expect(done.getByTestId('guest-booking-code')).toHaveText(code);

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      done.getByRole('button', { name: 'Add to calendar' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe(`docksaathi-${code}.ics`);
    const ics = await readFile(await download.path(), 'utf8');
    // 10:00-11:00 in India is 04:30-05:30 UTC on the same day.
    const utcDay = date.replaceAll('-', '');
    expect(ics).toContain(`DTSTART:${utcDay}T043000Z`);
    expect(ics).toContain(`DTEND:${utcDay}T053000Z`);
    expect(ics).toContain(`SUMMARY:Dock slot at ${hub.name}`);
    expect(ics).toContain('LOCATION:Gate 3\\, Plot 12\\, MIDC Ambad\\, Nashik\\, Maharashtra\\, 422010');

    const sms = await smsTo(page.request, `+91${mobile}`);
    expect(sms).toContain(`Slot booked at ${hub.name}`);
    expect(sms).toContain(code);

    await done.getByRole('button', { name: 'Close' }).click();
    await expect(dialog).toBeHidden();
    // Opened again: a new empty form, and the slot counts the booking.
    await page.getByRole('button', { name: 'Quick Slot Booking' }).click();
    await expect(dialog.getByLabel('Vehicle number *')).toHaveValue('');
    await (await calendarDay(calendar, date)).click();
    await expect(dialog.getByRole('option').filter({ hasText: '10:00 - 11:00' })).toContainText('2 slots left');
    // The facility's holiday cannot be chosen (the calendar now shows the month of the chosen day).
    await expect(await calendarDay(calendar, indiaDate(7), date)).toBeDisabled();
  });

  test('a guest who books in Hindi sees the confirmation in Hindi and gets the SMS in Hindi naming the facility', async ({
    page,
    baseURL,
  }) => {
    test.setTimeout(90_000);
    const hub = await ownFacility(baseURL!);
    const mobile = mobileOfRun();
    const date = indiaDate(3);
    await page.addInitScript(() => localStorage.setItem('docksaathi.language', 'hi'));

    await page.goto(`/book/${hub.link}`);
    const dialog = page.getByRole('dialog', { name: 'त्वरित स्लॉट बुकिंग' });
    await expect(dialog.getByTestId('guest-booking-facility')).toHaveText(
      `${hub.name} (Demo Logistics Pvt Ltd) में बुकिंग`,
    );
    await fillGuest(
      dialog,
      {
        vehicle: 'वाहन नंबर *',
        capacity: 'क्षमता (टन) *',
        driver: 'ड्राइवर का नाम *',
        licence: 'ड्राइविंग लाइसेंस *',
        mobile: 'मोबाइल नंबर *',
      },
      mobile,
    );
    const calendar = dialog.getByRole('group', { name: 'आगमन तिथि कैलेंडर' });
    // Turned the way a user turns it, once the calendar shows this month: to the next month when the day is in it.
    await turnCalendarTo(calendar, date, indiaDate(), 'अगला महीना');
    await calendar.locator(`button[data-date="${date}"]`).click();
    await dialog.getByRole('option').filter({ hasText: '15:00 - 16:00' }).click();
    await dialog.getByRole('button', { name: 'बुकिंग पक्की करें' }).click();

    const done = dialog.getByTestId('guest-booking-confirmation');
    await expect(done.getByRole('heading', { name: 'बुकिंग पक्की हो गई' })).toBeVisible();
    await expect(done).toContainText('गेट पर बताया जाएगा');
    const code = (await done.getByTestId('guest-booking-code').textContent())!.trim();
    const sms = await smsTo(page.request, `+91${mobile}`);
    expect(sms).toMatch(
      new RegExp(`^${hub.name} में \\d{1,2} [\\u0900-\\u097F]+ \\d{4} को 15:00 बजे का स्लॉट बुक हुआ। पुष्टि कोड: ${code}।`),
    );
  });
});

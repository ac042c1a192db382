// Dwell and detention (issue #57), end to end. Operations sets a hub's detention terms on /configuration
// (a rate below zero refused under its field, then ₹750 per started hour after 2:00 free), opens a
// departed truck's detention from its row of the schedule, is refused a gate-out before its gate-in
// (under the time's field), corrects the gate-out with a reason and sees the figures change, downloads
// the evidence (CSV and PDF, named after the booking) and follows the pack's code to /verify/<hash>,
// confirmed; signed out, an edited code is refused, in English and in Hindi. A carrier's account on a
// 390 px phone reads its own truck's detention, without the staff's forms.
//
// The truck is made through the API. A booking over HTTP must start in the future and a truck's
// detention needs hours behind it, so its hub is opened on a clock five hours behind its own and then
// corrected (as a hub set up in the wrong time zone is): the window the truck was booked for moved five
// hours into the past. Its gate-in is then corrected to that window's start (on time, the free time
// counting from it); it left at the moment it was moved to departed, nearly five hours later.
import { randomUUID } from 'node:crypto';
import { expect as baseExpect, test, type APIRequestContext, type Page } from '@playwright/test';
import { addDays } from '../../shared/time';
import { approve, register } from './accounts';
import { apiAs, quarterAfter, sameDayAsIndia, shiftTime, zoneWhere } from './checkin-support';
import { PASSWORD, SCREEN_OPENS_MS, signInTo, whenNotBusy } from './support';

// The machine running the journeys is shared and slow at times: wait longer for each condition.
const expect = baseExpect.configure({ timeout: 20_000 });
// A hub, a truck, an account and several screens per journey.
test.describe.configure({ timeout: 150_000 });

/** How far the hub's clock is corrected forward: the truck's window moves this far into the past. */
const SHIFT_HOURS = 5;
/** The terms the journeys hold the hub to (its default class, a 32 ft MXL): 2 h free, ₹750 per started hour. */
const TERMS = { vehicleClass: 'mxl_32ft', freeMinutes: 120, rateRupees: 750, graceMinutes: 30, lateFeeRupees: 1500 };

/** The whole-hour zone `offset` hours ahead of UTC (Etc/GMT names it with the other sign). */
const zoneAt = (offset: number) => (offset === 0 ? 'UTC' : `Etc/GMT${offset > 0 ? '-' : '+'}${Math.abs(offset)}`);
const offsetOf = (zone: string) => (zone === 'UTC' ? 0 : -Number(zone.slice('Etc/GMT'.length)));
/** The instant a clock `offset` hours ahead of UTC shows `date` `time`. */
const instantAt = (date: string, time: string, offset: number) =>
  new Date(`${date}T${time}:00${offset < 0 ? '-' : '+'}${String(Math.abs(offset)).padStart(2, '0')}:00`).toISOString();

async function ok(res: Awaited<ReturnType<APIRequestContext['get']>>, status = 200) {
  expect(res.status(), await res.text()).toBe(status);
  return res.json();
}

/**
 * A hub of the run with a carrier of its own and that carrier's truck, checked in and departed, its
 * window now nearly five hours past; its gate-in corrected to the window's start (through the API).
 */
async function departedTruck(baseURL: string) {
  const tag = randomUUID().slice(0, 6).toUpperCase();
  const ops = await apiAs(baseURL, 'operations');
  // The booking's day is India's today (a carrier's list starts there) with room left in the hub's day.
  const booked = zoneWhere(sameDayAsIndia);
  const corrected = offsetOf(booked) + SHIFT_HOURS;
  expect(corrected, 'a zone five hours ahead exists').toBeLessThanOrEqual(14);
  const facility = (await ok(
    await whenNotBusy(() =>
      ops.post('/api/facilities', {
        data: {
          name: `Detention Hub ${tag}`,
          address: 'Plot 9, MIDC Phase II, Chakan',
          operatingHoursStart: '00:00',
          operatingHoursEnd: '23:45',
          timeZone: booked,
          slotMinutes: 15,
          slotCapacity: 5,
        },
      }),
    ),
    201,
  )) as { id: string; name: string };
  const carrier = (await ok(
    await whenNotBusy(() =>
      ops.post('/api/carriers', { data: { name: `Deccan Roadlines ${tag}`, serviceTypes: ['FTL'] } }),
    ),
    201,
  )) as { id: string; name: string };
  const local = new Intl.DateTimeFormat('en-CA', {
    timeZone: booked,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(new Date());
  const part = (type: string) => local.find((p) => p.type === type)!.value;
  const date = `${part('year')}-${part('month')}-${part('day')}`;
  const start = quarterAfter(`${part('hour')}:${part('minute')}`);
  const appointment = (await ok(
    await whenNotBusy(() =>
      ops.post('/api/appointments', {
        data: {
          facilityId: facility.id,
          carrierId: carrier.id,
          scheduledDate: date,
          scheduledTimeStart: start,
          scheduledTimeEnd: shiftTime(start, 15),
        },
      }),
    ),
    201,
  )) as { id: string; bookingReference: string };
  const checkin = (await ok(
    await whenNotBusy(() =>
      ops.post('/api/checkins', {
        data: { appointmentId: appointment.id, driverName: 'Ramesh Patil', vehicleLicense: `MH14DT${tag.slice(0, 4)}` },
      }),
    ),
    201,
  )) as { id: string };
  await ok(await ops.patch(`/api/checkins/${checkin.id}/status`, { data: { status: 'departed' } }));
  // The hub's clock corrected: its trucks' windows are read on the new clock from now on.
  await ok(await ops.patch(`/api/facilities/${facility.id}`, { data: { timeZone: zoneAt(corrected) } }));
  await ok(
    await ops.post(`/api/detention/appointments/${appointment.id}/corrections`, {
      data: { event: 'gate_in', at: instantAt(date, start, corrected), reason: 'Gate register: in at the window' },
    }),
    201,
  );
  await ops.dispose();
  return { facility, carrier, appointment, date, start, tag };
}

/** The hub's terms through the API (the journey of the form is the first test's). */
async function termsSet(baseURL: string, facilityId: string) {
  const admin = await apiAs(baseURL, 'admin');
  await ok(
    await admin.put(`/api/detention/terms?facilityId=${facilityId}`, {
      data: { ...TERMS, defaultClass: true, revision: 0 },
    }),
  );
  await admin.dispose();
}

/** The truck's detention opened from its row (`rows`: the schedule's or a carrier's own list). */
async function openDetention(page: Page, rowTestId: string, reference: string) {
  const row = page.getByTestId(rowTestId).filter({ hasText: reference });
  await row.locator('summary', { hasText: 'Detention' }).click();
  const truck = row.getByTestId('truck-detention');
  await expect(truck).toBeVisible({ timeout: SCREEN_OPENS_MS });
  return truck;
}

test('operations sets the terms, corrects a gate-out, downloads the evidence and its code verifies', async ({
  page,
  browser,
  baseURL,
}) => {
  const { facility, appointment, date, start } = await departedTruck(baseURL!);
  const reference = appointment.bookingReference;

  // The hub's terms for its default class: a rate below zero is refused under its field, then saved.
  await signInTo(page, 'operations', '/configuration');
  await page.getByLabel('Facility', { exact: true }).selectOption({ label: facility.name });
  const terms = page.getByRole('form', { name: '32-ft MXL' });
  await expect(terms).toBeVisible({ timeout: SCREEN_OPENS_MS });
  await terms.getByLabel('Free time (h:mm or minutes)').fill('2:00');
  const rate = terms.getByLabel('Detention rate (₹ per started hour)');
  await rate.fill('-1');
  await terms.getByLabel('Grace for lateness (minutes)').fill('30');
  await terms.getByLabel('Late or no-show fee (₹)').fill('1500');
  await terms.getByRole('button', { name: 'Save terms' }).click();
  await expect(rate).toHaveAccessibleDescription('Detention rate (₹ per started hour) must be between 0 and 1,00,000');
  await rate.fill('750');
  await terms.getByRole('button', { name: 'Save terms' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Detention terms saved' })).toBeVisible();
  const saved = page.getByTestId('detention-terms-row').filter({ hasText: '32-ft MXL' });
  await expect(saved).toContainText('₹750.00');
  await expect(saved).toContainText('₹1,500.00');
  await expect(saved).not.toContainText('Not saved yet');

  // The truck on the schedule of its day: on time, nearly five hours in, at least three charged hours.
  await page.goto('/scheduling');
  await page.getByLabel('Facility', { exact: true }).selectOption({ label: facility.name });
  await page.getByLabel('Date').fill(date);
  const truck = await openDetention(page, 'appointment-row', reference);
  const figures = truck.getByTestId('detention-figures');
  await expect(figures).toContainText('On time');
  await expect(truck.getByTestId('detention-charged')).toHaveText(/^[34] charged hours/);
  const gateIn = truck.getByTestId('detention-event').filter({ hasText: 'Gate-in' });
  await expect(gateIn).toContainText('Staff correction');
  await expect(gateIn).toContainText('Gate register: in at the window');

  // A gate-out before the gate-in is refused under the time; three hours after it is taken.
  const correct = truck.getByRole('form', { name: 'Correct a time' });
  await expect(correct.getByLabel('Event to correct')).toHaveValue('gate_out');
  const when = correct.getByLabel('New time (facility clock)');
  await when.fill(`${addDays(date, -1)}T${start}`);
  await correct.getByLabel('Reason').fill('Typed the wrong day');
  await correct.getByRole('button', { name: 'Correct the time' }).click();
  await expect(when).toHaveAccessibleDescription('Gate-out cannot be before gate-in');
  await when.fill(`${date}T${shiftTime(start, 180)}`);
  await correct.getByLabel('Reason').fill('Gate register: out three hours after the window');
  await correct.getByRole('button', { name: 'Correct the time' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Time corrected' })).toBeVisible();
  // 180 min in, 120 free: 60 min past the free time, one started hour at ₹750.
  await expect(truck.getByTestId('detention-dwell')).toHaveText('3 h 00 min');
  await expect(truck.getByTestId('detention-charged')).toHaveText('1 charged hour (1 h 00 min past the free time)');
  await expect(truck.getByTestId('detention-owed')).toContainText('₹750.00');
  await expect(truck.getByTestId('detention-late-fee')).toContainText('₹0.00');
  await expect(truck.getByTestId('detention-event').filter({ hasText: 'Gate-out' })).toContainText(
    'Gate register: out three hours after the window',
  );

  // The evidence, named after the booking; the first download issues the pack, whose code then shows.
  for (const kind of ['csv', 'pdf'] as const) {
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      truck.getByRole('link', { name: `Download evidence (${kind.toUpperCase()})` }).click(),
    ]);
    expect(download.suggestedFilename()).toBe(`detention-${reference}.${kind}`);
  }
  const pack = truck.getByTestId('evidence-pack');
  await expect(pack.locator('code')).toHaveText(/^[0-9a-f]{64}$/);
  const hash = (await pack.locator('code').textContent())!;

  // Its code on the public page: the pack as issued.
  await pack.getByRole('link', { name: 'Check it on the verify page' }).click();
  await expect(page).toHaveURL(new RegExp(`/verify/${hash}$`));
  await expect(page.getByRole('status').filter({ hasText: 'Evidence pack confirmed' })).toBeVisible({
    timeout: SCREEN_OPENS_MS,
  });
  await expect(page.getByTestId('verify-facility')).toContainText(facility.name);
  await expect(page.getByTestId('verify-booking')).toContainText(reference);
  await expect(page.getByTestId('verify-owed')).toContainText('₹750.00');
  await expect(page.getByTestId('verify-late-fee')).toContainText('₹0.00');

  // Signed out, whoever holds the paper: an edited code is refused, then the page in Hindi.
  const guest = await browser.newContext();
  try {
    const paper = await guest.newPage();
    const edited = `${hash.slice(0, 63)}${hash.endsWith('0') ? '1' : '0'}`;
    await paper.goto(`/verify/${edited}`);
    await expect(paper.getByRole('alert')).toHaveText(
      'No evidence pack was issued with this code: check it against the paper, it may have been changed',
      { timeout: SCREEN_OPENS_MS },
    );
    await paper.getByRole('button', { name: 'Language: हिंदी' }).click();
    await expect(paper.locator('html')).toHaveAttribute('lang', 'hi');
    await expect(paper.getByRole('heading', { level: 1 })).toHaveText('साक्ष्य पैक जाँचें');
    await expect(paper.getByRole('alert')).toHaveText(
      'इस कोड से कोई साक्ष्य पैक जारी नहीं हुआ: इसे कागज़ से मिलाएं, हो सकता है इसे बदला गया हो',
    );
    await paper.goto(`/verify/${hash}`);
    await expect(paper.getByRole('status').filter({ hasText: 'साक्ष्य पैक की पुष्टि हुई' })).toBeVisible({
      timeout: SCREEN_OPENS_MS,
    });
    await expect(paper.getByTestId('verify-booking')).toContainText(reference);
    await expect(paper.getByTestId('verify-owed')).toContainText('₹750.00');
  } finally {
    await guest.close();
  }
});

test.describe('on a 390 px phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  test("a carrier's account reads its own truck's detention, without the staff's forms", async ({
    page,
    baseURL,
    request,
  }) => {
    const { facility, carrier, appointment, tag } = await departedTruck(baseURL!);
    await termsSet(baseURL!, facility.id);
    const email = `detention.${tag.toLowerCase()}@example.in`;
    await register(request, {
      email,
      password: PASSWORD,
      firstName: 'Sunita',
      lastName: 'Deshmukh',
      driverLicense: `MH14-${tag}`,
    });
    await approve(baseURL!, email, { role: 'transporter_company', carrierId: carrier.id });

    await signInTo(page, email, '/reschedule');
    const truck = await openDetention(page, 'own-appointment', appointment.bookingReference);
    await expect(truck.getByTestId('detention-figures')).toContainText('On time');
    await expect(truck.getByTestId('detention-charged')).toHaveText(/^[34] charged hours/);
    await expect(truck.getByTestId('detention-event').filter({ hasText: 'Gate-in' })).toContainText('Staff correction');
    await expect(truck.getByRole('link', { name: 'Download evidence (CSV)' })).toBeVisible();
    // Reading only: the forms that change the timeline are staff's.
    await expect(truck.getByRole('form')).toHaveCount(0);
    await expect(truck.getByRole('button', { name: 'Correct the time' })).toHaveCount(0);
    // Nothing wider than the phone.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  });
});

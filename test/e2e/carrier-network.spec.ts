// Issue #59's journey, one login for a carrier across every hub: a carrier registers on a 390 px phone (a
// GSTIN whose check digit fails is refused first) and signs in once by mobile code; two hubs of two
// different tenants (the demo's and one signed up for the run) invite it by GSTIN; the owner accepts both
// on "My hubs", adds a driver and books at each hub with that one driver (hub B's rules refuse a day too far
// ahead first, with its reason). The driver signs in on a phone of their own, in Hindi, and finds both hubs'
// passes in one wallet; each hub's staff see only their own booking. The owner then asks hub A for a new
// time and cancels at hub B. Every run makes its own carrier, tenant, facility and phone numbers.
import { randomInt, randomUUID } from 'node:crypto';
import { expect as baseExpect, request, test, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import { gstinCheckCharacter } from '../../shared/gstin';
import { seriousViolations } from './axe';
import { indiaDate } from './dates';
import { apiAs } from './checkin-support';
import { whenNotBusy } from './support';

// Screens load their code lazily; on a busy shared machine a first load takes longer than 5 s.
const expect = baseExpect.configure({ timeout: 20_000 });
const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true };
const PASSWORD = 'Hub@2026net';

const letters = (n: number) => Array.from({ length: n }, () => String.fromCharCode(65 + randomInt(0, 26))).join('');
/** A GSTIN that passes its check character: Maharashtra (27), a made-up PAN, entity 1, Z. */
function newGstin(): string {
  const first14 = `27${letters(5)}${randomInt(1000, 10000)}${letters(1)}1Z`;
  return first14 + gstinCheckCharacter(first14);
}
const mobile = () => `9${randomInt(100_000_000, 1_000_000_000)}`;

/** The newest message's 6-digit code sent to `to` (an e-mail, or a mobile number in any of its forms). */
async function codeSentTo(api: APIRequestContext, to: string, pattern = /code is (\d{6})/): Promise<string> {
  let code: string | undefined;
  await expect
    .poll(
      async () => {
        const messages = (await (await api.get('/api/dev/outbox')).json()) as { to: string; body: string }[];
        const found = messages.find((m) => (m.to === to || m.to.endsWith(to)) && pattern.test(m.body));
        code = found ? pattern.exec(found.body)?.[1] : undefined;
        return Boolean(code);
      },
      { timeout: 30_000 },
    )
    .toBe(true);
  return code!;
}

/** A tenant of the run's own, signed up and verified; answers its admin's API client and its facility. */
async function secondTenant(baseURL: string, tag: string) {
  const api = await request.newContext({ baseURL });
  const email = `network.${tag}@example.in`;
  const company = `Sahyog Warehousing ${tag}`;
  const signup = await whenNotBusy(() =>
    api.post('/api/signup', {
      data: {
        companyName: company,
        gstin: '',
        firstName: 'Nisha',
        lastName: 'Menon',
        email,
        phoneNumber: mobile(),
        password: PASSWORD,
        facilityName: `Sahyog DC ${tag}`,
        facilityCity: 'Nagpur',
        facilityState: 'Maharashtra',
        dockDoors: 4,
      },
    }),
  );
  expect(signup.status(), await signup.text()).toBe(201);
  const verified = await api.post('/api/signup/verify', { data: { email, code: await codeSentTo(api, email) } });
  expect(verified.status(), await verified.text()).toBe(200);
  await api.dispose();
  const admin = await request.newContext({ baseURL });
  const login = await whenNotBusy(() =>
    admin.post('/api/auth/login', { data: { identifier: email, password: PASSWORD } }),
  );
  expect(login.status(), await login.text()).toBe(200);
  return { admin, company, facility: `Sahyog DC ${tag}` };
}

/** The hub's carrier record, then its invitation of the platform carrier by GSTIN. */
async function invite(hub: APIRequestContext, gstin: string, name: string) {
  const record = await hub.post('/api/carriers', {
    data: { name, contactEmail: '', contactPhone: '', serviceTypes: ['FTL'] },
  });
  expect(record.status(), await record.text()).toBe(201);
  const { id: carrierId } = (await record.json()) as { id: string };
  const invited = await hub.post('/api/carrier-links/invitations', { data: { gstin, carrierId } });
  expect(invited.status(), await invited.text()).toBe(201);
}

const SIGN_IN = {
  en: {
    form: 'Carrier sign-in',
    number: 'Mobile number',
    send: 'Send code',
    code: '6-digit code',
    go: 'Sign in',
    sms: /^Your DockSaathi sign-in code is (\d{6})\. It is valid for 10 minutes\. Do not share it with anyone\.$/,
  },
  hi: {
    form: 'कैरियर साइन-इन',
    number: 'मोबाइल नंबर',
    send: 'कोड भेजें',
    code: '6 अंकों का कोड',
    go: 'साइन इन करें',
    sms: /^आपका DockSaathi साइन-इन कोड (\d{6}) है। यह 10 मिनट तक मान्य है। इसे किसी के साथ साझा न करें।$/,
  },
};

/**
 * Signs a carrier's person in on /carrier, shown in `language`, with the SMS code, as they would on their
 * phone; the code's SMS must be the whole text in `smsLanguage` (the person's language of messages), or no
 * code is found.
 */
async function signInByCode(
  page: Page,
  phone: string,
  language: keyof typeof SIGN_IN = 'en',
  smsLanguage: keyof typeof SIGN_IN = language,
) {
  const text = SIGN_IN[language];
  const form = page.getByRole('form', { name: text.form });
  await form.getByLabel(text.number).fill(phone);
  await form.getByRole('button', { name: text.send }).click();
  await expect(form.getByRole('status')).toBeVisible();
  await form.getByLabel(text.code).fill(await codeSentTo(page.request, phone, SIGN_IN[smsLanguage].sms));
  await form.getByRole('button', { name: text.go }).click();
}

/**
 * Books at `hub` on `date` 10:00-11:00 with `driver` through the bookings screen's form; answers the booking
 * reference. With `refused`, a first try on its day is refused by the hub's rules with its reason, as given.
 */
async function bookAt(
  page: Page,
  booking: { hub: string; facility: string; date: string; vehicle: string; driver: string },
  refused?: { date: string; reason: string },
) {
  const { hub } = booking;
  await page.getByRole('button', { name: 'New booking' }).click();
  const form = page.getByRole('form', { name: 'Book at a hub' });
  await form.getByLabel('Hub').selectOption({ label: hub });
  await form.getByLabel('Facility').selectOption({ label: booking.facility });
  await form.getByLabel('Start time').fill('10:00');
  await form.getByLabel('End time').fill('11:00');
  await form.getByLabel('Vehicle number').fill(booking.vehicle);
  await form.getByLabel('Driver (optional)').selectOption({ label: booking.driver });
  if (refused) {
    await form.getByLabel('Date').fill(refused.date);
    await form.getByRole('button', { name: 'Book', exact: true }).click();
    await expect(page.getByText(refused.reason).first()).toBeVisible();
    await expect(form.getByLabel('Vehicle number')).toHaveValue(booking.vehicle);
  }
  await form.getByLabel('Date').fill(booking.date);
  await form.getByRole('button', { name: 'Book', exact: true }).click();
  await expect(page.getByRole('status').filter({ hasText: `Booked at ${hub}` })).toBeVisible();
  await expect(form).toBeHidden();
  const made = page.getByTestId('network-booking').filter({ hasText: hub });
  await expect(made).toHaveCount(1);
  return (await made.getByTestId('booking-reference').textContent())!;
}

async function references(hub: APIRequestContext, date: string): Promise<string[]> {
  const res = await whenNotBusy(() => hub.get(`/api/appointments?date=${date}`));
  expect(res.status()).toBe(200);
  return ((await res.json()) as { bookingReference: string }[]).map((a) => a.bookingReference);
}

/** A carrier registered through the API (its registration screen has its own journey): its owner's number. */
async function registeredCarrier(
  baseURL: string,
  carrier: { name: string; ownerName: string; language?: 'en' | 'hi' },
): Promise<string> {
  const phone = mobile();
  const guest = await request.newContext({ baseURL });
  const registered = await whenNotBusy(() =>
    guest.post('/api/carrier-identity/register', {
      data: { gstin: newGstin(), phoneNumber: phone, ...carrier },
    }),
  );
  expect(registered.status(), await registered.text()).toBe(201);
  await guest.dispose();
  return phone;
}

async function phonePage(browser: Browser, language: 'en' | 'hi' = 'en'): Promise<Page> {
  const context = await browser.newContext(PHONE);
  await context.addInitScript((chosen) => localStorage.setItem('docksaathi.language', chosen), language);
  return context.newPage();
}

test('one carrier login books at two tenants’ hubs, one driver at both, both passes in the wallet', async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(240_000);
  const tag = randomUUID().slice(0, 6);
  const date = indiaDate(2);
  const gstin = newGstin();
  const owner = { phone: mobile(), name: `Ganga Roadlines ${tag}` };
  const driver = { phone: mobile(), name: `Raju Yadav ${tag}` };

  // Two hubs of two tenants: the demo's, with a facility of the run's own, and a tenant signed up now.
  const demoOps = await apiAs(baseURL!, 'operations');
  const made = await demoOps.post('/api/facilities', {
    data: {
      name: `Network Hub ${tag}`,
      address: 'Plot 12, MIDC Bhosari',
      operatingHoursStart: '06:00',
      operatingHoursEnd: '22:00',
      timeZone: 'Asia/Kolkata',
      slotMinutes: 60,
      slotCapacity: 3,
    },
  });
  expect(made.status(), await made.text()).toBe(201);
  const hubA = { name: 'Demo Logistics Pvt Ltd', facility: `Network Hub ${tag}` };
  const other = await secondTenant(baseURL!, tag);
  const hubB = { name: other.company, facility: other.facility };
  const facilities = (await (await other.admin.get('/api/facilities')).json()) as { id: string; name: string }[];
  const facilityB = facilities.find((f) => f.name === hubB.facility)!;
  const rules = await other.admin.put(`/api/bookings/facilities/${facilityB.id}/rules`, {
    data: { maxLeadHours: 240, revision: 0 },
  });
  expect(rules.status(), await rules.text()).toBe(200);

  // The owner registers on a phone: a GSTIN with a wrong check digit is refused, the right one taken.
  const page = await phonePage(browser);
  await page.goto('/carrier');
  await page.getByRole('button', { name: 'New to DockSaathi? Register your carrier' }).click();
  const registration = page.getByRole('form', { name: 'Register your carrier' });
  await expect(registration).toBeVisible();
  expect(await seriousViolations(page, 'carrier registration')).toEqual([]);
  await registration.getByLabel('GSTIN').fill(gstin.slice(0, 14) + (gstin[14] === 'A' ? 'B' : 'A'));
  await registration.getByLabel('Carrier name').fill(owner.name);
  await registration.getByLabel('Your name').fill('Suresh Patil');
  await registration.getByLabel('Your mobile number').fill(owner.phone);
  await registration.getByRole('button', { name: 'Register' }).click();
  await expect(
    registration.getByText('GSTIN check digit does not match. Please check the number for typing mistakes'),
  ).toBeVisible();
  await registration.getByLabel('GSTIN').fill(gstin);
  await registration.getByRole('button', { name: 'Register' }).click();

  // Both hubs invite the carrier by its GSTIN.
  await invite(demoOps, gstin, owner.name);
  await invite(other.admin, gstin, owner.name);

  // Signed in once; "My hubs" has nothing linked yet and both invitations waiting.
  await signInByCode(page, owner.phone);
  await expect(page.getByRole('heading', { level: 1, name: 'My hubs' })).toBeVisible();
  await expect(page.getByText('No hub is linked yet.', { exact: false })).toBeVisible();
  const invitations = page.getByRole('region', { name: 'Invitations' });
  await expect(invitations.getByTestId('hub-invitation')).toHaveCount(2);
  for (const hub of [hubA, hubB]) {
    await invitations.getByRole('button', { name: `Accept: ${hub.name}` }).click();
    await expect(page.getByRole('status').filter({ hasText: `You are now linked to ${hub.name}` })).toBeVisible();
  }
  await expect(invitations.getByText('No invitations waiting')).toBeVisible();
  await expect(page.getByTestId('my-hub')).toHaveCount(2);
  await expect(page.getByRole('region', { name: hubA.name })).toContainText(hubA.facility);
  await expect(page.getByRole('region', { name: hubB.name })).toContainText(hubB.facility);
  await expect(page.getByRole('region', { name: hubB.name })).toContainText('Book at most 240 h ahead');
  expect(await seriousViolations(page, 'my hubs')).toEqual([]);

  // One driver for every hub.
  await page.getByRole('navigation', { name: 'Carrier sections' }).getByRole('link', { name: 'Drivers' }).click();
  await expect(page.getByText('No drivers yet. Add your first driver.')).toBeVisible();
  await page.getByRole('button', { name: 'Add driver' }).click();
  const addDriver = page.getByRole('form', { name: 'Add driver' });
  await addDriver.getByLabel('Driver name').fill(driver.name);
  await addDriver.getByLabel('Mobile number').fill(driver.phone);
  await addDriver.getByLabel('License number').fill(`MH12${randomInt(10_000_000_000, 99_999_999_999)}`);
  // The driver reads Hindi: the owner chooses it for the driver's SMS.
  await addDriver.getByLabel('Language of messages').selectOption({ label: 'Hindi' });
  await addDriver.getByRole('button', { name: 'Add driver' }).click();
  await expect(page.getByTestId('carrier-driver').filter({ hasText: driver.name })).toBeVisible();

  // A booking at each hub, on one list of the day; the filter by hub narrows it to one.
  await page.getByRole('navigation', { name: 'Carrier sections' }).getByRole('link', { name: 'Bookings' }).click();
  await page.getByLabel('Day').fill(date);
  await expect(page.getByText('No bookings on this day')).toBeVisible();
  const vehicle = () => `MH12AB${randomInt(1000, 10000)}`;
  const refA = await bookAt(page, { ...hubA, hub: hubA.name, date, vehicle: vehicle(), driver: driver.name });
  // Hub B opens bookings at most 10 days ahead: a booking further out is refused with its reason.
  const refB = await bookAt(
    page,
    { ...hubB, hub: hubB.name, date, vehicle: vehicle(), driver: driver.name },
    { date: indiaDate(30), reason: 'Bookings open 240 hours before the slot. Choose an earlier slot.' },
  );
  const bookings = page.getByTestId('network-booking');
  await expect(bookings).toHaveCount(2);
  expect(await seriousViolations(page, 'bookings across hubs')).toEqual([]);
  await page.getByRole('combobox', { name: 'Hub', exact: true }).selectOption({ label: hubB.name });
  await expect(bookings).toHaveCount(1);
  await expect(bookings).toContainText(refB);
  await page.getByRole('combobox', { name: 'Hub', exact: true }).selectOption({ label: 'All hubs' });
  await expect(bookings).toHaveCount(2);

  // The one driver at both bookings, each at its own hub.
  for (const reference of [refA, refB])
    await expect(bookings.filter({ hasText: reference }).getByTestId('booking-driver')).toHaveText(driver.name);

  // The driver signs in on their own phone, in Hindi: both hubs' passes in one wallet.
  const driverPage = await phonePage(browser, 'hi');
  await driverPage.goto('/carrier');
  // The sign-in code comes by SMS in the language the owner chose for the driver: the Hindi text.
  await signInByCode(driverPage, driver.phone, 'hi');
  await expect(driverPage.getByRole('heading', { level: 1, name: 'मेरे गेट पास' })).toBeVisible();
  // No hub's own driver tabs (booking, check-in at one hub) on a carrier's driver's phone.
  await expect(driverPage.getByRole('navigation', { name: 'ड्राइवर' })).toHaveCount(0);
  await expect(driverPage.getByTestId('wallet-pass').getByRole('img')).toHaveCount(2);
  expect(await seriousViolations(driverPage, 'pass wallet')).toEqual([]);
  const passes = driverPage.getByTestId('wallet-pass');
  await expect(passes).toHaveCount(2);
  for (const [hub, reference] of [
    [hubA, refA],
    [hubB, refB],
  ] as const) {
    const pass = driverPage.getByRole('region', { name: hub.name });
    await expect(pass).toContainText(reference);
    await expect(pass).toContainText(hub.facility);
    await expect(pass.getByRole('img', { name: `गेट पास का QR कोड, बुकिंग ${reference}` })).toBeVisible();
  }

  // Each hub's staff see their own booking only.
  expect(await references(demoOps, date)).toContain(refA);
  expect(await references(demoOps, date)).not.toContain(refB);
  expect(await references(other.admin, date)).toContain(refB);
  expect(await references(other.admin, date)).not.toContain(refA);

  // Back on the owner's phone: a new time asked of hub A (its staff decide), hub B's booking cancelled.
  const first = bookings.filter({ hasText: refA });
  await first.getByRole('button', { name: 'Change time' }).click();
  const change = page.getByRole('form', { name: 'Change time' });
  await change.getByLabel('New start time').fill('14:00');
  await change.getByLabel('New end time').fill('15:00');
  await change.getByLabel('Details for the hub (at least 10 characters)').fill('Loading at the plant runs late');
  await change.getByRole('button', { name: 'Ask for the new time' }).click();
  await expect(
    page.getByRole('status').filter({ hasText: `New time sent to ${hubA.name} for approval` }),
  ).toBeVisible();
  const secondBooking = bookings.filter({ hasText: refB });
  await secondBooking.getByRole('button', { name: 'Cancel booking' }).click();
  const cancel = page.getByRole('form', { name: 'Cancel booking' });
  await cancel.getByLabel('Reason').fill('The consignment was moved to another week');
  await cancel.getByRole('button', { name: 'Cancel booking' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Booking cancelled' })).toBeVisible();
  await expect(secondBooking).toContainText('Cancelled');
  await Promise.all([demoOps.dispose(), other.admin.dispose(), page.context().close(), driverPage.context().close()]);
});

test('a carrier person’s language follows them: chosen at registration, switched on a screen, kept for the next phone', async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const tag = randomUUID().slice(0, 6);
  // The owner registered on a Hindi screen: Hindi is their language.
  const phone = await registeredCarrier(baseURL!, {
    name: `Bhasha Transport ${tag}`,
    ownerName: 'Kamla Devi',
    language: 'hi',
  });

  // On a borrowed phone set to English, the form is English, the code comes in Hindi, and the screens turn Hindi.
  const borrowed = await phonePage(browser, 'en');
  await borrowed.goto('/carrier');
  await signInByCode(borrowed, phone, 'en', 'hi');
  await expect(borrowed.getByRole('heading', { level: 1, name: 'मेरे हब' })).toBeVisible();

  // They switch to English there: kept on their record, not only on that phone.
  await borrowed.getByRole('button', { name: 'भाषा: English' }).click();
  await expect(borrowed.getByRole('heading', { level: 1, name: 'My hubs' })).toBeVisible();

  // Their own phone, set to Hindi: the code now comes in English, and after sign-in the screens are English.
  const own = await phonePage(browser, 'hi');
  await own.goto('/carrier');
  await signInByCode(own, phone, 'hi', 'en');
  await expect(own.getByRole('heading', { level: 1, name: 'My hubs' })).toBeVisible();
  await expect(own.locator('html')).toHaveAttribute('lang', 'en');
});

test('the owner removes a driver who left, after a warning, and the list says so', async ({ browser, baseURL }) => {
  test.setTimeout(120_000);
  const tag = randomUUID().slice(0, 6);
  const phone = await registeredCarrier(baseURL!, { name: `Chhod Transport ${tag}`, ownerName: 'Kiran Shinde' });
  const page = await phonePage(browser);
  await page.goto('/carrier');
  await signInByCode(page, phone);
  await expect(page.getByRole('heading', { level: 1, name: 'My hubs' })).toBeVisible();
  const added = await page.request.post('/api/carrier-identity/drivers', {
    data: { name: `Mohan Lal ${tag}`, phoneNumber: mobile(), licenseNumber: 'MH1220150054321', language: 'en' },
  });
  expect(added.status(), await added.text()).toBe(201);

  await page.goto('/my-hubs/drivers');
  const drivers = page.getByRole('list', { name: 'Your drivers' });
  await expect(drivers.getByTestId('carrier-driver')).toHaveCount(1);
  await drivers.getByRole('button', { name: `Remove Mohan Lal ${tag}` }).click();
  const dialog = page.getByRole('dialog', { name: `Remove Mohan Lal ${tag}?` });
  await expect(dialog).toContainText('will no longer sign in for your carrier');
  // Cancel leaves the driver; the act itself removes them.
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
  await expect(drivers.getByTestId('carrier-driver')).toHaveCount(1);
  await drivers.getByRole('button', { name: `Remove Mohan Lal ${tag}` }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Remove', exact: true }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Driver removed' })).toBeVisible();
  await expect(page.getByText('No drivers yet. Add your first driver.')).toBeVisible();
  expect(await seriousViolations(page, 'carrier drivers after a removal')).toEqual([]);
});

// Issue #29.2: a select offers only what the server accepts. Every role that opens the booking form
// (shared/roles.ts: those with appointments:book) is walked: its carrier select's options are read off
// the screen and each one is booked with that user's own session; the server refusing an offered
// carrier fails the journey. The approval form is walked the same way for its role select, and once
// by hand: an administrator picks the role, finds the carrier by its GSTIN and links a driver record.
// Each run makes its own carrier, driver, facility and accounts (names carry the run's tag).
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { signIn, signInTo } from './support';
import { apiAs } from './checkin-support';
import { approve, pendingRegistration, register } from './accounts';
import { gstinCheckCharacter } from '../../shared/gstin';

test.describe.configure({ timeout: 180_000 });

const PASSWORD = 'Select#Role2026';
const tagOf = () =>
  `${Date.now().toString(36).slice(-5)}${Math.floor(Math.random() * 36 ** 2).toString(36)}`.toUpperCase();
const digits = (tag: string) => String(parseInt(tag, 36) % 100000).padStart(5, '0');
/** A well-formed Maharashtra GSTIN of the run's own (PAN letters and digits from the tag). */
function gstinOf(tag: string) {
  let n = parseInt(tag, 36);
  let letters = '';
  for (let i = 0; i < 5; i++, n = Math.floor(n / 26)) letters += String.fromCharCode(65 + (n % 26));
  const first14 = `27${letters}${String(parseInt(tag, 36) % 10000).padStart(4, '0')}F1Z`;
  return first14 + gstinCheckCharacter(first14);
}

/** Roles that book for a carrier of their own once approved, as the spec's registration lists them. */
const CARRIER_SIDE = [
  'tenant_admin',
  'tenant_operator',
  'vendor_supplier',
  'logistics_coordinator',
  'truck_owner',
  'transporter_company',
  'freight_forwarder',
];
/** Hub staff who book for any carrier (appointments:write); operations_manager has no sample account. */
const STAFF_SAMPLE_ACCOUNTS = ['admin', 'operations', 'yard_manager'];
/** Every role of shared/roles.ts, written out: the administrator holds every permission of the hub, so may grant each. */
const EVERY_ROLE = [
  'admin',
  'operations',
  'yard_manager',
  'driver',
  'spectator',
  'operations_manager',
  'warehouse_manager',
  'security_officer',
  'tenant_admin',
  'tenant_operator',
  'vendor_supplier',
  'logistics_coordinator',
  'truck_owner',
  'transporter_company',
  'freight_forwarder',
];

interface Run {
  tag: string;
  carrier: { id: string; name: string; gstin: string };
  driver: { id: string; name: string };
  facility: { id: string; name: string };
}

/** The run's own carrier with one driver, and a facility open all day with room for many bookings. */
async function setUp(baseURL: string): Promise<Run> {
  const tag = tagOf();
  const ops = await apiAs(baseURL, 'operations');
  const carrier = await ops.post('/api/carriers', {
    data: {
      name: `Select Roadways ${tag}`,
      contactEmail: `select.${tag.toLowerCase()}@example.in`,
      gstin: gstinOf(tag),
      serviceTypes: ['FTL'],
    },
  });
  expect(carrier.status()).toBe(201);
  const carrierBody = (await carrier.json()) as { id: string; name: string; gstin: string };
  const driver = await ops.post('/api/drivers', {
    data: { carrierId: carrierBody.id, name: `Kiran ${tag}`, licenseNumber: `MH14${digits(tag)}00${digits(tag)}` },
  });
  expect(driver.status()).toBe(201);
  const facility = await ops.post('/api/facilities', {
    data: {
      name: `Select Hub ${tag}`,
      address: 'Plot 9, MIDC Chakan',
      operatingHoursStart: '00:00',
      operatingHoursEnd: '23:45',
      timeZone: 'Asia/Kolkata',
      slotMinutes: 15,
      slotCapacity: 5,
    },
  });
  expect(facility.status()).toBe(201);
  const run = { tag, carrier: carrierBody, driver: await driver.json(), facility: await facility.json() };
  await ops.dispose();
  return run;
}

/** A driver-and-transporter registration sent to the API (documents included); the pending account's e-mail. */
async function registerFor(request: APIRequestContext, run: Run, who: string) {
  const email = `${who}.${run.tag.toLowerCase()}@example.in`;
  await register(request, {
    email,
    password: PASSWORD,
    firstName: 'Asha',
    lastName: who.replace(/[^a-z]/gi, ' '),
    driverLicense: `KA05-${run.tag}-${who.length}`,
  });
  return email;
}

/**
 * `work` on each item, a few at a time: set-up and bookings that do not depend on each other, so a
 * journey's length grows with the list (every carrier of the tenant, which every run adds to) far less.
 */
async function inBatches<T, R>(items: readonly T[], work: (item: T) => Promise<R>, size = 6): Promise<R[]> {
  const results: R[] = [];
  for (let i = 0; i < items.length; i += size) results.push(...(await Promise.all(items.slice(i, i + size).map(work))));
  return results;
}

/** The grant of `role`: a carrier-side one linked to the run's carrier, a driver to the run's driver record. */
const grantOf = (run: Run, role: string) => ({
  role,
  carrierId: CARRIER_SIDE.includes(role) || role === 'driver' ? run.carrier.id : null,
  driverId: role === 'driver' ? run.driver.id : null,
});

/**
 * An account of each role: registered a few at a time, then approved one by one (approvals that link
 * the same carrier write in transactions over the same records).
 */
async function accountsAs(baseURL: string, request: APIRequestContext, run: Run, roles: readonly string[]) {
  const emails = await inBatches(roles, (role) => registerFor(request, run, role.replace(/_/g, '-')));
  for (const [i, role] of roles.entries()) await approve(baseURL, emails[i]!, grantOf(run, role));
  return emails;
}

/** The carriers the booking form's select offers (the placeholder left out). */
async function offeredCarriers(page: Page) {
  await page.goto('/booking');
  const select = page.getByLabel('Carrier *');
  // The screen's code and the lists come in over a loaded machine: wait for them, not a fixed time.
  await expect(select).toBeVisible({ timeout: 30_000 });
  // The list comes from the server: wait until it has arrived (at least the run's own carrier).
  await expect(select.locator('option:not([value=""])').first()).toBeAttached({ timeout: 30_000 });
  return select
    .locator('option:not([value=""])')
    .evaluateAll((options) =>
      (options as HTMLOptionElement[]).map((o) => ({ id: o.value, name: o.textContent ?? '' })),
    );
}

let slot = 0;
/** Books with the page's own session: each booking in a 15-minute window of its own, some days ahead. */
async function bookAs(page: Page, run: Run, carrierId: string, driverId: string | null = null) {
  const n = slot++;
  const minutes = (n % 90) * 15;
  const time = (m: number) => `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`;
  const date = new Date(Date.now() + (20 + Math.floor(n / 90)) * 86_400_000).toISOString().slice(0, 10);
  return page.request.post('/api/appointments', {
    data: {
      facilityId: run.facility.id,
      carrierId,
      driverId,
      scheduledDate: date,
      scheduledTimeStart: time(minutes),
      scheduledTimeEnd: time(minutes + 15),
      loadType: 'inbound',
      poNumber: `PO-${run.tag}`,
    },
  });
}

/** The administrator's card of a pending registration on /users. */
async function pendingCard(page: Page, email: string) {
  await signInTo(page, 'admin', '/users');
  await page.getByRole('tab', { name: /Pending Approvals/ }).click();
  return page.getByTestId('user-card').filter({ hasText: email });
}

test('a carrier user sees only their carrier, pre-selected, and may book it', async ({ page, baseURL, request }) => {
  const run = await setUp(baseURL!);
  const emails = await accountsAs(baseURL!, request, run, CARRIER_SIDE);
  for (const [i, role] of CARRIER_SIDE.entries()) {
    await page.context().clearCookies();
    await signIn(page, emails[i]!, PASSWORD);
    const offered = await offeredCarriers(page);
    expect(offered, role).toEqual([{ id: run.carrier.id, name: run.carrier.name }]);
    await expect(page.getByLabel('Carrier *'), role).toHaveValue(run.carrier.id);
    for (const carrier of offered) {
      const booked = await bookAs(page, run, carrier.id);
      expect(booked.status(), `${role} booking ${carrier.name}: ${await booked.text()}`).toBe(201);
    }
  }
});

test('a driver books for their own carrier and record only, with no carrier to choose', async ({
  page,
  baseURL,
  request,
}) => {
  const run = await setUp(baseURL!);
  const email = (await accountsAs(baseURL!, request, run, ['driver']))[0]!;
  await signInTo(page, email, '/booking', PASSWORD);
  await expect(page.getByTestId('booking-party')).toContainText(run.carrier.name);
  await expect(page.getByLabel('Carrier *')).toHaveCount(0);
  const booked = await bookAs(page, run, run.carrier.id, run.driver.id);
  expect(booked.status(), await booked.text()).toBe(201);
});

test('staff who book for anyone are offered every carrier, and each one books', async ({ page, baseURL, request }) => {
  // One booking per carrier on the server per staff account: the work grows with the carriers other
  // journeys have added, so the limit is the journey's, not the default 30 s.
  test.setTimeout(120_000);
  const run = await setUp(baseURL!);
  const staff = [
    ...STAFF_SAMPLE_ACCOUNTS.map((account) => ({ account, password: undefined as string | undefined })),
    { account: (await accountsAs(baseURL!, request, run, ['operations_manager']))[0]!, password: PASSWORD },
  ];
  for (const { account, password } of staff) {
    await page.context().clearCookies();
    await signIn(page, account, password);
    const offered = await offeredCarriers(page);
    expect(
      offered.map((c) => c.name),
      account,
    ).toEqual(expect.arrayContaining(['Sahyadri Roadways', 'Ganga Freight Carriers', run.carrier.name]));
    await inBatches(offered, async (carrier) => {
      const booked = await bookAs(page, run, carrier.id);
      expect(booked.status(), `${account} booking ${carrier.name}: ${await booked.text()}`).toBe(201);
    });
  }
});

test('the approval offers every role to an administrator, and each offered role is granted', async ({
  page,
  baseURL,
  request,
}) => {
  const run = await setUp(baseURL!);
  const email = await registerFor(request, run, 'role-walk');
  const card = await pendingCard(page, email);
  const options = card.getByLabel('Role to grant').locator('option:not([value=""])');
  // The roles come with the administrator's own session, a request after the card shows: read once they are there.
  await expect(options).toHaveCount(EVERY_ROLE.length);
  const roles = await options.evaluateAll((all) => (all as HTMLOptionElement[]).map((o) => o.value));
  expect([...roles].sort()).toEqual([...EVERY_ROLE].sort());
  // Each offered role, granted to a registration of its own with the administrator's session.
  const applicants = await inBatches(roles, (role) => registerFor(request, run, `grant-${role.replace(/_/g, '-')}`));
  for (const [i, role] of roles.entries()) {
    const { id, revision } = await pendingRegistration(page.request, applicants[i]!);
    // Carrier-side roles and a driver are linked to the run's carrier (else a carrier would be made for each).
    const linked = CARRIER_SIDE.includes(role) || role === 'driver' ? { carrierId: run.carrier.id } : {};
    const res = await page.request.post(`/api/admin/approve-user/${id}`, { data: { role, revision, ...linked } });
    expect(res.status(), `${role}: ${await res.text()}`).toBe(200);
    expect((await res.json()).role).toBe(role);
  }
});

test('an approval links a carrier and a driver record and sets the role', async ({ page, baseURL, request }) => {
  const run = await setUp(baseURL!);
  const email = await registerFor(request, run, 'linked-driver');
  const card = await pendingCard(page, email);
  const form = card.getByRole('form', { name: 'Approve registration' });
  // The role asked for is the starting choice; the administrator grants another.
  await expect(form.getByLabel('Role to grant')).toHaveValue('truck_owner');
  await form.getByLabel('Role to grant').selectOption('');
  await form.getByRole('button', { name: 'Approve' }).click();
  await expect(form.getByText('Choose one of the roles')).toBeVisible();
  await expect(card).toContainText('Pending');

  await form.getByLabel('Role to grant').selectOption('driver');
  // Typed as people type it: lower case, with a space in the middle.
  const gstin = run.carrier.gstin;
  await form
    .getByLabel('Find carrier by name, GSTIN, e-mail or phone')
    .fill(`${gstin.slice(0, 7)} ${gstin.slice(7)}`.toLowerCase());
  const option = `${run.carrier.name} · ${gstin}`;
  await expect(form.getByLabel('Carrier to link').locator('option:not([value=""])')).toHaveText([option]);
  await form.getByLabel('Carrier to link').selectOption({ label: option });
  const driver = form.getByLabel('Driver record to link');
  await expect(driver.locator('option:not([value=""])')).toHaveText([new RegExp(`^${run.driver.name} · `)]);
  await driver.selectOption(run.driver.id);
  await form.getByRole('button', { name: 'Approve' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'User Approved' })).toContainText(
    `Linked to ${run.carrier.name} as driver ${run.driver.name}.`,
  );
  await expect(card).toHaveCount(0);

  await page.getByRole('tab', { name: /All Users/ }).click();
  await expect(card).toContainText('Verified');
  await expect(card).toContainText('Role: Driver');
  await page.context().clearCookies();
  await signInTo(page, email, '/booking', PASSWORD);
  await expect(page.getByTestId('booking-party')).toContainText(run.carrier.name);
});

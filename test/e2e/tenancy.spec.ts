// Issue #18's journey: a new company signs up from the landing page, verifies its e-mail with the code
// from the outbox, lands on its own empty dashboard with its facility, invites an operations user who
// accepts and signs in, and a guest books a slot through that facility's link; the demo tenant's data
// is nowhere visible to them.
import { expect as baseExpect, test, type APIRequestContext, type Page } from '@playwright/test';
import { calendarDay, indiaDate } from './dates';
import { sentTo, signIn } from './support';

// Screens load their code lazily; on a busy shared machine a first load takes longer than 5 s.
const expect = baseExpect.configure({ timeout: 20_000 });

async function outboxText(request: APIRequestContext, to: string, pattern: RegExp): Promise<string> {
  let found: string | undefined;
  await expect
    .poll(async () => {
      const messages = await sentTo(request, to);
      found = messages.find((m) => m.to === to && pattern.test(m.body))?.body;
      return Boolean(found);
    })
    .toBe(true);
  return pattern.exec(found!)![1]!;
}

async function expectNoDemoData(page: Page) {
  await page.goto('/facilities');
  await expect(page.getByText('Bhiwandi Distribution Centre')).toHaveCount(0);
  await page.goto('/carriers');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByText('Sahyadri Roadways')).toHaveCount(0);
}

test.describe('tenancy', () => {
  test('a company signs up, verifies, invites an operations user, and a guest books through its facility link', async ({
    page,
    browser,
    request,
  }) => {
    test.setTimeout(240_000);
    const tag = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
    const company = `Navi Freight ${tag}`;
    const facility = `Navi Hub ${tag}`;
    const email = `owner.${tag}@navifreight.in`;
    const password = 'Navi2026hub';

    await page.goto('/');
    await page.getByRole('link', { name: 'Start Free Trial' }).click();
    await expect(page).toHaveURL(/\/signup$/);
    const form = page.getByRole('form', { name: 'Start your 30-day free trial' });
    await form.getByRole('button', { name: 'Create organisation' }).click();
    await expect(form.getByText('Company name is required')).toBeVisible();
    await form.getByLabel('Company name').fill(company);
    await form.getByLabel('GSTIN (optional)').fill('27AAPFU0939F1ZW');
    await form.getByLabel('First name').fill('Meera');
    await form.getByLabel('Last name').fill('Kulkarni');
    await form.getByLabel('Email').fill(email);
    await form.getByLabel('Mobile number').fill(`9${String(Date.now()).slice(-9)}`);
    await form.getByLabel('Password', { exact: true }).fill(password);
    await form.getByLabel('Confirm password').fill(password);
    await form.getByLabel('Facility name').fill(facility);
    await form.getByLabel('City').fill('Navi Mumbai');
    await form.getByLabel('State').fill('Maharashtra');
    await form.getByLabel('Number of dock doors').fill('4');
    await form.getByRole('button', { name: 'Create organisation' }).click();
    await expect(
      form.getByText('GSTIN check digit does not match. Please check the number for typing mistakes'),
    ).toBeVisible();
    await form.getByLabel('GSTIN (optional)').fill('27AAPFU0939F1ZV');
    await form.getByRole('button', { name: 'Create organisation' }).click();

    const verify = page.getByRole('form', { name: 'Verify your email' });
    await expect(verify.getByText(`We sent a 6-digit code to ${email}.`)).toBeVisible();
    const code = await outboxText(request, email, /code is (\d{6})/);
    await verify.getByLabel('Verification code').fill(code);
    await verify.getByRole('button', { name: 'Verify and start trial' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Your 30-day free trial has started' })).toBeVisible();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByTestId('tenant-name')).toHaveText(company);
    await expect(page.getByTestId('trial-badge')).toHaveText('Trial: 30 days left');

    // Its own facility, with its booking link; none of the demo's data.
    await page.goto('/facilities');
    await page.getByRole('button', { name: new RegExp(facility) }).click();
    await expect(page.getByText('Door D04')).toBeVisible();
    const bookingLink = (await page.getByTestId('booking-link').textContent())!;
    expect(bookingLink).toMatch(/\/book\/[A-Za-z0-9_-]{8,}$/);
    await expectNoDemoData(page);

    // Invite an operations user, who accepts through the e-mailed link and signs in.
    const opsEmail = `ops.${tag}@navifreight.in`;
    await page.goto('/users');
    const invitations = page.getByTestId('invitations');
    await invitations.getByRole('button', { name: 'Invite staff' }).click();
    const invite = page.getByRole('dialog', { name: 'Invite staff' });
    await invite.getByLabel('Email').fill(opsEmail);
    await invite.getByLabel('Role').selectOption('operations');
    await invite.getByRole('button', { name: 'Send invitation' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Invitation sent' })).toBeVisible();
    await expect(invite).toBeHidden();
    await expect(invitations.getByTestId('invitation').filter({ hasText: opsEmail })).toContainText('Pending');
    const token = await outboxText(request, opsEmail, /\/invite\/([A-Za-z0-9_-]+)/);

    const opsContext = await browser.newContext();
    const ops = await opsContext.newPage();
    await ops.goto(`/invite/${token}`);
    const accept = ops.getByRole('form', { name: `Join ${company}` });
    await expect(accept.getByText('You are invited as Operations.')).toBeVisible();
    await accept.getByLabel('First name').fill('Arjun');
    await accept.getByLabel('Last name').fill('Rao');
    await accept.getByLabel('Password', { exact: true }).fill('Arjun2026ops');
    await accept.getByLabel('Confirm password').fill('Arjun2026ops');
    await accept.getByRole('button', { name: 'Accept invitation' }).click();
    await expect(ops).toHaveURL(/\/login$/);
    await signIn(ops, opsEmail, 'Arjun2026ops');
    await expect(ops.getByTestId('tenant-name')).toHaveText(company);
    await expectNoDemoData(ops);
    await ops.goto('/facilities');
    await expect(ops.getByText(facility)).toBeVisible();
    await opsContext.close();

    // A guest books a slot through the facility's link.
    const guestContext = await browser.newContext();
    const guest = await guestContext.newPage();
    await guest.goto(new URL(bookingLink).pathname);
    const dialog = guest.getByRole('dialog', { name: 'Quick Slot Booking' });
    await expect(dialog).toBeVisible();
    await dialog.getByLabel('Vehicle number *').fill(`mh43${tag.slice(-4)}`);
    await dialog.getByLabel('Capacity (tons) *').fill('9');
    await dialog.getByLabel('Driver name *').fill('Guest Driver');
    await dialog.getByLabel('Driving license *').fill('MH4320150012345');
    await dialog.getByLabel('Mobile number *').fill('+91 98220 44444');
    await (await calendarDay(dialog.getByRole('group', { name: 'Arrival date calendar' }), indiaDate(2))).click();
    const slot = dialog.getByRole('option').filter({ hasText: '10:00 - 11:00' });
    await expect(slot).toContainText('2 slots left');
    await slot.click();
    await dialog.getByRole('button', { name: 'Confirm Booking' }).click();
    const confirmed = guest.getByRole('status').filter({ hasText: 'Booking Confirmed!' });
    await expect(confirmed).toContainText(/Confirmation code: DS-\d{6}-[0-9A-Z]{6}/);
    const reference = /DS-\d{6}-[0-9A-Z]{6}/.exec((await confirmed.textContent())!)![0];
    await guestContext.close();

    // The booking is in the company's schedule and nowhere in the demo's.
    await page.goto(`/scheduling`);
    const own = await page.request.get(`/api/appointments?date=${indiaDate(2)}`);
    expect(
      ((await own.json()) as { bookingReference: string; facilityName: string }[]).find(
        (a) => a.bookingReference === reference,
      )?.facilityName,
    ).toBe(facility);
    const demoContext = await browser.newContext();
    const demo = await demoContext.newPage();
    await signIn(demo, 'admin');
    const demoList = await demo.request.get(`/api/appointments?date=${indiaDate(2)}`);
    expect(
      ((await demoList.json()) as { bookingReference: string }[]).some((a) => a.bookingReference === reference),
    ).toBe(false);
    await demoContext.close();
  });
});

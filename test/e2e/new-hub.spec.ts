// Issue #53's journey, a new hub's first week: an organisation signs up; its dashboard shows the set-up
// checklist, each step saying what does not work until it is done; it follows the checklist to a
// booking link; a carrier books through it and the confirmation says the SMS was not sent and why (no
// DLT registration yet); the hub enters its DLT registration from the checklist; the next booking's
// confirmation says SMS carried it, and that SMS is in the local outbox.
import { expect as baseExpect, test, type Browser } from '@playwright/test';
import { calendarDay, indiaDate } from './dates';
import { sentTo } from './support';

// Screens load their code lazily; on a busy shared machine a first load takes longer than 5 s.
const expect = baseExpect.configure({ timeout: 20_000 });
/** How long the confirmation keeps asking how its SMS went (deliveryRefetch: 40 asks 1.5 s apart). */
const DELIVERY_ASKED_MS = 60_000;

/** A carrier's driver books through the link at `start` two days on; answers the confirmation panel. */
async function bookThroughLink(browser: Browser, link: string, code: string, phone: string, start: string) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto(new URL(link).pathname);
  await page.getByLabel('Access code').fill(code);
  await page.getByRole('button', { name: 'Continue' }).click();
  const dialog = page.getByRole('dialog', { name: 'Quick Slot Booking' });
  await expect(dialog).toBeVisible();
  await dialog.getByLabel('Vehicle number *').fill(`MH12NH${phone.slice(-4)}`);
  await dialog.getByLabel('Capacity (tons) *').fill('9');
  await dialog.getByLabel('Driver name *').fill('Suresh Patil');
  await dialog.getByLabel('Driving license *').fill('MH1220190054321');
  await dialog.getByLabel('Mobile number *').fill(phone);
  await (await calendarDay(dialog.getByRole('group', { name: 'Arrival date calendar' }), indiaDate(2))).click();
  await dialog
    .getByRole('option')
    .filter({ hasText: `${start} - ` })
    .click();
  await dialog.getByRole('button', { name: 'Confirm Booking' }).click();
  const done = dialog.getByTestId('guest-booking-confirmation');
  await expect(done.getByRole('heading', { name: 'Booking confirmed' })).toBeVisible();
  return { context, done, reference: (await done.getByTestId('guest-booking-code').textContent())!.trim() };
}

test('a new hub follows its set-up checklist to a first booking whose SMS reaches the outbox', async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(240_000);
  const tag = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
  const email = `owner.${tag}@newhub.in`;
  const password = 'Hub2026week';

  // Sign-up and the e-mailed code.
  await page.goto('/signup');
  const form = page.getByRole('form', { name: 'Start your 30-day free trial' });
  await form.getByLabel('Company name').fill(`First Week Freight ${tag}`);
  await form.getByLabel('First name').fill('Kavita');
  await form.getByLabel('Last name').fill('Joshi');
  await form.getByLabel('Email').fill(email);
  await form.getByLabel('Mobile number').fill(`9${String(Date.now()).slice(-9)}`);
  await form.getByLabel('Password', { exact: true }).fill(password);
  await form.getByLabel('Confirm password').fill(password);
  await form.getByLabel('Facility name').fill(`Chakan Hub ${tag}`);
  await form.getByLabel('City').fill('Pune');
  await form.getByLabel('State').fill('Maharashtra');
  await form.getByLabel('Number of dock doors').fill('4');
  await form.getByRole('button', { name: 'Create organisation' }).click();
  const verify = page.getByRole('form', { name: 'Verify your email' });
  await expect(verify).toBeVisible();
  let code: string | undefined;
  await expect
    .poll(async () => {
      code = /code is (\d{6})/.exec((await sentTo(request, email))[0]?.body ?? '')?.[1];
      return Boolean(code);
    })
    .toBe(true);
  await verify.getByLabel('Verification code').fill(code!);
  await verify.getByRole('button', { name: 'Verify and start trial' }).click();
  await expect(page).toHaveURL(/\/$/);

  // The dashboard's checklist: only the facility and its doors are done; each step says what waits on it.
  const checklist = page.getByTestId('setup-checklist');
  await expect(checklist.getByRole('heading', { name: 'Set up your hub' })).toBeVisible();
  await expect(checklist).toContainText('1 of 9 done');
  await expect(checklist.getByTestId('setup-step-doors')).toContainText('Facility and dock doors Done');
  const dlt = checklist.getByTestId('setup-step-dltEntity');
  await expect(dlt).toContainText('DLT entity ID To do');
  await expect(dlt).toContainText('Until it is entered, no SMS leaves');

  // The booking link step, then a carrier books through the link: no SMS, and the page says why.
  await checklist.getByRole('link', { name: 'Set up: A booking link' }).click();
  await expect(page).toHaveURL(/\/configuration$/);
  const create = page.getByRole('form', { name: 'Create link' });
  await create.getByLabel('Label *').fill('Transporters');
  await create.getByRole('button', { name: 'Create link' }).click();
  const row = page.getByTestId('booking-link').filter({ hasText: 'Transporters' });
  const shown = await row.getByRole('status').textContent();
  const accessCode = /Access code (\d{6})/.exec(shown ?? '')![1]!;
  const link = (await row.locator('code').textContent())!;

  const firstPhone = `98${String(Date.now() % 1e8).padStart(8, '0')}`;
  const first = await bookThroughLink(browser, link, accessCode, firstPhone, '10:00');
  // The page asks how the SMS went for up to a minute (the notifier answers within seconds, later on a
  // loaded machine): the journey waits as long as the page does.
  await expect(first.done.getByTestId('confirmation-delivery')).toHaveText(
    'SMS not sent: this hub has not finished its SMS registration (DLT) yet. Keep this page or note your confirmation code.',
    { timeout: DELIVERY_ASKED_MS },
  );
  expect(await sentTo(request, `+91${firstPhone}`)).toEqual([]);
  await first.context.close();

  // The DLT step from the checklist: the entity, the header and the confirmation's template ids.
  await page.goto('/');
  await expect(checklist).toContainText('2 of 9 done');
  await checklist.getByRole('link', { name: 'Set up: DLT entity ID' }).click();
  await expect(page).toHaveURL(/\/configuration$/);
  await page.getByLabel('DLT entity ID').fill('1201160000000053101');
  await page.getByLabel('Sender header').fill('CHKHUB');
  await page.getByLabel('Slot Booking Confirmation: DLT template ID (English)').fill('1207160000000053102');
  await page.getByLabel('Slot Booking Confirmation: DLT template ID (Hindi)').fill('1207160000000053103');
  await page.getByRole('button', { name: 'Save messaging settings' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Messaging settings saved' })).toBeVisible();
  await page.goto('/');
  await expect(checklist).toContainText('5 of 9 done');
  await expect(checklist.getByTestId('setup-step-dltTemplates')).toContainText('DLT template IDs Done');

  // The next booking's SMS goes, and the confirmation says so only once it has.
  const secondPhone = `97${String(Date.now() % 1e8).padStart(8, '0')}`;
  const second = await bookThroughLink(browser, link, accessCode, secondPhone, '11:00');
  await expect(second.done.getByTestId('confirmation-delivery')).toHaveText(
    `These details were also sent by SMS to ${secondPhone}.`,
    { timeout: DELIVERY_ASKED_MS },
  );
  const sms = await sentTo(request, `+91${secondPhone}`);
  expect(sms).toHaveLength(1);
  expect(sms[0]!.body).toContain(second.reference);
  await second.context.close();
});

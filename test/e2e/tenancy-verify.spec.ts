// Issue #27, item 10: an organisation's admin who leaves /signup before entering the e-mail code is
// not locked out. Signing in with the right password asks for the code (or a new one) instead of
// promising an administrator's review; a wrong password says nothing of the account; a right code
// opens the new organisation's dashboard in the same session.
import { expect as baseExpect, test, type APIRequestContext } from '@playwright/test';
import { sentTo } from './support';

const expect = baseExpect.configure({ timeout: 20_000 });

/** The newest 6-digit code e-mailed to the address (the outbox lists newest first), once it is not `old`. */
async function codeSentTo(request: APIRequestContext, to: string, old?: string): Promise<string> {
  let code: string | undefined;
  await expect
    .poll(async () => {
      const messages = await sentTo(request, to);
      code = /code is (\d{6})/.exec(messages.find((m) => m.to === to && /code is \d{6}/.test(m.body))?.body ?? '')?.[1];
      return Boolean(code) && code !== old;
    })
    .toBe(true);
  return code!;
}

test('an admin who left sign-up before the code signs in, gets a new code and lands in the app', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const tag = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
  const company = `Left Early ${tag}`;
  const email = `owner.${tag}@leftearly.in`;
  const password = 'Early2026hub';

  await page.goto('/signup');
  const form = page.getByRole('form', { name: 'Start your 30-day free trial' });
  await form.getByLabel('Company name').fill(company);
  await form.getByLabel('First name').fill('Ravi');
  await form.getByLabel('Last name').fill('Menon');
  await form.getByLabel('Email').fill(email);
  await form.getByLabel('Mobile number').fill(`9${String(Date.now()).slice(-9)}`);
  await form.getByLabel('Password', { exact: true }).fill(password);
  await form.getByLabel('Confirm password').fill(password);
  await form.getByLabel('Facility name').fill(`Left Early Hub ${tag}`);
  await form.getByLabel('City').fill('Kochi');
  await form.getByLabel('State').fill('Kerala');
  await form.getByLabel('Number of dock doors').fill('3');
  await form.getByRole('button', { name: 'Create organisation' }).click();
  await expect(page.getByRole('form', { name: 'Verify your email' })).toBeVisible();
  const first = await codeSentTo(request, email);

  // The admin leaves without the code and comes back another day.
  await page.goto('/');
  await page.goto('/login');
  await page.getByLabel('Email/Username/Mobile Number').fill(email);
  await page.getByLabel('Password').fill('Wrong2026hub');
  await page.locator('form').getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByTestId('toast').filter({ hasText: 'Invalid credentials' })).toBeVisible();
  await expect(page.getByLabel('Verification code')).toHaveCount(0);

  await page.getByLabel('Password').fill(password);
  await page.locator('form').getByRole('button', { name: 'Sign In' }).click();
  const verify = page.getByRole('form', { name: 'Verify your email' });
  await expect(verify.getByText(`We sent a 6-digit code to ${email}.`)).toBeVisible();
  await expect(page.getByText('An administrator will review your documents', { exact: false })).toHaveCount(0);

  await verify.getByRole('button', { name: 'Send a new code' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'A new code is on its way' })).toBeVisible();
  const code = await codeSentTo(request, email, first);

  // Not six digits: said under the field, nothing sent; the typed value stays.
  await verify.getByLabel('Verification code').fill('12a');
  await verify.getByRole('button', { name: 'Verify and start trial' }).click();
  await expect(verify.getByRole('alert')).toHaveText('Enter the 6-digit code');
  await expect(verify.getByLabel('Verification code')).toHaveValue('12a');
  await expect(verify.getByLabel('Verification code')).toHaveAccessibleDescription('Enter the 6-digit code');

  // The code of before the new one no longer works: the server's message under the field.
  await verify
    .getByLabel('Verification code')
    .fill(first === code ? String((Number(code) + 1) % 1e6).padStart(6, '0') : first);
  await verify.getByRole('button', { name: 'Verify and start trial' }).click();
  await expect(verify.getByRole('alert')).toHaveText('The verification code is not valid or has expired');

  await verify.getByLabel('Verification code').fill(code);
  await verify.getByRole('button', { name: 'Verify and start trial' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Your 30-day free trial has started' })).toBeVisible();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByTestId('tenant-name')).toHaveText(company);
  await expect(page.getByTestId('trial-badge')).toHaveText('Trial: 30 days left');
});

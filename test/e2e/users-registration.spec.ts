import { expect, test, type APIRequestContext } from '@playwright/test';
import { signIn, signInTo, signInWithForm } from './support';

const pdf = (name: string) => ({
  name,
  mimeType: 'application/pdf',
  buffer: Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(4000, 0x20), Buffer.from('\nstartxref\n9\n%%EOF\n')]),
});
/** Five digits that differ from one run to the next, so a journey can run again on the same server. */
const runTag = () => String(Date.now()).slice(-5);

/** A dockyard employee's registration sent straight to the API, documents included. */
async function registerGuard(request: APIRequestContext, email: string, firstName: string) {
  const upload = async (documentType: string) => {
    const presigned = await (
      await request.post('/api/auth/register/uploads', {
        data: { documentType, fileName: 'x.pdf', contentType: 'application/pdf', size: 100 },
      })
    ).json();
    await request.post(presigned.url, { multipart: { ...presigned.fields, file: pdf('x.pdf') } });
    return { documentType, uploadId: presigned.uploadId };
  };
  const documents = [await upload('employee_id'), await upload('corporate_email_proof')];
  const res = await request.post('/api/auth/register', {
    data: {
      userData: {
        email,
        firstName,
        lastName: 'Guard',
        password: 'Guard#Gate99',
        userType: 'dockyard_employee',
        role: 'security_officer',
        userCategory: 'dockyard_employee',
      },
      variant: { employeeId: 'EMP-77', corporateEmail: 'naveen@demo.in' },
      documents,
    },
  });
  expect(res.status()).toBe(201);
}

test.describe('registration and approval', () => {
  test('an external user registers with two documents, an admin approves, the user signs in', async ({
    page,
    browser,
  }) => {
    test.slow(); // three sign-ins and a registration with uploads: past 30 s on a busy machine
    const tag = runTag();
    const email = `harpreet.singh.${tag}@example.in`;
    await page.goto('/register');
    await expect(page.getByRole('tab', { name: 'Drivers & Transporters' })).toHaveAttribute('aria-selected', 'true');
    await page.locator('form').getByRole('button', { name: 'Create Account' }).click();
    await expect(page.getByText('Please enter a valid email address')).toBeVisible();
    await expect(page.getByText('First name is required')).toBeVisible();
    await expect(page.getByText('Password must be at least 8 characters')).toBeVisible();
    await expect(page.getByText('Driving license number is required')).toBeVisible();

    await page.getByLabel('First name *').fill('Harpreet');
    await page.getByLabel('Last name *').fill('Singh');
    await page.getByLabel('Email *').fill(email);
    await page.getByLabel('Phone number').fill(`+91 98140 ${tag}`);
    await page.getByLabel('Password *', { exact: true }).fill('Truck#Road2026');
    await page.getByLabel('Confirm password *').fill('Truck#Road2027');
    await page.getByLabel('Driving license number *').fill(`PB10201900${tag}`); // per run: a driver record holds one account
    await page.getByLabel('Aadhar number *').fill('1234');
    await page.getByLabel('Vehicle number').fill('PB10AB4321');
    await page.locator('form').getByRole('button', { name: 'Create Account' }).click();
    await expect(page.getByText("Passwords don't match")).toBeVisible();
    await expect(page.getByText('Aadhar number must be at least 12 digits')).toBeVisible();
    await page.getByLabel('Confirm password *').fill('Truck#Road2026');
    await page.getByLabel('Aadhar number *').fill('1234 5678 9012');

    await page
      .getByLabel('Driving License *')
      .setInputFiles({ name: 'virus.exe', mimeType: 'application/x-msdownload', buffer: Buffer.from('MZ') });
    await expect(page.getByRole('alert').filter({ hasText: 'Invalid File Type' })).toContainText(
      'Only PDF, PNG, and JPEG files are allowed',
    );
    await page.getByLabel('Driving License *').setInputFiles(pdf('license.pdf'));
    await page.locator('form').getByRole('button', { name: 'Create Account' }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'Missing Required Documents' })).toContainText(
      'Please upload: Aadhar Card',
    );
    await page.getByLabel('Aadhar Card *').setInputFiles(pdf('aadhar.pdf'));
    await page.locator('form').getByRole('button', { name: 'Create Account' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Registration Successful' })).toContainText(
      'Please check your email to verify your account',
    );
    await expect(page.getByText('Enter the 6-digit code')).toBeVisible();

    const admin = await browser.newPage();
    await signInTo(admin, 'admin', '/users');
    await admin.getByRole('tab', { name: /Pending Approvals/ }).click();
    const card = admin.getByTestId('user-card').filter({ hasText: email });
    await expect(card).toContainText('Pending');
    await expect(card).toContainText('Type: External User');
    await expect(card).toContainText('PB10AB4321');
    await expect(card.getByRole('button', { name: 'driving license' })).toBeVisible();
    await card.getByRole('button', { name: 'Approve' }).click();
    await expect(admin.getByRole('status').filter({ hasText: 'User Approved' })).toContainText(
      'User has been approved successfully.',
    );
    await expect(card).toHaveCount(0); // off the pending list
    await admin.getByRole('tab', { name: /All Users/ }).click();
    await expect(card).toContainText('Verified');
    await admin.close();

    await signIn(page, email, 'Truck#Road2026');
    await expect(page.getByTestId('driver-shell')).toBeVisible();
  });

  test('a pending account sees where it stands', async ({ page }) => {
    const email = `new.guard.${runTag()}@example.in`;
    await registerGuard(page.request, email, 'Naveen');
    // The form: a pending account's home is neither shell, which signIn waits for.
    await signInWithForm(page, email, 'Guard#Gate99');
    await expect(page.getByRole('heading', { name: 'Account pending verification' })).toBeVisible();
  });

  test('an admin rejects a registration with a reason, and the account cannot sign in', async ({ page, request }) => {
    const email = `turned.away.${runTag()}@example.in`;
    await registerGuard(request, email, 'Tarun');
    await signInTo(page, 'admin', '/users');
    await page.getByRole('tab', { name: /Pending Approvals/ }).click();
    const card = page.getByTestId('user-card').filter({ hasText: email });
    await card.getByRole('button', { name: 'Reject' }).click();
    const dialog = page.getByRole('dialog', { name: 'Reject registration' });
    await dialog.getByLabel('Reason').fill('Employee ID could not be verified');
    await dialog.getByRole('button', { name: 'Reject' }).click();

    await expect(page.getByRole('status').filter({ hasText: 'User Rejected' })).toContainText(
      'User has been rejected successfully.',
    );
    await expect(dialog).toBeHidden();
    await expect(card).toHaveCount(0);
    const signInAgain = await request.post('/api/auth/login', {
      data: { identifier: email, password: 'Guard#Gate99' },
    });
    expect(signInAgain.status()).toBe(401);
    expect((await signInAgain.json()).message).toBe('Your registration was not approved.');
  });
});

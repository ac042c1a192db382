import { expect, test } from '@playwright/test';
import { signIn } from './support';

const pdf = (name: string) => ({ name, mimeType: 'application/pdf', buffer: Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(4000, 0x20), Buffer.from('%%EOF')]) });

test.describe('registration and approval', () => {
  test('an external user registers with two documents, an admin approves, the user signs in', async ({ page, browser }) => {
    await page.goto('/register');
    await expect(page.getByRole('tab', { name: 'Drivers & Transporters' })).toHaveAttribute('aria-selected', 'true');
    await page.locator('form').getByRole('button', { name: 'Create Account' }).click();
    await expect(page.getByText('Please enter a valid email address')).toBeVisible();
    await expect(page.getByText('First name is required')).toBeVisible();
    await expect(page.getByText('Password must be at least 8 characters')).toBeVisible();
    await expect(page.getByText('Driving license number is required')).toBeVisible();

    await page.getByLabel('First name *').fill('Harpreet');
    await page.getByLabel('Last name *').fill('Singh');
    await page.getByLabel('Email *').fill('harpreet.singh@example.in');
    await page.getByLabel('Phone number').fill('+91 98140 11223');
    await page.getByLabel('Password *', { exact: true }).fill('Truck#Road2026');
    await page.getByLabel('Confirm password *').fill('Truck#Road2027');
    await page.getByLabel('Driving license number *').fill('PB1020190077777');
    await page.getByLabel('Aadhar number *').fill('1234');
    await page.getByLabel('Vehicle number').fill('PB10AB4321');
    await page.locator('form').getByRole('button', { name: 'Create Account' }).click();
    await expect(page.getByText("Passwords don't match")).toBeVisible();
    await expect(page.getByText('Aadhar number must be at least 12 digits')).toBeVisible();
    await page.getByLabel('Confirm password *').fill('Truck#Road2026');
    await page.getByLabel('Aadhar number *').fill('1234 5678 9012');

    await page.getByLabel('Driving License *').setInputFiles({ name: 'virus.exe', mimeType: 'application/x-msdownload', buffer: Buffer.from('MZ') });
    await expect(page.getByRole('alert').filter({ hasText: 'Invalid File Type' })).toContainText('Only PDF, PNG, and JPEG files are allowed');
    await page.getByLabel('Driving License *').setInputFiles(pdf('license.pdf'));
    await page.locator('form').getByRole('button', { name: 'Create Account' }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'Missing Required Documents' })).toContainText('Please upload: Aadhar Card');
    await page.getByLabel('Aadhar Card *').setInputFiles(pdf('aadhar.pdf'));
    await page.locator('form').getByRole('button', { name: 'Create Account' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Registration Successful' })).toContainText('Please check your email to verify your account');
    await expect(page.getByText('Enter the 6-digit code')).toBeVisible();

    const admin = await browser.newPage();
    await signIn(admin, 'admin');
    await admin.goto('/users');
    await admin.getByRole('tab', { name: /Pending Approvals/ }).click();
    const card = admin.getByTestId('user-card').filter({ hasText: 'harpreet.singh@example.in' });
    await expect(card).toContainText('Pending');
    await expect(card).toContainText('Type: External User');
    await expect(card).toContainText('PB10AB4321');
    await expect(card.getByRole('button', { name: 'driving license' })).toBeVisible();
    await card.getByRole('button', { name: 'Approve' }).click();
    await expect(admin.getByRole('status').filter({ hasText: 'User Approved' })).toContainText('User has been approved successfully.');
    await expect(admin.getByText('No pending registrations')).toBeVisible();
    await admin.close();

    await signIn(page, 'harpreet.singh@example.in', 'Truck#Road2026');
    await expect(page.getByTestId('driver-shell')).toBeVisible();
  });

  test('a pending account sees where it stands', async ({ page }) => {
    const upload = async (documentType: string) => {
      const presigned = await (await page.request.post('/api/auth/register/uploads', { data: { documentType, fileName: 'x.pdf', contentType: 'application/pdf', size: 100 } })).json();
      await page.request.post(presigned.url, { multipart: { ...presigned.fields, file: pdf('x.pdf') } });
      return { documentType, uploadId: presigned.uploadId };
    };
    const documents = [await upload('employee_id'), await upload('corporate_email_proof')];
    const res = await page.request.post('/api/auth/register', {
      data: { userData: { email: 'new.guard@example.in', firstName: 'Naveen', lastName: 'Guard', password: 'Guard#Gate99', userType: 'dockyard_employee', role: 'security_officer', userCategory: 'dockyard_employee' }, variant: { employeeId: 'EMP-77', corporateEmail: 'naveen@demo.in' }, documents },
    });
    expect(res.status()).toBe(201);
    await signIn(page, 'new.guard@example.in', 'Guard#Gate99');
    await expect(page.getByRole('heading', { name: 'Account pending verification' })).toBeVisible();
  });
});

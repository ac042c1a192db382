import { expect, test } from '@playwright/test';
import { sidebarItems, signIn, signInTo, signInWithForm } from './support';

const SIDEBAR: Record<string, string[]> = {
  admin: [
    'Overview',
    'Appointments',
    'Standing Appointments',
    'Book Appointment',
    'Reschedule',
    'Live Tracking',
    'Door Plan',
    'Driver Mobile App',
    'Check-in',
    'Facilities',
    'Warehouse Management',
    'Carriers',
    'Reports',
    'Integrations',
    'Test User Roles',
    'Configuration',
    'Users',
  ],
  operations: [
    'Overview',
    'Appointments',
    'Standing Appointments',
    'Book Appointment',
    'Reschedule',
    'Live Tracking',
    'Door Plan',
    'Check-in',
    'Facilities',
    'Warehouse Management',
    'Carriers',
    'Reports',
    'Configuration',
  ],
  yard_manager: [
    'Overview',
    'Appointments',
    'Standing Appointments',
    'Book Appointment',
    'Reschedule',
    'Live Tracking',
    'Door Plan',
    'Check-in',
    'Facilities',
    'Carriers',
    'Reports',
  ],
  spectator: [
    'Overview',
    'Appointments',
    'Standing Appointments',
    'Live Tracking',
    'Door Plan',
    'Facilities',
    'Warehouse Management',
    'Reports',
  ],
};
// A role is shown by its name, never its id (#29).
const ROLE_NAMES: Record<string, string> = {
  admin: 'Admin',
  operations: 'Operations',
  yard_manager: 'Yard Manager',
  spectator: 'Spectator',
};
const FIRST_NAMES: Record<string, string> = {
  admin: 'Aarav',
  operations: 'Priya',
  yard_manager: 'Rohit',
  spectator: 'Meera',
};

test.describe('signed-in shell', () => {
  for (const [role, items] of Object.entries(SIDEBAR)) {
    test(`${role} signs in and sees exactly the sidebar of the role`, async ({ page }) => {
      await signInWithForm(page, role);
      await expect(page.getByRole('heading', { name: `Welcome back, ${FIRST_NAMES[role]}` })).toBeVisible();
      await expect(page.getByTestId('user-role')).toHaveText(ROLE_NAMES[role]!);
      expect(await sidebarItems(page)).toEqual(items);
      await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link')).toHaveText([
        'Dashboard',
        'Scheduling',
        'Yard',
        'Analytics',
      ]);
    });
  }

  test('the driver signs in to the driver shell with its bottom navigation and no sidebar', async ({ page }) => {
    await signInWithForm(page, 'driver');
    await expect(page.getByTestId('driver-shell')).toBeVisible();
    await expect(page.getByTestId('driver-name')).toHaveText('Suresh');
    await expect(page.getByRole('navigation', { name: 'Driver' }).getByRole('link')).toHaveText([
      'Dashboard',
      'Book',
      'Reschedule',
      'Check-in',
    ]);
    await expect(page.getByRole('navigation', { name: 'Sidebar' })).toHaveCount(0);
    await page.getByRole('navigation', { name: 'Driver' }).getByRole('link', { name: 'Book' }).click();
    await expect(page).toHaveURL(/\/booking$/);
    await expect(page.getByTestId('driver-shell')).toBeVisible();
  });

  test('a role without access to a screen is told so inside its shell, with the way home', async ({ page }) => {
    await signInTo(page, 'spectator', '/users');
    await expect(page.getByRole('heading', { name: 'No access' })).toBeVisible();
    expect(await sidebarItems(page)).toEqual(SIDEBAR.spectator);
    await expect(page.getByTestId('user-role')).toHaveText('Spectator');
    await expect(page.getByRole('button', { name: 'Logout' })).toBeVisible();
    await page.getByRole('link', { name: 'Back to dashboard' }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('heading', { name: 'Welcome back, Meera' })).toBeVisible();
  });

  test('staff opening the driver app see no access in the staff shell, not the driver shell', async ({ page }) => {
    await signInTo(page, 'operations', '/driver');
    await expect(page.getByRole('heading', { name: 'No access' })).toBeVisible();
    await expect(page.getByTestId('driver-shell')).toHaveCount(0);
    await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
    await page.getByRole('navigation', { name: 'Sidebar' }).getByRole('link', { name: 'Carriers' }).click();
    await expect(page).toHaveURL(/\/carriers$/);
  });

  test('the driver opening a staff screen sees no access in the driver shell and can log out', async ({ page }) => {
    await signInTo(page, 'driver', '/yard');
    await expect(page.getByRole('heading', { name: 'No access' })).toBeVisible();
    await expect(page.getByTestId('driver-shell')).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Driver' }).getByRole('link')).toHaveText([
      'Dashboard',
      'Book',
      'Reschedule',
      'Check-in',
    ]);
    await page.getByRole('link', { name: 'Back to dashboard' }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByTestId('driver-shell')).toBeVisible();
    await page.goto('/users');
    await page.getByRole('button', { name: 'Logout' }).click();
    await expect(page).toHaveURL(/\/login$/);
  });

  test('logout ends the session and returns to the landing page', async ({ page }) => {
    await signIn(page, 'operations');
    // Logout shows the landing at once and then reloads it once the server has ended the session: wait
    // for that new document (the mark set here is gone), or the next goto races the reload.
    await page.evaluate(() => Object.assign(window, { beforeLogout: true }));
    await page.getByRole('button', { name: 'Logout' }).click();
    await expect
      .poll(() => page.evaluate(() => !('beforeLogout' in window)).catch(() => false), { timeout: 15_000 })
      .toBe(true);
    await expect(page.getByRole('link', { name: 'Sign In' })).toBeVisible();
    await page.goto('/scheduling');
    await expect(page.getByText('You are logged out. Logging in again...').first()).toBeVisible();
  });
});

test.describe('sign-in screen', () => {
  test('shows the validation texts and a failed sign-in', async ({ page }) => {
    await page.goto('/login');
    await page.locator('form').getByRole('button', { name: 'Sign In' }).click();
    await expect(page.getByText('Please enter your email, username, or mobile number')).toBeVisible();
    await expect(page.getByText('Password is required')).toBeVisible();
    await page.getByLabel('Email/Username/Mobile Number').fill('operations');
    await page.getByLabel('Password').fill('not-the-password');
    await page.locator('form').getByRole('button', { name: 'Sign In' }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'Login Failed' })).toBeVisible();
    await expect(page).toHaveURL(/\/login$/);
  });

  test('signs in with the mobile number and shows the welcome toast', async ({ page }) => {
    await page.goto('/auth');
    await page.getByLabel('Email/Username/Mobile Number').fill('+91 98000 00003');
    await page.getByLabel('Password').fill('Demo@12345');
    await page.locator('form').getByRole('button', { name: 'Sign In' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Welcome back, Rohit!' })).toBeVisible();
  });
});

test.describe('guards', () => {
  test('a signed-out visit to /scheduling shows the notice and lands on /login', async ({ page }) => {
    await page.goto('/scheduling');
    await expect(page.getByRole('alert').filter({ hasText: 'Unauthorized' })).toContainText(
      'You are logged out. Logging in again...',
    );
    await expect(page).toHaveURL(/\/login$/);
  });

  test('a signed-out visit to /test-auth shows Authentication Required and lands on /login', async ({ page }) => {
    await page.goto('/test-auth');
    await expect(page.getByRole('alert').filter({ hasText: 'Authentication Required' })).toContainText(
      'Please log in to access this page.',
    );
    await expect(page).toHaveURL(/\/login$/, { timeout: 5000 });
  });
});

test.describe('/test-auth', () => {
  test('shows the role and flags and switches to another sample account', async ({ page }) => {
    await signIn(page, 'admin');
    await page.goto('/test-auth');
    await expect(page.getByTestId('current-role')).toHaveText('Admin');
    await expect(page.getByTestId('flag-adminPanel')).toContainText('Yes');
    await expect(page.getByTestId('flag-readOnly')).toContainText('No');
    await expect(page.getByTestId('account-admin')).toContainText('Current');
    await page.getByRole('button', { name: 'Test Login spectator' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Logged in as Spectator' })).toBeVisible();
    await expect(page.getByTestId('current-role')).toHaveText('Spectator', { timeout: 5000 });
    await expect(page.getByTestId('flag-readOnly')).toContainText('Yes');
    await expect(page.getByTestId('account-spectator')).toContainText('Current');
  });
});

test.describe('small screens', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('the slide-out menu offers the navigation at 390 px', async ({ page }) => {
    await signIn(page, 'yard_manager');
    await page.getByRole('button', { name: 'Open menu' }).click();
    const menu = page.getByRole('dialog', { name: 'Open menu' });
    await expect(menu.getByRole('navigation', { name: 'Mobile' }).getByRole('link')).toHaveText([
      'Dashboard',
      'Scheduling',
      'Yard',
      'Analytics',
    ]);
    await menu.getByRole('link', { name: 'Carriers' }).click();
    await expect(page).toHaveURL(/\/carriers$/);
    await expect(menu).toHaveCount(0);
  });

  test("pressing a menu link asks for the screen's data before the screen opens", async ({ page }) => {
    await signIn(page, 'yard_manager');
    // A fresh page of another screen: no yard figures in memory (the dashboard shows the yard too).
    await page.goto('/carriers');
    await page.getByRole('button', { name: 'Open menu' }).click();
    const liveTracking = page.getByRole('dialog', { name: 'Open menu' }).getByRole('link', { name: 'Live Tracking' });
    await liveTracking.hover();
    const figures = page.waitForRequest((request) => new URL(request.url()).pathname === '/api/yard/overview');
    await page.mouse.down();
    await figures;
    // Asked for on the press, while the carriers are still shown; the click then opens the yard.
    await expect(page).toHaveURL(/\/carriers$/);
    await page.mouse.up();
    await expect(page).toHaveURL(/\/yard$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Yard Management');
  });
});

test.describe('a device that keeps nothing', () => {
  const failures: string[] = [];
  test.beforeEach(async ({ page }) => {
    // Site data blocked in the browser's settings: every access to localStorage throws (SecurityError).
    await page.addInitScript(() => {
      Object.defineProperty(window, 'localStorage', {
        get() {
          throw new DOMException('Site data is blocked', 'SecurityError');
        },
      });
    });
    failures.length = 0;
    page.on('pageerror', (err) => failures.push(err.message));
  });

  test('opens the staff shell and its notifications when the browser refuses site storage', async ({ page }) => {
    await signInTo(page, 'admin', '/scheduling');
    await expect(page.getByRole('heading', { level: 1, name: 'Appointments' })).toBeVisible();

    // The bell opens (what it had seen is not kept: the local stack's live demo may add unread ones any time).
    const bell = page.getByRole('button', { name: /^Notifications/ });
    await bell.click();
    await expect(bell).toHaveAttribute('aria-expanded', 'true');
    expect(failures).toEqual([]);
  });

  test('switches the landing page to Hindi for the page when the browser refuses site storage', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('button', { name: /Language/ }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('हर डॉक, यार्ड और वेयरहाउस एक ही स्क्रीन से चलाएँ');
    await expect(page.locator('html')).toHaveAttribute('lang', 'hi');
    expect(failures).toEqual([]);
  });
});

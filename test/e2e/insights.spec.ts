import { expect, test, type Page } from '@playwright/test';
import { signIn } from './support';

/** The API calls the page made once signed in that were refused or failed. */
function refusedCalls(page: Page): string[] {
  const refused: string[] = [];
  let signedIn = false;
  page.on('response', (res) => {
    const call = `${res.request().method()} ${new URL(res.url()).pathname}`;
    if (call === 'POST /api/auth/login' && res.ok()) signedIn = true;
    else if (signedIn && call.includes(' /api/') && res.status() >= 400) refused.push(`${call} ${res.status()}`);
  });
  return refused;
}

test.describe('dashboard for every staff role', () => {
  for (const role of ['admin', 'operations', 'yard_manager', 'spectator']) {
    test(`${role} sees every panel load, with no load error`, async ({ page }) => {
      const refused = refusedCalls(page);
      await signIn(page, role);
      // Every panel is there and has its data (or its empty state).
      await expect(page.getByTestId('metric-Available Docks')).toHaveText(/^\d+\/12$/);
      await expect(
        page.getByText('No appointments scheduled for today').or(page.getByRole('list', { name: "Today's schedule" })),
      ).toBeVisible();
      await expect(
        page.getByText('No recent notifications').or(page.getByRole('list', { name: 'Notifications' })),
      ).toBeVisible();
      await expect(page.getByTestId('dock')).toHaveCount(12);
      // Today's dwell and detention (issue #57.4): its figures, or that no truck has come and left yet.
      await expect(page.getByRole('heading', { name: 'Dwell and detention today' })).toBeVisible();
      await expect(page.getByTestId('dwell-today-empty').or(page.getByTestId('dwell-today'))).toBeVisible();
      await expect(page.getByRole('heading', { name: 'Recent Check-ins' })).toBeVisible();
      await expect(
        page.getByText('No recent check-ins').or(page.getByRole('list', { name: 'Recent check-ins' })),
      ).toBeVisible();
      await page.waitForLoadState('networkidle');
      await expect(page.getByText(/Failed to load/)).toHaveCount(0);
      expect(refused).toEqual([]);
    });
  }
});

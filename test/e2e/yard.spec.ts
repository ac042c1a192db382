import { expect, test } from '@playwright/test';
import { signIn } from './support';

test.describe('/yard', () => {
  test('Refresh Layout reloads the live yard; Assign Spots parks the waiting truck and says how many', async ({
    page,
  }, testInfo) => {
    const vehicle = `MH04YD${String(1000 + testInfo.repeatEachIndex * 7 + (Date.now() % 7))}`;
    await signIn(page, 'yard_manager');
    await page.goto('/yard');
    const waiting = page.getByTestId('yard-Waiting Trucks');
    await expect(waiting).toHaveText(/^\d+$/);
    const before = Number(await waiting.textContent());

    // A truck checks in at the gate while the page is open.
    const walkIn = await page.request.post('/api/checkins/walk-in', {
      data: { driverName: 'Yard Journey', vehicleLicense: vehicle, carrierName: 'Shree Tempo' },
    });
    expect(walkIn.status()).toBe(201);
    await page.getByRole('button', { name: 'Refresh Layout' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Yard layout data has been refreshed' })).toBeVisible();
    await expect(waiting).toHaveText(String(before + 1));

    await page.getByRole('button', { name: 'Assign Spots' }).click();
    const toast = page.getByRole('status').filter({ hasText: /trucks? placed/ });
    await expect(toast).toContainText(`${vehicle} → Y`);
    const spotNumber = /→ (Y\d+)/.exec((await toast.textContent())!.split(vehicle)[1]!)![1]!;
    await expect(page.getByRole('button', { name: `Spot ${spotNumber} ${vehicle}`, exact: true })).toBeVisible();
    await expect(waiting).toHaveText(String(before + 1));

    await page.getByRole('button', { name: 'Assign Spots' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'No trucks placed' })).toContainText(
      'No waiting truck needs a spot',
    );
  });

  test('read-only roles may refresh the yard but not assign spots', async ({ page }) => {
    await signIn(page, 'spectator');
    await page.goto('/yard');
    await expect(page.getByRole('button', { name: 'Refresh Layout' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Assign Spots' })).toHaveCount(0);
    const refused = await page.request.post('/api/yard/assign-spots', { data: {} });
    expect(refused.status()).toBe(403);
  });
});

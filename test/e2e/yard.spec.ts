import { expect, test } from '@playwright/test';
import { signInTo } from './support';

test.describe('/yard', () => {
  test('Refresh Layout reloads the live yard; Assign Spots parks the waiting truck and says how many', async ({
    page,
  }, testInfo) => {
    const vehicle = `MH04YD${String(1000 + testInfo.repeatEachIndex * 7 + (Date.now() % 7))}`;
    await signInTo(page, 'yard_manager', '/yard');
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
    const tile = page.getByRole('button', { name: `Spot ${spotNumber} ${vehicle}`, exact: true });
    await expect(tile).toBeVisible();
    await expect(waiting).toHaveText(String(before + 1));

    // Pressing the parked truck's spot selects it (and only it); pressing it again lets it go.
    const selectedSpot = page.getByRole('region', { name: 'Selected Spot' });
    await tile.click();
    await expect(tile).toHaveAttribute('aria-pressed', 'true');
    await expect(page.locator('[data-testid="spot"][aria-pressed="true"]')).toHaveCount(1);
    await expect(selectedSpot).toContainText(`${spotNumber} · occupied`);
    await expect(selectedSpot).toContainText(vehicle);
    await expect(selectedSpot.getByRole('button', { name: 'Release spot' })).toBeVisible();
    await tile.click();
    await expect(tile).toHaveAttribute('aria-pressed', 'false');
    await expect(selectedSpot).toContainText('Click a spot to select it');

    await page.getByRole('button', { name: 'Assign Spots' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'No trucks placed' })).toContainText(
      'No waiting truck needs a spot',
    );
  });

  test('read-only roles may refresh the yard but not assign spots', async ({ page }) => {
    await signInTo(page, 'spectator', '/yard');
    await expect(page.getByRole('button', { name: 'Refresh Layout' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Assign Spots' })).toHaveCount(0);
    // The trucks on the way arrive after the layout (their code is fetched later) and then show.
    await expect(page.getByRole('heading', { name: 'Trucks on the way' })).toBeVisible();
    await expect(
      page.getByText('No watched truck is on the way today.').or(page.getByRole('list', { name: 'Trucks on the way' })),
    ).toBeVisible();
    const refused = await page.request.post('/api/yard/assign-spots', { data: {} });
    expect(refused.status()).toBe(403);
  });
});

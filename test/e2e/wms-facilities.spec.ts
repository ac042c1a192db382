import { expect, test } from '@playwright/test';
import { signIn, signInTo } from './support';

// The warehouse's Facilities tab (doc 3 §2; issue 51): Add Facility, Edit and Delete through
// /api/wms/facilities, on the same facility record /facilities shows; a delete the server refuses
// says why; a spectator (no facilities:write) sees the list without the writing controls.
const HOME = 'Bhiwandi Distribution Centre';

test.describe('/wms Facilities tab', () => {
  test('adds, edits and deletes a facility; a refused delete says why', async ({ page }) => {
    test.setTimeout(60_000);
    await signIn(page, 'operations');
    const name = `E2E Store ${Date.now().toString(36)}`.toUpperCase();
    await page.goto('/wms/facilities');
    await expect(
      page.getByRole('link', { name: 'Contact details, time zone and slots in Facilities' }),
    ).toHaveAttribute('href', '/facilities');

    await page.getByRole('button', { name: 'Add Facility' }).click();
    await expect(page.getByLabel('Start time *')).toHaveValue('08:00');
    await expect(page.getByLabel('End time *')).toHaveValue('18:00');
    await page.getByLabel('Name *').fill(name);
    await page.getByLabel('Address *').fill('Gat 14, Ambad MIDC, Nashik');
    await page.getByRole('button', { name: 'Add Facility' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Facility created successfully' })).toBeVisible();
    const facilities = (await (await page.request.get('/api/facilities')).json()) as { name: string }[];
    expect(facilities.filter((f) => f.name === name)).toHaveLength(1);

    await page.getByLabel('Search').fill(name);
    const table = page.getByRole('table', { name: 'Facilities' });
    await table.getByRole('row').filter({ hasText: name }).getByRole('button', { name: 'Edit' }).click();
    await page.getByLabel('End time *').fill('21:00');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Facility updated successfully' })).toBeVisible();
    await expect(table.getByRole('row').filter({ hasText: name })).toContainText('08:00–21:00');

    page.once('dialog', (dialog) => dialog.accept());
    await table.getByRole('row').filter({ hasText: name }).getByRole('button', { name: 'Delete' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Facility deleted successfully' })).toBeVisible();
    await expect(table.getByRole('row').filter({ hasText: name })).toHaveCount(0);

    // The home facility holds stock (and is the default): refused, with the reason.
    await page.getByLabel('Search').fill(HOME);
    page.once('dialog', (dialog) => dialog.accept());
    await table.getByRole('row').filter({ hasText: HOME }).getByRole('button', { name: 'Delete' }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'cannot be deleted' })).toBeVisible();
    await expect(table.getByRole('row').filter({ hasText: HOME })).toHaveCount(1);
  });

  test('a reader without facilities:write sees the list and no writing controls', async ({ page }) => {
    await signInTo(page, 'spectator', '/wms/facilities');
    await expect(
      page.getByRole('table', { name: 'Facilities' }).getByRole('row').filter({ hasText: HOME }),
    ).toHaveCount(1);
    await expect(page.getByRole('button', { name: 'Add Facility' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Delete' })).toHaveCount(0);
  });
});

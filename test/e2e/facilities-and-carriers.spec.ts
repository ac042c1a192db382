import { expect, test } from '@playwright/test';
import { indiaDate } from './dates';
import { signIn, signInTo } from './support';

test.describe('reference data screens', () => {
  test('operations adds a facility and a door, and sees them listed', async ({ page }) => {
    await signIn(page, 'operations');
    await page.getByRole('navigation', { name: 'Sidebar' }).getByRole('link', { name: 'Facilities' }).click();
    // Other journeys of this run may have added facilities: count from what is listed now.
    const heading = page.getByRole('heading', { name: /^Facilities \(\d+\)$/ });
    // The count is read once the list has loaded (the demo hub is always in it), not from "(0)" while loading.
    await expect(page.getByRole('list', { name: 'Facility list' }).getByRole('button').first()).toBeVisible();
    const before = Number(/\((\d+)\)/.exec((await heading.textContent()) ?? '')?.[1]);

    // A name of its own, so that repeated runs on one server each find their facility.
    const name = `Chennai Port Terminal ${Date.now().toString(36)}`;
    await page.getByRole('button', { name: 'Add Facility' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add Facility' });
    await dialog.getByRole('button', { name: 'Add Facility' }).click();
    await expect(dialog.getByText('Facility name is required')).toBeVisible();
    await expect(dialog.getByText('Address is required')).toBeVisible();
    await dialog.getByLabel('Facility name *').fill(name);
    await dialog.getByLabel('Address *').fill('Rajaji Salai, Parrys');
    await dialog.getByLabel('City *').fill('Chennai');
    await dialog.getByLabel('PIN code *').fill('6000');
    await dialog.getByLabel('Total dock doors').fill('-3');
    await dialog.getByRole('button', { name: 'Add Facility' }).click();
    await expect(dialog.getByText('Must be non-negative')).toBeVisible();
    await expect(dialog.getByLabel('PIN code *')).toHaveAccessibleDescription('PIN code must be 6 digits');
    await dialog.getByLabel('PIN code *').fill('600001');
    await dialog.getByLabel('Total dock doors').fill('6');
    await dialog.getByRole('button', { name: 'Add Facility' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByRole('heading', { name: `Facilities (${before + 1})` })).toBeVisible();

    const listed = page.getByRole('list', { name: 'Facility list' }).getByRole('button', { name: new RegExp(name) });
    await expect(listed).toContainText('Rajaji Salai, Parrys, Chennai, 600001');
    await listed.click();
    // "Total dock doors" 6: the facility comes with doors D01 to D06.
    const doors = page.getByRole('list', { name: 'Dock door list' });
    for (const door of ['D01', 'D02', 'D03', 'D04', 'D05', 'D06']) await expect(doors).toContainText(`Door ${door}`);
    await expect(listed).toContainText('6 doors');
    await page.getByRole('button', { name: 'Add Door' }).click();
    const doorDialog = page.getByRole('dialog', { name: /Add Door/ });
    await doorDialog.getByLabel('Door number *').fill('C1');
    await doorDialog.getByLabel('Door type *').selectOption('refrigerated');
    await doorDialog.getByLabel('Max vehicle height (ft)').fill('13.5');
    await doorDialog.getByRole('button', { name: 'Add Door' }).click();
    await expect(doorDialog).toBeHidden();
    await expect(doors).toContainText('Door C1');
    await expect(doors).toContainText('Refrigerated');
    await expect(listed).toContainText('7 doors');

    // The same number again is refused by the server.
    await page.getByRole('button', { name: 'Add Door' }).click();
    await doorDialog.getByLabel('Door number *').fill('c1');
    await doorDialog.getByRole('button', { name: 'Add Door' }).click();
    await expect(page.getByTestId('toast')).toContainText('Door c1 already exists at this facility');
    await expect(doorDialog.getByLabel('Door number *')).toHaveAccessibleDescription(
      'Door c1 already exists at this facility',
    );
  });

  test('operations adds a carrier and a driver, and sees them listed', async ({ page }) => {
    await signInTo(page, 'operations', '/carriers');
    // Other journeys of this run add carriers too: count from what is listed once the list has loaded,
    // and give this carrier a name of its own.
    const name = `Malabar Transport Co ${Date.now().toString(36)}`;
    await expect(page.getByRole('list', { name: 'Carrier list' }).getByRole('button').first()).toBeVisible({
      timeout: 15_000,
    });
    const heading = page.getByRole('heading', { name: /^Carriers \(\d+\)$/ });
    const before = Number(/\((\d+)\)/.exec((await heading.textContent()) ?? '')?.[1]);
    await page.getByRole('button', { name: 'Add Carrier' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add Carrier' });
    // An untouched form shows no error (issue #53): the submit waits for a service type.
    await expect(dialog.getByLabel('Carrier name *')).toBeVisible();
    await expect(dialog.getByRole('alert')).toHaveCount(0);
    await expect(dialog.getByRole('button', { name: 'Add Carrier' })).toBeDisabled();
    await dialog.getByLabel('Carrier name *').fill(name);
    await expect(dialog.getByRole('alert')).toHaveText('Please select at least one service type');
    await dialog.getByLabel('Contact email').fill('bookings@malabar.in');
    await dialog.getByLabel('FTL (Full Truckload)').check();
    await expect(dialog.getByRole('alert')).toHaveCount(0);
    await dialog.getByLabel('Refrigerated').check();
    await dialog.getByRole('button', { name: 'Add Carrier' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByRole('heading', { name: `Carriers (${before + 1})` })).toBeVisible();

    await page
      .getByRole('list', { name: 'Carrier list' })
      .getByRole('button', { name: new RegExp(name) })
      .click();
    await page.getByRole('button', { name: 'Add Driver' }).click();
    const driverDialog = page.getByRole('dialog', { name: /Add Driver/ });
    await driverDialog.getByRole('button', { name: 'Add Driver' }).click();
    await expect(driverDialog.getByText('Driver name is required')).toBeVisible();
    await expect(driverDialog.getByText('License number is required')).toBeVisible();
    await driverDialog.getByLabel('Driver name *').fill('Biju Thomas');
    await driverDialog.getByLabel('License number *').fill('KL0720190055555');
    await driverDialog.getByRole('button', { name: 'Add Driver' }).click();
    await expect(driverDialog).toBeHidden();
    await expect(page.getByRole('list', { name: 'Driver list' })).toContainText('Biju Thomas');
  });

  test('the spectator sees facilities without the add buttons', async ({ page }) => {
    await signInTo(page, 'spectator', '/facilities');
    await expect(page.getByRole('list', { name: 'Facility list' })).toContainText('Bhiwandi Distribution Centre');
    await expect(page.getByRole('button', { name: 'Add Facility' })).toHaveCount(0);
  });

  test('operations blocks a slot and adds a holiday on the configuration screen', async ({ page }) => {
    await signIn(page, 'operations');
    await page.getByRole('navigation', { name: 'Sidebar' }).getByRole('link', { name: 'Configuration' }).click();
    const slots = page.getByRole('table', { name: 'Time slots' });
    await expect(slots.getByRole('row')).toHaveCount(11);
    const tomorrow = indiaDate(1);
    await page.getByLabel('Date', { exact: true }).fill(tomorrow);
    const firstRow = slots.getByRole('row').nth(1);
    await expect(firstRow).toContainText('08:00 - 09:00');
    await firstRow.getByRole('button', { name: 'Block' }).click();
    await expect(firstRow).toContainText('Blocked');
    await expect(firstRow.getByRole('button', { name: 'Unblock' })).toBeVisible();

    await page.getByLabel('Holiday date').fill(tomorrow);
    await page.getByLabel('Holiday name').fill('Gandhi Jayanti drill');
    await page.getByRole('button', { name: 'Add holiday' }).click();
    await expect(page.getByRole('list', { name: 'Holidays' })).toContainText('Gandhi Jayanti drill');
  });

  test('operations saves one slot setting: only that setting is sent and the others are kept', async ({ page }) => {
    await signIn(page, 'operations');
    await page.getByRole('navigation', { name: 'Sidebar' }).getByRole('link', { name: 'Configuration' }).click();
    const save = page.getByRole('button', { name: 'Save slot settings' });
    const capacity = page.getByLabel('Bookings per slot');
    await expect(capacity).not.toHaveValue('');
    await expect(save).toBeDisabled(); // nothing changed yet
    const next = String((Number(await capacity.inputValue()) % 9) + 1);

    await capacity.fill(next);
    const sent = page.waitForRequest((r) => r.method() === 'PATCH' && /\/api\/facilities\/[^/]+$/.test(r.url()));
    await save.click();

    expect(Object.keys((await sent).postDataJSON()).sort()).toEqual(['revision', 'slotCapacity']);
    await expect(page.getByRole('status').filter({ hasText: 'Facility updated' })).toBeVisible();
    await expect(capacity).toHaveValue(next);
    await expect(save).toBeDisabled();
    const facility = (
      (await (await page.request.get('/api/facilities')).json()) as {
        name: string;
        slotCapacity: number;
        totalDockDoors: number;
        timeZone: string;
        slotMinutes: number;
      }[]
    ).find((f) => f.name === 'Bhiwandi Distribution Centre');
    expect(facility).toMatchObject({
      slotCapacity: Number(next),
      totalDockDoors: 12,
      timeZone: 'Asia/Kolkata',
      slotMinutes: 60,
    });
  });
});

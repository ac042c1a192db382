import { expect, test, type Page } from '@playwright/test';
import { signIn } from './support';

// Stock that changes only with a trace, on the /wms screen: a count sheet of more than one page kept
// across paging and a reload, then cancelled; a put-away move refused beyond the target's capacity
// (what was typed stays), then made; a lot-tracked receipt refused without its lot number.
const FACILITY = 'Bhiwandi Distribution Centre';
const FACILITY_ID = 'bhiwandi-dc';

async function post(page: Page, path: string, data: Record<string, unknown>) {
  const res = await page.request.post(path, { data });
  expect(res.status(), await res.text()).toBe(201);
  return res.json();
}

/** A zone with two bins (the second holds at most `capacity`) and a product, named for this run. */
async function place(page: Page, capacity: number | null = null, product: Record<string, unknown> = {}) {
  const tag = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`.toUpperCase();
  const zone = await post(page, '/api/wms/zones', {
    facilityId: FACILITY_ID,
    name: `E2E ${tag}`,
    code: `E${tag}`,
    zoneType: 'storage',
  });
  const from = await post(page, '/api/wms/bins', { zoneId: zone.id, binCode: `F-${tag}`, binType: 'shelf' });
  const to = await post(page, '/api/wms/bins', { zoneId: zone.id, binCode: `T-${tag}`, binType: 'shelf', capacity });
  const item = await post(page, '/api/wms/products', { sku: `E2E-${tag}`, name: `E2E item ${tag}`, ...product });
  return { tag, zone, from, to, product: item };
}

test.describe('/wms stock with a trace', () => {
  test.beforeEach(async ({ page }) => {
    await signIn(page, 'operations');
    const res = await page.request.get('/api/facilities');
    expect((await res.json()).map((f: { id: string }) => f.id)).toContain(FACILITY_ID);
  });

  test('a count sheet of two pages keeps what was counted across paging and a reload, and the count can be cancelled', async ({
    page,
  }) => {
    test.setTimeout(90_000);
    const { from, zone, product } = await place(page);
    for (let lot = 1; lot <= 25; lot++)
      await post(page, '/api/wms/inventory/receive', {
        facilityId: FACILITY_ID,
        productId: product.id,
        binId: from.id,
        quantity: lot,
        lotNumber: `L${String(lot).padStart(2, '0')}`,
      });
    await page.goto('/wms');
    await page.getByRole('tab', { name: 'Cycle Counts' }).click();
    await page.getByRole('button', { name: 'New Cycle Count' }).click();
    const create = page.getByRole('dialog', { name: 'New Cycle Count' });
    await create.getByLabel('Facility *').selectOption({ label: FACILITY });
    await create.getByLabel('Count type *').selectOption('spot');
    await create.getByLabel('Bin').selectOption({ label: `${from.binCode} (${zone.name})` });
    await create.getByRole('button', { name: 'Create Cycle Count' }).click();
    const row = () =>
      page.getByRole('table', { name: 'Cycle Count List' }).getByRole('row').filter({ hasText: from.binCode });
    await row().getByRole('button', { name: 'Start' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Cycle count started successfully' })).toBeVisible();
    await row().getByRole('button', { name: 'Count' }).click();
    const sheet = page.getByRole('dialog', { name: 'Count Items' });
    await expect(sheet.getByTestId('count-sheet-pages')).toHaveText('Page 1 of 2 (25)');
    const firstRow = sheet.getByRole('row').nth(1);
    const firstExpected = Number(await firstRow.getByRole('cell').nth(2).textContent());
    await firstRow.getByRole('spinbutton').fill(String(firstExpected + 3));
    await expect(firstRow.getByRole('cell').nth(4)).toHaveText('+3');
    await sheet.getByRole('button', { name: 'Next' }).click();
    await expect(sheet.getByTestId('count-sheet-pages')).toHaveText('Page 2 of 2 (25)');
    const lastRow = sheet.getByRole('row').nth(5);
    await lastRow.getByRole('spinbutton').fill('0');
    await expect(lastRow.getByLabel('Counted', { exact: true })).toBeVisible();

    await page.reload();
    await page.getByRole('tab', { name: 'Cycle Counts' }).click();
    await row().getByRole('button', { name: 'Count' }).click();
    await expect(sheet.getByRole('row').nth(1).getByRole('spinbutton')).toHaveValue(String(firstExpected + 3));
    await expect(sheet.getByRole('row').nth(1).getByRole('cell').nth(4)).toHaveText('+3');
    await sheet.getByRole('button', { name: 'Next' }).click();
    await expect(sheet.getByRole('row').nth(5).getByRole('spinbutton')).toHaveValue('0');
    await expect(sheet.getByRole('row').nth(4)).toContainText('Pending');
    await page.keyboard.press('Escape');

    page.once('dialog', (d) => void d.accept());
    await row().getByRole('button', { name: 'Cancel' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Cycle count cancelled' })).toBeVisible();
    await expect(row()).toContainText('Cancelled');
    await expect(row().getByRole('button')).toHaveCount(0);
  });

  test("put-away: a move beyond the target bin's capacity is refused and keeps what was typed, then a move that fits is recorded", async ({
    page,
  }) => {
    test.setTimeout(60_000);
    const { from, to, zone, product } = await place(page, 5);
    await post(page, '/api/wms/inventory/receive', {
      facilityId: FACILITY_ID,
      productId: product.id,
      binId: from.id,
      quantity: 8,
    });
    await page.goto('/wms');
    await page.getByRole('tab', { name: 'Inventory' }).click();
    await page.getByLabel('Search').fill(product.sku);
    const line = page.getByRole('row').filter({ hasText: product.name });
    await expect(line).toContainText(from.binCode);
    await line.getByRole('button', { name: 'Move' }).click();
    const dialog = page.getByRole('dialog', { name: 'Move stock' });
    await dialog.getByLabel('Target bin *').selectOption({ label: `${to.binCode} (${zone.name})` });
    await dialog.getByLabel('Quantity to move *').fill('6');
    await dialog.getByRole('button', { name: 'Move' }).click();
    await expect(
      dialog.getByText('Capacity exceeded! Bin capacity: 5, Current: 0, Adding: 6, Total would be: 6').first(),
    ).toBeVisible();
    await expect(dialog.getByLabel('Quantity to move *')).toHaveValue('6');
    await dialog.getByLabel('Quantity to move *').fill('5');
    await dialog.getByRole('button', { name: 'Move' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Stock moved' })).toBeVisible();
    await expect(dialog).toBeHidden();
    await expect(page.getByRole('row').filter({ hasText: product.name })).toHaveCount(2);
    await expect(page.getByRole('row').filter({ hasText: to.binCode })).toContainText('5');

    await page.getByRole('tab', { name: 'Adjustments' }).click();
    const history = page.getByRole('table', { name: 'Adjustment History' });
    await expect(history.getByRole('row').filter({ hasText: 'Transfer in' }).first()).toContainText(
      `Moved ${from.binCode} → ${to.binCode}`,
    );
    await expect(history.getByRole('row').filter({ hasText: 'Transfer out' }).first()).toContainText('-5');
  });

  test('a lot-tracked product is not received without its lot number; the form keeps what was typed', async ({
    page,
  }) => {
    test.setTimeout(60_000);
    const { from, zone, product } = await place(page, null, { isLotTracked: true });
    await page.goto('/wms');
    await page.getByRole('tab', { name: 'Receiving' }).click();
    await page.getByLabel('Facility *').selectOption({ label: FACILITY });
    await page.getByLabel('Find product (SKU, barcode or name)').fill(product.sku);
    await page.getByLabel('Product *').selectOption({ label: `${product.name} (${product.sku})` });
    await expect(page.getByLabel('Lot number *')).toBeVisible();
    await page.getByLabel('Bin').selectOption({ label: `${from.binCode} (${zone.name})` });
    await page.getByLabel('Quantity *').fill('4');
    await page.getByRole('button', { name: 'Receive Goods' }).click();
    await expect(page.getByText('Lot number is required for a lot-tracked product')).toBeVisible();
    await expect(page.getByLabel('Quantity *')).toHaveValue('4');
    await page.getByLabel('Lot number *').fill('B-77');
    await page.getByRole('button', { name: 'Receive Goods' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Goods received successfully' })).toBeVisible();
  });

  test('a bin changed since its form opened: the conflict is said and what was typed stays; costs show in rupees', async ({
    page,
  }) => {
    test.setTimeout(60_000);
    const { from, zone, product } = await place(page);
    // 10 units at ₹12.50 and 30 at ₹13.10: ₹518.00 for 40 units, ₹12.95 a unit.
    await post(page, '/api/wms/inventory/receive', {
      facilityId: FACILITY_ID,
      productId: product.id,
      binId: from.id,
      quantity: 10,
      unitCost: 12.5,
    });
    await post(page, '/api/wms/inventory/receive', {
      facilityId: FACILITY_ID,
      productId: product.id,
      binId: from.id,
      quantity: 30,
      unitCost: 13.1,
    });
    await page.goto('/wms');
    await page.getByRole('tab', { name: 'Inventory' }).click();
    await page.getByLabel('Search').fill(product.sku);
    await expect(page.getByRole('row').filter({ hasText: product.name })).toContainText('₹12.95');

    await page.getByRole('tab', { name: 'Bins' }).click();
    // The inventory stays on screen until the bins' code has arrived (a transition): its Search is not
    // the bins' one.
    await expect(page.getByRole('table', { name: 'Bins' })).toBeVisible();
    await page.getByLabel('Search').fill(from.binCode);
    const row = page.getByRole('row').filter({ hasText: from.binCode });
    await expect(row).toHaveCount(1);
    await row.getByRole('button', { name: 'Edit' }).click();
    await expect(page.getByLabel('Aisle')).toBeVisible();
    // Someone else saves the bin while this form is open.
    const meanwhile = await page.request.put(`/api/wms/bins/${from.id}`, {
      data: { zoneId: zone.id, binCode: from.binCode, binType: 'shelf', aisle: 'Z9', revision: 0 },
    });
    expect(meanwhile.status(), await meanwhile.text()).toBe(200);
    await page.getByLabel('Aisle').fill('A7');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(
      page
        .getByRole('alert')
        .filter({ hasText: 'This record was changed by someone else since you opened it. Reload it and try again.' }),
    ).toBeVisible();
    await expect(page.getByLabel('Aisle')).toHaveValue('A7');
    expect(((await (await page.request.get(`/api/wms/bins/${from.id}`)).json()) as { aisle: string }).aisle).toBe('Z9');
  });
});

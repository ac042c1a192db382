import { expect, test, type Page } from '@playwright/test';
import { signIn } from './support';

// Demo products (functions/local/demo-wms.ts): EAN-13 barcodes of products 461 and 462, both active
// and among the products the forms offer; bin RCV-A01 is a receiving bin of the demo facility.
const TYPED_BARCODE = '8900010004611';
const TYPED_PRODUCT = 'Daawat Sona Masoori Rice 10 kg (pack 10)';
const GS1_PRODUCT_GTIN = '08900010004628';
const BIN = 'RCV-A01';

/** The local stack loads the demo warehouse in the background: its last step is the planned count. */
async function demoWarehouseLoaded(page: Page) {
  await expect
    .poll(
      async () => ((await (await page.request.get('/api/wms/cycle-counts')).json()) as { data: unknown[] }).data.length,
      { timeout: 120_000 },
    )
    .toBeGreaterThan(0);
}

/** The dashboard's total after a change: the tab refetches on open, so wait for the new figure. */
async function expectTotalInventory(page: Page, total: number) {
  await page.getByRole('tab', { name: 'Dashboard' }).click();
  await expect(page.getByTestId('wms-stat-totalInventory')).toHaveText(total.toLocaleString('en-IN'));
}

async function totalInventory(page: Page): Promise<number> {
  await page.getByRole('tab', { name: 'Dashboard' }).click();
  const stat = page.getByTestId('wms-stat-totalInventory');
  await expect(stat).toHaveText(/\d/);
  return Number((await stat.textContent())!.replace(/,/g, ''));
}

test.describe('/wms', () => {
  test('receive by barcode and GS1, adjust, run a cycle count to completed; the dashboard and history follow', async ({
    page,
  }) => {
    test.setTimeout(150_000);
    await signIn(page, 'operations');
    await demoWarehouseLoaded(page);
    await page.goto('/wms');
    await expect(page.getByRole('heading', { name: 'Warehouse Management System' })).toBeVisible();
    const before = await totalInventory(page);

    // Receiving: a typed barcode, then a GS1 string that also fills lot and expiry.
    await page.getByRole('tab', { name: 'Receiving' }).click();
    await page.getByLabel('Facility *').selectOption({ label: 'Bhiwandi Distribution Centre' });
    await page.getByRole('button', { name: 'Scan Barcode' }).click();
    await expect(page.getByRole('button', { name: 'Exit Scan Mode' })).toBeVisible();
    await page.getByLabel('Barcode', { exact: true }).fill('0000000000000');
    await page.getByLabel('Barcode', { exact: true }).press('Enter');
    await expect(page.getByRole('alert').filter({ hasText: 'Product Not Found' })).toContainText(
      'No product found with this barcode',
    );
    await page.getByLabel('Barcode', { exact: true }).fill(TYPED_BARCODE);
    await page.getByLabel('Barcode', { exact: true }).press('Enter');
    await expect(page.getByRole('status').filter({ hasText: 'Product Found' })).toContainText(
      `Selected: ${TYPED_PRODUCT}`,
    );
    await page.getByLabel('Bin').selectOption({ label: `${BIN} (Inbound Receiving)` });
    await page.getByLabel('Quantity *').fill('3');
    await page.getByRole('button', { name: 'Receive Goods' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Goods received successfully' })).toBeVisible();
    await expect(page.getByLabel('Quantity *')).toHaveValue('1');

    await page.getByLabel('Facility *').selectOption({ label: 'Bhiwandi Distribution Centre' });
    await page.getByLabel('Barcode', { exact: true }).fill(`(01)${GS1_PRODUCT_GTIN}(10)LOT-E2E(17)271231`);
    await page.getByLabel('Barcode', { exact: true }).press('Enter');
    await expect(page.getByRole('status').filter({ hasText: 'Product Found' })).toBeVisible();
    await expect(page.getByLabel('Lot number')).toHaveValue('LOT-E2E');
    await expect(page.getByLabel('Expiry date')).toHaveValue('2027-12-31');
    await page.getByLabel('Bin').selectOption({ label: `${BIN} (Inbound Receiving)` });
    await page.getByLabel('Quantity *').fill('2');
    await page.getByRole('button', { name: 'Receive Goods' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Goods received successfully' })).toBeVisible();
    await expectTotalInventory(page, before + 5);

    // Adjustment: one damaged unit out of the line just received.
    await page.getByRole('tab', { name: 'Adjustments' }).click();
    await page.getByRole('button', { name: 'New Adjustment' }).click();
    const dialog = page.getByRole('dialog', { name: 'Record Inventory Adjustment' });
    await dialog.getByLabel('Search').fill('DAA-00461');
    const item = dialog.getByLabel('Inventory item *');
    await expect(item.locator('option', { hasText: `${TYPED_PRODUCT} · ${BIN}` })).toHaveCount(1);
    await item.selectOption({
      label: (await item.locator('option', { hasText: `${TYPED_PRODUCT} · ${BIN}` }).textContent())!,
    });
    await dialog.getByLabel('Quantity adjusted *').fill('-1');
    await dialog.getByLabel('Reason *').selectOption('damaged');
    await dialog.getByRole('button', { name: 'Record Adjustment' }).click();
    await expect(
      page.getByRole('status').filter({ hasText: 'Inventory adjustment recorded successfully' }),
    ).toBeVisible();
    const history = page.getByRole('table', { name: 'Adjustment History' });
    await expect(history.getByRole('row').nth(1)).toContainText(TYPED_PRODUCT);
    await expect(history.getByRole('row').nth(1)).toContainText('-1');

    // Cycle count of the product in the bin: planned -> active -> completed with a variance of +2.
    await page.getByRole('tab', { name: 'Cycle Counts' }).click();
    await page.getByRole('button', { name: 'New Cycle Count' }).click();
    const create = page.getByRole('dialog', { name: 'New Cycle Count' });
    await create.getByLabel('Facility *').selectOption({ label: 'Bhiwandi Distribution Centre' });
    await create.getByLabel('Count type *').selectOption('spot');
    await create.getByLabel('Bin').selectOption({ label: `${BIN} (Inbound Receiving)` });
    await create.getByLabel('Product').selectOption({ label: `${TYPED_PRODUCT} (DAA-00461)` });
    await create.getByRole('button', { name: 'Create Cycle Count' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Cycle count created successfully' })).toBeVisible();
    const row = page
      .getByRole('table', { name: 'Cycle Count List' })
      .getByRole('row')
      .filter({ hasText: `${BIN} / ${TYPED_PRODUCT}` })
      .filter({ hasText: 'Planned' });
    await row.getByRole('button', { name: 'Start' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Cycle count started successfully' })).toBeVisible();
    const active = page
      .getByRole('table', { name: 'Cycle Count List' })
      .getByRole('row')
      .filter({ hasText: `${BIN} / ${TYPED_PRODUCT}` })
      .filter({ hasText: 'Active' });
    await active.getByRole('button', { name: 'Count' }).click();
    const items = page.getByRole('dialog', { name: 'Count Items' });
    const itemRow = items.getByRole('row').filter({ hasText: TYPED_PRODUCT });
    await expect(itemRow).toContainText('Pending');
    const expected = Number(await itemRow.getByRole('cell').nth(2).textContent());
    await itemRow.getByRole('spinbutton').fill(String(expected + 2));
    await expect(itemRow.getByRole('cell').nth(4)).toHaveText('+2');
    await expect(itemRow.getByLabel('Counted', { exact: true })).toBeVisible();
    await items.getByRole('button', { name: 'Complete' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Cycle count completed successfully' })).toBeVisible();
    await expect(items).toBeHidden();

    await page.getByRole('tab', { name: 'Adjustments' }).click();
    const first = page.getByRole('table', { name: 'Adjustment History' }).getByRole('row').nth(1);
    await expect(first).toContainText('Cycle adjustment');
    await expect(first).toContainText('+2');
    await expectTotalInventory(page, before + 6);
  });

  test('a spectator reads the warehouse but has no Add buttons, and the server refuses a receipt', async ({ page }) => {
    test.setTimeout(150_000);
    await signIn(page, 'spectator');
    await demoWarehouseLoaded(page);
    await page.goto('/wms');
    await page.getByRole('tab', { name: 'Products' }).click();
    await expect(page.getByTestId('products-pages')).toHaveText(/^Page 1 of \d+ \(\d+\)$/);
    await expect(page.getByRole('button', { name: 'Add Product' })).toHaveCount(0);
    const refused = await page.request.post('/api/wms/inventory/receive', {
      data: { facilityId: 'x', productId: 'y', quantity: 1 },
    });
    expect(refused.status()).toBe(403);
  });
});

import { expect, test } from '@playwright/test';
import { signInTo } from './support';
import { apiAs, laterToday, openHub, quarterAfter, shiftTime, zoneWhere } from './checkin-support';

// Receiving from the dock against a PO list (issues #32 and #29): staff turn the PO check on for their
// own new facility and upload its open POs (preview first), a truck booked with one of them is set At
// dock, and WMS Receiving shows that truck at once with its PO's expected lines; receiving one line
// lowers the PO's open quantity, on the truck's panel and in the facility's PO list. Each run makes its
// own facility, product and PO.
test('a truck at the dock shows its PO lines in receiving, and receiving a line lowers the open quantity', async ({
  page,
  baseURL,
}) => {
  test.setTimeout(120_000); // a long journey of real calls on a shared 2-core machine
  const tag = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`.toUpperCase();
  const hub = await openHub(baseURL!, `PO Hub ${tag}`, zoneWhere(laterToday));
  const po = `45${tag}`;
  const sku = `FROOTI-${tag}`;
  const ops = await apiAs(baseURL!, 'operations');
  const product = await ops.post('/api/wms/products', { data: { sku, name: `Frooti 200 ml ${tag}` } });
  expect(product.status()).toBe(201);
  const { id: productId } = (await product.json()) as { id: string };

  // The PO check and the list, on /configuration.
  await signInTo(page, 'operations', '/configuration');
  await page.getByLabel('Facility', { exact: true }).selectOption({ label: hub.name });
  const panel = page.locator('main');
  await panel.getByRole('combobox', { name: 'PO check', exact: true }).selectOption('list');
  await panel.getByRole('button', { name: 'Save PO check' }).click();
  await expect(page.getByText('PO check saved')).toBeVisible();
  await panel.getByLabel('CSV file').setInputFiles({
    name: 'open-pos.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(`po,supplier,sku,quantity\n${po},Parle Agro,${sku},30\n${po},Parle Agro,NOT-IN-WMS-${tag},8\n`),
  });
  await expect(panel.getByTestId('po-preview')).toContainText('2 lines, 1 POs');
  await expect(panel.getByText('No errors. Apply to update the list.')).toBeVisible();
  await panel.getByRole('button', { name: 'Apply' }).click();
  await expect(panel.getByTestId(`po-row-${po}`).getByTestId('po-open')).toHaveText('38');

  // A truck booked with the PO, checked in and set At dock.
  const start = quarterAfter(hub.local().time);
  const booked = await ops.post('/api/appointments', {
    data: {
      facilityId: hub.id,
      carrierId: 'carrier-sahyadri',
      dockDoorId: hub.doors.h1,
      scheduledDate: hub.local().date,
      scheduledTimeStart: start,
      scheduledTimeEnd: shiftTime(start, 60),
      poNumber: po,
      quantity: 38,
    },
  });
  expect(booked.status(), await booked.text()).toBe(201);
  const appointment = (await booked.json()) as { id: string; bookingReference: string };
  const checkin = await ops.post('/api/checkins', {
    data: { appointmentId: appointment.id, driverName: 'Suresh Kumar', vehicleLicense: `MH04${tag}`.slice(0, 10) },
  });
  expect(checkin.status(), await checkin.text()).toBe(201);
  const { id: checkinId } = (await checkin.json()) as { id: string };
  const atDock = await ops.patch(`/api/checkins/${checkinId}/status`, { data: { status: 'at_dock' } });
  expect(atDock.status(), await atDock.text()).toBe(200);
  await ops.dispose();

  // Receiving lists the truck at once; choosing it fills the PO and shows the expected lines.
  await page.goto('/wms/receiving');
  await page.getByLabel('Facility *').selectOption({ label: hub.name });
  const truck = page.getByLabel('Truck at the dock (optional)');
  await expect(truck.locator('option', { hasText: appointment.bookingReference })).toHaveCount(1);
  await truck.selectOption(appointment.id);
  await expect(page.getByLabel('PO number')).toHaveValue(po);
  const expected = page.getByTestId('truck-expected');
  await expect(expected.getByTestId('expected-line')).toHaveCount(2);
  await expect(expected.getByTestId('po-ledger')).toHaveText(`PO ${po}: ordered 38, received 0, open 38`);

  // One line received: 10 of its 30.
  await expected
    .getByTestId('expected-line')
    .filter({ hasText: sku })
    .getByRole('button', { name: 'Receive this line' })
    .click();
  await expect(page.getByLabel('Product *')).toHaveValue(productId);
  await expect(page.getByLabel('Quantity *')).toHaveValue('30');
  await page.getByLabel('Quantity *').fill('10');
  await page.getByRole('button', { name: 'Receive Goods' }).click();
  await expect(expected.getByTestId('po-ledger')).toHaveText(`PO ${po}: ordered 38, received 10, open 28`);
  await expect(expected.getByTestId('expected-line').filter({ hasText: sku }).locator('td').nth(2)).toHaveText('10');

  // The facility's PO list shows the ledger's open quantity dropped.
  await page.goto('/configuration');
  await page.getByLabel('Facility', { exact: true }).selectOption({ label: hub.name });
  await expect(page.getByTestId(`po-row-${po}`).getByTestId('po-open')).toHaveText('28');
});

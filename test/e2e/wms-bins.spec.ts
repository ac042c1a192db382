// Issue #29 on /wms: a hub's bins made from one range (preview, collisions listed before anything is
// written, the tab and the zone filter kept in the URL through a reload), and receiving from a truck
// set At dock: it shows in receiving's list, fills its PO, and the facility stays for the next line.
// Each run makes its own facility, zone, product and truck, so runs repeat on one server.
import { expect, request, test, type APIRequestContext } from '@playwright/test';
import { laterToday, openHub, quarterAfter, zoneWhere } from './checkin-support';
import { PASSWORD, SCREEN_OPENS_MS, signInTo } from './support';

/**
 * Operations' API client, once the stack answers: just after start it is still loading the demo
 * warehouse in the background and may answer 503 for a while.
 */
async function opsApi(baseURL: string): Promise<APIRequestContext> {
  const context = await request.newContext({ baseURL });
  await expect
    .poll(
      async () =>
        (await context.post('/api/auth/login', { data: { identifier: 'operations', password: PASSWORD } })).status(),
      {
        timeout: 120_000,
      },
    )
    .toBe(200);
  return context;
}

const tag = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1296).toString(36)}`;

test.describe('/wms set-up and dock receiving', () => {
  test('120 bins from one range, with a preview; a colliding range lists its codes; reload keeps the place', async ({
    page,
    baseURL,
  }) => {
    test.setTimeout(180_000);
    const run = tag();
    const ops = await opsApi(baseURL!);
    const facility = await (
      await ops.post('/api/facilities', {
        data: {
          name: `Range Hub ${run}`,
          address: 'Plot 7, MIDC Bhiwandi',
          operatingHoursStart: '08:00',
          operatingHoursEnd: '18:00',
        },
      })
    ).json();
    const zoneName = `Pallet Zone ${run}`;
    const zoneRes = await ops.post('/api/wms/zones', {
      data: { facilityId: facility.id, name: zoneName, code: `PZ-${run}`, zoneType: 'storage' },
    });
    expect(zoneRes.status()).toBe(201);
    const zone = await zoneRes.json();
    await ops.dispose();

    await signInTo(page, 'operations', '/wms/bins');
    await expect(page.getByRole('tab', { name: 'Bins' })).toHaveAttribute('aria-selected', 'true', {
      timeout: SCREEN_OPENS_MS,
    });
    await page.getByRole('button', { name: 'Add bins from a range' }).click();
    await page.getByLabel('Zone *').selectOption({ label: `${zoneName} (${facility.name})` });
    const aisles = page.getByRole('group', { name: 'Aisles (letters)' });
    const racks = page.getByRole('group', { name: 'Racks' });
    const levels = page.getByRole('group', { name: 'Levels' });
    await aisles.getByLabel('From').fill('A');
    await aisles.getByLabel('To').fill('C');
    await racks.getByLabel('From').fill('1');
    await racks.getByLabel('To').fill('10');
    await levels.getByLabel('From').fill('0');
    await levels.getByLabel('To').fill('3');
    await page.getByLabel('Capacity').fill('40');
    // 3 aisles x 10 racks x 4 levels, in the default pattern {aisle}-{rack:2}-{level}.
    await expect(page.getByTestId('bin-range-preview')).toContainText('120 bins: A-01-0 … C-10-3');
    await page.getByRole('button', { name: 'Create 120 bins' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Bins created: 120' })).toBeVisible();

    // The list opens on the zone the bins went into, and keeps it through a reload.
    await expect(page).toHaveURL(new RegExp(`/wms/bins\\?zoneId=${zone.id}`));
    await expect(page.getByTestId('bins-pages')).toHaveText('Page 1 of 12 (120)');
    await expect(page.getByRole('cell', { name: 'A-01-0', exact: true })).toBeVisible();
    await page.reload();
    await expect(page.getByRole('tab', { name: 'Bins' })).toHaveAttribute('aria-selected', 'true', {
      timeout: SCREEN_OPENS_MS,
    });
    await expect(page.getByRole('combobox', { name: 'Zone', exact: true })).toHaveValue(zone.id);
    await expect(page.getByTestId('bins-pages')).toHaveText('Page 1 of 12 (120)');

    // A range over codes the zone has: the collisions are listed, nothing is made, the form keeps its values.
    await page.getByRole('button', { name: 'Add bins from a range' }).click();
    await aisles.getByLabel('From').fill('C');
    await aisles.getByLabel('To').fill('D');
    await racks.getByLabel('From').fill('10');
    await levels.getByLabel('From').fill('2');
    await expect(page.getByTestId('bin-range-preview')).toContainText('4 bins: C-10-2 … D-10-3');
    await page.getByRole('button', { name: 'Create 4 bins' }).click();
    await expect(page.getByTestId('bin-range-error')).toHaveText(
      `2 of these bin codes are already used in zone ${zoneName}, so nothing was created: C-10-2, C-10-3`,
    );
    await expect(aisles.getByLabel('To')).toHaveValue('D');
    await page.getByRole('tabpanel').getByRole('button', { name: 'Close' }).click();
    await expect(page.getByTestId('bins-pages')).toHaveText('Page 1 of 12 (120)');
  });

  test('a truck set At dock shows in receiving at once, fills its PO, and the facility stays between lines', async ({
    page,
    baseURL,
  }) => {
    test.setTimeout(180_000);
    const run = tag();
    const ops = await opsApi(baseURL!);
    const hub = await openHub(baseURL!, `Dock Hub ${run}`, zoneWhere(laterToday));
    const now = hub.local();
    const po = `PO-${run}`;
    const booked = await ops.post('/api/appointments', {
      data: {
        facilityId: hub.id,
        carrierId: 'carrier-sahyadri',
        driverId: 'driver-suresh',
        scheduledDate: now.date,
        scheduledTimeStart: quarterAfter(now.time),
        scheduledTimeEnd: quarterAfter(now.time, 60),
        dockDoorId: hub.doors.h1,
        poNumber: po,
        palletCount: 12,
      },
    });
    expect(booked.status()).toBe(201);
    const appointment = await booked.json();
    const checkin = await ops.post('/api/checkins', {
      data: { appointmentId: appointment.id, driverName: 'Suresh Kumar', vehicleLicense: 'MH04AB1234' },
    });
    expect(checkin.status()).toBe(201);
    const checkinId = (await checkin.json()).id;
    const zone = await (
      await ops.post('/api/wms/zones', {
        data: { facilityId: hub.id, name: `Inbound ${run}`, code: `IN-${run}`, zoneType: 'receiving' },
      })
    ).json();
    expect(
      (await ops.post('/api/wms/bins', { data: { zoneId: zone.id, binCode: 'A-01-0', binType: 'pallet' } })).status(),
    ).toBe(201);
    const sku = `SALT-${run}`;
    expect((await ops.post('/api/wms/products', { data: { sku, name: `Tata Salt 1 kg ${run}` } })).status()).toBe(201);

    await signInTo(page, 'operations', '/wms/receiving');
    await expect(page.getByLabel('Facility *')).toBeVisible({ timeout: SCREEN_OPENS_MS });
    await page.getByLabel('Facility *').selectOption({ label: hub.name });
    await expect(page.getByText("No truck is at this facility's dock right now.")).toBeVisible();

    expect((await ops.patch(`/api/checkins/${checkinId}/status`, { data: { status: 'at_dock' } })).status()).toBe(200);
    await ops.dispose();

    // Back to receiving: the list is read again, not taken from what was seen before.
    await page.getByRole('tab', { name: 'Dashboard' }).click();
    await page.getByRole('tab', { name: 'Receiving' }).click();
    await page.getByLabel('Facility *').selectOption({ label: hub.name });
    const truck = page.getByLabel('Truck at the dock (optional)');
    await expect(truck.locator('option', { hasText: appointment.bookingReference })).toHaveText(
      `${appointment.bookingReference} · At dock · Sahyadri Roadways MH04AB1234 · door H1`,
    );
    await truck.selectOption({
      label: `${appointment.bookingReference} · At dock · Sahyadri Roadways MH04AB1234 · door H1`,
    });
    await expect(page.getByLabel('PO number')).toHaveValue(po);
    await expect(page.getByTestId('truck-expected')).toContainText(`PO ${po} (filled in below)`);
    await expect(page.getByTestId('truck-expected')).toContainText('Pallets: 12');
    await expect(page.getByTestId('truck-expected')).toContainText('The booking carries no product lines');

    await page.getByLabel('Find product (SKU, barcode or name)').fill(sku);
    await page.getByLabel('Product *').selectOption({ label: `Tata Salt 1 kg ${run} (${sku})` });
    await page.getByLabel('Bin').selectOption({ label: `A-01-0 (Inbound ${run})` });
    await page.getByLabel('Quantity *').fill('5');
    await page.getByRole('button', { name: 'Receive Goods' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Goods received successfully' })).toBeVisible();
    await expect(page.getByText(`5 × Tata Salt 1 kg ${run} (${sku}) → A-01-0`)).toBeVisible();
    // The next line: same facility, truck and PO; the line's own fields are cleared.
    await expect(page.getByLabel('Facility *')).toHaveValue(hub.id);
    await expect(truck).toHaveValue(appointment.id);
    await expect(page.getByLabel('PO number')).toHaveValue(po);
    await expect(page.getByLabel('Quantity *')).toHaveValue('1');
    await expect(page.getByLabel('Product *')).toHaveValue('');
  });
});

import { expect, test } from '@playwright/test';
import { indiaDate } from './dates';
import { signIn, sidebarItems } from './support';
import { appointmentRequests, FAKE_CREDENTIALS, startFakeTms, type FakeTms } from '../support/fake-tms';

// The admin's journey against a fake TMS on loopback (the local stack allows loopback): add a system,
// test its connection, add an endpoint and a webhook subscription, trigger a sync, and see the sync
// log and the monitoring figures change; the sync's bookings reach the subscription, signed.
let tms: FakeTms;
test.beforeAll(async () => {
  tms = await startFakeTms();
});
test.afterAll(async () => {
  await tms.close();
});

test.describe('/integrations', () => {
  test('an admin adds a system, tests it, subscribes a webhook, syncs, and sees the log and figures change', async ({
    page,
  }, testInfo) => {
    test.setTimeout(90_000); // a long journey of real calls on a shared 2-core machine
    const run = `${testInfo.repeatEachIndex}-${Date.now() % 100000}`;
    tms.state.records = appointmentRequests(indiaDate(2), 2, `E2E${run}`);
    await signIn(page, 'admin');
    await page.getByRole('navigation', { name: 'Sidebar' }).getByRole('link', { name: 'Integrations' }).click();
    await expect(page.getByRole('heading', { name: 'Integrations', level: 1 })).toBeVisible();
    await expect(page.getByText('Select a system to view details')).toBeVisible();

    // Add System: the required fields, the default frequency, then the inbound secret shown once.
    await page.getByRole('button', { name: 'Add System' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add System' });
    await expect(dialog.getByLabel('Sync frequency (seconds)')).toHaveValue('300');
    await dialog.getByRole('button', { name: 'Add System' }).click();
    await expect(dialog.getByText('System name is required')).toBeVisible();
    await expect(dialog.getByText('Base URL is required')).toBeVisible();
    const name = `Journey TMS ${run}`;
    await dialog.getByLabel('System name *').fill(name);
    await dialog.getByLabel('System type *').selectOption('TMS');
    await dialog.getByLabel('Base URL *').fill(`${tms.url}/health`);
    await dialog.getByLabel('Authentication type *').selectOption('API_KEY');
    await dialog.getByLabel('API key *').fill(FAKE_CREDENTIALS.apiKey);
    await dialog.getByRole('button', { name: 'Add System' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'External system created successfully' })).toBeVisible({
      timeout: 15_000,
    });
    const secret = page.getByRole('dialog', { name: 'Inbound webhook secret' });
    await expect(secret.getByText(/^whsec_/)).toBeVisible();
    await secret.getByRole('button', { name: 'Done' }).click();

    // The new system is selected: test its connection.
    await expect(page.getByRole('heading', { name, level: 2 })).toBeVisible();
    await page.getByRole('button', { name: 'Test Connection' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Connection test successful' })).toBeVisible({
      timeout: 15_000,
    });

    // Endpoints: what a sync pulls. The base URL points at /health, so the endpoint path goes up from it.
    await page.getByRole('button', { name: 'Edit' }).click();
    const editDialog = page.getByRole('dialog', { name: 'Edit System' });
    await editDialog.getByLabel('Base URL *').fill(tms.url);
    await editDialog.getByRole('button', { name: 'Save' }).click();
    await expect(editDialog).toBeHidden();
    await page.getByRole('tab', { name: 'Endpoints' }).click();
    await expect(page.getByText('No endpoints yet')).toBeVisible();
    const endpointForm = page.getByRole('form', { name: 'Add Endpoint' });
    await endpointForm.getByLabel('Name *').fill('Appointment requests');
    await endpointForm.getByLabel('Path *').fill('/appointment-requests');
    await endpointForm.getByRole('button', { name: 'Add Endpoint' }).click();
    await expect(page.getByRole('list', { name: 'Endpoints' }).getByText('GET /appointment-requests')).toBeVisible();

    // Webhooks: a subscription to new appointments, its signing secret shown once.
    await page.getByRole('tab', { name: 'Webhooks' }).click();
    const webhookForm = page.getByRole('form', { name: 'Add Webhook' });
    await webhookForm.getByLabel('Event type *').selectOption('appointment.created');
    await webhookForm.getByLabel('Webhook URL *').fill(`${tms.url}/webhooks`);
    await webhookForm.getByRole('button', { name: 'Add Webhook' }).click();
    const signing = page.getByTestId('secret-Signing secret');
    await expect(signing).toHaveText(/^whsec_/);
    tms.state.webhookSecret = await signing.textContent();
    await expect(page.getByRole('list', { name: 'Webhooks' }).getByText(`${tms.url}/webhooks`)).toBeVisible();

    // Monitoring before and after a sync.
    await page.getByRole('tab', { name: 'Monitoring' }).click();
    await expect(page.getByTestId('system-sync-count')).toHaveText('0');
    const successful = page
      .getByRole('definition')
      .filter({ hasText: /^\d+\/\d+$/ })
      .nth(1);
    const [doneBefore, totalBefore] = (await successful.textContent())!.split('/').map(Number);
    tms.state.webhooks = [];
    await page.getByRole('button', { name: 'Trigger Sync' }).click();
    // A real sync: three pages from the TMS, two bookings; on a loaded machine it takes seconds.
    await expect(page.getByRole('status').filter({ hasText: 'Sync triggered successfully' })).toContainText(
      'SUCCESS: 3 / 2 / 1',
      { timeout: 25_000 },
    );
    await expect(page.getByTestId('system-sync-count')).toHaveText('1');
    await expect(successful).toHaveText(`${doneBefore! + 1}/${totalBefore! + 1}`);

    await page.getByRole('tab', { name: 'Sync Logs' }).click();
    const row = page.getByRole('table', { name: 'Sync Logs' }).getByRole('row').nth(1);
    await expect(row).toContainText('SUCCESS');
    await expect(row.getByTestId('log-records')).toHaveText('3 / 2 / 1');
    await expect(row).toContainText(`E2E${run}-BAD`);

    // The two bookings reach the subscription, verified with the reference library.
    await expect
      .poll(
        () =>
          tms.state.webhooks.filter((w) => w.verified && String(w.payload?.data?.appointmentId ?? '') !== '').length,
        { timeout: 15_000 },
      )
      .toBeGreaterThanOrEqual(2);
  });

  test('an operations user gets no Integrations link and a 403 from the API', async ({ page }) => {
    await signIn(page, 'operations');
    expect(await sidebarItems(page)).not.toContain('Integrations');
    const res = await page.request.get('/api/integrations/systems');
    expect(res.status()).toBe(403);
  });
});

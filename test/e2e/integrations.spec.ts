import { expect, test } from '@playwright/test';
import { indiaDate } from './dates';
import { SCREEN_OPENS_MS, sidebarItems, signIn, signInTo } from './support';
import { apiAs } from './checkin-support';
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

/**
 * Deletes the run's system with its schedule, endpoints and webhooks. A system left behind syncs every
 * 300 s for as long as the server runs: its bookings would reach the next runs' webhook subscriptions
 * (a stray delivery in a journey that counts them) and move the monitoring figures they compare.
 */
async function deleteSystemNamed(baseURL: string, name: string) {
  const admin = await apiAs(baseURL, 'admin');
  const systems = (await (await admin.get('/api/integrations/systems')).json()) as { id: string; name: string }[];
  for (const system of systems.filter((s) => s.name === name))
    expect((await admin.delete(`/api/integrations/systems/${system.id}`)).status()).toBe(204);
  await admin.dispose();
}

test.describe('/integrations', () => {
  test('an admin adds a system, tests it, subscribes a webhook, syncs, and sees the log and figures change', async ({
    page,
    baseURL,
  }, testInfo) => {
    test.setTimeout(90_000); // a long journey of real calls on a shared 2-core machine
    const run = `${testInfo.repeatEachIndex}-${Date.now() % 100000}`;
    const name = `Journey TMS ${run}`;
    try {
      tms.state.records = appointmentRequests(indiaDate(2), 2, `E2E${run}`);
      await signIn(page, 'admin');
      await page.getByRole('navigation', { name: 'Sidebar' }).getByRole('link', { name: 'Integrations' }).click();
      await expect(page.getByRole('heading', { name: 'Integrations', level: 1 })).toBeVisible({
        timeout: SCREEN_OPENS_MS,
      });
      await expect(page.getByText('Select a system to view details')).toBeVisible();

      // Add System: the required fields, the default frequency, then the inbound secret shown once.
      await page.getByRole('button', { name: 'Add System' }).click();
      const dialog = page.getByRole('dialog', { name: 'Add System' });
      await expect(dialog.getByLabel('Sync frequency (seconds)')).toHaveValue('300');
      await dialog.getByRole('button', { name: 'Add System' }).click();
      await expect(dialog.getByText('System name is required')).toBeVisible();
      await expect(dialog.getByText('Base URL is required')).toBeVisible();
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
    } finally {
      await deleteSystemNamed(baseURL!, name);
    }
  });

  test('a webhook failing with 401 says to check the signing secret, and a resend succeeds once the secret is fixed', async ({
    page,
    baseURL,
  }, testInfo) => {
    test.setTimeout(90_000);
    // A receiver of this run's own, verifying with its own secret (whsec_ + base64 of 24 bytes).
    const run = `${testInfo.repeatEachIndex}-${Date.now() % 100000}`;
    const receiverSecret = `whsec_${Buffer.from(`receiver-secret-${run}`.padEnd(24, '.').slice(0, 24)).toString('base64')}`;
    const mistyped = `whsec_${Buffer.from('a-mistyped-signing-key!!').toString('base64')}`;
    const receiver = await startFakeTms({ webhookSecret: receiverSecret });
    const name = `Webhook TMS ${run}`;
    try {
      await signInTo(page, 'admin', '/integrations');
      await page.getByRole('button', { name: 'Add System' }).click();
      const dialog = page.getByRole('dialog', { name: 'Add System' });
      await dialog.getByLabel('System name *').fill(name);
      await dialog.getByLabel('System type *').selectOption('TMS');
      await dialog.getByLabel('Base URL *').fill(receiver.url);
      await dialog.getByLabel('Authentication type *').selectOption('API_KEY');
      await dialog.getByLabel('API key *').fill(FAKE_CREDENTIALS.apiKey);
      await dialog.getByRole('button', { name: 'Add System' }).click();
      await page.getByRole('dialog', { name: 'Inbound webhook secret' }).getByRole('button', { name: 'Done' }).click();
      await expect(page.getByRole('heading', { name, level: 2 })).toBeVisible();

      // A subscription whose secret was mistyped: a malformed one is refused under its field first.
      await page.getByRole('tab', { name: 'Webhooks' }).click();
      const form = page.getByRole('form', { name: 'Add Webhook' });
      await form.getByLabel('Webhook URL *').fill(`${receiver.url}/webhooks`);
      await form.getByLabel('Signing secret').fill('letmein');
      await form.getByRole('button', { name: 'Add Webhook' }).click();
      await expect(form.getByText('A signing secret is whsec_ followed by base64 of 24 to 64 bytes')).toBeVisible();
      await expect(form.getByLabel('Webhook URL *')).toHaveValue(`${receiver.url}/webhooks`);
      await form.getByLabel('Signing secret').fill(mistyped);
      await form.getByRole('button', { name: 'Add Webhook' }).click();
      await expect(page.getByTestId('secret-Signing secret')).toHaveText(mistyped);
      await page.getByRole('button', { name: 'Done' }).click();

      // Send test event: the receiver refuses the signature, and the subscription says what to do.
      const card = page.getByRole('listitem', { name: `appointment.created ${receiver.url}/webhooks` });
      await card.getByRole('button', { name: 'Send test event' }).click();
      await expect(card.getByRole('status')).toHaveText(
        'Not delivered: 401 from the receiver: check the signing secret',
        { timeout: 15_000 },
      );
      await expect(card.getByTestId('webhook-failure')).toHaveText(
        '401 from the receiver: check the signing secret · 1 failed in a row',
      );
      await expect(card.getByText('Failing', { exact: true })).toBeVisible();
      await card.getByRole('button', { name: 'Delivery log' }).click();
      const log = card.getByRole('table', { name: 'Delivery log' });
      await expect(log.getByRole('row')).toHaveCount(2);
      await expect(log.getByRole('row').nth(1)).toContainText('test');
      await expect(log.getByRole('row').nth(1).getByTestId('delivery-status')).toHaveText('401');
      await expect(log.getByRole('row').nth(1)).toContainText('check the signing secret');

      // Fix the secret, then resend the logged delivery: the same message, now verified.
      await card.getByRole('button', { name: 'Edit' }).click();
      const edit = card.getByRole('form', { name: 'Edit webhook appointment.created' });
      await edit.getByLabel('Signing secret').fill(receiverSecret);
      await edit.getByRole('button', { name: 'Save' }).click();
      await expect(edit).toBeHidden();
      await log
        .getByRole('row')
        .nth(1)
        .getByRole('button', { name: /^Resend/ })
        .click();
      await expect(card.getByRole('status')).toHaveText(/^Delivered: 204 in \d+ ms$/, { timeout: 15_000 });
      await expect(log.getByRole('row')).toHaveCount(3);
      await expect(log.getByRole('row').nth(1).getByTestId('delivery-status')).toHaveText('204');
      await expect(log.getByRole('row').nth(1)).toContainText('2 · resend');
      await expect(card.getByTestId('webhook-failure')).toBeHidden();
      await expect(card.getByText('Delivering', { exact: true })).toBeVisible();
      const received = receiver.state.webhooks;
      expect(received.map((w) => w.verified)).toEqual([false, true]);
      expect(received[1]!.headers['webhook-id']).toBe(received[0]!.headers['webhook-id']);
    } finally {
      await deleteSystemNamed(baseURL!, name);
      await receiver.close();
    }
  });

  test('an operations user gets no Integrations link and a 403 from the API', async ({ page }) => {
    await signIn(page, 'operations');
    expect(await sidebarItems(page)).not.toContain('Integrations');
    const res = await page.request.get('/api/integrations/systems');
    expect(res.status()).toBe(403);
  });
});

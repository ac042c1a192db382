import { expect, test } from '@playwright/test';
import { signIn } from './support';

test.describe('Messaging Center', () => {
  // The first sign-in after the server starts also loads the handlers: done once before the journeys.
  test.beforeAll(async ({ request }) => {
    expect((await request.post('/api/auth/login', { data: { identifier: 'spectator', password: 'Demo@12345' }, timeout: 60_000 })).status()).toBe(200);
  });

  test('an operations user sends a Hindi WhatsApp + SMS notification from a template and finds both in the message log', async ({ page }) => {
    test.setTimeout(60_000);
    // A number of its own per run, so the 60-second duplicate guard never joins two runs.
    const digits = `98${String(Date.now() % 1e8).padStart(8, '0')}`;
    await signIn(page, 'operations');
    await page.getByRole('button', { name: 'Messaging Center' }).click();
    const dialog = page.getByRole('dialog', { name: 'Multi-Channel Notification Center' });
    await expect(dialog).toBeVisible();

    await dialog.getByLabel('Phone number').fill(`0${digits}`);
    await dialog.getByRole('checkbox', { name: 'WhatsApp' }).check();
    await expect(dialog.getByRole('checkbox', { name: 'SMS' })).toBeChecked();
    await dialog.getByLabel('Language').selectOption('hi');
    await dialog.getByLabel('Quick Templates').selectOption('dock_assigned');
    const message = dialog.getByLabel('Custom Message');
    await expect(message).toHaveValue('डॉक {dock} आवंटित! कृपया लोडिंग/अनलोडिंग के लिए आगे बढ़ें।');
    await message.fill('डॉक D04 आवंटित! कृपया लोडिंग/अनलोडिंग के लिए आगे बढ़ें।');
    await dialog.getByRole('button', { name: 'Send Multi-Channel Notification' }).click();

    await expect(dialog.getByRole('status').filter({ hasText: 'Notification Sent' })).toContainText('Multi-channel notification sent successfully', { timeout: 15_000 });
    await expect(dialog.getByLabel('Phone number')).toHaveValue('');
    await expect(message).toHaveValue('');
    const log = dialog.getByRole('list', { name: 'Message Log' });
    const entries = log.getByTestId('message-log-entry').filter({ hasText: `+91${digits}` });
    await expect(entries).toHaveCount(2);
    await expect(entries.filter({ hasText: 'WhatsApp' })).toContainText('Sent');
    await expect(entries.filter({ hasText: 'SMS' })).toContainText('dock_assigned · hi');
    await expect(entries.first()).toContainText('डॉक D04 आवंटित!');
    await expect(dialog.getByTestId('status-sms')).toContainText('Configured');
  });

  test('a template left with a blank placeholder is refused with the reason, and nothing is sent', async ({ page }) => {
    await signIn(page, 'operations');
    await page.getByRole('button', { name: 'Messaging Center' }).click();
    const dialog = page.getByRole('dialog', { name: 'Multi-Channel Notification Center' });
    await dialog.getByLabel('Phone number').fill('+91 98123 45678');
    await dialog.getByRole('button', { name: 'Use Template: Appointment Confirmed' }).click();
    await dialog.getByRole('button', { name: 'Send Multi-Channel Notification' }).click();
    await expect(dialog.getByRole('alert').filter({ hasText: 'Send Failed' })).toContainText('Failed to send notification');
    await expect(dialog.getByTestId('messaging-problem')).toHaveText('SMS: Fill in {date} before sending');
    await expect(dialog.getByLabel('Custom Message')).toHaveValue('Your appointment is confirmed for {date} at {time}. Dock: {dock}.');
  });

  test('a spectator does not see the Messaging Center, and the API refuses them', async ({ page }) => {
    await signIn(page, 'spectator');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Messaging Center' })).toHaveCount(0);
    const refused = await page.request.post('/api/notifications/send', { data: { to: '+919812345678', message: 'x', channels: ['sms'] } });
    expect(refused.status()).toBe(403);
  });
});

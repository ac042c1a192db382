import { expect, test, type APIRequestContext } from '@playwright/test';
import { sentTo, signIn, signInTo } from './support';
import { apiAs, openHub } from './checkin-support';
import { indiaDate, shownDay } from './dates';
import { addDays } from '../../shared/time';
import { HUB_TEMPLATES } from '../../shared/contracts/messaging';

/** A new hub of its own per run (signed up and verified through the API): no DLT registration yet. */
async function newHub(request: APIRequestContext) {
  const tag = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
  const email = `dlt.${tag}@hubfreight.in`;
  const password = 'Dlt2026hub';
  const signup = await request.post('/api/signup', {
    data: {
      companyName: `DLT Freight ${tag}`,
      firstName: 'Anil',
      lastName: 'Desai',
      email,
      phoneNumber: `9${String(Date.now()).slice(-9)}`,
      password,
      facilityName: `DLT Hub ${tag}`,
      facilityCity: 'Pune',
      facilityState: 'Maharashtra',
      dockDoors: 4,
    },
  });
  expect(signup.status(), await signup.text()).toBe(201);
  let code: string | undefined;
  await expect
    .poll(async () => {
      const messages = await sentTo(request, email);
      code = /code is (\d{6})/.exec(messages.find((m) => m.to === email)?.body ?? '')?.[1];
      return Boolean(code);
    })
    .toBe(true);
  expect((await request.post('/api/signup/verify', { data: { email, code } })).status()).toBe(200);
  return { email, password };
}

test.describe('Messaging Center', () => {
  // The first sign-in after the server starts also loads the handlers: done once before the journeys.
  test.beforeAll(async ({ request }) => {
    expect(
      (
        await request.post('/api/auth/login', {
          data: { identifier: 'spectator', password: 'Demo@12345' },
          timeout: 60_000,
        })
      ).status(),
    ).toBe(200);
  });

  test('an operations user sends a Hindi WhatsApp + SMS notification from a template and finds both in the message log', async ({
    page,
  }) => {
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

    await expect(dialog.getByRole('status').filter({ hasText: 'Notification Sent' })).toContainText(
      'Multi-channel notification sent successfully',
      { timeout: 15_000 },
    );
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

  test('an SMS whose template has a blank placeholder or whose text is free is refused before sending, with the reason under its field', async ({
    page,
  }) => {
    const digits = `96${String(Date.now() % 1e8).padStart(8, '0')}`;
    await signIn(page, 'operations');
    await page.getByRole('button', { name: 'Messaging Center' }).click();
    const dialog = page.getByRole('dialog', { name: 'Multi-Channel Notification Center' });
    await dialog.getByLabel('Phone number').fill(digits);
    const sends: string[] = [];
    page.on('request', (r) => {
      if (r.url().endsWith('/api/notifications/send')) sends.push(r.url());
    });
    // Free text by SMS: a registered template is asked for.
    await dialog.getByLabel('Custom Message').fill('Gate 2 is closed today');
    await dialog.getByRole('button', { name: 'Send Multi-Channel Notification' }).click();
    await expect(dialog.getByLabel('Quick Templates')).toHaveAccessibleDescription(
      'Choose one of your registered templates for SMS',
    );
    // A template with its placeholders left blank: the reason stands under the message.
    await dialog.getByRole('button', { name: 'Use Template: Appointment Confirmed', exact: true }).click();
    await dialog.getByRole('button', { name: 'Send Multi-Channel Notification' }).click();
    await expect(dialog.getByLabel('Custom Message')).toHaveAccessibleDescription('Fill in {date} before sending');
    await expect(dialog.getByLabel('Custom Message')).toHaveValue(
      'Your appointment is confirmed for {date} at {time}. Dock: {dock}.',
    );
    expect(sends).toEqual([]);
    await expect(dialog.getByTestId('message-log-entry').filter({ hasText: `+91${digits}` })).toHaveCount(0);
  });

  test('a new hub enters its DLT registration; for SMS the Messaging Center offers only the templates it registered, in their languages', async ({
    page,
    request,
  }) => {
    test.setTimeout(90_000);
    const hub = await newHub(request);
    await signInTo(page, hub.email, '/configuration', hub.password);
    const status = page.getByTestId('dlt-status');
    await expect(status).toHaveText(
      'No DLT registration: no SMS is sent until you enter your DLT entity ID, sender header and the DLT template ID of each template you send.',
      { timeout: 20_000 },
    );

    // Wrong formats: refused under their fields, nothing saved.
    await page.getByLabel('DLT entity ID').fill('12011600000');
    await page.getByLabel('Sender header').fill('DK2');
    await page.getByRole('button', { name: 'Save messaging settings' }).click();
    await expect(page.getByLabel('DLT entity ID')).toHaveAccessibleDescription('The DLT entity ID must be 19 digits');
    await expect(page.getByLabel('Sender header')).toHaveAccessibleDescription(
      'The sender header must be 6 letters (A-Z)',
    );
    await expect(status).toContainText('No DLT registration');

    // The hub's own ids, with Dock Assigned registered in English only.
    await page.getByLabel('DLT entity ID').fill('1201160000000054321');
    await page.getByLabel('Sender header').fill('dkhubt');
    await page.getByLabel('Dock Assigned: DLT template ID (English)').fill('1207160000000010200');
    await page.getByRole('button', { name: 'Save messaging settings' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Messaging settings saved' })).toBeVisible();
    await expect(status).toHaveText(
      'Every SMS carries these IDs from your DLT registration. A template without its DLT template ID is not sent by SMS.',
    );
    await expect(page.getByLabel('Sender header')).toHaveValue('DKHUBT');

    // For SMS the Messaging Center offers only what is registered: Dock Assigned, in English only.
    const digits = `97${String(Date.now() % 1e8).padStart(8, '0')}`;
    await page.goto('/');
    await page.getByRole('button', { name: 'Messaging Center' }).click();
    const dialog = page.getByRole('dialog', { name: 'Multi-Channel Notification Center' });
    const templates = dialog.getByLabel('Quick Templates');
    await expect(templates.locator('option')).toHaveText(['Select a template', 'Dock Assigned']);
    await expect(templates).toHaveAccessibleDescription(
      'SMS carries only your hub’s registered (DLT) templates: the list shows those registered in English.',
    );
    await dialog.getByLabel('Phone number').fill(digits);
    await dialog.getByLabel('Language').selectOption('hi');
    await expect(templates.locator('option')).toHaveText(['Select a template']);
    await expect(templates).toHaveAccessibleDescription(
      'No template is registered for SMS in Hindi yet: add DLT template IDs under Configuration, Messaging providers, or send on another channel.',
    );
    // Its Hindi text chosen from the list below is refused before sending, saying why.
    await dialog.getByRole('button', { name: 'Use Template: Dock Assigned', exact: true }).click();
    await dialog.getByRole('button', { name: 'Send Multi-Channel Notification' }).click();
    await expect(templates).toHaveAccessibleDescription(
      '"Dock Assigned" is not registered for SMS in Hindi: choose a registered template, or add its DLT template ID under Configuration, Messaging providers.',
    );
    const entry = dialog.getByTestId('message-log-entry').filter({ hasText: `+91${digits}` });
    await expect(entry).toHaveCount(0);
    // Without SMS, every template is offered again (WhatsApp, for instance).
    await dialog.getByRole('checkbox', { name: 'SMS' }).uncheck();
    await expect(templates.locator('option')).toHaveCount(HUB_TEMPLATES.length + 1);
    await dialog.getByRole('checkbox', { name: 'SMS' }).check();

    // The text in English goes out.
    await dialog.getByLabel('Language').selectOption('en');
    await templates.selectOption('dock_assigned');
    await dialog.getByLabel('Custom Message').fill('Dock D04 assigned! Please proceed for loading/unloading.');
    await dialog.getByRole('button', { name: 'Send Multi-Channel Notification' }).click();
    await expect(dialog.getByRole('status').filter({ hasText: 'Notification Sent' })).toBeVisible({ timeout: 15_000 });
    await expect(entry.filter({ hasText: 'dock_assigned · en' })).toContainText('Sent');
  });

  test('the demo hub’s DLT registration is shown as demo only', async ({ page }) => {
    await signInTo(page, 'admin', '/configuration');
    await expect(page.getByTestId('dlt-status')).toHaveText(
      'Demo only: this hub uses the local demo’s stand-in registration (entity ID 0000000000000000000, header DSDEMO). These IDs are not registered with any operator; SMS with them reach only the local outbox. Enter your own DLT IDs below to send real SMS.',
      { timeout: 20_000 },
    );
    await expect(page.getByLabel('DLT entity ID')).toHaveValue('');
  });

  test("an appointment's driver gets the template filled from the appointment, and what it cannot fill is named before sending", async ({
    page,
    request,
    baseURL,
  }) => {
    test.setTimeout(120_000);
    // Prepare: the run's own carrier, driver (English, SMS), facility and a booking at its door H1 tomorrow.
    const tag = `${Date.now().toString(36).slice(-5)}${Math.floor(Math.random() * 1296).toString(36)}`;
    const phone = `96${String(parseInt(tag, 36) % 1e8).padStart(8, '0')}`;
    const ops = await apiAs(baseURL!, 'operations');
    const carrier = await ops.post('/api/carriers', { data: { name: `Fill Roadways ${tag}`, serviceTypes: ['FTL'] } });
    expect(carrier.status(), await carrier.text()).toBe(201);
    const carrierId = ((await carrier.json()) as { id: string }).id;
    const driver = await ops.post('/api/drivers', {
      data: { carrierId, name: `Mohan ${tag}`, phone, licenseNumber: `GJ01${tag.toUpperCase()}` },
    });
    expect(driver.status(), await driver.text()).toBe(201);
    const hub = await openHub(baseURL!, `Fill Hub ${tag}`, 'Asia/Kolkata');
    const date = addDays(indiaDate(), 1);
    const booked = await ops.post('/api/appointments', {
      data: {
        facilityId: hub.id,
        carrierId,
        driverId: ((await driver.json()) as { id: string }).id,
        dockDoorId: hub.doors.h1,
        scheduledDate: date,
        scheduledTimeStart: '10:00',
        scheduledTimeEnd: '10:15',
        loadType: 'inbound',
      },
    });
    expect(booked.status(), await booked.text()).toBe(201);
    const { bookingReference } = (await booked.json()) as { bookingReference: string };

    // Act: the appointment's driver, a template the appointment cannot fill, then one it can.
    await signIn(page, 'operations');
    await page.getByRole('button', { name: 'Messaging Center' }).click();
    const dialog = page.getByRole('dialog', { name: 'Multi-Channel Notification Center' });
    await dialog.getByRole('radio', { name: 'An appointment’s driver' }).check();
    await dialog
      .getByLabel('Appointment', { exact: true })
      .selectOption({ label: `${shownDay(date)} 10:00 · Mohan ${tag} · ${bookingReference}` });
    await expect(dialog.getByTestId('driver-reach')).toHaveText('Reached by SMS, in English');
    await dialog.getByLabel('Quick Templates').last().selectOption({ label: 'Delay Alert' });
    const send = dialog.getByRole('button', { name: 'Send to driver' });

    // Assess: named before sending, and nothing can be sent.
    await expect(dialog.getByText('Cannot be filled from the chosen recipient: {delay}, {newTime}')).toBeVisible();
    await expect(send).toBeDisabled();
    await dialog.getByLabel('Quick Templates').last().selectOption({ label: 'Dock Assigned' });
    await expect(dialog.getByTestId('driver-message-preview')).toHaveText(
      'Dock H1 assigned! Please proceed for loading/unloading.',
    );
    await send.click();
    await expect(page.getByText('Message sent via SMS')).toBeVisible();
    await expect
      .poll(async () => {
        const outbox = await sentTo(request, `+91${phone}`);
        return outbox
          .filter((m) => m.to === `+91${phone}` && m.body.startsWith('Dock'))
          .map((m) => `${m.channel}: ${m.body}`);
      })
      .toEqual(['sms: Dock H1 assigned! Please proceed for loading/unloading.']);
    await ops.dispose();
  });

  test('a spectator does not see the Messaging Center, and the API refuses them', async ({ page }) => {
    await signIn(page, 'spectator');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Messaging Center' })).toHaveCount(0);
    const refused = await page.request.post('/api/notifications/send', {
      data: { to: '+919812345678', message: 'x', channels: ['sms'] },
    });
    expect(refused.status()).toBe(403);
  });
});

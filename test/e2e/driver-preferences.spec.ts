// Issue #29.3: a driver chooses in the driver app how they are messaged (Hindi, WhatsApp first), and
// the next message to them is Hindi on WhatsApp, with no SMS copy. Each run makes its own carrier,
// driver record and driver account (names and number carry the run's tag).
import { expect, test, type APIRequestContext } from '@playwright/test';
import { sentTo, signIn, whenNotBusy } from './support';
import { apiAs } from './checkin-support';
import { approve, register } from './accounts';

test.describe.configure({ timeout: 120_000 });

const PASSWORD = 'Driver#Reach2026';
const tagOf = () => `${Date.now().toString(36).slice(-5)}${Math.floor(Math.random() * 36 ** 2).toString(36)}`;

interface Run {
  tag: string;
  phone: string;
  carrierId: string;
  driverId: string;
}

/** The run's carrier and its driver (English on SMS, as every new driver starts). */
async function newDriver(baseURL: string): Promise<Run> {
  const tag = tagOf();
  const phone = `97${String(parseInt(tag, 36) % 1e8).padStart(8, '0')}`;
  const ops = await apiAs(baseURL, 'operations');
  const carrier = await whenNotBusy(() =>
    ops.post('/api/carriers', { data: { name: `Reach Roadways ${tag}`, serviceTypes: ['FTL'] } }),
  );
  expect(carrier.status(), await carrier.text()).toBe(201);
  const carrierId = ((await carrier.json()) as { id: string }).id;
  const driver = await whenNotBusy(() =>
    ops.post('/api/drivers', {
      data: { carrierId, name: `सुनील ${tag}`, phone, licenseNumber: `RJ14${tag.toUpperCase()}` },
    }),
  );
  expect(driver.status(), await driver.text()).toBe(201);
  const driverId = ((await driver.json()) as { id: string }).id;
  await ops.dispose();
  return { tag, phone, carrierId, driverId };
}

/** A driver's registration, approved as the run's driver record; the account's e-mail. */
async function driverAccount(baseURL: string, request: APIRequestContext, run: Run): Promise<string> {
  const email = `reach.${run.tag}@example.in`;
  await register(request, {
    email,
    password: PASSWORD,
    firstName: 'Sunil',
    lastName: 'Meena',
    driverLicense: `RJ14-${run.tag}`,
  });
  await approve(baseURL, email, { role: 'driver', carrierId: run.carrierId, driverId: run.driverId });
  return email;
}

test('a driver sets Hindi and WhatsApp first in the driver app: the next message is Hindi on WhatsApp', async ({
  page,
  request,
  baseURL,
}) => {
  // Prepare
  const run = await newDriver(baseURL!);
  const email = await driverAccount(baseURL!, request, run);
  await signIn(page, email, PASSWORD);
  const card = page.getByRole('region', { name: 'How we message you' });
  // The card shows the driver's choice; its button opens the form.
  await expect(card.getByTestId('message-preferences-now')).toHaveText('Now: messages in English, on SMS.', {
    timeout: 20_000,
  });
  await card.getByRole('button', { name: 'Change how we message you' }).click();
  await expect(card.getByLabel('Language of my messages')).toBeVisible({ timeout: 20_000 });

  // Act: Hindi, WhatsApp ticked and moved above SMS, saved.
  await card.getByLabel('Language of my messages').selectOption('hi');
  await card.getByRole('checkbox', { name: 'WhatsApp' }).check();
  await card.getByRole('button', { name: 'Move WhatsApp up' }).click();
  await card.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Preferences saved')).toBeVisible({ timeout: 20_000 });
  const ops = await apiAs(baseURL!, 'operations');
  const sent = await whenNotBusy(() =>
    ops.post('/api/messaging/driver-messages', {
      data: {
        recipient: { kind: 'driver', carrierId: run.carrierId, driverId: run.driverId },
        templateKey: 'loading_complete',
      },
    }),
  );

  // Assess
  expect(sent.status(), await sent.text()).toBe(200);
  expect(await sent.json()).toMatchObject({ sentOn: 'whatsapp', language: 'hi' });
  await expect
    .poll(async () => {
      const outbox = await sentTo(request, `+91${run.phone}`);
      return outbox.filter((m) => m.to === `+91${run.phone}`).map((m) => `${m.channel}: ${m.body}`);
    })
    .toEqual(['whatsapp: लोडिंग/अनलोडिंग पूरी! कृपया दस्तावेज़ लें और बाहर निकलें।']);
  // The saved choice is what the driver app shows after a reload.
  await page.reload();
  await expect(card.getByTestId('message-preferences-now')).toHaveText(
    'Now: messages in हिंदी (Hindi), on WhatsApp, SMS.',
    { timeout: 20_000 },
  );
  await card.getByRole('button', { name: 'Change how we message you' }).click();
  await expect(card.getByLabel('Language of my messages')).toHaveValue('hi', { timeout: 20_000 });
  await expect(card.getByRole('listitem').first()).toContainText('WhatsApp');
  await ops.dispose();
});

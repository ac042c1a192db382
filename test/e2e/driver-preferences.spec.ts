// Issue #29.3: a driver chooses in the driver app how they are messaged (Hindi, WhatsApp first), and
// the next message to them is Hindi on WhatsApp, with no SMS copy. Each run makes its own carrier,
// driver record and driver account (names and number carry the run's tag).
import { expect, test, type APIRequestContext, type APIResponse } from '@playwright/test';
import { signIn } from './support';
import { apiAs } from './checkin-support';

test.describe.configure({ timeout: 120_000 });

const PASSWORD = 'Driver#Reach2026';
const tagOf = () => `${Date.now().toString(36).slice(-5)}${Math.floor(Math.random() * 36 ** 2).toString(36)}`;

/**
 * A setup call, asked again while the server answers 503 (busy: "try again in a few seconds"), as a
 * client would; the machine running the journeys is shared and sometimes overloaded.
 */
async function whenNotBusy(call: () => Promise<APIResponse>): Promise<APIResponse> {
  for (let tries = 1; ; tries++) {
    const res = await call();
    if (res.status() !== 503 || tries === 5) return res;
    await new Promise((r) => setTimeout(r, 2000));
  }
}

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

const pdf = () => ({
  name: 'doc.pdf',
  mimeType: 'application/pdf',
  buffer: Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(2000, 0x20), Buffer.from('\nstartxref\n9\n%%EOF\n')]),
});

/** A driver's registration, approved as the run's driver record; the account's e-mail. */
async function driverAccount(baseURL: string, request: APIRequestContext, run: Run): Promise<string> {
  const email = `reach.${run.tag}@example.in`;
  const upload = async (documentType: string) => {
    const presigned = await (
      await request.post('/api/auth/register/uploads', {
        data: { documentType, fileName: 'doc.pdf', contentType: 'application/pdf', size: 2100 },
      })
    ).json();
    await request.post(presigned.url, { multipart: { ...presigned.fields, file: pdf() } });
    return { documentType, uploadId: presigned.uploadId as string };
  };
  const documents = [await upload('driving_license'), await upload('aadhar_card')];
  const registered = await whenNotBusy(() =>
    request.post('/api/auth/register', {
      data: {
        userData: {
          email,
          firstName: 'Sunil',
          lastName: 'Meena',
          password: PASSWORD,
          userType: 'external_user',
          role: 'truck_owner',
          userCategory: 'external_user',
        },
        variant: { driverLicense: `RJ14-${run.tag}`, aadharCard: '123456789012' },
        documents,
      },
    }),
  );
  expect(registered.status(), await registered.text()).toBe(201);
  const admin = await apiAs(baseURL, 'admin');
  const pending = (await (await admin.get('/api/admin/pending-registrations')).json()) as {
    id: string;
    email: string;
  }[];
  const id = pending.find((u) => u.email === email)?.id;
  expect(id, `${email} is pending`).toBeTruthy();
  const approved = await whenNotBusy(() =>
    admin.post(`/api/admin/approve-user/${id}`, {
      data: { role: 'driver', carrierId: run.carrierId, driverId: run.driverId },
    }),
  );
  expect(approved.status(), await approved.text()).toBe(200);
  await admin.dispose();
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
      const outbox = (await (await request.get('/api/dev/outbox')).json()) as {
        to: string;
        channel: string;
        body: string;
      }[];
      return outbox.filter((m) => m.to === `+91${run.phone}`).map((m) => `${m.channel}: ${m.body}`);
    })
    .toEqual(['whatsapp: लोडिंग/अनलोडिंग पूरी! कृपया दस्तावेज़ लें और बाहर निकलें।']);
  // The saved choice is what the driver app shows after a reload.
  await page.reload();
  await expect(card.getByLabel('Language of my messages')).toHaveValue('hi', { timeout: 20_000 });
  await expect(card.getByRole('listitem').first()).toContainText('WhatsApp');
  await ops.dispose();
});

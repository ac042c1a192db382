// Issue #53, items 5 and 6: a facility's booking link after it was made. Staff on /configuration send
// it again (in Hindi) without a new code and see a toast naming the channel and number; "New code" asks
// before it replaces the code. A carrier on a phone whose browser reads English opens the link from that
// Hindi SMS: the page is in Hindi; the form says under their fields, before it sends anything, that a
// transporter names the owner and that the per-pallet type asks its pallets (the field is named
// "Pallets"); the booking's SMS carries the pass link, which opens in Hindi on another phone. Through the
// same link again, the vehicle, driver and owner are filled in from this phone, until they are forgotten.
// Each run makes its own facility, type and link, and books with a mobile number of its own.
import { randomUUID } from 'node:crypto';
import { expect as baseExpect, test, type APIRequestContext } from '@playwright/test';
import { apiAs } from './checkin-support';
import { indiaDate, turnCalendarTo } from './dates';
import { sentTo, signInTo } from './support';

// Screens load their code lazily; on a busy shared machine a first load takes longer than 5 s.
const expect = baseExpect.configure({ timeout: 20_000 });
const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true };

/** A facility in India (08:00-18:00, hour slots, one door), a per-pallet type and a booking link made by operations. */
async function linkedHub(baseURL: string) {
  const ops = await apiAs(baseURL, 'operations');
  const tag = randomUUID().slice(0, 8);
  const created = await ops.post('/api/facilities', {
    data: {
      name: `Resend Hub ${tag}`,
      address: 'Plot 12, MIDC Talegaon',
      operatingHoursStart: '08:00',
      operatingHoursEnd: '18:00',
      timeZone: 'Asia/Kolkata',
      slotMinutes: 60,
      slotCapacity: 3,
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const facility = (await created.json()) as { id: string; name: string };
  const door = await ops.post('/api/dock-doors', { data: { facilityId: facility.id, doorNumber: 'P1' } });
  expect(door.status()).toBe(201);
  const type = await ops.post(`/api/appointment-types/facilities/${facility.id}/types`, {
    data: {
      name: `Palletised ${tag}`,
      nameHi: `पैलेट माल ${tag}`,
      direction: 'inbound',
      vehicleTypes: [],
      doorIds: [],
      durationRule: {
        kind: 'per-unit',
        unit: 'pallet',
        minutesPerUnit: 5,
        minMinutes: 30,
        maxMinutes: 120,
        maxQuantity: 40,
      },
    },
  });
  expect(type.status(), await type.text()).toBe(201);
  const link = await ops.post('/api/booking-links', { data: { facilityId: facility.id, label: `Fleet ${tag}` } });
  expect(link.status()).toBe(201);
  const made = (await link.json()) as { link: { id: string; token: string; label: string }; code: string };
  await ops.dispose();
  return { facility, typeName: `पैलेट माल ${tag}`, ...made };
}

const mobileOfRun = () => `96${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`;

/** The run's message to `to` from the local outbox that contains `text`. */
async function messageTo(request: APIRequestContext, to: string, text: string): Promise<string> {
  let body = '';
  await expect
    .poll(async () => {
      const messages = await sentTo(request, to);
      body = messages.find((m) => m.to === to && m.body.includes(text))?.body ?? '';
      return body;
    })
    .not.toBe('');
  return body;
}

/** Whether the link opens with `code` (the public page's first call). */
async function opensWith(request: APIRequestContext, token: string, code: string) {
  return (await request.post(`/api/book/${token}`, { data: { code } })).status();
}

test('a booking link is sent again without a new code and asks before a new code; its Hindi SMS opens the form in Hindi, which checks before it sends and remembers the carrier', async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(180_000);
  const hub = await linkedHub(baseURL!);
  const mobile = mobileOfRun();

  // Staff come back to the link later (its code no longer shown) and send it in Hindi.
  await signInTo(page, 'operations', '/configuration');
  await page.getByLabel('Facility', { exact: true }).selectOption({ label: hub.facility.name });
  const row = page.getByTestId('booking-link').filter({ hasText: hub.link.label });
  await expect(row.getByRole('status')).toHaveCount(0);
  await row.getByRole('button', { name: 'Send link' }).click();
  const send = row.getByRole('form', { name: 'Send link' });
  await send.getByLabel('Mobile number').fill(mobile);
  await send.getByLabel('Message language').selectOption('hi');
  await send.getByRole('button', { name: 'Send link' }).click();
  const toast = page.getByRole('status').filter({ hasText: 'Booking link sent' });
  await expect(toast).toContainText(`Sent by SMS to +91${mobile}, with the link’s current access code.`);
  await expect(send.getByLabel('Mobile number')).toHaveValue('');
  const sms = await messageTo(page.request, `+91${mobile}`, 'एक्सेस कोड');
  expect(sms).toContain(`एक्सेस कोड: ${hub.code}।`);
  const url = /(https?:\/\/\S+\/book\/\S+)/.exec(sms)?.[1];
  expect(url, sms).toMatch(/\/book\/[A-Za-z0-9_-]{16}~[A-Za-z0-9_-]{22}\?lang=hi$/);

  // "New code" asks first: kept, the code sent still opens the link; replaced, only the new one does.
  await row.getByRole('button', { name: 'New code' }).click();
  const ask = page.getByRole('dialog', { name: 'Replace the access code?' });
  await expect(ask).toContainText(`The code of “${hub.link.label}” stops working at once`);
  await ask.getByRole('button', { name: 'Cancel' }).click();
  await expect(ask).toBeHidden();
  await expect(row.getByRole('status')).toHaveCount(0);
  expect(await opensWith(page.request, hub.link.token, hub.code)).toBe(200);
  await row.getByRole('button', { name: 'New code' }).click();
  await ask.getByRole('button', { name: 'Make a new code' }).click();
  await expect(ask).toBeHidden();
  await expect(row.getByRole('status')).toContainText(/Access code \d{6}: it is shown only now/);
  const newCode = /Access code (\d{6})/.exec((await row.getByRole('status').textContent()) ?? '')![1]!;
  if (newCode !== hub.code) expect(await opensWith(page.request, hub.link.token, hub.code)).toBe(400);

  // A carrier's phone reads English; the link from the Hindi SMS opens the page in Hindi.
  const phone = await browser.newContext(PHONE);
  const carrier = await phone.newPage();
  const target = new URL(url!);
  await carrier.goto(`${target.pathname}${target.search}`);
  await expect(carrier.locator('html')).toHaveAttribute('lang', 'hi');
  await carrier.getByLabel('एक्सेस कोड').fill(newCode);
  await carrier.getByRole('button', { name: 'आगे बढ़ें' }).click();
  const dialog = carrier.getByRole('dialog', { name: 'त्वरित स्लॉट बुकिंग' });
  const kept = dialog.getByTestId('remembered-details');
  await expect(kept).toHaveText(
    'बुकिंग के बाद आपके वाहन, ड्राइवर और मालिक का विवरण इस डिवाइस पर रखा जाता है, इस लिंक से आपकी अगली बुकिंग के लिए।',
  );

  // A transporter without the owner's name, and the per-pallet type without its pallets: both said under
  // their fields in the browser, and nothing is sent.
  let bookingsSent = 0;
  carrier.on('request', (r) => {
    if (r.method() === 'POST' && /\/api\/book\/[^/]+\/booking$/.test(r.url())) bookingsSent++;
  });
  await dialog.getByLabel('किस रूप में बुकिंग *').selectOption('Transporter');
  await dialog.getByLabel('वाहन नंबर *').fill('mh14pq6612');
  await dialog.getByLabel('क्षमता (टन) *').fill('16');
  await dialog.getByLabel('ड्राइवर का नाम *').fill('Anil Jadhav');
  await dialog.getByLabel('ड्राइविंग लाइसेंस *').fill('MH1420160077777');
  await dialog.getByLabel('मोबाइल नंबर *').fill(mobile);
  await expect(dialog.getByLabel('PO मात्रा (इकाइयाँ)')).toBeVisible();
  await dialog.getByLabel('अपॉइंटमेंट का प्रकार').selectOption({ label: hub.typeName });
  await expect(dialog.getByLabel('PO मात्रा (इकाइयाँ)')).toHaveCount(0);
  const pallets = dialog.getByLabel('पैलेट *');
  await dialog.getByRole('button', { name: 'बुकिंग पक्की करें' }).click();
  const ownerName = dialog.getByLabel('मालिक का नाम *');
  await expect(ownerName).toHaveAccessibleDescription('मालिक का नाम आवश्यक है');
  await expect(pallets).toHaveAccessibleDescription('इस अपॉइंटमेंट प्रकार के लिए पैलेट या यूनिट की संख्या लिखें');
  expect(bookingsSent).toBe(0);

  await ownerName.fill('Jadhav Roadlines');
  await pallets.fill('12');
  const date = indiaDate(2);
  const calendar = dialog.getByRole('group', { name: 'आगमन तिथि कैलेंडर' });
  await turnCalendarTo(calendar, date, indiaDate(), 'अगला महीना');
  await calendar.locator(`button[data-date="${date}"]`).click();
  await dialog.getByRole('option').filter({ hasText: '10:00 - 11:00' }).click();
  await dialog.getByRole('button', { name: 'बुकिंग पक्की करें' }).click();
  const done = dialog.getByTestId('guest-booking-confirmation');
  await expect(done.getByRole('heading', { name: 'बुकिंग पक्की हो गई' })).toBeVisible();
  expect(bookingsSent).toBe(1);
  const reference = (await done.getByTestId('guest-booking-code').textContent())!.trim();

  // The booking's SMS is in Hindi; its pass link opens in Hindi on a phone that never chose a language.
  const booked = await messageTo(page.request, `+91${mobile}`, reference);
  const passUrl = /गेट पास \(एक बार सहेजने पर बिना नेटवर्क खुलता है\): (\S+)$/.exec(booked)?.[1];
  expect(passUrl, booked).toMatch(/\/pass\/\S+$/);
  const other = await browser.newContext(PHONE);
  const passPage = await other.newPage();
  await passPage.goto(new URL(passUrl!).pathname);
  await expect(passPage.getByRole('heading', { name: 'आपका गेट पास' })).toBeVisible();
  await expect(passPage.locator('html')).toHaveAttribute('lang', 'hi');
  await other.close();

  // Through the link again on this phone: the vehicle, driver and owner are filled in, the number is not.
  await carrier.goto(target.pathname);
  await carrier.getByLabel('एक्सेस कोड').fill(newCode);
  await carrier.getByRole('button', { name: 'आगे बढ़ें' }).click();
  await expect(kept).toContainText('आपके वाहन, ड्राइवर और मालिक का विवरण इस डिवाइस पर इस लिंक से हुई');
  await expect(dialog.getByLabel('किस रूप में बुकिंग *')).toHaveValue('Transporter');
  await expect(dialog.getByLabel('वाहन नंबर *')).toHaveValue('MH14PQ6612');
  await expect(dialog.getByLabel('क्षमता (टन) *')).toHaveValue('16');
  await expect(dialog.getByLabel('ड्राइवर का नाम *')).toHaveValue('Anil Jadhav');
  await expect(dialog.getByLabel('ड्राइविंग लाइसेंस *')).toHaveValue('MH1420160077777');
  await expect(dialog.getByLabel('मालिक का नाम *')).toHaveValue('Jadhav Roadlines');
  await expect(dialog.getByLabel('मोबाइल नंबर *')).toHaveValue('');

  // Forgotten: the fields empty, nothing of them left on the phone.
  await kept.getByRole('button', { name: 'इस डिवाइस से मेरा विवरण हटाएँ' }).click();
  await expect(dialog.getByLabel('वाहन नंबर *')).toHaveValue('');
  await expect(dialog.getByLabel('ड्राइवर का नाम *')).toHaveValue('');
  await expect(dialog.getByLabel('किस रूप में बुकिंग *')).toHaveValue('Driver');
  await expect(kept).toContainText('बुकिंग के बाद');
  const stored = await carrier.evaluate(() =>
    Object.keys(localStorage).filter((key) => key.startsWith('docksaathi.booking-details.')),
  );
  expect(stored).toEqual([]);
  await phone.close();
});

// Carrier self-service through a facility booking link (issue #32): staff make a link (through the API
// for the journey, on /configuration in a short test of its own); a carrier on a 390 px phone in Hindi
// opens /book/<token>, enters the access code, picks a type, is refused a PO the facility does not have
// open (in Hindi, under the PO field, keeping what was typed), then books with a PO of the list. Each run
// makes its own facility, PO list and link, so it assumes nothing about the day. Choosing the type narrows
// the offered starts to those where its load fits the door. The booker then opens the pass from the
// confirmation and moves the booking to another free slot; a second booking, within the facility's 12 h
// change cut-off, is refused on its pass page in Hindi.
import { randomUUID } from 'node:crypto';
import { expect as baseExpect, test, type APIRequestContext } from '@playwright/test';
import { indiaDate, turnCalendarTo } from './dates';
import { apiAs } from './checkin-support';
import { signInTo } from './support';

// The machine running the journeys is shared and slow at times: wait longer for each condition.
const expect = baseExpect.configure({ timeout: 20_000 });

/**
 * A facility in India (08:00-18:00, hour slots of 3 places, one door) with a type, its open PO list and a
 * booking link; on `date` staff hold the door 09:00-10:00, so a typed load cannot start at 09:00.
 */
async function linkedHub(ops: APIRequestContext, date: string) {
  const tag = randomUUID().slice(0, 8);
  const created = await ops.post('/api/facilities', {
    data: {
      name: `Link Hub ${tag}`,
      address: 'Gate 2, MIDC Bhosari',
      operatingHoursStart: '08:00',
      operatingHoursEnd: '18:00',
      timeZone: 'Asia/Kolkata',
      slotMinutes: 60,
      slotCapacity: 3,
    },
  });
  expect(created.status()).toBe(201);
  const facility = (await created.json()) as { id: string; name: string };
  // A typed load takes a door for its whole duration.
  const door = await ops.post('/api/dock-doors', { data: { facilityId: facility.id, doorNumber: 'L1' } });
  expect(door.status()).toBe(201);
  const held = await ops.post('/api/appointments', {
    data: {
      facilityId: facility.id,
      carrierId: 'carrier-sahyadri',
      dockDoorId: ((await door.json()) as { id: string }).id,
      scheduledDate: date,
      scheduledTimeStart: '09:00',
      scheduledTimeEnd: '10:00',
    },
  });
  expect(held.status(), await held.text()).toBe(201);
  const type = await ops.post(`/api/appointment-types/facilities/${facility.id}/types`, {
    data: {
      name: `Loose inbound ${tag}`,
      nameHi: `खुला माल ${tag}`,
      direction: 'inbound',
      vehicleTypes: [],
      doorIds: [],
      durationRule: { kind: 'fixed', minutes: 60 },
    },
  });
  expect(type.status()).toBe(201);
  const policy = await ops.put(`/api/references/facilities/${facility.id}/policy`, { data: { mode: 'list' } });
  expect(policy.status()).toBe(200);
  const po = `45${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`;
  const uploaded = await ops.post(`/api/references/facilities/${facility.id}/orders/upload`, {
    data: { mode: 'replace', csv: `po,supplier,sku,quantity,windowStart,windowEnd\n${po},Parle Agro,SKU-1,10,,` },
  });
  expect(uploaded.status()).toBe(201);
  const link = await ops.post('/api/booking-links', { data: { facilityId: facility.id, label: `Fleet ${tag}` } });
  expect(link.status()).toBe(201);
  const made = (await link.json()) as { link: { token: string }; code: string };
  return { facility, po, typeName: `खुला माल ${tag}`, token: made.link.token, code: made.code };
}

/** The whole-hour time zone in which it is 10:xx now (Etc/GMT-N is N hours ahead of UTC). */
function zoneAtTenNow(now = new Date()): string {
  let offset = (10 - now.getUTCHours() + 24) % 24;
  if (offset > 14) offset -= 24;
  return offset === 0 ? 'UTC' : `Etc/GMT${offset > 0 ? '-' : '+'}${Math.abs(offset)}`;
}

/**
 * A guest's 20:00 booking today at a new facility where it is 10:xx now and changes close 12 hours
 * before the slot: under ten hours to go, so the booking can no longer be changed. Answers its pass link.
 */
async function bookedWithinCutoff(ops: APIRequestContext) {
  const timeZone = zoneAtTenNow();
  const created = await ops.post('/api/facilities', {
    data: {
      name: `Cutoff Hub ${randomUUID().slice(0, 8)}`,
      address: 'Gate 4, MIDC Chakan',
      operatingHoursStart: '00:00',
      operatingHoursEnd: '23:45',
      timeZone,
      slotMinutes: 60,
      slotCapacity: 2,
    },
  });
  expect(created.status()).toBe(201);
  const facility = (await created.json()) as { id: string };
  const rules = await ops.put(`/api/bookings/facilities/${facility.id}/rules`, {
    data: { changeCutoffHours: 12, revision: 0 },
  });
  expect(rules.status(), await rules.text()).toBe(200);
  const link = ((await (await ops.get(`/api/facilities/${facility.id}/link`)).json()) as { token: string }).token;
  const today = new Intl.DateTimeFormat('en-CA', { timeZone }).format(new Date());
  const booked = await ops.post('/api/bookings/slot', {
    data: {
      ownerType: 'Driver',
      vehicleNumber: 'MH14KL7788',
      vehicleType: 'Truck',
      capacityTons: 9,
      driverName: 'Sunil Patil',
      driverLicense: 'MH1420150055555',
      mobileNumber: `98${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`,
      expectedArrivalDate: new Date().toISOString(),
      slotId: `${today}_2000`,
      facility: link,
      language: 'hi',
    },
  });
  expect(booked.status(), await booked.text()).toBe(201);
  return (await booked.json()) as { passLink: string };
}

test.describe('carrier portal: a facility booking link', () => {
  test('a carrier books through the link on a phone in Hindi: the code, an unknown PO refused, a listed PO booked', async ({
    browser,
    baseURL,
  }) => {
    test.setTimeout(120_000);
    const date = indiaDate(2);
    const ops = await apiAs(baseURL!, 'operations');
    const hub = await linkedHub(ops, date);
    await ops.dispose();

    const phone = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
    await phone.addInitScript(() => localStorage.setItem('docksaathi.language', 'hi'));
    const page = await phone.newPage();
    await page.goto(`/book/${hub.token}`);

    // A wrong code first: the neutral refusal under the field, in Hindi.
    const wrong = String((Number(hub.code) + 1) % 1_000_000).padStart(6, '0');
    await page.getByLabel('एक्सेस कोड').fill(wrong);
    await page.getByRole('button', { name: 'आगे बढ़ें' }).click();
    await expect(page.getByText('एक्सेस कोड सही नहीं है')).toBeVisible();
    await page.getByLabel('एक्सेस कोड').fill(hub.code);
    await page.getByRole('button', { name: 'आगे बढ़ें' }).click();

    const dialog = page.getByRole('dialog', { name: 'त्वरित स्लॉट बुकिंग' });
    await expect(dialog.getByTestId('guest-booking-facility')).toHaveText(
      `${hub.facility.name} (Demo Logistics Pvt Ltd) में बुकिंग`,
    );
    await dialog.getByLabel('वाहन नंबर *').fill('mh14kl2233');
    await dialog.getByLabel('क्षमता (टन) *').fill('9');
    await dialog.getByLabel('ड्राइवर का नाम *').fill('Ramesh Gupta');
    await dialog.getByLabel('ड्राइविंग लाइसेंस *').fill('MH1420150044444');
    await dialog.getByLabel('मोबाइल नंबर *').fill(`98${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`);
    const unknownPo = `PO-NOT-${randomUUID().slice(0, 6).toUpperCase()}`;
    await dialog.getByLabel('PO नंबर').fill(unknownPo);
    const calendar = dialog.getByRole('group', { name: 'आगमन तिथि कैलेंडर' });
    await turnCalendarTo(calendar, date, indiaDate(), 'अगला महीना');
    await calendar.locator(`button[data-date="${date}"]`).click();
    // Without a type, 09:00 has places left; the type's load needs the door, held 09:00-10:00, so once the
    // type is chosen 09:00 is no longer offered and the 09:00 picked before is let go, with no message.
    const starts = dialog.getByRole('listbox', { name: 'समय स्लॉट' });
    const nine = starts.getByRole('option').filter({ hasText: '09:00 - 10:00' });
    await nine.click();
    await expect(nine).toHaveAttribute('aria-selected', 'true');
    await dialog.getByLabel('अपॉइंटमेंट का प्रकार').selectOption({ label: hub.typeName });
    await expect(nine).toHaveCount(0);
    const ten = starts.getByRole('option').filter({ hasText: '10:00 - 11:00' });
    await expect(ten).toBeVisible();
    await expect(starts.getByRole('option', { selected: true })).toHaveCount(0);
    await expect(dialog.getByRole('alert')).toHaveCount(0);
    await ten.click();
    await dialog.getByRole('button', { name: 'बुकिंग पक्की करें' }).click();

    // Refused under the PO field in Hindi; what was typed stays.
    await expect(dialog.getByText(`PO ${unknownPo} इस सुविधा पर खुला नहीं है`)).toBeVisible();
    await expect(dialog.getByLabel('ड्राइवर का नाम *')).toHaveValue('Ramesh Gupta');

    await dialog.getByLabel('PO नंबर').fill(hub.po);
    await dialog.getByRole('button', { name: 'बुकिंग पक्की करें' }).click();
    const done = dialog.getByTestId('guest-booking-confirmation');
    await expect(done.getByRole('heading', { name: 'बुकिंग पक्की हो गई' })).toBeVisible();
    await expect(done.getByTestId('guest-booking-code')).toHaveText(/^DS-\d{6}-[0-9A-Z]{6}$/);

    // The pass page is the booker's "manage my booking": the time moves to another free slot of the day.
    await done.getByTestId('gate-pass-kept').getByRole('link').click();
    await expect(page.getByRole('heading', { name: 'आपका गेट पास' })).toBeVisible();
    const firstLink = page.url();
    const pass = page.getByRole('region', { name: 'गेट पास' });
    await expect(pass).toContainText('10:00 am – 11:00 am');
    await page.getByRole('button', { name: 'समय बदलें' }).click();
    const change = page.getByRole('form', { name: 'समय बदलें' });
    await expect(change.getByLabel('नई तारीख')).toHaveValue(date);
    await change.getByRole('radio', { name: /^14:00/ }).check();
    await change.getByRole('button', { name: 'मेरी बुकिंग बदलें' }).click();
    await expect(page).not.toHaveURL(firstLink);
    await expect(pass).toContainText('2:00 pm – 3:00 pm');
    await expect(pass).not.toContainText('10:00 am – 11:00 am');
    await phone.close();
  });

  test('at a facility that approves carrier bookings, a booking through the link says it awaits approval, in Hindi', async ({
    browser,
    baseURL,
  }) => {
    test.setTimeout(120_000);
    const ops = await apiAs(baseURL!, 'operations');
    const created = await ops.post('/api/facilities', {
      data: {
        name: `Link Approval Hub ${randomUUID().slice(0, 8)}`, // not before "Bhiwandi": the configuration screen opens on the first facility
        address: 'Gate 6, MIDC Ranjangaon',
        operatingHoursStart: '08:00',
        operatingHoursEnd: '18:00',
        timeZone: 'Asia/Kolkata',
        slotMinutes: 60,
        slotCapacity: 3,
      },
    });
    expect(created.status()).toBe(201);
    const facility = (await created.json()) as { id: string };
    const rules = await ops.put(`/api/bookings/facilities/${facility.id}/rules`, {
      data: { approvalRequired: true, revision: 0 },
    });
    expect(rules.status(), await rules.text()).toBe(200);
    const link = await ops.post('/api/booking-links', { data: { facilityId: facility.id, label: 'Approval drivers' } });
    expect(link.status()).toBe(201);
    const made = (await link.json()) as { link: { token: string }; code: string };
    await ops.dispose();

    const phone = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
    await phone.addInitScript(() => localStorage.setItem('docksaathi.language', 'hi'));
    const page = await phone.newPage();
    await page.goto(`/book/${made.link.token}`);
    await page.getByLabel('एक्सेस कोड').fill(made.code);
    await page.getByRole('button', { name: 'आगे बढ़ें' }).click();
    const dialog = page.getByRole('dialog', { name: 'त्वरित स्लॉट बुकिंग' });
    await dialog.getByLabel('वाहन नंबर *').fill('mh14kl4455');
    await dialog.getByLabel('क्षमता (टन) *').fill('9');
    await dialog.getByLabel('ड्राइवर का नाम *').fill('Suresh Pawar');
    await dialog.getByLabel('ड्राइविंग लाइसेंस *').fill('MH1420150066666');
    await dialog.getByLabel('मोबाइल नंबर *').fill(`98${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`);
    const date = indiaDate(2);
    const calendar = dialog.getByRole('group', { name: 'आगमन तिथि कैलेंडर' });
    await turnCalendarTo(calendar, date, indiaDate(), 'अगला महीना');
    await calendar.locator(`button[data-date="${date}"]`).click();
    await dialog.getByRole('option').filter({ hasText: '11:00 - 12:00' }).click();
    await dialog.getByRole('button', { name: 'बुकिंग पक्की करें' }).click();

    const done = dialog.getByTestId('guest-booking-confirmation');
    await expect(done.getByRole('heading', { name: 'स्वीकृति की प्रतीक्षा में' })).toBeVisible();
    await expect(done).toContainText('सुविधा पहले बुकिंग स्वीकार करती है।');
    await expect(done.getByTestId('guest-booking-code')).toHaveText(/^DS-\d{6}-[0-9A-Z]{6}$/);
    // No gate pass until staff approve it.
    await expect(done.getByRole('img')).toHaveCount(0);
    await phone.close();
  });

  test('a booking within the facility’s change cut-off is refused on its pass page, in Hindi', async ({
    browser,
    baseURL,
  }) => {
    test.setTimeout(90_000);
    const ops = await apiAs(baseURL!, 'operations');
    const booked = await bookedWithinCutoff(ops);
    await ops.dispose();

    const phone = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
    await phone.addInitScript(() => localStorage.setItem('docksaathi.language', 'hi'));
    const page = await phone.newPage();
    await page.goto(`/pass/${booked.passLink}`);
    await expect(page.getByRole('heading', { name: 'आपका गेट पास' })).toBeVisible();
    await page.getByRole('button', { name: 'समय बदलें' }).click();
    const change = page.getByRole('form', { name: 'समय बदलें' });
    await change.getByRole('radio', { name: /^22:00/ }).check();
    await change.getByRole('button', { name: 'मेरी बुकिंग बदलें' }).click();
    await expect(change.getByRole('alert')).toHaveText('स्लॉट से 12 घंटे पहले बदलाव बंद हो जाते हैं। सुविधा को कॉल करें।');
    await expect(page.getByRole('region', { name: 'गेट पास' })).toContainText('8:00 pm – 9:00 pm');
    await phone.close();
  });

  test('staff make a link on /configuration and see its code once', async ({ page, baseURL }) => {
    test.setTimeout(90_000);
    const ops = await apiAs(baseURL!, 'operations');
    const name = `Link Desk ${randomUUID().slice(0, 8)}`;
    const created = await ops.post('/api/facilities', {
      data: {
        name,
        address: 'Plot 3, MIDC',
        operatingHoursStart: '08:00',
        operatingHoursEnd: '18:00',
        timeZone: 'Asia/Kolkata',
      },
    });
    expect(created.status()).toBe(201);
    await ops.dispose();

    await signInTo(page, 'operations', '/configuration');
    await page.getByLabel('Facility', { exact: true }).selectOption({ label: name });
    const form = page.getByRole('form', { name: 'Create link' });
    await form.getByRole('button', { name: 'Create link' }).click();
    await expect(form.getByText('Please enter a label for the link')).toBeVisible();
    await form.getByLabel('Label *').fill('Sahyadri drivers');
    await form.getByRole('button', { name: 'Create link' }).click();
    const row = page.getByTestId('booking-link').filter({ hasText: 'Sahyadri drivers' });
    await expect(row.getByRole('status')).toContainText(/Access code \d{6}: it is shown only now/);
    await expect(row).toContainText('/book/');
    // By WhatsApp only to a number that agreed to it: refused under the channel, then sent by SMS.
    const send = row.getByRole('form', { name: 'Send link' });
    await send.getByLabel('Mobile number').fill(`9${String(Date.now()).slice(-9)}`);
    await send.getByLabel('Send by').selectOption('whatsapp');
    await send.getByRole('button', { name: 'Send link' }).click();
    await expect(send.getByText('This number has not agreed to WhatsApp messages, or withdrew it.')).toBeVisible();
    await send.getByLabel('Send by').selectOption('sms');
    await send.getByRole('button', { name: 'Send link' }).click();
    await expect(page.getByText('Booking link sent').first()).toBeVisible();
    await row.getByRole('button', { name: 'Withdraw' }).click();
    await expect(row).toContainText('Withdrawn');
  });
});

// Issue #36: notice and consent where data is first taken, on a 390 px phone in Hindi. A guest sees
// the privacy notice (and the full notice behind its expander) in the booking form, with the SMS and
// WhatsApp opt-ins unticked, and books without them; from the confirmation they open their message
// choices page and withdraw WhatsApp (given meanwhile with a second booking from the same number).
// Each run makes its own facility and number.
import { randomUUID } from 'node:crypto';
import { expect as baseExpect, test } from '@playwright/test';
import { indiaDate, turnCalendarTo } from './dates';
import { apiAs } from './checkin-support';

const expect = baseExpect.configure({ timeout: 20_000 });
test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

async function ownFacility(baseURL: string) {
  const ops = await apiAs(baseURL, 'operations');
  const name = `Consent Hub ${randomUUID().slice(0, 8)}`;
  const created = await ops.post('/api/facilities', {
    data: {
      name,
      address: 'Plot 4, MIDC Chakan',
      city: 'Pune',
      state: 'Maharashtra',
      zipCode: '410501',
      contactPhone: '+91 20 6600 1234',
      operatingHoursStart: '08:00',
      operatingHoursEnd: '18:00',
      timeZone: 'Asia/Kolkata',
      slotMinutes: 60,
      slotCapacity: 3,
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const { id } = (await created.json()) as { id: string };
  const link = await ops.get(`/api/facilities/${id}/link`);
  const { token } = (await link.json()) as { token: string };
  await ops.dispose();
  return token;
}

test('a guest in Hindi books without the opt-ins, then withdraws WhatsApp from the choices page', async ({
  page,
  baseURL,
}) => {
  test.setTimeout(120_000);
  // Prepare
  const link = await ownFacility(baseURL!);
  const mobile = `97${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`;
  const date = indiaDate(4);
  await page.addInitScript(() => localStorage.setItem('docksaathi.language', 'hi'));
  await page.goto(`/book/${link}`);
  const dialog = page.getByRole('dialog', { name: 'त्वरित स्लॉट बुकिंग' });

  // Assess: the notice, its full text with the facility's phone, and both opt-ins unticked.
  const notice = dialog.getByRole('region', { name: 'गोपनीयता सूचना' });
  await expect(notice).toContainText('स्लॉट बुक करने');
  await notice.getByRole('button', { name: 'पूरी सूचना पढ़ें' }).click();
  await expect(notice.getByTestId('privacy-notice-full')).toContainText('संदेशों का पाठ 90 दिन');
  await expect(notice.getByTestId('privacy-notice-full')).toContainText('संपर्क: +91 20 6600 1234');
  await expect(notice.getByRole('checkbox', { name: 'मुझे WhatsApp पर संदेश भेजें (वैकल्पिक)' })).not.toBeChecked();
  await expect(notice.getByRole('checkbox', { name: 'मुझे अन्य अपडेट भी SMS से भेजें (वैकल्पिक)' })).not.toBeChecked();

  // Act: book without ticking either.
  await dialog.getByLabel('वाहन नंबर *').fill('MH14CX4410');
  await dialog.getByLabel('क्षमता (टन) *').fill('9');
  await dialog.getByLabel('ड्राइवर का नाम *').fill('Kavita Jadhav');
  await dialog.getByLabel('ड्राइविंग लाइसेंस *').fill('MH1420180044444');
  await dialog.getByLabel('मोबाइल नंबर *').fill(`+91 ${mobile}`);
  const calendar = dialog.getByRole('group', { name: 'आगमन तिथि कैलेंडर' });
  await turnCalendarTo(calendar, date, indiaDate(), 'अगला महीना');
  await calendar.locator(`button[data-date="${date}"]`).click();
  await dialog.getByRole('option').filter({ hasText: '09:00 - 10:00' }).click();
  await dialog.getByRole('button', { name: 'बुकिंग पक्की करें' }).click();

  // Assess: booked.
  const done = dialog.getByTestId('guest-booking-confirmation');
  await expect(done.getByRole('heading', { name: 'बुकिंग पक्की हो गई' })).toBeVisible();

  // Prepare: the same number books again, agreeing to WhatsApp this time.
  const second = await page.request.post('/api/bookings/slot', {
    data: {
      ownerType: 'Driver',
      vehicleNumber: 'MH14CX4410',
      vehicleType: 'Truck',
      capacityTons: 9,
      driverName: 'Kavita Jadhav',
      driverLicense: 'MH1420180044444',
      mobileNumber: `+91 ${mobile}`,
      expectedArrivalDate: new Date().toISOString(),
      slotId: `${date}_1100`,
      facility: link,
      language: 'hi',
      consent: { noticeVersion: '2026-11-v1', language: 'hi', messaging: { sms: false, whatsapp: true } },
    },
  });
  expect(second.status(), await second.text()).toBe(201);

  // Act: the choices page from the confirmation; withdraw WhatsApp.
  await done.getByRole('link', { name: 'अपने संदेश विकल्प बदलें या वापस लें' }).click();
  const whatsapp = page.getByTestId('choice-whatsapp');
  await expect(whatsapp).toContainText('अनुमति है');
  await expect(page.getByTestId('choice-sms')).toContainText('अनुमति नहीं');
  await whatsapp.getByRole('button', { name: 'वापस लें' }).click();

  // Assess: withdrawn at once, and still so when the page is opened again.
  await expect(page.getByText('वापस ले लिया। हम इसका उपयोग अब नहीं करेंगे।')).toBeVisible();
  await expect(whatsapp).toContainText('अनुमति नहीं');
  await page.reload();
  await expect(page.getByTestId('choice-whatsapp')).toContainText('अनुमति नहीं');
});

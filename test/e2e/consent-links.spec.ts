// Issue #36: the choices link inside a message, on a 390 px phone in Hindi. A guest driver who agreed
// to WhatsApp gets an e-mail from the hub in Hindi that ends with their choices link; they open it,
// see WhatsApp allowed, and withdraw it; the hub's next confirmation to that number goes by SMS, and
// no WhatsApp. Each run makes its own facility, number and address.
import { randomUUID } from 'node:crypto';
import { expect as baseExpect, test, type APIRequestContext } from '@playwright/test';
import { indiaDate } from './dates';
import { apiAs, openHub } from './checkin-support';
import { guestBookingInHindi } from '../support/guest-booking';

const expect = baseExpect.configure({ timeout: 20_000 });
test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

type Sent = { channel: string; to: string; body: string };
const outbox = async (request: APIRequestContext) => (await (await request.get('/api/dev/outbox')).json()) as Sent[];

test('a driver opens the choices link from a Hindi e-mail, withdraws WhatsApp, and the next message comes by SMS', async ({
  page,
  baseURL,
  request,
}) => {
  test.setTimeout(120_000);
  // Prepare: a guest books in Hindi agreeing to WhatsApp; the confirmation goes there.
  const hub = await openHub(baseURL!, `Choices Link Hub ${randomUUID().slice(0, 8)}`, 'Asia/Kolkata');
  const phone = `+9196${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`;
  const email = `driver-${randomUUID().slice(0, 8)}@example.in`;
  const book = (slot: string, whatsapp: boolean) =>
    request.post('/api/bookings/slot', {
      data: guestBookingInHindi(hub.bookingLink, phone, `${indiaDate(5)}_${slot}`, whatsapp),
    });
  const first = await book('0900', true);
  expect(first.status(), await first.text()).toBe(201);
  await expect
    .poll(async () => (await outbox(request)).filter((m) => m.to === phone).map((m) => m.channel))
    .toEqual(['whatsapp']);
  const ops = await apiAs(baseURL!, 'operations');
  const sent = await ops.post('/api/notifications/send', {
    data: { to: phone, email, channels: ['email'], language: 'hi', message: 'कल गेट 3 सुबह 6 बजे से खुला है' },
  });
  expect(sent.status(), await sent.text()).toBe(200);
  await ops.dispose();

  // Act: the driver opens the link at the end of the e-mail.
  const mail = (await outbox(request)).find((m) => m.to === email)!;
  const link = /\n\nआपके संदेश विकल्प: (\S+)$/.exec(mail.body)?.[1];
  expect(link, mail.body).toBeTruthy();
  await page.addInitScript(() => localStorage.setItem('docksaathi.language', 'hi'));
  await page.goto(link!);
  const whatsapp = page.getByTestId('choice-whatsapp');
  await expect(whatsapp).toContainText('अनुमति है');
  await whatsapp.getByRole('button', { name: 'वापस लें' }).click();

  // Assess: withdrawn; the hub's next confirmation to the number is an SMS, and no WhatsApp follows.
  await expect(page.getByText('वापस ले लिया। हम इसका उपयोग अब नहीं करेंगे।')).toBeVisible();
  await expect(whatsapp).toContainText('अनुमति नहीं');
  const second = await book('1000', false);
  expect(second.status(), await second.text()).toBe(201);
  await expect
    .poll(async () => (await outbox(request)).filter((m) => m.to === phone).map((m) => m.channel))
    .toEqual(['sms', 'whatsapp']);
});

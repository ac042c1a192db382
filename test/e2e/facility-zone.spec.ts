// A hub in Singapore sees its own today everywhere (#28.12), at the `singapore` instants of
// `npm run test:clock`: 23:30 on 31 December there (India's 21:00, the same day) and 00:30 on
// 1 January (India still on 31 December). The company signs up with its facility in Asia/Singapore;
// its schedule, its booking form and its guests' calendar start on Singapore's day, while the demo
// hub in India keeps India's. Expectations are the hand-written calendar of test/support/clock-instants.ts.
import { expect as baseExpect, test, type APIRequestContext } from '@playwright/test';
import { clockInstant } from '../support/clock-instants';
import { sentTo, signInTo } from './support';

const expect = baseExpect.configure({ timeout: 20_000 });
const at = clockInstant();

async function codeSentTo(request: APIRequestContext, to: string): Promise<string> {
  let code: string | undefined;
  await expect
    .poll(async () => {
      const messages = await sentTo(request, to);
      code = /code is (\d{6})/.exec(messages.find((m) => m.to === to && /code is \d{6}/.test(m.body))?.body ?? '')?.[1];
      return Boolean(code);
    })
    .toBe(true);
  return code!;
}

test.describe(`a hub in Singapore at ${at?.name ?? 'the real clock'}`, () => {
  // Skipped in a plain run on purpose: its expectations are one faked instant's hand-written calendar,
  // so it only means something under faketime (scripts/test-clock.ts sets the instant).
  test.skip(!at?.singapore, 'runs at the singapore instants of npm run test:clock');

  test("its schedule, booking form and guests' calendar start on Singapore's day", async ({
    page,
    browser,
    request,
  }) => {
    test.setTimeout(120_000);
    const sg = at!.singapore!;
    const tag = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
    const email = `owner.${tag}@jurongport.sg`;
    const password = 'Jurong2026hub';
    const signup = await request.post('/api/signup', {
      data: {
        companyName: `Jurong Freight ${tag}`,
        gstin: '',
        firstName: 'Mei',
        lastName: 'Tan',
        email,
        phoneNumber: `9${String(Date.now()).slice(-9)}`,
        password,
        facilityName: `Jurong Port Hub ${tag}`,
        facilityCity: 'Singapore',
        facilityState: 'Singapore',
        dockDoors: 4,
        timeZone: 'Asia/Singapore',
      },
    });
    expect(signup.status()).toBe(201);
    expect(
      (await request.post('/api/signup/verify', { data: { email, code: await codeSentTo(request, email) } })).status(),
    ).toBe(200);

    // Staff of the Singapore company: the schedule and the booking form open on Singapore's today.
    await signInTo(page, email, '/scheduling', password);
    await expect(page.getByLabel('Date')).toHaveValue(sg.date);
    await page.goto('/booking');
    await page.getByLabel('Facility *').selectOption({ label: `Jurong Port Hub ${tag}` });
    await expect(page.getByLabel('Date *')).toHaveValue(sg.date);

    // Its guests: the calendar opens on Singapore's month with Singapore's today bookable.
    const facilities = (await (await page.request.get('/api/facilities')).json()) as { id: string }[];
    const { token } = (await (await page.request.get(`/api/facilities/${facilities[0]!.id}/link`)).json()) as {
      token: string;
    };
    const guestContext = await browser.newContext();
    const guest = await guestContext.newPage();
    await guest.goto(`/book/${token}`);
    const calendar = guest
      .getByRole('dialog', { name: 'Quick Slot Booking' })
      .getByRole('group', { name: 'Arrival date calendar' });
    await expect(calendar).toContainText(sg.month);
    await expect(calendar.getByRole('button', { name: sg.longDay, exact: true })).toBeEnabled();
    await guestContext.close();

    // The demo hub in India keeps India's day.
    const demo = await browser.newPage();
    await signInTo(demo, 'operations', '/scheduling');
    await expect(demo.getByLabel('Date')).toHaveValue(at!.date);
    await demo.close();
  });
});

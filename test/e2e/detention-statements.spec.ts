// A carrier's monthly detention statement (issue #57.3), end to end. The hub issues a carrier's statement
// of the month before last through the API; the carrier's office, on a 390 px phone and in Hindi, opens
// it on /statements (the totals by facility and the net), opens one truck's detention and evidence from
// its line, is refused an empty reason under the field, and disputes the line. Operations, on a desktop
// in English, answers the dispute on /analytics and closes the statement; the carrier's open page is then
// refused a dispute of another line under its field (the statement is closed), and after reloading reads
// the hub's answer.
//
// A statement is of a month that has ended, and a booking over HTTP must start in the future: the
// month's trucks are made through the local stack's hook (POST /api/dev/detention/past-truck, local
// stack only, like /api/dev/trips/watch), which books a truck on a past day and moves it along its flow
// at the given instants, as test/integration/detention-statements.test.ts does through the services.
import { randomUUID } from 'node:crypto';
import { expect as baseExpect, test, type APIRequestContext } from '@playwright/test';
import { addDays } from '../../shared/time';
import { approve, register } from './accounts';
import { apiAs } from './checkin-support';
import { PASSWORD, SCREEN_OPENS_MS, signInTo, whenNotBusy } from './support';

// The machine running the journeys is shared and slow at times: wait longer for each condition.
const expect = baseExpect.configure({ timeout: 20_000 });
// A hub, two trucks, an account, a statement and two browsers.
test.describe.configure({ timeout: 180_000 });

const DEV_PAST_TRUCK = '/api/dev/detention/past-truck';
/** 32 ft MXL (the hub's default class): 2 h free, ₹750 per started hour, 30 min grace, ₹1,500 late fee. */
const TERMS = { vehicleClass: 'mxl_32ft', freeMinutes: 120, rateRupees: 750, graceMinutes: 30, lateFeeRupees: 1500 };

/** The month before last on India's clock: over at every facility whenever the journey runs. */
const indiaToday = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Kolkata' }).format(new Date());
const MONTH = addDays(`${addDays(`${indiaToday.slice(0, 7)}-01`, -1).slice(0, 7)}-01`, -1).slice(0, 7);
const day = (d: number) => `${MONTH}-${String(d).padStart(2, '0')}`;
const ist = (date: string, time: string) => new Date(`${date}T${time}:00+05:30`).toISOString();

async function ok(res: Awaited<ReturnType<APIRequestContext['get']>>, status = 200) {
  expect(res.status(), await res.text()).toBe(status);
  return res.json();
}

/**
 * A hub of the run (India's clock) with its terms, a carrier of its own and two of its trucks in the month
 * before last: one kept 4 h (2 h past the free time: ₹1,500 owed by the hub), one out within its free time;
 * the carrier's statement of that month issued by operations.
 */
async function issuedStatement(baseURL: string) {
  const tag = randomUUID().slice(0, 6).toUpperCase();
  const ops = await apiAs(baseURL, 'operations');
  const admin = await apiAs(baseURL, 'admin');
  const facility = (await ok(
    await whenNotBusy(() =>
      ops.post('/api/facilities', {
        data: {
          name: `Statement Hub ${tag}`,
          address: 'Plot 9, MIDC Phase II, Chakan',
          operatingHoursStart: '00:00',
          operatingHoursEnd: '23:45',
          timeZone: 'Asia/Kolkata',
          slotMinutes: 15,
          slotCapacity: 5,
        },
      }),
    ),
    201,
  )) as { id: string; name: string };
  await ok(
    await admin.put(`/api/detention/terms?facilityId=${facility.id}`, {
      data: { ...TERMS, defaultClass: true, revision: 0 },
    }),
  );
  const carrier = (await ok(
    await whenNotBusy(() =>
      ops.post('/api/carriers', { data: { name: `Konkan Roadways ${tag}`, serviceTypes: ['FTL'] } }),
    ),
    201,
  )) as { id: string; name: string };
  const truck = async (date: string, window: [string, string], plate: string, moves: [string, string][]) =>
    (await ok(
      await whenNotBusy(() =>
        ops.post(DEV_PAST_TRUCK, {
          data: {
            facilityId: facility.id,
            carrierId: carrier.id,
            date,
            window,
            vehicleLicense: `MH14ST${plate}`,
            bookedAt: ist(date, '00:00'),
            moves: moves.map(([status, time]) => ({ status, at: ist(date, time) })),
          },
        }),
      ),
    )) as { id: string; bookingReference: string };
  const kept = await truck(day(10), ['10:00', '10:30'], tag.slice(0, 4), [
    ['arrived', '10:00'],
    ['loading', '10:40'],
    ['departed', '14:00'],
  ]);
  const quick = await truck(day(12), ['11:00', '11:30'], tag.slice(2, 6), [
    ['arrived', '11:05'],
    ['loading', '11:15'],
    ['departed', '12:00'],
  ]);
  const statement = (await ok(
    await whenNotBusy(() => ops.post('/api/detention/statements', { data: { carrierId: carrier.id, month: MONTH } })),
    201,
  )) as { id: string; number: string };
  await Promise.all([ops.dispose(), admin.dispose()]);
  return { tag, facility, carrier, kept, quick, statement };
}

test.describe('a carrier disputes a line of its statement on a 390 px phone, the hub answers', () => {
  test('in Hindi on the phone, in English at the hub', async ({ browser, baseURL, request }) => {
    const { tag, facility, carrier, kept, quick, statement } = await issuedStatement(baseURL!);
    const email = `statement.${tag.toLowerCase()}@example.in`;
    await register(request, {
      email,
      password: PASSWORD,
      firstName: 'Sunita',
      lastName: 'Deshmukh',
      driverLicense: `MH14-${tag}`,
    });
    await approve(baseURL!, email, { role: 'transporter_company', carrierId: carrier.id });

    const phone = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
    const desk = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    try {
      // The carrier's office opens its statement of the month, in Hindi.
      const page = await phone.newPage();
      await page.addInitScript(() => localStorage.setItem('docksaathi.language', 'hi'));
      await signInTo(page, email, '/statements');
      const row = page.getByTestId('statement-row').filter({ hasText: statement.number });
      await expect(row).toBeVisible({ timeout: SCREEN_OPENS_MS });
      await expect(row).toContainText('2 ट्रक');
      await row.getByRole('button', { name: `स्टेटमेंट ${statement.number} खोलें` }).click();
      const opened = page.getByTestId('statement');
      await expect(opened.getByTestId('statement-net')).toHaveText('हब पर ₹1,500.00 बकाया', {
        timeout: SCREEN_OPENS_MS,
      });
      await expect(opened.getByTestId('statement-facility').filter({ hasText: facility.name })).toContainText(
        '₹1,500.00',
      );
      await expect(opened.getByRole('link', { name: 'स्टेटमेंट डाउनलोड करें (PDF)' })).toHaveAttribute(
        'href',
        `/api/detention/statements/${statement.id}/statement.pdf`,
      );

      // One truck's detention and evidence, opened from its line.
      const line = opened.getByTestId('statement-line').filter({ hasText: kept.bookingReference });
      await expect(line.getByTestId('statement-line-detention')).toHaveText('₹1,500.00');
      await line.locator('summary', { hasText: 'डिटेंशन' }).click();
      const truck = line.getByTestId('truck-detention');
      await expect(truck).toBeVisible({ timeout: SCREEN_OPENS_MS });
      await expect(truck.getByTestId('detention-owed')).toContainText('₹1,500.00');

      // An empty reason is refused under the field; then the line is disputed.
      const dispute = line.getByRole('form', { name: `${kept.bookingReference} पर आपत्ति` });
      const reason = dispute.getByLabel('इस पंक्ति में क्या गलत है');
      await dispute.getByRole('button', { name: 'इस पंक्ति पर आपत्ति करें' }).click();
      await expect(reason).toHaveAccessibleDescription('बताएँ कि इस पंक्ति में क्या गलत है');
      await reason.fill('हमारा ट्रक गेट रजिस्टर के अनुसार 12:00 बजे निकल गया था');
      await dispute.getByRole('button', { name: 'इस पंक्ति पर आपत्ति करें' }).click();
      await expect(line.getByTestId('statement-dispute')).toContainText('12:00 बजे निकल गया था');
      await expect(line).toContainText('आपत्ति');
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

      // The hub answers the dispute on /analytics, then closes the statement.
      const hub = await desk.newPage();
      await signInTo(hub, 'operations', '/analytics');
      const hubRow = hub.getByTestId('statement-row').filter({ hasText: statement.number });
      await expect(hubRow).toContainText('1 open dispute', { timeout: SCREEN_OPENS_MS });
      await hubRow.getByRole('button', { name: `Open statement ${statement.number}` }).click();
      const hubLine = hub
        .getByTestId('statement')
        .getByTestId('statement-line')
        .filter({ hasText: kept.bookingReference });
      await expect(hubLine.getByTestId('statement-dispute')).toContainText('12:00 बजे निकल गया था', {
        timeout: SCREEN_OPENS_MS,
      });
      const answer = hubLine.getByRole('form', { name: `Answer the dispute of ${kept.bookingReference}` });
      await answer.getByLabel('Answer to the carrier').fill('The gate camera shows the truck leaving at 14:00');
      await answer.getByRole('button', { name: 'Send the answer' }).click();
      await expect(hubLine.getByTestId('statement-answer')).toContainText('The gate camera shows the truck leaving');
      await hub.getByRole('button', { name: 'Close the statement' }).click();
      await expect(hub.getByTestId('statement-closed')).toBeVisible();

      // The carrier's page, loaded before the close, is refused another dispute under its field.
      const other = opened.getByTestId('statement-line').filter({ hasText: quick.bookingReference });
      const late = other.getByRole('form', { name: `${quick.bookingReference} पर आपत्ति` });
      await late.getByLabel('इस पंक्ति में क्या गलत है').fill('यह ट्रक भी जल्दी निकला था');
      await late.getByRole('button', { name: 'इस पंक्ति पर आपत्ति करें' }).click();
      await expect(late.getByLabel('इस पंक्ति में क्या गलत है')).toHaveAccessibleDescription(
        'यह स्टेटमेंट बंद है: अब आपत्तियाँ नहीं ली जातीं',
      );

      // Reloaded: the hub's answer under the line, the statement closed, no dispute form left.
      await page.reload();
      await page
        .getByTestId('statement-row')
        .filter({ hasText: statement.number })
        .getByRole('button', { name: `स्टेटमेंट ${statement.number} खोलें` })
        .click({ timeout: SCREEN_OPENS_MS });
      const answered = page.getByTestId('statement-line').filter({ hasText: kept.bookingReference });
      await expect(answered.getByTestId('statement-answer')).toContainText(
        'The gate camera shows the truck leaving at 14:00',
        { timeout: SCREEN_OPENS_MS },
      );
      await expect(answered).toContainText('जवाब दिया गया');
      await expect(page.getByTestId('statement-closed')).toHaveText('यह स्टेटमेंट बंद है: अब आपत्तियाँ नहीं ली जातीं');
      await expect(page.getByRole('form')).toHaveCount(0);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    } finally {
      await Promise.all([phone.close(), desk.close()]);
    }
  });
});

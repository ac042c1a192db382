// Book without an app (issue #56): a driver books from "Hi" to a confirmed appointment with its gate
// pass in at most 8 messages or taps, in English (a known driver of the demo carrier) and in Hindi (a
// number the product does not know, with its booking link's message), on the local stack's WhatsApp
// page: every message goes through the fake Cloud API (functions/local/fake-whatsapp.ts) as a signed
// webhook, and every answer comes back through the product's sending path. The pass's QR image is
// loaded by the browser from the product, as WhatsApp would fetch it.
import { randomInt } from 'node:crypto';
import { expect as baseExpect, test, type Locator, type Page } from '@playwright/test';
import { apiAs, openHub } from './checkin-support';
import { whenNotBusy } from './support';

// The bot's answer comes through the inbox worker's stream poll and the fake's outbox.
const expect = baseExpect.configure({ timeout: 20_000 });

const SURESH = '+919800000004';

/** The driver's side of a chat on /dev/whatsapp: each act is one message or tap, counted. */
async function openChat(page: Page, number: string) {
  await page.goto('/dev/whatsapp');
  await page.getByLabel('Driver number').fill(number);
  await page.getByRole('button', { name: 'Open chat' }).click();
  await expect(page.getByRole('heading', { name: `Chat with ${number}` })).toBeVisible();
  const log = page.getByRole('log');
  let acts = 0;
  /** The messages since `from` (answers to the last act), once one of them has `text`. */
  const answerWith = async (from: number, text: string | RegExp): Promise<Locator> => {
    const since = log.locator(`.msg:nth-child(n+${from + 1})`);
    await expect(since.filter({ hasText: text }).first()).toBeVisible();
    return since;
  };
  return {
    get acts() {
      return acts;
    },
    /** Types and sends a message; the answer's messages, once one has `expected`. */
    async say(message: string, expected: string | RegExp) {
      const from = await log.locator('.msg').count();
      acts += 1;
      await page.getByLabel('Message').fill(message);
      await page.getByRole('button', { name: 'Send', exact: true }).click();
      return answerWith(from, expected);
    },
    /** Taps a reply button or list row of `answer`; the next answer's messages, once one has `expected`. */
    async tap(answer: Locator, choice: RegExp | 'first', expected: string | RegExp) {
      const from = await log.locator('.msg').count();
      const buttons = answer.getByRole('button');
      acts += 1;
      await (choice === 'first' ? buttons.first() : buttons.filter({ hasText: choice }).first()).click();
      return answerWith(from, expected);
    },
  };
}

type Chat = Awaited<ReturnType<typeof openChat>>;

/** The booking's own questions, one by one, until the summary offers Confirm; returns that summary. */
async function answerBookingFields(chat: Chat, answer: Locator, words: typeof ENGLISH): Promise<Locator> {
  const next = new RegExp(
    `${words.vehicleNumber}|${words.vehicle}|${words.driverName}|${words.licence}|${words.confirm}`,
  );
  for (let i = 0; i < 6; i++) {
    const text = (await answer.allInnerTexts()).join('\n');
    if (await answer.getByRole('button', { name: words.confirm, exact: true }).count()) return answer;
    if (text.includes(words.vehicleNumber)) answer = await chat.say(`MH12WA${randomInt(1000, 9999)}`, next);
    else if (text.includes(words.vehicle)) answer = await chat.tap(answer, 'first', next);
    else if (text.includes(words.driverName)) answer = await chat.say('Ramesh Gupta', next);
    else if (text.includes(words.licence)) answer = await chat.say('MH1220200012345', next);
    else throw new Error(`a question the journey does not know: ${text}`);
  }
  throw new Error('no summary with Confirm after six questions');
}

/** The pass's QR image in the confirmation, loaded from the product (a PNG of some hundred pixels a side). */
async function expectPassImage(answer: Locator) {
  const image = answer.getByRole('img').first();
  await expect(image).toBeVisible();
  await expect
    .poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
    .toBeGreaterThan(200);
}

// The bot's words, written here by hand from the dialogue (functions/chat/texts.ts has them).
const ENGLISH = {
  vehicleNumber: 'Send the vehicle number',
  vehicle: 'Which vehicle?',
  driverName: "Send the driver's name",
  licence: "Send the driver's licence number",
  confirm: 'Confirm',
};
const HINDI = {
  vehicleNumber: 'वाहन नंबर नंबर-प्लेट के अनुसार भेजें',
  vehicle: 'कौन सा वाहन?',
  driverName: 'ड्राइवर का नाम भेजें',
  licence: 'ड्राइवर का लाइसेंस नंबर भेजें',
  confirm: 'पुष्टि करें',
};

test.describe('WhatsApp booking (local fake Cloud API)', () => {
  test('a known driver books from "Hi" to a confirmed appointment with its pass in at most 8 messages or taps, in English', async ({
    page,
  }) => {
    const chat = await openChat(page, SURESH);
    let answer = await chat.say('Hi', /Book - /);
    answer = await chat.tap(answer, /^Book - /, /Where do you want to book\?|Which day\?/);
    if ((await answer.allInnerTexts()).join('\n').includes('Where do you want to book?'))
      answer = await chat.tap(answer, 'first', 'Which day?');
    answer = await chat.tap(answer, 'first', /Free times on/);
    answer = await chat.tap(
      answer,
      'first',
      new RegExp(`${ENGLISH.vehicleNumber}|${ENGLISH.vehicle}|${ENGLISH.driverName}|${ENGLISH.licence}|Confirm`),
    );
    answer = await answerBookingFields(chat, answer, ENGLISH);
    answer = await chat.tap(answer, new RegExp(`^${ENGLISH.confirm}$`), /Booked\. Your booking code is [A-Z0-9-]+\./);
    await expect(answer.filter({ hasText: '/pass/' }).first()).toBeVisible();
    await expectPassImage(answer);
    expect(chat.acts).toBeLessThanOrEqual(8);
  });

  test('a new number books through its booking link message in Hindi in at most 8 messages or taps', async ({
    page,
    baseURL,
  }) => {
    const hub = await openHub(baseURL!, `WhatsApp Hub ${randomInt(100_000, 999_999)}`, 'Asia/Kolkata');
    const ops = await apiAs(baseURL!, 'operations');
    const made = await whenNotBusy(() =>
      ops.post('/api/booking-links', { data: { facilityId: hub.id, label: 'WhatsApp journey' } }),
    );
    expect(made.status(), await made.text()).toBe(201);
    const { link, code } = (await made.json()) as { link: { token: string }; code: string };
    await ops.dispose();

    const chat = await openChat(page, `+9197${randomInt(10_000_000, 99_999_999)}`);
    let answer = await chat.say(`${baseURL}/book/${link.token}?lang=hi कोड ${code}`, 'कौन सा दिन?');
    answer = await chat.tap(answer, 'first', /खाली समय/);
    answer = await chat.tap(
      answer,
      'first',
      new RegExp(`${HINDI.vehicleNumber}|${HINDI.vehicle}|${HINDI.driverName}|${HINDI.licence}|${HINDI.confirm}`),
    );
    answer = await answerBookingFields(chat, answer, HINDI);
    answer = await chat.tap(answer, new RegExp(`^${HINDI.confirm}$`), /बुकिंग हो गई। आपका बुकिंग कोड [A-Z0-9-]+ है।/);
    await expectPassImage(answer);
    expect(chat.acts).toBeLessThanOrEqual(8);
  });
});

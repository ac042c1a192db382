// The WhatsApp and SMS conversation (issue #56), driven by calling converse as the inbox worker does, one
// message at a time per number, against the local stack: a booking from "Hi" to its pass in at most 8
// messages or taps (English, a known driver; Hindi, an unknown number with a booking link), a start taken
// meanwhile, a reply not asked for, change and cancel under the hub's cut-off, nobody else's booking shown,
// SMS keywords, and the arrival check-in by code and by a location at the hub's gate.
import { randomInt, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, startTestApi, type TestApi } from '../support/api';
import { openHub } from '../support/checkin-hub';
import { tripWatchSettings } from '../support/fake-ulip-settings';
import { addDays } from '../../shared/time';
import type { ChatContent, ChatReply, ChatTurn } from '../../functions/chat/types';

let api: TestApi;
let ops: Client;
let hub: Awaited<ReturnType<typeof openHub>>;
const SURESH = '+919800000004';
const ORIGIN = 'http://localhost:5173';

beforeAll(async () => {
  process.env.APP_ORIGIN = ORIGIN;
  api = await startTestApi();
  ops = new Client(api.url);
  await ops.signIn('operations');
  hub = await openHub(ops, `Chat Hub ${randomUUID().slice(0, 6)}`);
});
afterAll(() => api?.close());

const texts = async () => (await import('../../functions/chat/texts')).CHAT_TEXTS;
const unknownNumber = () => `+9197${randomInt(10_000_000, 99_999_999)}`;

/** One person's chat: each call is one message or tap of theirs, counted. */
function chat(phone: string, channel: 'whatsapp' | 'sms' = 'whatsapp') {
  let sent = 0;
  const say = async (content: ChatContent): Promise<ChatTurn> => {
    sent += 1;
    const { converse } = await import('../../functions/chat/bot');
    return converse({
      tenantId: 'demo',
      phone,
      channel,
      providerMessageId: `wamid.${randomUUID()}`,
      receivedAt: new Date().toISOString(),
      content,
    });
  };
  return {
    text: (text: string) => say({ kind: 'text', text }),
    tap: (id: string, title = id) => say({ kind: 'reply', id, title }),
    location: (latitude: number, longitude: number) => say({ kind: 'location', latitude, longitude }),
    get sent() {
      return sent;
    },
  };
}

const optionsOf = (turn: ChatTurn) =>
  turn.replies.flatMap((r) => (r.kind === 'list' ? r.rows : r.kind === 'buttons' ? r.buttons : []));
const option = (turn: ChatTurn, prefix: string) => {
  const found = optionsOf(turn).find((o) => o.id.startsWith(prefix));
  expect(found, `${prefix} in ${JSON.stringify(turn.replies)}`).toBeDefined();
  return found!;
};
const bodies = (turn: ChatTurn) =>
  turn.replies
    .map((r: ChatReply) => (r.kind === 'image' ? (r.caption ?? '') : r.kind === 'text' ? r.body : r.body))
    .join('\n');

/** Answers the booking fields asked one by one until the summary's Confirm is offered. */
async function answerFields(c: ReturnType<typeof chat>, turn: ChatTurn, language: 'en' | 'hi') {
  const t = (await texts())[language];
  for (let i = 0; i < 6 && !optionsOf(turn).some((o) => o.id === 'confirm:yes'); i++) {
    const body = bodies(turn);
    if (body.includes(t.askVehicleNumber)) turn = await c.text(`MH12AB${randomInt(1000, 9999)}`);
    else if (body.includes(t.chooseVehicle)) turn = await c.tap(option(turn, 'veh:Truck:16').id);
    else if (body.includes(t.askDriverName)) turn = await c.text('Ramesh Gupta');
    else if (body.includes(t.askDriverLicense)) turn = await c.text('MH1220200012345');
    else throw new Error(`unexpected question: ${body}`);
  }
  return turn;
}

const tomorrow = () => addDays(hub.local().date, 1);

describe('booking by chat', () => {
  it('books a known driver from Hi to the pass in English in at most 8 messages or taps', async () => {
    const t = (await texts()).en;
    const c = chat(SURESH);
    let turn = await c.text('Hi');
    expect(turn.language).toBe('en');
    turn = await c.tap('menu:book');
    turn = await c.tap(option(turn, `hub:${hub.facility.id}:`).id);
    expect(bodies(turn)).toContain(t.chooseDay);
    turn = await c.tap(`day:${tomorrow()}`);
    turn = await c.tap(optionsOf(turn)[0]!.id);
    turn = await answerFields(c, turn, 'en');
    expect(bodies(turn)).toContain(t.consentNote);
    turn = await c.tap('confirm:yes');
    expect(c.sent).toBeLessThanOrEqual(8);
    expect(bodies(turn)).toMatch(/Booked\. Your booking code is \S+\./);
    const image = turn.replies.find((r) => r.kind === 'image');
    expect(image).toMatchObject({ link: expect.stringMatching(new RegExp(`^${ORIGIN}/api/passes/.+/qr$`)) });
    expect(bodies(turn)).toContain(`${ORIGIN}/pass/`);
    const code = /code is (\S+)\./.exec(bodies(turn))![1]!;
    const { findByBookingReference } = await import('../../functions/appointments/appointment.store');
    expect(await findByBookingReference('demo', code)).toMatchObject({
      driverId: 'driver-suresh',
      carrierId: 'carrier-sahyadri',
      facilityId: hub.facility.id,
      scheduledDate: tomorrow(),
    });
  });

  it('books an unknown number through a booking link in Hindi in at most 8 messages or taps', async () => {
    const t = (await texts()).hi;
    const made = await ops.post('/api/booking-links', { facilityId: hub.facility.id, label: 'Chat link' });
    expect(made.status, made.text).toBe(201);
    const phone = unknownNumber();
    const c = chat(phone);
    let turn = await c.text(`${ORIGIN}/book/${made.body.link.token}?lang=hi कोड ${made.body.code}`);
    expect(turn.language).toBe('hi');
    expect(bodies(turn)).toContain(t.chooseDay);
    turn = await c.tap(`day:${tomorrow()}`);
    turn = await c.tap(optionsOf(turn)[1]!.id);
    turn = await answerFields(c, turn, 'hi');
    turn = await c.tap('confirm:yes');
    expect(c.sent).toBeLessThanOrEqual(8);
    expect(bodies(turn)).toMatch(/बुकिंग हो गई। आपका बुकिंग कोड \S+ है।/);
    expect(turn.replies.some((r) => r.kind === 'image')).toBe(true);
  });

  it('offers the next starts when the chosen one was taken meanwhile, and asks again a reply not asked for', async () => {
    const t = (await texts()).en;
    const c = chat(SURESH);
    await c.text('menu');
    let turn = await c.tap('menu:book');
    turn = await c.tap(option(turn, `hub:${hub.facility.id}:`).id);
    const days = turn;
    turn = await c.text('banana');
    expect(turn.replies).toEqual(days.replies);
    turn = await c.tap(`day:${tomorrow()}`);
    const start = optionsOf(turn)[2]!;
    // Another path books the start full between the offer and the tap.
    await fillStart(tomorrow(), start.id.slice('start:'.length));
    turn = await c.tap(start.id);
    expect(bodies(turn)).toContain(t.slotTaken);
    expect(optionsOf(turn).map((o) => o.id)).not.toContain(start.id);
    expect(optionsOf(turn).length).toBeGreaterThan(0);
    // Taken between the summary and the confirm: the booking's own conflict, and the next starts.
    const next = optionsOf(turn)[0]!;
    turn = await answerFields(c, await c.tap(next.id), 'en');
    await fillStart(tomorrow(), next.id.slice('start:'.length));
    turn = await c.tap('confirm:yes');
    expect(bodies(turn)).toContain(t.slotTaken);
    expect(optionsOf(turn).map((o) => o.id)).not.toContain(next.id);
  });
});

/** Books a start of the hub full by the guest path (as another driver on the booking page would). */
async function fillStart(date: string, time: string) {
  const { bookGuestSlot } = await import('../../functions/appointments/guest-booking');
  const { getFacility } = await import('../../functions/facilities/facility.store');
  const { guestBookingSchema } = await import('../../shared/contracts/appointments-guest');
  const facility = (await getFacility('demo', hub.facility.id))!;
  let taken = 0;
  for (let i = 0; i < 50; i++) {
    try {
      await bookGuestSlot(
        facility,
        guestBookingSchema.parse({
          ownerType: 'Driver',
          vehicleNumber: `MH14AB${randomInt(1000, 9999)}`,
          vehicleType: 'Truck',
          capacityTons: 5,
          driverName: 'Other Driver',
          driverLicense: 'L1',
          mobileNumber: unknownNumber(),
          expectedArrivalDate: new Date().toISOString(),
          slotId: `${date}_${time.replace(':', '')}`,
        }),
        undefined,
      );
      taken += 1;
    } catch {
      break;
    }
  }
  expect(taken).toBeGreaterThan(0);
}

describe('a hub’s own fields, Hindi, withdrawal and the conversation record', () => {
  it('asks a hub’s required field in Hindi with its own message, and a reply not asked for gets the question again in Hindi', async () => {
    const t = (await texts()).hi;
    const fieldsHub = await openHub(ops, `Seal Hub ${randomUUID().slice(0, 6)}`);
    const field = await ops.post(`/api/appointment-types/facilities/${fieldsHub.facility.id}/fields`, {
      label: 'Seal number',
      labelHi: 'सील नंबर',
      kind: 'text',
      requiredForCarriers: true,
      pattern: '[A-Z]{2}[0-9]{4}',
      message: 'A seal number is two letters and four digits, e.g. AB1234',
      messageHi: 'सील नंबर दो अक्षर और चार अंक है, जैसे AB1234',
    });
    expect(field.status, field.text).toBe(201);
    const made = await ops.post('/api/booking-links', { facilityId: fieldsHub.facility.id, label: 'Seal link' });
    const c = chat(unknownNumber());
    let turn = await c.text(`${ORIGIN}/book/${made.body.link.token}?lang=hi ${made.body.code}`);
    const days = turn;
    turn = await c.text('केला');
    expect(turn.replies).toEqual(days.replies);
    expect(bodies(turn)).toContain(t.chooseDay);
    turn = await c.tap(`day:${addDays(fieldsHub.local().date, 1)}`);
    turn = await c.tap(optionsOf(turn)[0]!.id);
    turn = await c.text('MH 12 ab 1234');
    turn = await c.tap('veh:Truck:16');
    turn = await c.text('Ramesh Gupta');
    turn = await c.text('MH1220200012345');
    expect(bodies(turn)).toBe('सील नंबर');
    turn = await c.text('AB12');
    expect(bodies(turn)).toBe('सील नंबर दो अक्षर और चार अंक है, जैसे AB1234\nसील नंबर');
    turn = await c.text('AB1234');
    expect(bodies(turn)).toContain('वाहन: MH12AB1234 · ट्रक · 16 टन');
    turn = await c.tap('confirm:yes');
    const code = /बुकिंग कोड (\S+) है/.exec(bodies(turn))![1]!;
    const { findByBookingReference } = await import('../../functions/appointments/appointment.store');
    const booked = await findByBookingReference('demo', code);
    expect(booked?.fields).toEqual([
      expect.objectContaining({ fieldId: field.body.id, label: 'Seal number', value: 'AB1234' }),
    ]);
    expect(booked?.bookingLinkId).toBe(made.body.link.id);
    expect(booked?.guest?.language).toBe('hi');
    // The booking by chat recorded the number's consent to WhatsApp, as the guest form records its opt-ins.
    const { messagingAllowed } = await import('../../functions/consent');
    expect(await messagingAllowed('demo', booked!.driverPhone!)).toEqual({ whatsapp: true, sms: true });
  });

  it('answers a number that withdrew WhatsApp only that the chat is off, and an SMS from one that withdrew SMS not at all', async () => {
    const phone = unknownNumber();
    const consent = await import('../../functions/consent');
    await consent.recordConsent(
      'demo',
      phone,
      { noticeVersion: '2026-11-v1', language: 'en', messaging: { sms: true, whatsapp: true } },
      'guest_booking',
      null,
    );
    const token = (await consent.choicesToken('demo', phone))!;
    await consent.withdrawByToken(token, ['whatsapp', 'sms']);
    const turn = await chat(phone).text('Hi');
    expect(turn.replies).toHaveLength(1);
    expect(bodies(turn)).toMatch(
      /^You asked us not to message you on WhatsApp, so this chat is off\. To turn it on again: .+\/privacy\/choices\//,
    );
    expect((await chat(phone, 'sms').text('HELP')).replies).toEqual([]);
  });

  it('keeps one conversation per number with a version: a change from a stale version is refused', async () => {
    const store = await import('../../functions/chat/conversation.store');
    const phone = unknownNumber();
    await chat(phone).text('Hi');
    const seen = (await store.getConversation('demo', phone))!;
    expect(seen).toMatchObject({ step: { name: 'language' }, version: 1, language: null });
    await store.saveConversation({ ...seen, step: { name: 'menu' } }, new Date());
    await expect(store.saveConversation({ ...seen, step: { name: 'idle' } }, new Date())).rejects.toThrow(
      'The conversation changed meanwhile',
    );
    expect((await store.getConversation('demo', phone))!).toMatchObject({ step: { name: 'menu' }, version: 2 });
  });
});

describe('the number’s own bookings', () => {
  it('shows an unknown number nobody’s booking and refuses another number’s code', async () => {
    const t = (await texts()).en;
    const c = chat(unknownNumber());
    let turn = await c.text('Hi');
    expect(optionsOf(turn).map((o) => o.id)).toEqual(['lang:en', 'lang:hi']);
    turn = await c.tap('lang:en');
    turn = await c.tap('menu:mine');
    expect(bodies(turn)).toContain(t.noBookings);
    await c.text('menu');
    turn = await c.tap('menu:book');
    expect(bodies(turn)).toContain(t.unknownNumber);
    expect(bodies(turn)).toContain(`You can also book on the hub's page: ${ORIGIN}/book/`);
    const suresh = await sureshBookings();
    await c.text('menu');
    await c.tap('menu:arrived');
    turn = await c.text(suresh[0]!.bookingReference);
    expect(bodies(turn)).toContain(t.notYourCode);
  });

  it('cancels under the hub’s change cut-off only outside it, and changes a booking', async () => {
    const t = (await texts()).en;
    const rules = `/api/bookings/facilities/${hub.facility.id}/rules`;
    const current = (await ops.get(rules)).body;
    expect(
      (await ops.request('PUT', rules, { body: { changeCutoffHours: 72, revision: current.revision } })).status,
    ).toBe(200);
    const c = chat(SURESH);
    await c.text('Hi');
    let turn = await c.tap('menu:cancel');
    const mine = (await sureshBookings()).filter((a) => a.facilityId === hub.facility.id && a.status === 'scheduled');
    if (optionsOf(turn).some((o) => o.id.startsWith('appt:'))) turn = await c.tap(`appt:${mine[0]!.id}`);
    turn = await c.tap('cancel:yes');
    expect(bodies(turn)).toBe('Changes close 72 hours before the slot. Call the facility.');
    // By SMS too: nothing is cancelled, and the answer (a registered template) says why.
    expect(bodies(await chat(SURESH, 'sms').text(`CANCEL ${mine[0]!.bookingReference}`))).toBe(
      `Booking ${mine[0]!.bookingReference} was not cancelled. Reason: the change cut-off has passed`,
    );
    const after = (await ops.get(rules)).body;
    expect(
      (await ops.request('PUT', rules, { body: { changeCutoffHours: null, revision: after.revision } })).status,
    ).toBe(200);
    await c.text('menu');
    turn = await c.tap('menu:change');
    if (optionsOf(turn).some((o) => o.id.startsWith('appt:'))) turn = await c.tap(`appt:${mine[0]!.id}`);
    turn = await c.tap(optionsOf(turn).at(-1)!.id);
    turn = await c.tap(optionsOf(turn).at(-1)!.id);
    expect(bodies(turn)).toContain(`Booking ${mine[0]!.bookingReference} is moved to`);
    await c.text('menu');
    turn = await c.tap('menu:cancel');
    if (optionsOf(turn).some((o) => o.id.startsWith('appt:'))) turn = await c.tap(`appt:${mine[0]!.id}`);
    turn = await c.tap('cancel:yes');
    expect(bodies(turn)).toContain(t.cancelled(mine[0]!.bookingReference));
  });

  it('answers SMS STATUS, CANCEL and HELP for the number’s own codes only, each with a registered template', async () => {
    const { smsTemplateOf } = await import('../../functions/messaging/replies');
    const code = await bookBySuresh(addDays(hub.local().date, 2), 1);
    const sms = chat(SURESH, 'sms');
    /** The one SMS answered, and the template whose DLT registration lets it go (null: it would not go). */
    const answer = async (said: string, language: 'en' | 'hi' = 'en') => {
      const text = bodies(await sms.text(said));
      return { text, template: smsTemplateOf(text, language) };
    };
    expect(await answer('HELP')).toEqual({
      text: 'DockSaathi: send STATUS <code> to see a booking, CANCEL <code> to cancel it.',
      template: 'sms_help',
    });
    const status = await answer(`status ${code}`);
    expect(status.text).toMatch(
      new RegExp(
        `^Booking ${code}: Scheduled\\. ${hub.facility.name}, \\d{1,2} [A-Z][a-z]{2} \\d{4} \\d\\d:\\d\\d, door not given yet\\.$`,
      ),
    );
    expect(status.template).toBe('sms_status');
    const stranger = chat(unknownNumber(), 'sms');
    for (const said of [`STATUS ${code}`, `CANCEL ${code}`]) {
      const text = bodies(await stranger.text(said));
      expect(text).toBe('No booking of this number has this code.');
      expect(smsTemplateOf(text, 'en')).toBe('sms_unknown_code');
    }
    expect(await answer(`रद्द ${code}`)).toEqual({ text: `Booking ${code} is cancelled.`, template: 'sms_cancelled' });
    // Cancelled already: CANCEL again says why nothing changed, and STATUS says so.
    expect(await answer(`CANCEL ${code}`)).toEqual({
      text: `Booking ${code} was not cancelled. Reason: it is Cancelled`,
      template: 'sms_not_cancelled',
    });
    expect((await answer(`STATUS ${code}`)).text).toMatch(new RegExp(`^Booking ${code}: Cancelled\\.`));
  });

  it('checks the truck in on arrival by its code; a location asks for the code', async () => {
    const t = (await texts()).en;
    const code = await bookBySuresh(hub.local().date, 0);
    const c = chat(SURESH);
    await c.text('menu');
    let turn: ChatTurn;
    turn = await c.tap('menu:arrived');
    turn = await c.location(19.3, 73.05);
    expect(bodies(turn)).toContain(t.locationUnknown);
    turn = await c.text(code);
    expect(bodies(turn)).toMatch(/You are checked in\./);
  });
});

describe('arrival by a shared location', () => {
  // The hub's gate on the map, as its trip watch keeps it (the watch itself off).
  const GATE = { latitude: 18.76, longitude: 73.84 };

  it("checks the truck in at its hub's gate; farther than a kilometre it says how far and asks for the code", async () => {
    const admin = new Client(api.url);
    await admin.signIn('admin');
    const saved = await admin.request('PUT', `/api/trips/settings?facilityId=${hub.facility.id}`, {
      body: tripWatchSettings(GATE, { enabled: false, revision: 0 }),
    });
    expect(saved.status, saved.text).toBe(200);
    // A new number books today through the hub's booking link.
    const made = await ops.post('/api/booking-links', { facilityId: hub.facility.id, label: 'Arrival link' });
    expect(made.status, made.text).toBe(201);
    const c = chat(unknownNumber());
    let turn = await c.text(`${ORIGIN}/book/${made.body.link.token}?lang=en code ${made.body.code}`);
    turn = await c.tap(`day:${hub.local().date}`);
    turn = await answerFields(c, await c.tap(optionsOf(turn)[0]!.id), 'en');
    turn = await c.tap('confirm:yes');
    expect(bodies(turn)).toMatch(/Booked\. Your booking code is \S+\./);

    await c.text('menu');
    await c.tap('menu:arrived');
    // 0.05 degrees of latitude north of the gate: 5.6 km (111.2 km a degree).
    turn = await c.location(GATE.latitude + 0.05, GATE.longitude);
    expect(bodies(turn)).toBe(
      `You are 5.6 km from ${hub.facility.name}. Send your booking code when you reach the gate.`,
    );
    // 0.005 degrees east of the gate at 18.76 N: 0.53 km, inside the kilometre.
    turn = await c.location(GATE.latitude, GATE.longitude + 0.005);
    expect(bodies(turn)).toMatch(/You are checked in\./);
  });
});

/** A booking of the known driver by chat at the hub on a day, at its `index`-th offered start; its code. */
async function bookBySuresh(date: string, index: number): Promise<string> {
  const c = chat(SURESH);
  await c.text('Hi');
  let turn = await c.tap('menu:book');
  turn = await c.tap(option(turn, `hub:${hub.facility.id}:`).id);
  turn = await c.tap(`day:${date}`);
  turn = await c.tap(optionsOf(turn)[index]!.id);
  turn = await answerFields(c, turn, 'en');
  turn = await c.tap('confirm:yes');
  return /code is (\S+)\./.exec(bodies(turn))![1]!;
}

async function sureshBookings() {
  const { listDriverAppointments } = await import('../../functions/appointments/appointment.store');
  return (await listDriverAppointments('demo', 'driver-suresh')).filter((a) => a.scheduledDate >= hub.local().date);
}

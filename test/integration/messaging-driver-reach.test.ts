// How a driver is reached (issue #29.3, #29.4): a driver sets their own channels and language in the
// driver app (their own record only, with the revision rule), the next message goes in that language
// on the first channel that carries it, and the Messaging Center sends to a driver or an
// appointment's driver with the template's placeholders filled from the appointment, naming what
// cannot be filled before anything is sent.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, startTestApi, type TestApi } from '../support/api';
import { booking, day } from '../support/appointments';

let api: TestApi;
let ops: Client;
let driver: Client;

beforeAll(async () => {
  api = await startTestApi({ workers: ['event-forwarder', 'messaging-notifier'] });
  ops = new Client(api.url);
  await ops.signIn('operations');
  // The demo driver account drives as Suresh Kumar of Sahyadri (+91 98000 00004).
  driver = new Client(api.url);
  await driver.signIn('driver');
});
afterAll(async () => api?.close());

const SURESH = '+919800000004';

/** The sink's messages to `to` whose text matches, once there are `count` of them (or the time is up). */
async function sinkFor(to: string, match: (body: string) => boolean, count = 1, timeoutMs = 8000) {
  const { localOutbox } = await import('../../functions/messaging');
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const found = (await localOutbox(500)).filter((m) => m.to === to && match(m.body));
    if (found.length >= count || Date.now() > deadline) return found;
    await new Promise((r) => setTimeout(r, 50));
  }
}

const logTo = async (to: string) =>
  (await ops.get('/api/messaging/messages?limit=100')).body.items.filter((m: { to: string }) => m.to === to);

async function ownRecord() {
  const drivers = await driver.get('/api/carriers/carrier-sahyadri/drivers');
  expect(drivers.status, drivers.text).toBe(200);
  expect(drivers.body).toHaveLength(1);
  return drivers.body[0] as { id: string; revision?: number; preferredLanguage?: string; preferredChannels?: string[] };
}

/** The same day in a Hindi message (issue #53): '27 नवंबर 2026'. */
const MONTHS_HI = ['जनवरी', 'फ़रवरी', 'मार्च', 'अप्रैल', 'मई', 'जून', 'जुलाई', 'अगस्त', 'सितंबर', 'अक्टूबर', 'नवंबर', 'दिसंबर'];
const writtenHi = (iso: string) =>
  `${Number(iso.slice(8))} ${MONTHS_HI[Number(iso.slice(5, 7)) - 1]} ${iso.slice(0, 4)}`;

describe("a driver's own channels and language", () => {
  it('a driver chooses Hindi and WhatsApp first: the next message is Hindi on WhatsApp, and nothing on SMS', async () => {
    // Prepare
    const before = await ownRecord();
    // Act
    const saved = await driver.request('PATCH', '/api/driver/preferences', {
      body: { preferredChannels: ['whatsapp', 'sms'], preferredLanguage: 'hi', revision: before.revision ?? 0 },
    });
    expect(saved.status, saved.text).toBe(200);
    const created = await ops.post(
      '/api/appointments',
      booking({
        carrierId: 'carrier-sahyadri',
        driverId: 'driver-suresh',
        dockDoorId: 'door-02',
        scheduledDate: day(4),
        scheduledTimeStart: '15:00',
        scheduledTimeEnd: '16:00',
      }),
    );
    expect(created.status, created.text).toBe(201);
    // Assess
    expect(saved.body).toMatchObject({ preferredChannels: ['whatsapp', 'sms'], preferredLanguage: 'hi' });
    const confirmed = await sinkFor(SURESH, (b) => b.includes('को 15:00 बजे के लिए पक्की है'));
    expect(confirmed.map((m) => m.channel)).toEqual(['whatsapp']);
    expect(confirmed[0]!.body).toBe(`आपकी अपॉइंटमेंट ${writtenHi(day(4))} को 15:00 बजे के लिए पक्की है। डॉक: D02।`);
    const request = JSON.parse((confirmed[0]!.request as { body: string }).body);
    expect(request.template).toMatchObject({ name: 'docksaathi_appointment_confirmed', language: { code: 'hi' } });
    // The driver's second channel is a fallback, not a copy: no SMS follows.
    await new Promise((r) => setTimeout(r, 500));
    expect((await sinkFor(SURESH, (b) => b.includes('15:00'), 2, 0)).map((m) => m.channel)).toEqual(['whatsapp']);
  });

  it('refuses staff, another record, unknown channels (in Hindi when asked) and a stale revision, changing nothing', async () => {
    // Prepare
    const before = await ownRecord();
    const revision = before.revision ?? 0;
    // Act
    const staff = await ops.request('PATCH', '/api/driver/preferences', {
      body: { preferredLanguage: 'en', revision },
    });
    const otherRecord = await driver.request('PATCH', '/api/driver/preferences', {
      body: { driverId: 'driver-ajay', preferredLanguage: 'en', revision },
    });
    const pager = await driver.request('PATCH', '/api/driver/preferences', {
      body: { preferredChannels: ['pager'], revision },
      headers: { 'accept-language': 'hi' },
    });
    const none = await driver.request('PATCH', '/api/driver/preferences', {
      body: { preferredChannels: [], revision },
    });
    const stale = await driver.request('PATCH', '/api/driver/preferences', {
      body: { preferredLanguage: 'en', revision: revision - 1 },
    });
    // Assess
    expect(staff.status).toBe(403);
    expect(otherRecord.status).toBe(400);
    expect(pager.status).toBe(400);
    expect(pager.body.errors['preferredChannels.0'] ?? pager.body.errors.preferredChannels).toMatch(/[\u0900-\u097F]/);
    expect(none.status).toBe(400);
    expect(none.body.message).toBe('Please select at least one notification channel');
    expect(stale.status).toBe(409);
    expect(stale.body.current).toMatchObject({ preferredLanguage: before.preferredLanguage });
    expect(await ownRecord()).toEqual(before);
    const ajay = (await ops.get('/api/carriers/carrier-ganga/drivers')).body.find(
      (d: { id: string }) => d.id === 'driver-ajay',
    );
    expect(ajay.preferredLanguage).toBe('hi');
  });

  it('staff edit a driver named in Devanagari to Hindi: the Messaging Center reaches them in Hindi', async () => {
    // Prepare
    const added = await ops.post('/api/drivers', {
      carrierId: 'carrier-ganga',
      name: 'रमेश वर्मा',
      phone: '98123 45098',
      licenseNumber: 'UP3220210098765',
    });
    expect(added.status, added.text).toBe(201);
    // Act
    const edited = await ops.request('PATCH', `/api/carriers/carrier-ganga/drivers/${added.body.id}`, {
      body: { preferredLanguage: 'hi', preferredChannels: ['sms'], revision: added.body.revision ?? 0 },
    });
    const sent = await ops.post('/api/messaging/driver-messages', {
      recipient: { kind: 'driver', carrierId: 'carrier-ganga', driverId: added.body.id },
      templateKey: 'loading_complete',
    });
    // Assess
    expect(edited.status, edited.text).toBe(200);
    expect(sent.status, sent.text).toBe(200);
    expect(sent.body).toMatchObject({ sentOn: 'sms', language: 'hi', message: 'Message sent via SMS' });
    const [sms] = await sinkFor('+919812345098', (b) => b.includes('लोडिंग/अनलोडिंग पूरी'));
    expect(sms).toMatchObject({ channel: 'sms', body: 'लोडिंग/अनलोडिंग पूरी! कृपया दस्तावेज़ लें और बाहर निकलें।' });
  });

  it('falls back in order: a channel without an address is skipped, a refusing one hands the message on', async () => {
    // Prepare: Ravi Shankar is reached by e-mail first (no e-mail address is kept), then WhatsApp, SMS and voice.
    const ravi = (await ops.get('/api/carriers/carrier-ganga/drivers')).body.find(
      (d: { id: string }) => d.id === 'driver-ravi',
    );
    const edited = await ops.request('PATCH', '/api/carriers/carrier-ganga/drivers/driver-ravi', {
      body: { preferredChannels: ['email', 'whatsapp', 'sms', 'voice'], revision: ravi.revision ?? 0 },
    });
    expect(edited.status, edited.text).toBe(200);
    // Act: a typed text; WhatsApp outside its 24-hour window and SMS (DLT) carry only registered templates.
    const sent = await ops.post('/api/messaging/driver-messages', {
      recipient: { kind: 'driver', carrierId: 'carrier-ganga', driverId: 'driver-ravi' },
      message: 'Please call the gate office when you reach Bhiwandi.',
    });
    // Assess
    expect(sent.status, sent.text).toBe(200);
    expect(sent.body.sentOn).toBe('voice');
    expect(sent.body.outcomes.map((o: { channel: string; status: string }) => `${o.channel}:${o.status}`)).toEqual([
      'whatsapp:failed',
      'sms:failed',
      'voice:sent',
    ]);
    const [call] = await sinkFor('+919812300003', (b) => b.includes('call the gate office'));
    expect(call!.channel).toBe('voice');
  });
});

describe("the Messaging Center to an appointment's driver", () => {
  it("fills the template from the appointment in the driver's language", async () => {
    // Prepare: Ajay Yadav prefers Hindi on SMS, then WhatsApp (demo data).
    const created = await ops.post(
      '/api/appointments',
      booking({ dockDoorId: 'door-03', scheduledDate: day(5), scheduledTimeStart: '09:00', scheduledTimeEnd: '10:00' }),
    );
    expect(created.status, created.text).toBe(201);
    // Act
    const sent = await ops.post('/api/messaging/driver-messages', {
      recipient: { kind: 'appointment', appointmentId: created.body.id },
      templateKey: 'reschedule_approved',
    });
    // Assess
    expect(sent.status, sent.text).toBe(200);
    expect(sent.body).toMatchObject({ sentOn: 'sms', language: 'hi' });
    const expected = `समय बदलने का आपका अनुरोध स्वीकार हुआ। नया समय: ${writtenHi(day(5))} को 09:00 बजे।`;
    const [sms] = await sinkFor('+919812300002', (b) => b === expected);
    expect(sms).toMatchObject({ channel: 'sms', body: expected });
  });

  it('names what the appointment cannot fill, in the asked language, and sends nothing', async () => {
    // Prepare: a booking with no door yet.
    const created = await ops.post(
      '/api/appointments',
      booking({ dockDoorId: undefined, scheduledDate: day(6), scheduledTimeStart: '13:00', scheduledTimeEnd: '14:00' }),
    );
    expect(created.status, created.text).toBe(201);
    await sinkFor('+919812300002', (b) => b.includes('13:00'));
    const logged = (await logTo('+919812300002')).length;
    const recipient = { kind: 'appointment', appointmentId: created.body.id };
    // Act
    const noDock = await ops.post('/api/messaging/driver-messages', { recipient, templateKey: 'dock_assigned' });
    const delay = await ops.post('/api/messaging/driver-messages', { recipient, templateKey: 'delay_alert' });
    const hindi = await ops.post(
      '/api/messaging/driver-messages',
      { recipient, templateKey: 'dock_assigned' },
      { headers: { 'accept-language': 'hi' } },
    );
    const nobody = await ops.post('/api/messaging/driver-messages', {
      recipient: { kind: 'driver', carrierId: 'carrier-ganga', driverId: 'driver-nobody' },
      templateKey: 'loading_complete',
    });
    // Assess
    expect(noDock.status).toBe(400);
    expect(noDock.body).toMatchObject({
      message: 'Cannot be filled from the chosen recipient: {dock}',
      errors: { templateKey: 'Cannot be filled from the chosen recipient: {dock}' },
    });
    expect(delay.body.message).toBe('Cannot be filled from the chosen recipient: {delay}, {newTime}');
    expect(hindi.body.message).toBe('चुने गए प्राप्तकर्ता से नहीं भरा जा सकता: {dock}');
    expect(nobody.status).toBe(404);
    expect((await logTo('+919812300002')).length).toBe(logged);
  });

  it('refuses roles without messaging', async () => {
    const spectator = new Client(api.url);
    await spectator.signIn('spectator');
    const res = await spectator.post('/api/messaging/driver-messages', {
      recipient: { kind: 'driver', carrierId: 'carrier-ganga', driverId: 'driver-ajay' },
      templateKey: 'loading_complete',
    });
    expect(res.status).toBe(403);
    expect((await driver.post('/api/messaging/driver-messages', { recipient: {}, templateKey: '' })).status).toBe(403);
  });
});

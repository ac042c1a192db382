// Issue #53.1, a new hub's first week through the local HTTP path: a new organisation's set-up checklist
// ticks each step exactly when it is done; a booking through its link before the DLT step says the
// SMS was not sent and why (and none reaches the outbox); after the DLT step the confirmation says SMS
// carried it and the SMS is in the outbox; another link's booking is not found.
import { randomInt } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, startTestApi, type TestApi } from '../support/api';
import { invitationTokenSentTo, signUpOrganisation, type Organisation } from '../support/tenancy';
import { indiaDate } from '../support/dates';

let api: TestApi;
let hub: Organisation;

beforeAll(async () => {
  api = await startTestApi({ workers: ['messaging-notifier'] });
  hub = await signUpOrganisation(api.url);
});
afterAll(() => api?.close());

const outbox = async () => (await import('../../functions/messaging/outbox.store')).localOutbox(500);
let address = 0;
const fromAddress = () => `127.0.53.${(address++ % 200) + 2}`;
const guest = () => new Client(api.url);
const code = (c: string) => ({ 'x-access-code': c });
const mobile = () => `9${randomInt(100_000_000, 999_999_999)}`;

type Link = { link: { id: string; token: string }; code: string };

async function stepsOf(client: Client) {
  const res = await client.get('/api/tenancy/setup');
  expect(res.status, res.text).toBe(200);
  return Object.fromEntries((res.body.steps as { step: string; done: boolean }[]).map((s) => [s.step, s.done]));
}

async function newLink(): Promise<Link> {
  const res = await hub.admin.post('/api/booking-links', { facilityId: hub.facilityId, label: 'Transporters' });
  expect(res.status, res.text).toBe(201);
  return res.body as Link;
}

/** A booking through the link at its first free slot from tomorrow on, for the mobile number. */
async function bookThrough(link: Link, phone: string) {
  for (let day = 1; day <= 7; day++) {
    const date = indiaDate(day);
    const slots = await guest().get(`/api/book/${link.link.token}/slots?date=${date}`, {
      headers: code(link.code),
      localAddress: fromAddress(),
    });
    expect(slots.status, slots.text).toBe(200);
    const slot = (slots.body as { id: string; isAvailable: boolean }[]).find((s) => s.isAvailable);
    if (!slot) continue;
    const res = await guest().post(
      `/api/book/${link.link.token}/booking`,
      {
        ownerType: 'Driver',
        vehicleNumber: `MH12AB${randomInt(1000, 9999)}`,
        vehicleType: 'Truck',
        capacityTons: 9,
        driverName: 'Suresh Patil',
        driverLicense: 'MH1220190054321',
        mobileNumber: phone,
        expectedArrivalDate: new Date().toISOString(),
        slotId: slot.id,
      },
      { headers: code(link.code), localAddress: fromAddress() },
    );
    expect(res.status, res.text).toBe(201);
    return res.body as { confirmationCode: string };
  }
  throw new Error('no free slot in the coming week');
}

const deliveryPath = (link: Link, reference: string) => `/api/book/${link.link.token}/booking/${reference}/delivery`;

/** The confirmation's delivery once it is no longer on its way (the notifier polls the stream every 200 ms). */
async function settledDelivery(link: Link, reference: string) {
  let body: { state: string; channel: string | null; reason: string | null } | undefined;
  await expect
    .poll(
      async () => {
        const res = await guest().get(deliveryPath(link, reference), {
          headers: code(link.code),
          localAddress: fromAddress(),
        });
        expect(res.status, res.text).toBe(200);
        body = res.body;
        return body!.state;
      },
      { timeout: 15_000, interval: 300 },
    )
    .not.toBe('sending');
  return body!;
}

describe('a new organisation’s set-up checklist', () => {
  it('lists every step; only the first facility and its doors are done at sign-up', async () => {
    const res = await hub.admin.get('/api/tenancy/setup');
    expect(res.status, res.text).toBe(200);
    expect(res.body).toEqual({
      steps: [
        { step: 'dltEntity', done: false },
        { step: 'dltHeader', done: false },
        { step: 'dltTemplates', done: false },
        { step: 'whatsapp', done: false },
        { step: 'doors', done: true },
        { step: 'appointmentTypes', done: false },
        { step: 'carrier', done: false },
        { step: 'bookingLink', done: false },
        { step: 'gateDevice', done: false },
      ],
      complete: false,
    });
  });

  it('is not for a guest without a session', async () => {
    expect((await guest().get('/api/tenancy/setup')).status).toBe(401);
  });
});

describe('a booking through a new hub’s link', () => {
  it('before the DLT step: the confirmation says SMS was not sent for want of the DLT registration, and no SMS left', async () => {
    const link = await newLink();
    expect((await stepsOf(hub.admin)).bookingLink).toBe(true);
    const phone = mobile();
    const booked = await bookThrough(link, phone);

    const delivery = await settledDelivery(link, booked.confirmationCode);

    expect(delivery).toEqual({ state: 'not_sent', channel: 'sms', reason: 'no_dlt' });
    expect((await outbox()).filter((m) => m.to === `+91${phone}`)).toEqual([]);
    // Staff find it in the message log with the reason and where to fix it.
    const log = await hub.admin.get('/api/messaging/messages?status=failed&limit=20');
    expect(log.status, log.text).toBe(200);
    expect(log.body.items.find((m: { to: string }) => m.to === `+91${phone}`)).toMatchObject({
      channel: 'sms',
      status: 'failed',
      reason:
        'Not sent: SMS needs the hub’s DLT registration. Enter the DLT entity ID and sender header under Configuration, Messaging providers',
    });
  });

  it('after the DLT step: the checklist ticks it, and the confirmation says SMS carried it, as the outbox shows', async () => {
    const saved = await hub.admin.request('PUT', '/api/messaging/settings', {
      body: {
        dlt: {
          entityId: '1201160000000053001',
          header: 'NHUBTS',
          templateIds: { slot_booking_confirmed: { en: '1207160000000053002', hi: '1207160000000053003' } },
        },
      },
    });
    expect(saved.status, saved.text).toBe(200);
    expect(await stepsOf(hub.admin)).toMatchObject({ dltEntity: true, dltHeader: true, dltTemplates: true });

    const link = await newLink();
    const phone = mobile();
    const booked = await bookThrough(link, phone);

    expect(await settledDelivery(link, booked.confirmationCode)).toEqual({
      state: 'sent',
      channel: 'sms',
      reason: null,
    });
    const sms = (await outbox()).filter((m) => m.to === `+91${phone}`);
    expect(sms).toHaveLength(1);
    expect(sms[0]!.body).toContain(booked.confirmationCode);
  });

  it('a guest booking through the facility’s own link is told the same way; a booking link’s booking is not found there', async () => {
    const token = (await hub.admin.get(`/api/facilities/${hub.facilityId}/link`)).body.token as string;
    const phone = mobile();
    let reference: string | undefined;
    for (let day = 1; day <= 7 && !reference; day++) {
      const slots = await guest().get(`/api/slots/available?date=${indiaDate(day)}&facility=${token}`, {
        localAddress: fromAddress(),
      });
      expect(slots.status, slots.text).toBe(200);
      const slot = (slots.body as { id: string; isAvailable: boolean }[]).find((s) => s.isAvailable);
      if (!slot) continue;
      const res = await guest().post(
        '/api/bookings/slot',
        {
          ownerType: 'Driver',
          vehicleNumber: `MH14CD${randomInt(1000, 9999)}`,
          vehicleType: 'Truck',
          capacityTons: 9,
          driverName: 'Ganesh More',
          driverLicense: 'MH1420180054321',
          mobileNumber: phone,
          expectedArrivalDate: new Date().toISOString(),
          slotId: slot.id,
          facility: token,
          language: 'hi',
        },
        { localAddress: fromAddress() },
      );
      expect(res.status, res.text).toBe(201);
      reference = res.body.confirmationCode;
    }
    const path = (ref: string) => `/api/facility-links/${token}/bookings/${ref}/delivery`;
    let body: { state: string } | undefined;
    await expect
      .poll(
        async () => {
          const res = await guest().get(path(reference!), { localAddress: fromAddress() });
          expect(res.status, res.text).toBe(200);
          body = res.body;
          return body!.state;
        },
        { timeout: 15_000, interval: 300 },
      )
      .not.toBe('sending');
    expect(body).toEqual({ state: 'sent', channel: 'sms', reason: null });
    const sms = (await outbox()).filter((m) => m.to === `+91${phone}`);
    expect(sms).toHaveLength(1);
    expect(sms[0]!.body).toContain(reference!);

    const link = await newLink();
    const throughLink = await bookThrough(link, mobile());
    expect((await guest().get(path(throughLink.confirmationCode), { localAddress: fromAddress() })).status).toBe(404);
  });

  it('another link’s booking, a wrong code or an unknown reference is not told', async () => {
    const first = await newLink();
    const second = await newLink();
    const booked = await bookThrough(first, mobile());

    const other = await guest().get(deliveryPath(second, booked.confirmationCode), {
      headers: code(second.code),
      localAddress: fromAddress(),
    });
    expect(other.status).toBe(404);
    const unknown = await guest().get(deliveryPath(first, 'NOSUCHREF1'), {
      headers: code(first.code),
      localAddress: fromAddress(),
    });
    expect(unknown.status).toBe(404);
    const wrong = String((Number(first.code) + 1) % 1_000_000).padStart(6, '0');
    const refused = await guest().get(deliveryPath(first, booked.confirmationCode), {
      headers: code(wrong),
      localAddress: fromAddress(),
    });
    expect(refused.status).toBe(400);
  });

  it('the remaining steps tick as the hub does them, and the checklist is complete', async () => {
    const type = await hub.admin.post(`/api/appointment-types/facilities/${hub.facilityId}/types`, {
      name: 'Inbound pallets',
      direction: 'inbound',
      vehicleTypes: [],
      doorIds: [],
      durationRule: { kind: 'fixed', minutes: 60 },
    });
    expect(type.status, type.text).toBe(201);
    const carrier = await hub.admin.post('/api/carriers', { name: 'Sahyadri Roadlines', serviceTypes: ['FTL'] });
    expect(carrier.status, carrier.text).toBe(201);
    const settings = await hub.admin.request('PUT', '/api/messaging/settings', {
      body: { whatsapp: { phoneNumberId: '105300000000001', accessToken: 'EAAG-new-hub-token' } },
    });
    expect(settings.status, settings.text).toBe(200);
    expect(await stepsOf(hub.admin)).toMatchObject({
      appointmentTypes: true,
      carrier: true,
      whatsapp: true,
      gateDevice: false,
    });

    // The gate device's account: a security officer invited and signed up.
    const email = `gate.${randomInt(1_000_000, 9_000_000)}@newhub.in`;
    const invited = await hub.admin.post('/api/invitations', { email, role: 'security_officer' });
    expect(invited.status, invited.text).toBe(201);
    const accepted = await guest().post(
      '/api/invitations/accept',
      { token: await invitationTokenSentTo(email), firstName: 'Gate', lastName: 'Tablet', password: 'Gate@2026new' },
      { localAddress: fromAddress() },
    );
    expect(accepted.status, accepted.text).toBe(200);
    expect(await stepsOf(hub.admin)).toMatchObject({ gateDevice: true });
    expect((await hub.admin.get('/api/tenancy/setup')).body.complete).toBe(true);
  });
});

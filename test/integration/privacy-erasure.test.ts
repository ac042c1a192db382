// Issue #52 item 7: an erasure that finishes. The admin's completion is accepted (202, 'erasing') and
// the erasure worker carries it out from its stored cursor, finding the person's items by key or by an
// index by person, and completes the request. Expected, by hand: the SMS sent to Suresh's number keeps
// its status and template but is addressed to the pseudonym and names him nowhere, and it leaves the
// recipient index (My data of that number is empty); the webhook delivery of his booking's event keeps
// its status but its payload holds the pseudonym, not his number, and is kept 14 days (its TTL); the
// event itself names him no more; his appointment carries the pseudonym. Asked again: 200, completed.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, startTestApi, type TestApi } from '../support/api';
import { bookFor } from '../support/checkin-hub';
import { DEMO_TENANT_ID } from '../../functions/local/demo-ids';
import { queryPrefix } from '../../functions/lib/dynamo';
import { tenantPk } from '../../functions/lib/table';
import { createDelivery, getDelivery } from '../../functions/integrations/delivery.store';
import { getErasureCursor } from '../../functions/privacy/privacy.store';
import { messagesOfPerson } from '../../functions/messaging';

// The demo driver account drives as Suresh Kumar of Sahyadri (functions/local/seed.ts), written out by hand.
const SURESH = { name: 'Suresh Kumar', phone: '+919800000004', digits: '9800000004', licence: 'MH0420190012345' };
const DOCK_ASSIGNED = 'Dock D07 assigned! Please proceed for loading/unloading.';
const DAY_SECONDS = 86_400;

let api: TestApi;
let ops: Client;
let admin: Client;
let driver: Client;

beforeAll(async () => {
  api = await startTestApi({ workers: ['privacy-erasure'] });
  [ops, admin, driver] = [new Client(api.url), new Client(api.url), new Client(api.url)];
  await ops.signIn('operations');
  await admin.signIn('admin');
  await driver.signIn('driver');
}, 120_000);
afterAll(() => api?.close());

const namesSuresh = (value: unknown) => {
  const text = JSON.stringify(value);
  return text.includes(SURESH.name) || text.includes(SURESH.digits) || text.includes(SURESH.licence);
};

describe('an erasure carried out by the erasure worker (issue #52.7)', () => {
  it('accepts the completion, then reaches the message, the webhook delivery and the event, and completes', async () => {
    // Prepare: an SMS to Suresh; a booking of his, whose event a webhook subscription was sent.
    const sent = await ops.post('/api/notifications/send', {
      channels: ['sms'],
      language: 'en',
      templateKey: 'dock_assigned',
      to: SURESH.phone,
      message: DOCK_ASSIGNED,
    });
    expect(sent.status, sent.text).toBe(200);
    const messageId = sent.body.outcomes[0].messageId as string;
    const booked = await bookFor(ops);
    const today = new Date().toISOString().slice(0, 10);
    const events = await queryPrefix<{ id: string; type: string; detail: Record<string, unknown> }>(
      tenantPk(DEMO_TENANT_ID, 'EVENT', today),
      '',
    );
    const event = events.find((e) => e.type === 'appointment.created' && e.detail.appointmentId === booked.id)!;
    expect(event.detail.driverPhone).toBe(SURESH.phone);
    const createdAt = new Date().toISOString();
    const delivery = {
      id: `${event.id}#sub-erasure`,
      tenantId: DEMO_TENANT_ID,
      systemId: 'system-tms',
      subscriptionId: 'sub-erasure',
      eventId: event.id,
      eventType: event.type,
      payload: JSON.stringify({ id: event.id, type: event.type, data: event.detail }),
      status: 'DELIVERED' as const,
      attempts: [],
      nextAttemptAt: null,
      leaseId: null,
      leaseUntil: null,
      createdAt,
      updatedAt: createdAt,
    };
    expect(await createDelivery(delivery)).toBe(true);
    const asked = await driver.post('/api/privacy/erasure-requests');
    expect(asked.status, asked.text).toBe(201);
    const id = asked.body.id as string;
    const pseudonym = asked.body.pseudonym as string;
    // Act
    const accepted = await admin.post(`/api/privacy/erasure-requests/${id}/complete`);
    const listed = async () =>
      (await admin.get('/api/privacy/erasure-requests')).body.find((r: { id: string }) => r.id === id);
    await expect.poll(async () => (await listed())?.status, { timeout: 60_000, interval: 500 }).toBe('completed');
    const again = await admin.post(`/api/privacy/erasure-requests/${id}/complete`);
    // Assess: accepted, then completed by the worker from its cursor, which reached its end.
    expect(accepted.status, accepted.text).toBe(202);
    expect(accepted.body).toMatchObject({ id, status: 'erasing', driverName: SURESH.name });
    expect(await listed()).toMatchObject({ status: 'completed', driverName: null, heldReason: null });
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({ id, status: 'completed' });
    expect((await getErasureCursor(DEMO_TENANT_ID, id))?.step).toBe('done');
    // The message: addressed to the pseudonym, his name and number nowhere, out of the recipient index.
    const log = (await ops.get('/api/messaging/messages?limit=100')).body.items as Record<string, unknown>[];
    const message = log.find((m) => m.id === messageId)!;
    expect(message).toMatchObject({ to: pseudonym, template: 'dock_assigned', status: 'sent', body: DOCK_ASSIGNED });
    expect(namesSuresh(message)).toBe(false);
    expect(await messagesOfPerson(DEMO_TENANT_ID, SURESH.phone)).toEqual([]);
    // The webhook delivery: its payload holds the pseudonym, not his number; kept 14 days from when it was made.
    const scrubbed = (await getDelivery(delivery))!;
    expect(scrubbed.status).toBe('DELIVERED');
    expect(JSON.parse(scrubbed.payload).data.driverPhone).toBe(pseudonym);
    expect(namesSuresh(scrubbed)).toBe(false);
    expect((scrubbed as unknown as { expiresAt: number }).expiresAt).toBe(
      Math.floor(Date.parse(createdAt) / 1000) + 14 * DAY_SECONDS,
    );
    // The event and the appointment.
    const eventAfter = (await queryPrefix<{ id: string }>(tenantPk(DEMO_TENANT_ID, 'EVENT', today), '')).find(
      (e) => e.id === event.id,
    );
    expect(namesSuresh(eventAfter)).toBe(false);
    const appointment = (await ops.get(`/api/appointments/${booked.id}`)).body;
    expect(namesSuresh(appointment)).toBe(false);
    expect(JSON.stringify(appointment)).toContain(pseudonym);
  });
});

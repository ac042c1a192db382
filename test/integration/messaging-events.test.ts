// Events that cannot be lost (issue #15): the business change writes its domain event in its own
// transaction; the stream forwarder and the driver notifier (the workers, on DynamoDB Local's
// stream) turn it into the driver's message in the local sink, in the driver's language, once.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, startTestApi, type TestApi } from '../support/api';
import { booking, day } from '../support/appointments';
import { openHub } from '../support/checkin-hub';
import { waitFor } from '../support/wait-for';
import { DEMO_TENANT_ID } from '../../functions/local/demo-ids';

let api: TestApi;
let ops: Client;

beforeAll(async () => {
  api = await startTestApi({ workers: ['event-forwarder', 'messaging-notifier'] });
  ops = new Client(api.url);
  await ops.signIn('operations');
});
afterAll(async () => api?.close());

/** The sink's messages to `to` whose text matches, once there are `count` of them (or the time is up). */
async function sinkFor(to: string, match: (body: string) => boolean, timeoutMs = 8000, count = 1) {
  const { localOutbox } = await import('../../functions/messaging');
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const found = (await localOutbox(200)).filter((m) => m.to === to && match(m.body));
    if (found.length >= count || Date.now() > deadline) return found;
    await new Promise((r) => setTimeout(r, 50));
  }
}

describe('driver messages from domain events', () => {
  it('booking an appointment puts appointment_confirmed in the driver’s language on their first channel in the sink (its speed is the bench’s booking -> message figure)', async () => {
    // Prepare: Ajay Yadav prefers Hindi on SMS, then WhatsApp should SMS fail (demo data).
    // Act
    const created = await ops.post(
      '/api/appointments',
      booking({ scheduledDate: day(3), scheduledTimeStart: '11:00', scheduledTimeEnd: '12:00' }),
    );
    expect(created.status, created.text).toBe(201);
    const confirmed = (b: string) => b.includes('को 11:00 बजे के लिए पक्की है');
    const sent = await sinkFor('+919812300002', confirmed);
    // Assess
    expect(sent.map((m) => m.channel)).toEqual(['sms']);
    const sms = sent[0]!;
    expect(sms.body).toMatch(/^आपकी अपॉइंटमेंट \d{1,2} [\u0900-\u097F]+ \d{4} को 11:00 बजे के लिए पक्की है। डॉक: D01।$/);
    const request = sms.request as { url: string; body: string; headers: Record<string, string> };
    const form = new URLSearchParams(request.body);
    // The demo hub's stand-in registration (all zeros, demo only) reaches the local sink, nothing else.
    expect({ entity: form.get('DltEntityId'), template: form.get('DltTemplateId'), header: form.get('From') }).toEqual({
      entity: '0000000000000000000',
      template: '0000000000000000000',
      header: 'DSDEMO',
    });
    expect(form.get('EncodingType')).toBe('unicode');
    expect(request.headers.authorization).toBe('***');
    // The log lists the SMS, sent; WhatsApp was not needed. The worker marks it sent just after the
    // provider (here the sink) took it, so the log is read until it is no longer queued.
    const logged = async () => {
      const log = await ops.get('/api/messaging/messages?limit=10');
      expect(log.status).toBe(200);
      return (log.body.items as { to: string; template: string; channel: string; status: string }[])
        .filter((m) => m.to === '+919812300002' && m.template === 'appointment_confirmed')
        .map((m) => `${m.channel}:${m.status}`);
    };
    const mine = await waitFor(logged, (l) => !l.includes('sms:queued'), 'the SMS to be marked in the log', 8000);
    expect(mine).toEqual(['sms:sent']);
  });

  it('a check-in sends check_in_success, and completed loading sends loading_complete', async () => {
    // Prepare: Suresh Kumar (English, SMS) due today at a facility where it is 10:xx now.
    const hub = await openHub(ops, 'Messaging Hub');
    const appointment = await hub.appointment('11:00', { dockDoorId: hub.doors.h1.id });
    // Act
    const checkin = await ops.post('/api/checkins', {
      appointmentId: appointment.id,
      driverName: 'Suresh Kumar',
      vehicleLicense: 'MH04AB1234',
    });
    expect(checkin.status, checkin.text).toBe(201);
    // Assess
    expect(await sinkFor('+919800000004', (b) => b === 'Check-in successful! Waiting spot: Dock H1.')).toHaveLength(1);
    for (const status of ['at_dock', 'loading', 'completed'])
      expect((await ops.request('PATCH', `/api/checkins/${checkin.body.id}/status`, { body: { status } })).status).toBe(
        200,
      );
    expect(
      await sinkFor('+919800000004', (b) => b === 'Loading/Unloading complete! Please collect documents and exit.'),
    ).toHaveLength(1);
  });

  it('a change written while the workers are down is delivered exactly once after they start again', async () => {
    // Prepare: the workers are killed (as a crashed forwarder would be) before the event is handled.
    await api.stopWorkers();
    const created = await ops.post(
      '/api/appointments',
      booking({
        driverId: 'driver-ravi',
        dockDoorId: 'door-02',
        scheduledDate: day(4),
        scheduledTimeStart: '14:00',
        scheduledTimeEnd: '15:00',
      }),
    );
    expect(created.status, created.text).toBe(201);
    const text = `Your appointment is confirmed for ${new Date(`${day(4)}T00:00:00Z`).getUTCDate()}`;
    expect(await sinkFor('+919812300003', (b) => b.startsWith(text), 600)).toHaveLength(0);
    // Act: started again; then the same event handled again (a retried batch) changes nothing.
    await api.startWorkers();
    const delivered = await sinkFor('+919812300003', (b) => b.startsWith(text));
    const { notifyDriver } = await import('../../functions/messaging/notify');
    const { listMessages } = await import('../../functions/messaging/message.store');
    const entry = (await listMessages(DEMO_TENANT_ID, { limit: 50 })).items.find(
      (m) => m.to === '+919812300003' && m.template === 'appointment_confirmed',
    )!;
    const again = await notifyDriver({
      id: entry.eventId!,
      type: 'appointment.created',
      tenantId: DEMO_TENANT_ID,
      occurredAt: entry.createdAt,
      detail: { ...created.body, appointmentId: created.body.id },
    });
    await new Promise((r) => setTimeout(r, 600));
    // Assess
    expect(delivered).toHaveLength(1);
    expect(again.map((o) => o.messageId)).toEqual([entry.id]);
    expect(await sinkFor('+919812300003', (b) => b.startsWith(text), 0)).toHaveLength(1);
  });
});

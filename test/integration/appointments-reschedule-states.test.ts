// Reschedules and the appointment's status (issue #12.3), through the real local HTTP path: no
// reschedule once an appointment has started or ended, and a pending request is closed in the same
// transaction that moves its appointment past scheduled.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { Client, startTestApi, type TestApi } from '../support/api';
import { appointmentIn, cancel, day, move, rescheduleRequest } from '../support/appointments';
import { ddb } from '../../functions/lib/aws';
import { config } from '../../functions/lib/config';
import { listAudit } from '../../functions/lib/audit';
import { getRescheduleRequest, rescheduleItem } from '../../functions/appointments/reschedule.store';

let api: TestApi;
let ops: Client;
let yard: Client;

beforeAll(async () => {
  api = await startTestApi();
  [ops, yard] = [new Client(api.url), new Client(api.url)];
  await Promise.all([ops.signIn('operations'), yard.signIn('yard_manager')]);
});
afterAll(() => api.close());

const request = rescheduleRequest;

let made = 0;
/** A doorless appointment of its own hour (08:00-17:00 on day 9, then day 10), walked to `status`. */
const appointment = (status: string) => {
  const n = made++;
  const start = 8 + (n % 10);
  return appointmentIn(ops, status, {
    dockDoorId: null,
    scheduledDate: day(9 + Math.floor(n / 10)),
    scheduledTimeStart: `${String(start).padStart(2, '0')}:00`,
    scheduledTimeEnd: `${String(start + 1).padStart(2, '0')}:00`,
  });
};

const pendingIds = async () => (await ops.get('/api/reschedules/pending')).body.map((r: { id: string }) => r.id);

describe('reschedule requests for an appointment that has started or ended', () => {
  it.each([
    ['arrived', 'arrived'],
    ['loading', 'loading'],
    ['unloading', 'unloading'],
    ['departed', 'departed'],
    ['cancelled', 'cancelled'],
    ['no_show', 'no-show'],
  ])('refuses a request for a %s appointment (409) and writes none', async (status, label) => {
    // Prepare
    const id = await appointment(status);
    const before = await pendingIds();

    // Act
    const res = await ops.post(`/api/appointments/${id}/reschedule`, request());

    // Assess
    expect(res.status).toBe(409);
    expect(res.body.message).toBe(`This appointment is ${label}; only a scheduled appointment can be rescheduled`);
    expect(await pendingIds()).toEqual(before);
  });

  it('refuses to approve a request left pending for an appointment that has arrived, and moves nothing', async () => {
    // Prepare: a request from before requests were closed on arrival, still pending in the table
    const id = await appointment('scheduled');
    const created = (
      await ops.post(`/api/appointments/${id}/reschedule`, request({ newTimeStart: '13:00', newTimeEnd: '14:00' }))
    ).body;
    expect((await move(yard, id, 'arrived')).status).toBe(200);
    const closed = (await getRescheduleRequest('demo', created.id))!;
    await ddb().send(
      new PutCommand({
        TableName: config.tableName,
        Item: rescheduleItem({ ...closed, status: 'pending', decidedAt: null, decidedBy: null, decisionReason: null }),
      }),
    );

    // Act
    const res = await yard.request('PATCH', `/api/reschedules/${created.id}/approve`);

    // Assess
    expect(res.status).toBe(409);
    expect(res.body.message).toBe('This appointment is arrived; only a scheduled appointment can be rescheduled');
    expect((await ops.get(`/api/appointments/${id}`)).body).toMatchObject({
      status: 'arrived',
      scheduledDate: expect.not.stringMatching(day(12)),
      rescheduleCount: 0,
    });
  });
});

describe('a pending request when its appointment moves past scheduled', () => {
  it.each([
    ['arrives', 'arrived'],
    ['is a no-show', 'no_show'],
    ['is cancelled', 'cancelled'],
  ])('is closed as denied, with the reason, when the appointment %s', async (_, to) => {
    // Prepare
    const id = await appointment('scheduled');
    const created = (await ops.post(`/api/appointments/${id}/reschedule`, request())).body;
    expect(await pendingIds()).toContain(created.id);

    // Act
    expect((await move(yard, id, to)).status).toBe(200);

    // Assess
    const reason = `No longer applicable: the appointment is ${to.replace('_', '-')}`;
    expect(await pendingIds()).not.toContain(created.id);
    expect(await getRescheduleRequest('demo', created.id)).toMatchObject({
      status: 'denied',
      decidedBy: 'yard_manager',
      decidedAt: expect.any(String),
      decisionReason: reason,
    });
    expect((await ops.get(`/api/appointments/${id}`)).body).toMatchObject({ status: to, pendingRescheduleId: null });
    const approve = await yard.request('PATCH', `/api/reschedules/${created.id}/approve`);
    expect(approve.status).toBe(409);
    expect(approve.body.message).toBe(`This request was already denied (${reason})`);
    const trail = await listAudit('demo', { entityType: 'appointment', entityId: id });
    expect(trail.map((r) => r.action)).toEqual(expect.arrayContaining(['reschedule.closed', `appointment.${to}`]));
  });

  it('lets a new request follow once the previous one was denied, and one pending at a time', async () => {
    // Prepare
    const id = await appointment('scheduled');
    const first = (await ops.post(`/api/appointments/${id}/reschedule`, request())).body;
    expect((await ops.post(`/api/appointments/${id}/reschedule`, request())).body.message).toBe(
      'This appointment already has a pending reschedule request',
    );

    // Act
    expect((await ops.request('PATCH', `/api/reschedules/${first.id}/deny`)).status).toBe(200);
    const second = await ops.post(
      `/api/appointments/${id}/reschedule`,
      request({ newTimeStart: '15:00', newTimeEnd: '16:00' }),
    );

    // Assess
    expect(second.status).toBe(201);
    expect((await ops.get(`/api/appointments/${id}`)).body.pendingRescheduleId).toBe(second.body.id);
    expect((await cancel(ops, id)).status).toBe(200);
    expect(await getRescheduleRequest('demo', second.body.id)).toMatchObject({
      status: 'denied',
      decisionReason: 'No longer applicable: the appointment is cancelled',
    });
  });
});

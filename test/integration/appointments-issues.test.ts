// Report Issue (the dashboard's quick action) through the real local HTTP path.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, startTestApi, type TestApi } from '../support/api';
import { booking } from '../support/appointments';

let api: TestApi;
let ops: Client;
let spectator: Client;
let appointmentId: string;

beforeAll(async () => {
  api = await startTestApi();
  [ops, spectator] = [new Client(api.url), new Client(api.url)];
  await Promise.all([ops.signIn('operations'), spectator.signIn('spectator')]);
  const created = await ops.post(
    '/api/appointments',
    booking({ scheduledTimeStart: '14:00', scheduledTimeEnd: '15:00' }),
  );
  expect(created.status, created.text).toBe(201);
  appointmentId = created.body.id;
});
afterAll(() => api.close());

describe('report issue', () => {
  it('records the issue in the notifications feed', async () => {
    const res = await ops.post(`/api/appointments/${appointmentId}/issues`, {
      description: 'Forklift blocked at door D01',
    });
    expect(res.status).toBe(201);
    const feed = (await ops.get('/api/notifications')).body as { title: string; message: string }[];
    expect(feed.find((n) => n.title === 'Issue reported')?.message).toContain('Forklift blocked at door D01');
  });

  it.each([
    ['left out', {}],
    ['empty', { description: '   ' }],
    ['too short', { description: 'bad' }],
  ])('refuses a description %s with the field message, recording nothing', async (_case, body) => {
    const before = ((await ops.get('/api/notifications')).body as unknown[]).length;
    const res = await ops.post(`/api/appointments/${appointmentId}/issues`, body);
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual({ description: 'Please describe the issue (at least 5 characters)' });
    expect(((await ops.get('/api/notifications')).body as unknown[]).length).toBe(before);
  });

  it('answers 404 for an unknown appointment and 403 for a read-only role', async () => {
    expect(
      (await ops.post('/api/appointments/no-such-appointment/issues', { description: 'Truck left early' })).status,
    ).toBe(404);
    expect(
      (await spectator.post(`/api/appointments/${appointmentId}/issues`, { description: 'Truck left early' })).status,
    ).toBe(403);
  });
});

// The dashboard and analytics read their figures from the read model (day counters kept by the
// day-figures stream worker) and give exactly what the list computation gives on the same data,
// after bookings, walk-ins, door assignments, status steps, no-shows, cancellations and reschedules
// made through the real HTTP path; a stream record delivered twice counts once.
import { marshall } from '@aws-sdk/util-dynamodb';
import type { DynamoDBStreamEvent } from 'aws-lambda';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, startTestApi, type TestApi } from '../support/api';
import { startReadModel } from '../support/read-model';
import { appointmentIn, booking, day, today } from '../support/appointments';
import { DEMO_FACILITY_ID, DEMO_TENANT_ID } from '../../functions/local/seed';
import { addDays } from '../../shared/time';

let api: TestApi;
let ops: Client;
let yard: Client;
let stopWorkers: () => Promise<void>;

beforeAll(async () => {
  api = await startTestApi();
  stopWorkers = (await startReadModel(api)).stop;
  ops = new Client(api.url);
  yard = new Client(api.url);
  await Promise.all([ops.signIn('operations'), yard.signIn('yard_manager')]);
});
afterAll(async () => {
  await stopWorkers?.();
  await api.close();
});

/** The figures as the list computation gives them now (the computation the read model replaced). */
async function fromLists(days: string[]) {
  const { listAppointmentsByDate } = await import('../../functions/appointments');
  const { listCheckinsSince } = await import('../../functions/checkins');
  const { getFacility, listDockDoors } = await import('../../functions/facilities');
  const { toMinutes } = await import('../../shared/time');
  const facility = (await getFacility(DEMO_TENANT_ID, DEMO_FACILITY_ID))!;
  const { analytics, dashboardMetrics, gateStatistics } = await import('../../functions/insights/figures');
  const { localDateTime } = await import('../../shared/time');
  const doors = await listDockDoors(DEMO_TENANT_ID, DEMO_FACILITY_ID);
  const appointments = (
    await Promise.all(days.map((d) => listAppointmentsByDate(DEMO_TENANT_ID, d, DEMO_FACILITY_ID)))
  ).flat();
  const todays = (await listCheckinsSince(DEMO_TENANT_ID, new Date(Date.now() - 2 * 86400_000).toISOString())).filter(
    (c) => c.facilityId === DEMO_FACILITY_ID && localDateTime(new Date(c.checkInTime), 'Asia/Kolkata').date === today,
  );
  const todaysAppointments = appointments.filter((a) => a.scheduledDate === today);
  return {
    dashboard: { ...dashboardMetrics(doors, todaysAppointments, todays), gate: gateStatistics(todays) },
    analytics: analytics(
      appointments,
      doors,
      days,
      toMinutes(facility.operatingHoursEnd) - toMinutes(facility.operatingHoursStart),
    ),
  };
}

const week = Array.from({ length: 7 }, (_, i) => addDays(today, i - 6));

async function expectFiguresMatchLists() {
  await expect
    .poll(
      async () => {
        const [metrics, range, lists] = await Promise.all([
          ops.get('/api/dashboard/metrics'),
          ops.get('/api/analytics?days=7'),
          fromLists(week),
        ]);
        // Dwell and detention come from the detention read model (test/integration/detention-figures.test.ts).
        const { date: _d, facilityId: _f, facilityName: _n, dwell: _dw, ...dashboard } = metrics.body;
        const { days: _days, facilityName: _fn, dwell: _dwell, ...figures } = range.body;
        const expected = lists.analytics;
        return JSON.stringify({ dashboard, figures }) ===
          JSON.stringify({ dashboard: lists.dashboard, figures: expected })
          ? 'equal'
          : JSON.stringify({ api: { dashboard, figures }, lists: { dashboard: lists.dashboard, figures: expected } });
      },
      { timeout: 15_000, interval: 300 },
    )
    .toBe('equal');
}

describe('dashboard and analytics from the read model', () => {
  it('match the list computation on the demo data, rebuilt from the seed', async () => {
    await expectFiguresMatchLists();
  });

  it('match after walk-ins, door assignment, check-in steps, bookings, no-shows, cancellations and a reschedule', async () => {
    // Prepare: today's walk-ins at the gate, one given a door and taken to the dock
    const walkIn = (n: number) =>
      ops.post('/api/checkins/walk-in', {
        driverName: `Walk In ${n}`,
        vehicleLicense: `MH04RM${1000 + n}`,
        carrierName: 'Read Model Roadways',
        loadType: n % 2 ? 'inbound' : 'outbound',
      });
    const first = await walkIn(1);
    expect(first.status, first.text).toBe(201);
    expect((await walkIn(2)).status).toBe(201);
    expect(
      (await yard.request('PATCH', `/api/checkins/${first.body.id}/door`, { body: { dockDoorId: 'door-03' } })).status,
    ).toBeLessThan(300);
    expect(
      (await yard.request('PATCH', `/api/checkins/${first.body.id}/status`, { body: { status: 'at_dock' } })).status,
    ).toBe(200);
    // Yesterday-to-week: bookings later this week walked through their statuses
    const departed = await appointmentIn(ops, 'departed', {
      dockDoorId: 'door-05',
      scheduledDate: day(1),
      scheduledTimeStart: '09:00',
      scheduledTimeEnd: '10:00',
    });
    const noShow = await appointmentIn(ops, 'no_show', {
      dockDoorId: null,
      scheduledDate: day(1),
      scheduledTimeStart: '11:00',
      scheduledTimeEnd: '12:00',
    });
    const cancelled = await appointmentIn(ops, 'cancelled', {
      dockDoorId: 'door-06',
      scheduledDate: day(1),
      scheduledTimeStart: '12:00',
      scheduledTimeEnd: '13:00',
    });
    expect([departed, noShow, cancelled].every(Boolean)).toBe(true);
    // Act + Assess: the figures of today and of the week that ends today
    await expectFiguresMatchLists();
  });

  it('move a rescheduled appointment to its new day in the range', async () => {
    // Prepare: booked for tomorrow (outside the 7 days that end today) ...
    const created = await ops.post(
      '/api/appointments',
      booking({ dockDoorId: null, scheduledDate: day(2), scheduledTimeStart: '15:00', scheduledTimeEnd: '16:00' }),
    );
    expect(created.status, created.text).toBe(201);
    // ... then moved later again, approved by the yard manager
    const request = await ops.post(`/api/appointments/${created.body.id}/reschedule`, {
      newDate: day(3),
      newTimeStart: '10:00',
      newTimeEnd: '11:00',
      reason: 'traffic',
      reasonDetails: 'Stuck on the Thane bypass since morning',
      requestedBy: 'carrier',
    });
    expect(request.status, request.text).toBe(201);
    expect((await yard.request('PATCH', `/api/reschedules/${request.body.id}/approve`)).status).toBe(200);
    // Assess: the counters of both days follow
    const { countDays } = await import('../../functions/insights');
    const { readDays } = await import('../../functions/insights/day-figures.store');
    await expect
      .poll(
        async () => {
          const [fromLists, stored] = await Promise.all([
            countDays(DEMO_TENANT_ID, DEMO_FACILITY_ID, day(2), day(3)),
            readDays(DEMO_TENANT_ID, DEMO_FACILITY_ID, [day(2), day(3)]),
          ]);
          const sorted = (days: { counters: Record<string, number> }[]) =>
            JSON.stringify(days.map((d) => Object.entries(d.counters).sort()));
          return sorted(stored) === sorted(fromLists) ? 'equal' : JSON.stringify({ stored, fromLists });
        },
        { timeout: 15_000, interval: 300 },
      )
      .toBe('equal');
  });

  it('counts a stream record delivered twice once', async () => {
    // Prepare: a change as the stream delivers it (an appointment of day 20 inserted)
    const { handler } = await import('../../functions/insights/day-figures.worker');
    const { readDays } = await import('../../functions/insights/day-figures.store');
    const { workerContext } = await import('../../functions/local/workers');
    const date = day(20);
    const image = {
      entity: 'appointment',
      id: 'replayed-1',
      tenantId: DEMO_TENANT_ID,
      facilityId: DEMO_FACILITY_ID,
      scheduledDate: date,
      scheduledTimeStart: '10:00',
      scheduledTimeEnd: '11:00',
      status: 'scheduled',
      loadType: 'inbound',
      carrierName: 'Replay Co',
      dockDoorId: 'door-02',
      arrivalOutcome: null,
      arrivedAt: null,
      departedAt: null,
    };
    const event = {
      Records: [
        {
          eventID: 'replay-test-1',
          eventName: 'INSERT',
          eventSource: 'aws:dynamodb',
          dynamodb: { SequenceNumber: '1', NewImage: marshall(image) },
        },
      ],
    } as unknown as DynamoDBStreamEvent;
    // Act: delivered twice
    await handler(event, workerContext('day-figures'));
    await handler(event, workerContext('day-figures'));
    // Assess
    const [stored] = await readDays(DEMO_TENANT_ID, DEMO_FACILITY_ID, [date]);
    expect(stored!.counters).toMatchObject({
      appointments: 1,
      bookedDoorMinutes: 60,
      'carrier|Replay Co|appointments': 1,
    });
  });
});

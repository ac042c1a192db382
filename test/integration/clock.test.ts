// Today, the slot list and the day figures at the instants of `npm run test:clock` (a month's last
// evening, either side of IST midnight on 31 December, 29 February): each expectation is the hand-
// written calendar of test/support/clock-instants.ts. Outside test:clock (no CLOCK_INSTANT) it is skipped.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, startTestApi, type TestApi } from '../support/api';
import { booking } from '../support/appointments';
import { clockInstant } from '../support/clock-instants';
import { DEMO_FACILITY_ID } from '../../functions/local/seed';

const instant = clockInstant();

// Skipped in the plain `vitest run` on purpose: its expectations are the hand-written calendar of one
// faked instant, so it only means something under faketime (scripts/test-clock.ts sets CLOCK_INSTANT).
describe.skipIf(!instant)(
  `at ${instant?.name} (${instant?.utc}); skipped without CLOCK_INSTANT: runs under npm run test:clock`,
  () => {
    const at = instant!;
    let api: TestApi;
    let ops: Client;

    beforeAll(async () => {
      api = await startTestApi();
      ops = new Client(api.url);
      await ops.signIn('operations');
    });
    afterAll(() => api.close());

    const slotStarts = async (date: string) => {
      const slots = await ops.get(`/api/slots/available?facilityId=${DEMO_FACILITY_ID}&date=${date}`);
      expect(slots.status, slots.text).toBe(200);
      return (slots.body as { startTime: string }[]).map((s) => s.startTime).sort();
    };

    it('runs at the instant: India shows its date and time', () => {
      const india = new Intl.DateTimeFormat('en-CA', {
        timeZone: 'Asia/Kolkata',
        dateStyle: 'short',
        timeStyle: 'short',
        hourCycle: 'h23',
      }).format(new Date());
      expect(india.slice(0, 10)).toBe(at.date);
      expect(india.slice(12, 14)).toBe(at.time.slice(0, 2));
    });

    it("the dashboard's day is India's", async () => {
      const metrics = await ops.get('/api/dashboard/metrics');
      expect(metrics.status, metrics.text).toBe(200);
      expect(metrics.body.date).toBe(at.date);
    });

    it("today's slots are those not yet started; yesterday has none; tomorrow opens at 08:00", async () => {
      const today = await slotStarts(at.date);
      expect(today[0] ?? null).toBe(at.firstOpenSlot);
      expect(await slotStarts(at.yesterday)).toEqual([]);
      expect((await slotStarts(at.tomorrow))[0]).toBe('08:00');
    });

    it("a booking for tomorrow is on tomorrow's list and not today's; one for yesterday is refused", async () => {
      const made = await ops.post(
        '/api/appointments',
        booking({
          dockDoorId: 'door-02',
          scheduledDate: at.tomorrow,
          scheduledTimeStart: '10:00',
          scheduledTimeEnd: '11:00',
          poNumber: `PO-CLOCK-${at.name}`,
        }),
      );
      expect(made.status, made.text).toBe(201);
      const tomorrow = await ops.get(`/api/appointments?date=${at.tomorrow}`);
      expect((tomorrow.body as { id: string }[]).map((a) => a.id)).toContain(made.body.id);
      const today = await ops.get('/api/appointments/today');
      expect(today.status).toBe(200);
      expect((today.body as { id: string }[]).map((a) => a.id)).not.toContain(made.body.id);
      for (const a of today.body as { scheduledDate: string }[]) expect(a.scheduledDate).toBe(at.date);

      const past = await ops.post(
        '/api/appointments',
        booking({
          dockDoorId: 'door-03',
          scheduledDate: at.yesterday,
          scheduledTimeStart: '10:00',
          scheduledTimeEnd: '11:00',
          poNumber: 'PO-CLOCK-PAST',
        }),
      );
      expect(past.status, past.text).toBeGreaterThanOrEqual(400);
      expect(past.status).toBeLessThan(500);
      expect((await ops.get(`/api/appointments?date=${at.yesterday}`)).body).toEqual([]);
    });

    it('a walk-in holds its door from the quarter hour under way to two hours on, within the day', async () => {
      const doorNumber = `W-${randomUUID().slice(0, 6)}`;
      const door = await ops.post('/api/dock-doors', { facilityId: DEMO_FACILITY_ID, doorNumber });
      expect(door.status, door.text).toBe(201);
      const walkIn = (vehicleLicense: string) =>
        ops.post('/api/checkins/walk-in', {
          driverName: 'Clock Walk-in',
          vehicleLicense,
          carrierName: 'Tempo Co',
          dockDoorId: door.body.id,
        });
      const first = await walkIn('MH04CW0001');
      expect(first.status, first.text).toBe(201);
      expect((await ops.get(`/api/appointments/${first.body.appointmentId}`)).body).toMatchObject({
        scheduledDate: at.date,
        scheduledTimeStart: at.walkIn.start,
        scheduledTimeEnd: at.walkIn.end,
      });
      const second = await walkIn('MH04CW0002');
      expect(second.status).toBe(409);
      expect(second.body.message).toBe(`Door ${doorNumber} is already booked at this time`);
    });

    it("a booking in today's first open slot is on today's list", async () => {
      if (!at.firstOpenSlot) return;
      const end = `${String(Number(at.firstOpenSlot.slice(0, 2)) + 1).padStart(2, '0')}:00`;
      const made = await ops.post(
        '/api/appointments',
        booking({
          dockDoorId: 'door-04',
          scheduledDate: at.date,
          scheduledTimeStart: at.firstOpenSlot,
          scheduledTimeEnd: end,
          poNumber: 'PO-CLOCK-TODAY',
        }),
      );
      expect(made.status, made.text).toBe(201);
      expect(((await ops.get('/api/appointments/today')).body as { id: string }[]).map((a) => a.id)).toContain(
        made.body.id,
      );
    });
  },
);

// Slot search for `npm run bench` (issue #32): a facility with 40 doors, 10 appointment types (fixed and
// per-pallet rules, each taken by its own share of the doors) and 2,000 appointments on one day (each
// door held 06:00-18:30 in quarter hours), then GET /api/bookings/slots for a random type and quantity
// through the API: its p50 and p95, and the DynamoDB reads one search costs.
import { run } from './measure';
import type { BenchSection } from './section';

const DOORS = 40;
const TYPES = 10;
const APPOINTMENTS = 2000;
const SEARCHES = Number(process.env.BENCH_SLOT_SEARCHES ?? 200);

export const slotSearchBench: BenchSection = async ({ operations }) => {
  const { bookAppointment } = await import('../../functions/appointments');
  const { findUserByIdentifier, toSessionUser } = await import('../../functions/users');
  const { addDays, localDateTime, fromMinutes } = await import('../../shared/time');
  const date = addDays(localDateTime(new Date(), 'Asia/Kolkata').date, 1);
  const facility = (await operations('POST', '/api/facilities', {
    name: `Slot search bench ${Date.now().toString(36)}`,
    address: 'Plot 1, MIDC',
    operatingHoursStart: '00:00',
    operatingHoursEnd: '23:45',
    timeZone: 'Asia/Kolkata',
    slotMinutes: 15,
  })) as { id: string };
  const doors: string[] = [];
  for (let d = 0; d < DOORS; d += 10)
    doors.push(
      ...(await Promise.all(
        Array.from({ length: 10 }, async (_, k) => {
          const door = (await operations('POST', '/api/dock-doors', {
            facilityId: facility.id,
            doorNumber: `B${d + k + 1}`,
          })) as { id: string };
          return door.id;
        }),
      )),
    );
  const types: string[] = [];
  for (let t = 0; t < TYPES; t++) {
    const rule =
      t % 2
        ? { kind: 'fixed', minutes: 30 + 15 * (t % 4) }
        : { kind: 'per-unit', unit: 'pallet', minutesPerUnit: 5 + t, minMinutes: 30, maxMinutes: 240, maxQuantity: 30 };
    const type = (await operations('POST', `/api/appointment-types/facilities/${facility.id}/types`, {
      name: `Bench type ${t + 1}`,
      direction: t % 3 ? 'inbound' : 'outbound',
      vehicleTypes: [],
      // Half the types take every door; the others a third of them.
      doorIds: t < TYPES / 2 ? [] : doors.filter((_, i) => i % 3 === t % 3),
      durationRule: rule,
    })) as { id: string };
    types.push(type.id);
  }
  const user = toSessionUser((await findUserByIdentifier('operations'))!);
  const carriers = ['carrier-ganga', 'carrier-deccan', 'carrier-sahyadri'];
  const now = new Date(`${addDays(date, -1)}T00:00:00+05:30`);
  for (let i = 0; i < APPOINTMENTS; i += 10) {
    await Promise.all(
      Array.from({ length: Math.min(10, APPOINTMENTS - i) }, (_, k) => {
        const n = i + k;
        const start = 6 * 60 + Math.floor(n / DOORS) * 15; // 50 a door: 06:00-18:30
        return bookAppointment(
          user,
          {
            facilityId: facility.id,
            carrierId: carriers[n % 3]!,
            driverId: null,
            dockDoorId: doors[n % DOORS]!,
            laborInchargeId: null,
            scheduledDate: date,
            scheduledTimeStart: fromMinutes(start),
            scheduledTimeEnd: fromMinutes(start + 15),
            loadType: 'inbound',
            priority: 'normal',
            bookedBy: 'carrier',
            poNumber: null,
            bolNumber: null,
            palletCount: null,
            cartonCount: null,
            estimatedDuration: 15,
            specialInstructions: null,
            handlingEquipmentNotes: null,
          },
          now,
        );
      }),
    );
  }
  let offered = 0;
  const latency = await run(SEARCHES, 4, async (i) => {
    const slots = (await operations(
      'GET',
      `/api/bookings/slots?facilityId=${facility.id}&date=${date}&typeId=${types[i % TYPES]}&quantity=${1 + (i % 30)}`,
    )) as unknown[];
    offered += slots.length;
  });
  return {
    title: `Slot search (${TYPES} types, ${DOORS} doors, ${APPOINTMENTS.toLocaleString('en')} appointments a day)`,
    rows: [
      {
        path: 'GET /api/bookings/slots?typeId&quantity',
        searches: latency.count,
        concurrency: latency.concurrency,
        p50Ms: Math.round(latency.p50),
        p95Ms: Math.round(latency.p95),
        maxMs: Math.round(latency.max),
        startsOfferedPerSearch: Math.round(offered / latency.count),
      },
    ],
  };
};

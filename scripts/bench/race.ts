// The race the product promises to win: 200 guests at once for one slot of 5 places, each from its
// own loopback address (the guest limit is per address). Exactly 5 confirmed, bookedCount 5, and
// 195 clean refusals (409), never a 5xx.
import { request as httpRequest } from 'node:http';
import { DEMO_FACILITY_ID } from '../../functions/local/seed';
import { addDays } from '../../shared/time';
import type { Call } from './hot-paths';
import { today } from './hot-paths';

function guestBooking(base: string, slotId: string, i: number): Promise<number> {
  const body = JSON.stringify({
    ownerType: 'Driver',
    vehicleNumber: `MH01BN${String(i).padStart(4, '0')}`,
    vehicleType: 'Truck',
    capacityTons: 10,
    driverName: `Bench ${i}`,
    driverLicense: 'L1',
    mobileNumber: '9800012345',
    expectedArrivalDate: new Date().toISOString(),
    slotId,
  });
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      `${base}/api/bookings/slot`,
      {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        localAddress: `127.0.${100 + Math.floor(i / 200)}.${(i % 200) + 1}`,
      },
      (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

export async function guestRace(base: string, admin: Call) {
  const date = addDays(today(), 12);
  const slotId = `${date}_1000`;
  await admin('PATCH', `/api/facilities/${DEMO_FACILITY_ID}/time-slots/${slotId}`, { capacity: 5 });
  const started = performance.now();
  const statuses = await Promise.all(Array.from({ length: 200 }, (_, i) => guestBooking(base, slotId, i)));
  const seconds = (performance.now() - started) / 1000;
  const slots = (await admin('GET', `/api/facilities/${DEMO_FACILITY_ID}/time-slots?date=${date}`)) as {
    id: string;
    bookedCount: number;
  }[];
  const slot = slots.find((s) => s.id === slotId);
  return {
    guests: 200,
    capacity: 5,
    confirmed: statuses.filter((s) => s === 201).length,
    refused409: statuses.filter((s) => s === 409).length,
    serverErrors: statuses.filter((s) => s >= 500).length,
    bookedCount: slot?.bookedCount ?? null,
    seconds,
  };
}

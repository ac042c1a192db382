// A late truck of its own for a journey (issue #33): a hub at Chakan MIDC with hourly slots (one truck
// each) and its booking link, a guest booking at 14:00 two days ahead with a vehicle number of the run,
// and the FASTag crossings the local stack's fake ULIP answers for it. The watch is run at 16:00 of
// that day through the local stack's hook (functions/local/dev-trips.ts): seen at Vashi 12:20, then at
// Talegaon (Urse) 15:55, 21.2 road km from the hub at the 35 km/h class default -> 16:31, 91 minutes
// past the 15:00 end of the window -> late, the alert and the driver's SMS with the reslot link.
import { randomInt } from 'node:crypto';
import { expect, type APIRequestContext } from '@playwright/test';
import { apiAs } from './checkin-support';
import { indiaDate } from './dates';
import { whenNotBusy } from './support';

/** Chakan MIDC, where trucks come up the Mumbai-Pune expressway. */
export const HUB = { latitude: '18.76', longitude: '73.84' };
const INDIA = '+05:30';

/** The gate's ULIP settings with FASTag on (the watch needs it); `restore` puts back what was there. */
export async function fastagOn(baseURL: string) {
  const admin = await apiAs(baseURL, 'admin');
  const current = await (await admin.get('/api/gate/settings')).json();
  const put = (enabled: boolean, checks: unknown) =>
    admin.put('/api/gate/settings', {
      data: {
        enabled,
        baseUrl: current.baseUrl,
        username: current.username,
        password: '',
        checks,
        outcomes: current.outcomes,
        cacheHours: current.cacheHours,
      },
    });
  expect((await put(true, { ...current.checks, FASTAG: true })).status()).toBe(200);
  return {
    restore: async () => {
      expect((await put(current.enabled, current.checks)).status()).toBe(200);
      await admin.dispose();
    },
  };
}

const letters = 'ABCDEFGHJKLMNPRSTUVWXYZ';
/** A run's own vehicle number (MH14 + two letters + four digits) and mobile number. */
export function runIdentity() {
  const tag = `${letters[randomInt(letters.length)]}${letters[randomInt(letters.length)]}${randomInt(1000, 10000)}`;
  return { tag, vehicle: `MH14${tag}`, mobile: `97${String(randomInt(1e8)).padStart(8, '0')}` };
}

/** A hub of the run at Chakan (India's clock), open 06:00-22:00 in hourly slots of one truck each. */
export async function openChakanHub(baseURL: string, name: string) {
  const ops = await apiAs(baseURL, 'operations');
  const created = await whenNotBusy(() =>
    ops.post('/api/facilities', {
      data: {
        name,
        address: 'Plot 4, MIDC Phase II, Chakan',
        operatingHoursStart: '06:00',
        operatingHoursEnd: '22:00',
        timeZone: 'Asia/Kolkata',
        slotMinutes: 60,
        slotCapacity: 1,
      },
    }),
  );
  expect(created.status()).toBe(201);
  const { id } = (await created.json()) as { id: string };
  const link = await ops.get(`/api/facilities/${id}/link`);
  expect(link.status()).toBe(200);
  const { token } = (await link.json()) as { token: string };
  await ops.dispose();
  return { id, name, bookingLink: token };
}

/** The watch on at the hub through the API (the journey itself uses the settings screen). */
export async function watchOn(baseURL: string, facilityId: string) {
  const ops = await apiAs(baseURL, 'operations');
  const current = await (await ops.get(`/api/trips/settings?facilityId=${facilityId}`)).json();
  const res = await ops.put(`/api/trips/settings?facilityId=${facilityId}`, {
    data: {
      enabled: true,
      latitude: Number(HUB.latitude),
      longitude: Number(HUB.longitude),
      startHoursBefore: 8,
      roadFactor: 1.3,
      graceMinutes: 30,
      callEveryMinutes: 15,
      noEntry: null,
      reslotNeedsApproval: false,
      revision: current.revision,
    },
  });
  expect(res.status()).toBe(200);
  await ops.dispose();
}

/** The day of the late truck: two days ahead in India, so its 14:00 slot is still to come. */
export const lateDay = () => indiaDate(2);

/** Books the run's truck at 14:00 through the hub's link (the driver's language: Hindi). */
export async function bookTruck(api: APIRequestContext, bookingLink: string, who: ReturnType<typeof runIdentity>) {
  const day = lateDay();
  const res = await whenNotBusy(() =>
    api.post('/api/bookings/slot', {
      data: {
        ownerType: 'Driver',
        vehicleNumber: who.vehicle,
        vehicleType: 'Truck',
        capacityTons: 16,
        driverName: 'Ramesh Patil',
        driverLicense: 'MH1420190012345',
        mobileNumber: who.mobile,
        expectedArrivalDate: day,
        slotId: `${day}_1400`,
        facility: bookingLink,
        language: 'hi',
      },
    }),
  );
  expect(res.status()).toBe(201);
  return ((await res.json()) as { confirmationCode: string }).confirmationCode;
}

/** FASTag's crossings of the truck as ULIP writes them, and the watch run at 16:00 of the day. */
export async function truckSeenLate(api: APIRequestContext, who: ReturnType<typeof runIdentity>) {
  const day = lateDay();
  const crossing = (n: string, time: string, plaza: string, geocode: string) => ({
    seqNo: `${who.tag}${n}`,
    readerReadTime: `${day} ${time}:00.0`,
    tollPlazaName: plaza,
    tollPlazaGeocode: geocode,
    laneDirection: 'E',
    vehicleClass: 'VC10',
  });
  const given = await api.post('/api/dev/trips/fastag', {
    data: {
      vehicleNumber: who.vehicle,
      txn: [
        crossing('02', '15:55', 'Talegaon (Urse) Toll Plaza', '18.7283,73.6886'),
        crossing('01', '12:20', 'Vashi Toll Plaza', '19.061,73.0'),
      ],
    },
  });
  expect(given.status()).toBe(200);
  const run = await api.post('/api/dev/trips/watch', {
    data: { at: new Date(`${day}T16:00:00${INDIA}`).toISOString() },
  });
  expect(run.status()).toBe(200);
}

/** The reslot link's path (/reslot/<token>) from the SMS the driver got. */
export async function reslotPathOf(api: APIRequestContext, mobile: string): Promise<string> {
  let path = '';
  await expect
    .poll(async () => {
      const messages = (await (await api.get('/api/dev/outbox')).json()) as { to: string; body: string }[];
      const body = messages.find((m) => m.to.endsWith(mobile) && m.body.includes('/reslot/'))?.body ?? '';
      path = /\/reslot\/\S+/.exec(body)?.[0] ?? '';
      return path;
    })
    .not.toBe('');
  return path;
}

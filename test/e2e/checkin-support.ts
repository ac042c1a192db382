// Check-in journeys need an appointment that is due now (its own day, from two hours before the
// start, in its facility's time zone), whatever the hour the suite runs at. They book at a facility
// of their own, open round the clock with 15-minute slots, in a whole-hour time zone picked so
// that the screen under test lists the appointment (see the `fits` predicates below).
import { expect, request, type APIRequestContext } from '@playwright/test';
import { PASSWORD, whenNotBusy } from './support';

const INDIA = 'Asia/Kolkata';

/** Local date (YYYY-MM-DD) and time (HH:mm) of now in a time zone. */
export function localNow(timeZone: string, now = new Date()) {
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(now);
  const get = (type: string) => parts.find((p) => p.type === type)!.value;
  return { date: `${get('year')}-${get('month')}-${get('day')}`, time: `${get('hour')}:${get('minute')}` };
}

const toMinutes = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));
const fromMinutes = (total: number) =>
  `${String(Math.floor(total / 60)).padStart(2, '0')}:${String(total % 60).padStart(2, '0')}`;

/** 'HH:mm' moved by `minutes` (within the day). */
export const shiftTime = (time: string, minutes: number) => fromMinutes(toMinutes(time) + minutes);

/** The first quarter hour after the minute 'HH:mm' (so never already begun), plus `minutes`. */
export const quarterAfter = (time: string, minutes = 0) =>
  fromMinutes(Math.ceil((toMinutes(time) + 1) / 15) * 15 + minutes);

type Local = { date: string; time: string };

/** Today in the hub is today in India (the staff screens list India's today) with room left in the day. */
export const sameDayAsIndia = (hub: Local, india: Local) => hub.date === india.date && hub.time <= '20:00';

/** The driver's journey books three hours ahead at the hub, so the hub's day must have room left. */
export const laterToday = (hub: Local) => hub.time <= '20:00';

/** The first whole-hour time zone whose clock fits; one always does for the predicates above. */
export function zoneWhere(fits: (hub: Local, india: Local) => boolean): string {
  const india = localNow(INDIA);
  for (let offset = -12; offset <= 14; offset++) {
    const zone = offset === 0 ? 'UTC' : `Etc/GMT${offset > 0 ? '-' : '+'}${Math.abs(offset)}`;
    if (fits(localNow(zone), india)) return zone;
  }
  throw new Error('no time zone fits');
}

/** An API client signed in as `identifier` (its own cookie jar, no Origin header). */
export async function apiAs(baseURL: string, identifier: string): Promise<APIRequestContext> {
  const context = await request.newContext({ baseURL });
  const res = await whenNotBusy(() => context.post('/api/auth/login', { data: { identifier, password: PASSWORD } }));
  expect(res.status()).toBe(200);
  return context;
}

/** A facility with doors H1 and H2 in `timeZone` and its guest booking link, created by operations. */
export async function openHub(baseURL: string, name: string, timeZone: string) {
  const ops = await apiAs(baseURL, 'operations');
  const created = await ops.post('/api/facilities', {
    data: {
      name,
      address: 'Plot 7, MIDC',
      operatingHoursStart: '00:00',
      operatingHoursEnd: '23:45',
      timeZone,
      slotMinutes: 15,
      slotCapacity: 5,
    },
  });
  expect(created.status()).toBe(201);
  const facility = (await created.json()) as { id: string; name: string; tenantId: string };
  const door = async (doorNumber: string) => {
    const res = await ops.post('/api/dock-doors', { data: { facilityId: facility.id, doorNumber } });
    expect(res.status()).toBe(201);
    return ((await res.json()) as { id: string }).id;
  };
  const doors = { h1: await door('H1'), h2: await door('H2') };
  // Guests reach a facility only through its link token (the booking link on /facilities).
  const link = await ops.get(`/api/facilities/${facility.id}/link`);
  expect(link.status()).toBe(200);
  const { token: bookingLink } = (await link.json()) as { token: string };
  await ops.dispose();
  return { ...facility, doors, bookingLink, timeZone, local: () => localNow(timeZone) };
}

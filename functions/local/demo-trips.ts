// `npm start`'s watched trucks (issue #33): the demo hub at Bhiwandi watches its trucks, and three
// guest bookings with vehicle numbers come down NH48 in the fake ULIP's simulation: two on time, one
// about 90 minutes past its window (the late-truck alert and its reslot link follow within a few
// watch runs). Booked through the public booking path, like any driver's.
import { saveWatchSettings } from '../trips';
import { TRIP_WATCH_DEFAULTS } from '../../shared/contracts/trips';
import { addDays, DEFAULT_TIME_ZONE, instantOf, localDateTime } from '../../shared/time';
import { CORRIDORS } from './trip-simulator';
import { DEMO_FACILITY_ID, DEMO_FACILITY_LINK, DEMO_TENANT_ID } from './demo-ids';
import type { FakeUlip } from './fake-ulip';

const TRUCKS = [
  { vehicleNumber: 'GJ15AT4101', start: '14:00', lateMinutes: -20, seed: 4101 },
  { vehicleNumber: 'GJ05BT4102', start: '15:00', lateMinutes: 5, seed: 4102 },
  // Its window ends at 17:00: it comes at about 18:30.
  { vehicleNumber: 'MH48CT4103', start: '16:00', lateMinutes: 150, seed: 4103 },
] as const;

export async function seedDemoTrips(apiUrl: string, ulip: FakeUlip, now = new Date()): Promise<void> {
  const hub = CORRIDORS.nh48.hub;
  await saveWatchSettings(
    DEMO_TENANT_ID,
    DEMO_FACILITY_ID,
    { userId: 'seed', username: 'demo seed' },
    {
      enabled: true,
      latitude: hub.latitude,
      longitude: hub.longitude,
      ...TRIP_WATCH_DEFAULTS,
      noEntry: null,
      reslotNeedsApproval: false,
    },
    now,
  ).catch(() => undefined); // Saved by an earlier start: kept as the hub left it.
  // This afternoon's windows while the morning lasts, else tomorrow's.
  const local = localDateTime(now, DEFAULT_TIME_ZONE);
  const date = local.time < '12:00' ? local.date : addDays(local.date, 1);
  for (const truck of TRUCKS) {
    const res = await fetch(`${apiUrl}/api/bookings/slot`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        ownerType: 'Driver',
        vehicleNumber: truck.vehicleNumber,
        vehicleType: 'Truck',
        capacityTons: 16,
        driverName: 'Demo Driver',
        driverLicense: 'MH0420190012345',
        mobileNumber: `+91 98765 4${truck.seed}`,
        expectedArrivalDate: date,
        slotId: `${date}_${truck.start.replace(':', '')}`,
        facility: DEMO_FACILITY_LINK,
        language: truck.seed === 4103 ? 'hi' : 'en',
      }),
    });
    // A slot already full (a restart the same day) leaves that truck out.
    if (res.status !== 201) continue;
    ulip.simulate({
      vehicleNumber: truck.vehicleNumber,
      corridor: 'nh48',
      seed: truck.seed,
      arriveAt: instantOf(date, truck.start, DEFAULT_TIME_ZONE).getTime() + truck.lateMinutes * 60_000,
    });
  }
}

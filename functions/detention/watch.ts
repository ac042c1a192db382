// The detention worker (functions/workers.ts 'detention-watch', every 5 minutes): for each tenant, the
// trucks checked in over the last day, and those of today's and yesterday's appointments marked arrived
// by a status change alone, join its list of trucks on site (watch.store.ts); each truck on
// the list is assessed as it stands and sent what it calls for (signals.ts): `detention.started` once
// its free time has passed, `detention.closed` and its figures once it has left, each once. A truck
// whose figures are final (it left, or never came) is done and leaves the list. Reads are key Queries:
// the tenants' list, each tenant's check-ins since a day ago, its facilities' appointments of those two
// days, its watch list; never a Scan.
import { getAppointment, listAppointmentsByDate } from '../appointments';
import { listCheckinsSince } from '../checkins';
import { listFacilities } from '../facilities';
import { addDays, facilityTimeZone, localDateTime } from '../../shared/time';
import { listTenantIds } from '../lib/tenants';
import { logger } from '../lib/logger';
import { signalDetention } from './signals';
import { settled, truckOf } from './truck';
import { doneWatching, listWatched, watchTruck, type WatchedTruck } from './watch.store';

/** How far back a check-in joins the list (more than any pause of the worker; a done truck is kept longer). */
const CHECKINS_BACK_MS = 24 * 3600 * 1000;
/** Trucks assessed side by side. */
const PARALLEL = 8;

export interface DetentionWatchRun {
  watched: number;
  done: number;
}

export async function watchDetention(now = new Date()): Promise<DetentionWatchRun> {
  const run: DetentionWatchRun = { watched: 0, done: 0 };
  for (const tenantId of await listTenantIds()) {
    try {
      const result = await watchTenant(tenantId, now);
      run.watched += result.watched;
      run.done += result.done;
    } catch (err) {
      logger.error('detention watch failed for a tenant', { tenantId, err: String(err) });
    }
  }
  return run;
}

async function watchTenant(tenantId: string, now: Date): Promise<DetentionWatchRun> {
  const since = new Date(now.getTime() - CHECKINS_BACK_MS).toISOString();
  const [listed, checkins, arrived] = await Promise.all([
    listWatched(tenantId),
    listCheckinsSince(tenantId, since),
    arrivedLately(tenantId, now),
  ]);
  const known = new Set(listed.map((w) => w.appointmentId));
  const fresh: WatchedTruck[] = [];
  const candidates = [
    ...checkins.map((c) => ({ appointmentId: c.appointmentId, facilityId: c.facilityId, checkInTime: c.checkInTime })),
    ...arrived,
  ];
  for (const truck of candidates) {
    if (!truck.appointmentId || known.has(truck.appointmentId)) continue;
    known.add(truck.appointmentId);
    if (await watchTruck(tenantId, truck)) fresh.push(truck);
  }
  const open = [...listed.filter((w) => !w.doneAt), ...fresh];
  let done = 0;
  for (let i = 0; i < open.length; i += PARALLEL)
    await Promise.all(
      open.slice(i, i + PARALLEL).map(async (w) => {
        const appointment = await getAppointment(tenantId, w.appointmentId);
        if (!appointment) {
          await doneWatching(tenantId, w.appointmentId, now);
          done += 1;
          return;
        }
        const truck = await truckOf(appointment, now);
        if ((await signalDetention(truck, now)) && settled(truck)) {
          await doneWatching(tenantId, w.appointmentId, now);
          done += 1;
        }
      }),
    );
  return { watched: open.length, done };
}

/** The trucks of today's and yesterday's appointments (each facility's days) marked arrived, check-in or not. */
async function arrivedLately(tenantId: string, now: Date): Promise<WatchedTruck[]> {
  const perFacility = await Promise.all(
    (await listFacilities(tenantId)).map(async (facility) => {
      const today = localDateTime(now, facilityTimeZone(facility)).date;
      const days = await Promise.all(
        [addDays(today, -1), today].map((d) => listAppointmentsByDate(tenantId, d, facility.id)),
      );
      return days
        .flat()
        .filter((a) => a.arrivedAt)
        .map((a) => ({ appointmentId: a.id, facilityId: a.facilityId, checkInTime: a.arrivedAt! }));
    }),
  );
  return perFacility.flat();
}

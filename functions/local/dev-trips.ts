// The journeys' hold on the trip watch (issue #33), local stack only and from this machine only, like
// /api/dev/outbox (neither path is in the route table, so neither exists in AWS): what the fake ULIP's
// FASTAG/01 answers for a vehicle, and one run of the watch at a chosen instant (the scheduler's own
// runs come every 5 minutes at the real time, too slow and too early for a journey).
import * as z from 'zod/mini';
import { watchTrips } from '../trips';
import { normalizeRegistryNumber } from '../../shared/vehicle-numbers';
import type { FakeUlip } from './fake-ulip';

export const DEV_TRIPS_FASTAG_PATH = '/api/dev/trips/fastag';
export const DEV_TRIPS_WATCH_PATH = '/api/dev/trips/watch';

const fastagBody = z.strictObject({
  vehicleNumber: z.string().check(z.minLength(1), z.maxLength(20)),
  txn: z.array(z.unknown()).check(z.maxLength(100)),
});
const watchBody = z.strictObject({ at: z.iso.datetime() });

export type DevRoute = (body: unknown) => Promise<unknown>;

export function devTripRoutes(ulip: FakeUlip): Record<string, DevRoute> {
  return {
    [DEV_TRIPS_FASTAG_PATH]: async (body) => {
      const { vehicleNumber, txn } = fastagBody.parse(body);
      ulip.state.fastagAnswers.set(normalizeRegistryNumber(vehicleNumber), txn);
      return { vehicleNumber: normalizeRegistryNumber(vehicleNumber), crossings: txn.length };
    },
    [DEV_TRIPS_WATCH_PATH]: async (body) => watchTrips(new Date(watchBody.parse(body).at)),
  };
}

// POST /api/dev/detention/past-truck: the journeys' hook to make a truck of a past month (issue
// #57.3), local stack only and from this machine only, like /api/dev/trips/watch: a statement is of a month
// that has ended and a booking over HTTP must start in the future, so the hook books the truck on its past
// day through the service (as test/integration/detention-statements.test.ts does) and moves it along
// its flow at the given instants.
import * as z from 'zod/mini';
import { bookAppointment, contextOf } from '../appointments';
import { changeAppointmentStatus } from '../checkins';
import { findUserByIdentifier, toSessionUser } from '../users';
import { APPOINTMENT_STATUSES } from '../../shared/contracts/appointments';

export const DEV_DETENTION_PAST_TRUCK_PATH = '/api/dev/detention/past-truck';

const time = z.string().check(z.regex(/^\d{2}:\d{2}$/));
const pastTruckBody = z.strictObject({
  facilityId: z.string().check(z.minLength(1)),
  carrierId: z.string().check(z.minLength(1)),
  date: z.iso.date(),
  window: z.tuple([time, time]),
  vehicleLicense: z.string().check(z.minLength(1), z.maxLength(20)),
  bookedAt: z.iso.datetime({ offset: true }),
  moves: z
    .array(z.strictObject({ status: z.enum(APPOINTMENT_STATUSES), at: z.iso.datetime({ offset: true }) }))
    .check(z.maxLength(10)),
});

export function devDetentionRoutes(): Record<string, (body: unknown) => Promise<unknown>> {
  return {
    [DEV_DETENTION_PAST_TRUCK_PATH]: async (body) => {
      const b = pastTruckBody.parse(body);
      const user = toSessionUser((await findUserByIdentifier('operations'))!);
      const booked = await bookAppointment(
        user,
        {
          facilityId: b.facilityId,
          carrierId: b.carrierId,
          driverId: null,
          dockDoorId: null,
          laborInchargeId: null,
          vehicleLicense: b.vehicleLicense,
          scheduledDate: b.date,
          scheduledTimeStart: b.window[0],
          scheduledTimeEnd: b.window[1],
          loadType: 'inbound',
          priority: 'normal',
          bookedBy: 'carrier',
          poNumber: null,
          bolNumber: null,
          palletCount: null,
          cartonCount: null,
          estimatedDuration: 60,
          specialInstructions: null,
          handlingEquipmentNotes: null,
        },
        new Date(b.bookedAt),
      );
      for (const m of b.moves) await changeAppointmentStatus(contextOf(user), booked.id, m.status, new Date(m.at));
      return { id: booked.id, bookingReference: booked.bookingReference };
    },
  };
}

// A day of activity for the demo (npm start only): appointments today in every state, check-ins,
// and the driver account's next appointment, made through the same services the API uses, so
// the dashboard, yard, analytics and driver screens open on real figures.
import { bookAppointment, changeStatus } from '../appointments/service';
import { changeCheckinStatus, checkInAppointment } from '../operations/checkins';
import { getUser, findUserByIdentifier, toSessionUser } from '../repositories/users';
import { addDays, localDateTime } from '../../shared/time';
import { DEFAULT_TIME_ZONE } from '../../shared/product';
import { DEMO_FACILITY_ID } from './demo-ids';
import type { CheckinStatus } from '../../shared/contracts/checkins';

interface Plan {
  carrierId: string;
  driverId: string;
  door: string;
  start: string;
  end: string;
  day: 0 | 1;
  vehicle?: string;
  steps: CheckinStatus[] | 'scheduled';
}

const PLAN: Plan[] = [
  { carrierId: 'carrier-ganga', driverId: 'driver-ajay', door: 'door-01', start: '08:00', end: '09:00', day: 0, vehicle: 'UP65CT4411', steps: ['at_dock', 'unloading', 'completed', 'departed'] },
  { carrierId: 'carrier-deccan', driverId: 'driver-imran', door: 'door-02', start: '09:00', end: '10:30', day: 0, vehicle: 'TS09EA7720', steps: ['at_dock', 'loading'] },
  { carrierId: 'carrier-sahyadri', driverId: 'driver-manoj', door: 'door-03', start: '10:30', end: '11:30', day: 0, vehicle: 'MH12KL9081', steps: [] },
  { carrierId: 'carrier-ganga', driverId: 'driver-ravi', door: 'door-04', start: '13:00', end: '14:00', day: 0, steps: 'scheduled' },
  { carrierId: 'carrier-deccan', driverId: 'driver-venkat', door: 'door-05', start: '15:00', end: '16:30', day: 0, steps: 'scheduled' },
  { carrierId: 'carrier-sahyadri', driverId: 'driver-suresh', door: 'door-06', start: '10:00', end: '11:00', day: 1, steps: 'scheduled' },
];

export async function seedDemoActivity(now = new Date()) {
  const admin = await findUserByIdentifier('operations');
  if (!admin) return;
  const user = toSessionUser((await getUser(admin.tenantId, admin.id))!);
  const ctx = { tenantId: user.tenantId, actor: { userId: user.id, username: user.username } };
  const today = localDateTime(now, DEFAULT_TIME_ZONE).date;
  // Booked as if this morning, before the day began.
  const morning = new Date(`${today}T00:00:00+05:30`);
  for (const p of PLAN) {
    const date = addDays(today, p.day);
    const appointment = await bookAppointment(
      user,
      { facilityId: DEMO_FACILITY_ID, carrierId: p.carrierId, driverId: p.driverId, dockDoorId: p.door, laborInchargeId: null, scheduledDate: date, scheduledTimeStart: p.start, scheduledTimeEnd: p.end, loadType: p.steps.includes('loading' as never) ? 'outbound' : 'inbound', priority: 'normal', bookedBy: 'carrier', poNumber: `PO-${date.replaceAll('-', '').slice(2)}-${p.start.replace(':', '')}`, bolNumber: null, palletCount: 18, cartonCount: null, estimatedDuration: 60, specialInstructions: null, handlingEquipmentNotes: null },
      morning,
    );
    if (p.steps === 'scheduled') continue;
    const checkin = await checkInAppointment(ctx, appointment.id, { vehicleLicense: p.vehicle ?? null }, p.start === '10:30' ? 'qr_code' : 'manual', now);
    for (const step of p.steps) await changeCheckinStatus(ctx, checkin.id, step, now);
  }
  // One no-show from earlier today keeps the on-time figure honest.
  const missed = await bookAppointment(user, { facilityId: DEMO_FACILITY_ID, carrierId: 'carrier-sahyadri', driverId: 'driver-manoj', dockDoorId: null, laborInchargeId: null, scheduledDate: today, scheduledTimeStart: '08:30', scheduledTimeEnd: '09:30', loadType: 'inbound', priority: 'normal', bookedBy: 'carrier', poNumber: null, bolNumber: null, palletCount: null, cartonCount: null, estimatedDuration: 60, specialInstructions: null, handlingEquipmentNotes: null }, morning);
  await changeStatus(ctx, missed.id, 'no_show', now);
}

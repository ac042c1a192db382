// Appointment helpers shared by the appointment test files: dates in the demo facility's zone, a
// booking body, and the calls that walk an appointment through its statuses.
import { expect } from 'vitest';
import { DEMO_FACILITY_ID } from '../../functions/local/seed';
import { addDays, localDateTime } from '../../shared/time';
import type { Client } from './api';

export const today = localDateTime(new Date(), 'Asia/Kolkata').date;
export const day = (n: number) => addDays(today, n);

/** A staff booking body: Ganga Freight's Ajay Yadav at door D01 tomorrow 10:00-11:00 unless overridden. */
export const booking = (over: Record<string, unknown> = {}) => ({
  facilityId: DEMO_FACILITY_ID,
  carrierId: 'carrier-ganga',
  driverId: 'driver-ajay',
  dockDoorId: 'door-01',
  scheduledDate: day(1),
  scheduledTimeStart: '10:00',
  scheduledTimeEnd: '11:00',
  loadType: 'inbound',
  poNumber: 'PO-1001',
  bolNumber: 'BOL-77',
  palletCount: 12,
  ...over,
});

/** A carrier's reschedule request body: to day 12, 11:00-12:00, for traffic, unless overridden. */
export const rescheduleRequest = (over: Record<string, unknown> = {}) => ({
  newDate: day(12),
  newTimeStart: '11:00',
  newTimeEnd: '12:00',
  reason: 'traffic',
  reasonDetails: 'Stuck on the Thane bypass since morning',
  requestedBy: 'carrier',
  ...over,
});

export const cancel = (client: Client, id: string, reason = 'Consignee closed for stock-taking') =>
  client.post(`/api/appointments/${id}/cancel`, { reason });

/** One status step: cancelling has its own call (with a reason), the other steps PATCH the status. */
export const move = (client: Client, id: string, to: string) =>
  to === 'cancelled'
    ? cancel(client, id)
    : client.request('PATCH', `/api/appointments/${id}/status`, { body: { status: to } });

const PATH_TO: Record<string, string[]> = {
  scheduled: [],
  arrived: ['arrived'],
  loading: ['arrived', 'loading'],
  unloading: ['arrived', 'unloading'],
  departed: ['arrived', 'loading', 'departed'],
  cancelled: ['cancelled'],
  no_show: ['no_show'],
};

/** Books (as `staff`) and walks the appointment to `status`; returns its id. */
export async function appointmentIn(staff: Client, status: string, over: Record<string, unknown>): Promise<string> {
  const created = await staff.post('/api/appointments', booking(over));
  expect(created.status, created.text).toBe(201);
  for (const step of PATH_TO[status]!) expect((await move(staff, created.body.id, step)).status).toBe(200);
  return created.body.id as string;
}

// Booking-time hint (issue #21; functions/workers.ts 'gate-booking-hints'): when a booking carries a
// vehicle number, a driving licence or an e-way bill, the same gate checks run in the background and
// the appointment gets a hint the scheduling list and the driver app show, so the carrier can fix it
// before the truck reaches the gate. The answers are cached, so the arrival's own check is quick.
// Numbers that are not well formed are not asked about; a tenant without ULIP gets no hint.
import { unmarshall } from '@aws-sdk/util-dynamodb';
import type { AttributeValue } from '@aws-sdk/client-dynamodb';
import { defineWorker } from '../lib/worker';
import { getFacility } from '../facilities';
import { setAppointmentGateHint } from '../appointments';
import { DEFAULT_TIME_ZONE } from '../../shared/time';
import { isDrivingLicenceNumber, isEwayBillNumber, isVehicleNumber } from '../../shared/vehicle-numbers';
import type { Appointment } from '../../shared/contracts/appointments';
import { runGateChecks } from './run-checks';

const wellFormed = (v: string | null | undefined, ok: (v: string) => boolean) => (v && ok(v) ? v : null);

export async function bookingHint(a: Appointment): Promise<void> {
  if (a.bookingType === 'walk_in' || a.status !== 'scheduled') return;
  const subjects = {
    vehicleNumber: wellFormed(a.vehicleLicense, isVehicleNumber),
    driverLicense: wellFormed(a.guest?.driverLicense, isDrivingLicenceNumber),
    ewayBill: wellFormed(a.guest?.ewayBill, isEwayBillNumber),
  };
  if (!subjects.vehicleNumber && !subjects.ewayBill) return;
  const facility = await getFacility(a.tenantId, a.facilityId);
  const gate = await runGateChecks(a.tenantId, subjects, { timeZone: facility?.timeZone ?? DEFAULT_TIME_ZONE });
  if (!gate) return;
  await setAppointmentGateHint(a.tenantId, a.id, {
    decision: gate.decision,
    messages: gate.reasons.map((r) => r.message),
    checkedAt: gate.checkedAt,
  });
}

export const { handler, worker } = defineWorker('gate-booking-hints', 'stream', async (record) => {
  const image = record.dynamodb?.NewImage as Record<string, AttributeValue> | undefined;
  if (!image) return;
  await bookingHint(unmarshall(image) as Appointment);
});

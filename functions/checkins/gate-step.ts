// The gate compliance step of every check-in path (issue #21; docs/decisions.md, Gate compliance):
// the registry checks run before anything is written. DENY refuses the check-in (422, one reason per
// failed check, the attempt audited and counted); HOLD and ALLOW go on with the decision on the
// check-in; a tenant without ULIP set up is not checked (null).
import { writeAudit, type Actor } from '../lib/audit';
import { HttpError } from '../lib/errors';
import { countFigure } from '../lib/telemetry';
import { gateDecisionPut, reasonErrors, runGateChecks, writeGateDecision, type GateSubjects } from '../gate';
import { isDrivingLicenceNumber, isEwayBillNumber, isVehicleNumber } from '../../shared/vehicle-numbers';
import { localDateTime } from '../../shared/time';
import type { Appointment } from '../../shared/contracts/appointments';
import type { GateOutcome } from '../../shared/contracts/gate';

export const GATE_REFUSED = 'Entry refused at the gate';

interface Typed {
  vehicleLicense?: string | null;
  driverLicense?: string | null;
  ewayBill?: string | null;
}

/**
 * What the gate checks: numbers typed at the gate (a malformed one is a 400 naming its field, from
 * runGateChecks), else those of the booking; a malformed number from the booking is not asked about
 * (the booking form took free text before #21), so a driver is never stuck with it at the gate.
 */
function subjectsOf(a: Pick<Appointment, 'vehicleLicense' | 'guest'>, typed: Typed): GateSubjects {
  const keep = (v: string | null | undefined, ok: (v: string) => boolean) => (v && ok(v) ? v : null);
  return {
    vehicleNumber: typed.vehicleLicense || keep(a.vehicleLicense, isVehicleNumber),
    driverLicense: typed.driverLicense || keep(a.guest?.driverLicense, isDrivingLicenceNumber),
    ewayBill: typed.ewayBill || keep(a.guest?.ewayBill, isEwayBillNumber),
  };
}

export interface GateStepContext {
  tenantId: string;
  actor: Actor | null;
  facilityId: string;
  timeZone: string;
  now: Date;
}

export async function gateStep(
  ctx: GateStepContext,
  a: Pick<Appointment, 'id' | 'vehicleLicense' | 'guest'>,
  typed: Typed,
): Promise<GateOutcome | null> {
  const subjects = subjectsOf(a, typed);
  const gate = await runGateChecks(ctx.tenantId, subjects, { timeZone: ctx.timeZone, now: ctx.now });
  if (gate) countFigure('gateDecisions', { decision: gate.decision });
  if (gate?.decision === 'DENY') {
    await Promise.all([
      writeAudit(
        {
          tenantId: ctx.tenantId,
          actor: ctx.actor,
          action: 'gate.denied',
          entityType: 'appointment',
          entityId: a.id,
          after: { ...subjects, gate },
        },
        ctx.now,
      ),
      writeGateDecision(decisionEntry(ctx, gate, a.id, null, subjects.vehicleNumber)),
    ]);
    throw new HttpError(422, GATE_REFUSED, reasonErrors(gate.reasons));
  }
  return gate;
}

function decisionEntry(
  ctx: GateStepContext,
  gate: GateOutcome,
  appointmentId: string,
  checkinId: string | null,
  vehicleNumber: string | null,
) {
  return {
    tenantId: ctx.tenantId,
    facilityId: ctx.facilityId,
    date: localDateTime(ctx.now, ctx.timeZone).date,
    decision: gate.decision,
    appointmentId,
    checkinId,
    vehicleNumber,
    at: ctx.now.toISOString(),
  };
}

/** The decision item for the check-in's own transaction (nothing when not checked). */
export const gateDecisionPuts = (
  ctx: GateStepContext,
  gate: GateOutcome | null,
  appointmentId: string,
  checkinId: string,
  vehicleNumber: string | null,
) =>
  gate && gate.decision !== 'NOT_CHECKED'
    ? [gateDecisionPut(decisionEntry(ctx, gate, appointmentId, checkinId, vehicleNumber))]
    : [];

export { heldAtGate } from '../../shared/contracts/gate';
export const GATE_HOLD_MESSAGE = 'This truck is on hold at the gate. A yard manager must override the hold first.';

// A check-in with a gate pass, possibly made offline and synced later (issue #31): the gate's device
// (or the driver's phone) sends its idempotency key, the pass and the time it happened at the gate.
// Each key is applied once: a replay, a retry after a lost answer, or the same pass from a second
// device answers with the one check-in. The pass is verified again here, with the keys and
// revocations the server holds now.
// The gate time is the gate's, within limits (issue #52.4): a claimed time is taken only within the
// tenant's offline window (hours for a signed-in gate device, minutes for a driver's own phone), the
// pass is judged at that time with a small grace, and when the pass had expired by the server's clock
// the claimed time is kept but never counted punctual. The check-in keeps both times. An entry is sent
// only by the user who queued it (issue #52.8).
import { createHash } from 'node:crypto';
import { BadRequestError, ConflictError, ForbiddenError, HttpError } from '../lib/errors';
import { transact } from '../lib/dynamo';
import { resolveFacility } from '../facilities';
import { contextOf, findAppointment } from '../appointments';
import { gateOfflineWindow } from '../gate';
import { notificationPut } from '../notifications';
import { verifyPassAtServer } from '../passes';
import { canActOn, checksInForAll } from '../../shared/access';
import { gatePassRefusalText } from '../../shared/gate-pass';
import {
  GATE_CLOCK_SKEW_MINUTES,
  PASS_GRACE_MINUTES,
  type GatePassCheckinResult,
  type gatePassCheckinSchema,
} from '../../shared/contracts/gate-pass';
import type { SessionUser } from '../../shared/contracts/auth';
import type { Checkin } from '../../shared/contracts/checkins';
import type * as z from 'zod/mini';
import { checkInAppointment } from './check-in';
import { getAppointmentCheckin, getCheckin } from './checkin.store';
import { GATE_REFUSED } from './gate-step';
import { getPassCheckinKey, rememberPassCheckinKey } from './pass-checkin-key.store';

type Input = z.output<typeof gatePassCheckinSchema>;

const hashOf = (token: string) => createHash('sha256').update(token).digest('base64url');

/** Check-ins with a pass come from the gate (staff) or from the driver's own phone. */
const methodOf = (user: SessionUser): Checkin['checkinMethod'] => (checksInForAll(user) ? 'qr_code' : 'tablet');

/** Refuses a gate time in the future (beyond the device's clock skew) or older than the offline window. */
async function requireGateTime(user: SessionUser, happenedAt: Date, now: Date): Promise<void> {
  if (happenedAt.getTime() > now.getTime() + GATE_CLOCK_SKEW_MINUTES * 60_000) {
    throw new BadRequestError('The check-in time is in the future. Check the device clock.', {
      happenedAt: 'The check-in time is in the future. Check the device clock.',
    });
  }
  const window = await gateOfflineWindow(user.tenantId);
  const age = now.getTime() - happenedAt.getTime();
  if (checksInForAll(user)) {
    if (age > window.deviceHours * 3_600_000) {
      const text = `This check-in was made more than ${window.deviceHours} hours ago, beyond the offline window of a gate device. Check the truck in at the gate now.`;
      throw new BadRequestError(text, { happenedAt: text });
    }
  } else if (age > window.phoneMinutes * 60_000) {
    const text = `This check-in was made more than ${window.phoneMinutes} minutes ago, beyond the offline window of a phone. Check in at the gate now.`;
    throw new BadRequestError(text, { happenedAt: text });
  }
}

export async function checkInWithPass(
  user: SessionUser,
  input: Input,
  now = new Date(),
): Promise<GatePassCheckinResult> {
  if (input.queuedBy !== undefined && input.queuedBy !== user.id)
    throw new ForbiddenError(
      'This check-in was queued by another user on this device. It is sent when they sign in again.',
    );
  const known = await getPassCheckinKey(user.tenantId, input.idempotencyKey);
  if (known) {
    if (known.tokenHash !== hashOf(input.token))
      throw new ConflictError('This idempotency key was already used for another gate pass');
    const checkin = await getCheckin(user.tenantId, known.checkinId);
    if (checkin) return { checkin, replayed: true };
  }
  const happenedAt = new Date(input.happenedAt);
  await requireGateTime(user, happenedAt, now);
  const facility = await resolveFacility(user.tenantId, input.facilityId);
  const grace = PASS_GRACE_MINUTES * 60;
  const check = await verifyPassAtServer(input.token, facility, happenedAt, now, grace);
  if (!check.ok) throw new ConflictError(gatePassRefusalText(check), { token: check.reason });
  const appointment = await findAppointment(user, check.pass.apt);
  if (!canActOn(user, appointment) && !checksInForAll(user))
    throw new ConflictError('You can check in only for your own appointments');
  const method = methodOf(user);
  // By the server's clock the pass had expired when the check-in arrived: its claimed time is not vouched for.
  const verified = now.getTime() / 1000 < check.pass.exp + grace;
  const gateTime = { claimedAt: happenedAt.toISOString(), receivedAt: now.toISOString(), verified };
  let result: GatePassCheckinResult;
  try {
    result = {
      checkin: await checkInAppointment(contextOf(user), appointment.id, { gateTime }, method, happenedAt),
      replayed: false,
    };
  } catch (err) {
    if (err instanceof HttpError && err.status === 422 && err.message === GATE_REFUSED && input.checksPending)
      await alertDeniedAfterSync(user.tenantId, appointment.vehicleLicense ?? check.pass.veh, now);
    if (!(err instanceof ConflictError)) throw err;
    // The same pass checked in by another device (or this key's lost answer): answer with that check-in.
    const existing = await getAppointmentCheckin(user.tenantId, appointment.id);
    if (!existing) throw err;
    if (existing.checkinMethod !== method)
      throw new ConflictError(
        `This appointment was already checked in at ${existing.checkInTime} (${existing.checkinMethod})`,
      );
    result = { checkin: existing, replayed: true };
  }
  await rememberPassCheckinKey(
    user.tenantId,
    input.idempotencyKey,
    { checkinId: result.checkin.id, tokenHash: hashOf(input.token) },
    now,
  );
  return result;
}

/** A truck let in offline that the registry checks deny at sync: the yard manager must act on it. */
async function alertDeniedAfterSync(tenantId: string, vehicle: string, now: Date): Promise<void> {
  await transact(
    [
      notificationPut(
        tenantId,
        {
          type: 'checkin',
          title: 'Gate checks denied after sync',
          message: `${vehicle}: the registry checks that could not run offline refused this truck. Find it in the yard.`,
        },
        now,
      ),
    ],
    () => new ConflictError('Please try again'),
  );
}

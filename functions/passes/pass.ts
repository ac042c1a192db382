// Gate passes (issue #31): issuing an appointment's pass with its facility's current key, the
// facility's public keys and revocations for the gate's device, key rotation, and the server's own
// verification of a synced pass (shared/gate-pass.ts). Its own domain, below appointments (which
// issues a guest's pass and revokes passes in a cancellation's or reschedule's transaction), the gate
// (keys for its device) and checkins (a synced pass at check-in).
import { randomBytes } from 'node:crypto';
import type { JWK } from 'jose';
import { openSecret, sealSecret } from '../lib/secrets';
import { ConflictError } from '../lib/errors';
import { writeAudit, type Actor } from '../lib/audit';
import { checkinOpensAt } from '../../shared/contracts/checkins';
import { addDays, instantOf } from '../../shared/time';
import type { GatePassCheck, GatePassClaims, GatePassKey } from '../../shared/gate-pass';
import { newPassKeyPair, signGatePass, verifyGatePass } from './crypto';
import type { Appointment } from '../../shared/contracts/appointments';
import type { Facility } from '../facilities';
import {
  currentPassKey,
  extendPassesUntil,
  listPassKeys,
  putFirstPassKey,
  rotatePassKeyItems,
  type PassKey,
} from './pass-key.store';
import { listRevocations } from './pass-revocation.store';

const epoch = (d: Date) => Math.floor(d.getTime() / 1000);

async function newPassKey(tenantId: string, facilityId: string, now: Date): Promise<PassKey> {
  const pair = await newPassKeyPair();
  const kid = `${now.toISOString().slice(0, 10).replace(/-/g, '')}-${randomBytes(6).toString('base64url')}`;
  return {
    tenantId,
    facilityId,
    kid,
    publicJwk: { ...pair.publicJwk, kid, alg: 'ES256', use: 'sig' },
    privateSealed: await sealSecret(tenantId, JSON.stringify(pair.privateJwk)),
    createdAt: now.toISOString(),
    passesUntil: 0,
    retiredAt: null,
    removeAfter: null,
  };
}

/** The key that signs now, made on the facility's first pass (one key even when two requests race). */
async function signingKey(tenantId: string, facilityId: string, now: Date): Promise<PassKey> {
  const current = await currentPassKey(tenantId, facilityId);
  if (current) return current;
  await putFirstPassKey(await newPassKey(tenantId, facilityId, now));
  const made = await currentPassKey(tenantId, facilityId);
  if (!made) throw new ConflictError('Please try again');
  return made;
}

/** When an appointment's pass is valid: from its check-in opening on its day to the facility's next midnight. */
export function passWindow(a: Pick<Appointment, 'scheduledDate' | 'scheduledTimeStart'>, timeZone: string) {
  return {
    nbf: epoch(instantOf(a.scheduledDate, checkinOpensAt(a.scheduledTimeStart), timeZone)),
    exp: epoch(instantOf(addDays(a.scheduledDate, 1), '00:00', timeZone)),
  };
}

/** The pass of a scheduled appointment, signed now with its facility's current key. */
export async function issueGatePass(
  a: Appointment,
  facility: Facility,
  now = new Date(),
): Promise<{ token: string; claims: GatePassClaims }> {
  if (a.status !== 'scheduled') throw new ConflictError('A gate pass is issued only for a scheduled appointment');
  const key = await signingKey(a.tenantId, facility.id, now);
  const claims: GatePassClaims = {
    apt: a.id,
    ver: a.rescheduleCount,
    ref: a.bookingReference ?? '',
    fac: facility.id,
    fnm: facility.name,
    tz: facility.timeZone,
    veh: a.vehicleLicense ?? '',
    day: a.scheduledDate,
    ws: a.scheduledTimeStart,
    we: a.scheduledTimeEnd,
    ...passWindow(a, facility.timeZone),
  };
  const privateJwk = JSON.parse(await openSecret(a.tenantId, key.privateSealed)) as JWK;
  const token = await signGatePass(claims, { ...privateJwk, kid: key.kid });
  if (claims.exp > key.passesUntil) await extendPassesUntil(key, claims.exp);
  return { token, claims };
}

const publicKeysOf = (keys: PassKey[], now: Date): GatePassKey[] =>
  keys.filter((k) => k.removeAfter === null || k.removeAfter > epoch(now)).map((k) => ({ ...k.publicJwk, kid: k.kid }));

/** What a gate's device keeps to verify passes offline: the facility's keys and revocations, as of now. */
export async function gatePassKeys(facility: Facility, now = new Date()) {
  const [keys, revocations] = await Promise.all([
    listPassKeys(facility.tenantId, facility.id),
    listRevocations(facility.tenantId, facility.id, now),
  ]);
  return {
    facilityId: facility.id,
    facilityName: facility.name,
    timeZone: facility.timeZone,
    keys: publicKeysOf(keys, now),
    revocations: revocations.map(({ apt, upTo }) => ({ apt, upTo })),
    serverTime: now.toISOString(),
  };
}

/**
 * The server's reading of a pass synced from a gate, with the keys and revocations it holds now, at the
 * gate time `at`. A pass read just outside its validity (`graceSeconds`: the gate's clock a little off)
 * is read at its nearest valid instant instead; anything further out keeps its refusal.
 */
export async function verifyPassAtServer(
  token: string,
  facility: Facility,
  at: Date,
  now = new Date(),
  graceSeconds = 0,
): Promise<GatePassCheck> {
  const list = await gatePassKeys(facility, now);
  const read = (instant: Date) =>
    verifyGatePass(token, { keys: list.keys, revocations: list.revocations, facilityId: facility.id, now: instant });
  const check = await read(at);
  if (check.ok || (check.reason !== 'expired' && check.reason !== 'not_yet_valid')) return check;
  const { nbf, exp } = check.pass;
  const nearest = check.reason === 'expired' ? exp - 1 : nbf;
  return Math.abs(nearest - at.getTime() / 1000) <= graceSeconds ? read(new Date(nearest * 1000)) : check;
}

/**
 * A new signing key for the facility. The previous one stays listed until the last pass it signed
 * has expired, so passes already in drivers' hands keep working.
 */
export async function rotateGatePassKey(
  facility: Facility,
  actor: Actor | null,
  now = new Date(),
): Promise<{ kid: string; previousKid: string | null; previousUntil: string | null }> {
  const previous = await currentPassKey(facility.tenantId, facility.id);
  if (!previous) {
    const first = await signingKey(facility.tenantId, facility.id, now);
    return { kid: first.kid, previousKid: null, previousUntil: null };
  }
  const next = await newPassKey(facility.tenantId, facility.id, now);
  const removeAfter = Math.max(epoch(now), previous.passesUntil);
  await rotatePassKeyItems(previous, next, removeAfter, now.toISOString());
  await writeAudit(
    {
      tenantId: facility.tenantId,
      actor,
      action: 'gate.pass-key-rotated',
      entityType: 'facility',
      entityId: facility.id,
      before: { kid: previous.kid },
      after: { kid: next.kid, previousUntil: new Date(removeAfter * 1000).toISOString() },
    },
    now,
  );
  return { kid: next.kid, previousKid: previous.kid, previousUntil: new Date(removeAfter * 1000).toISOString() };
}

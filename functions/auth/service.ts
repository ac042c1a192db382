// Sign-in rules: password check against the memory-hard hash; throttling that slows guessing without
// locking the owner out (decisions.md, "Sessions and sign-in"): failures count per account whichever
// alias is typed, with a growing lock for unknown devices, and per client address; a browser that
// signed in to the account before has its own budget and is let in while the account is locked.
// Every sign-in and sign-out is audited and published as a domain event.
import { auditPut, writeAudit } from '../lib/audit';
import { config } from '../lib/config';
import { transact } from '../lib/dynamo';
import { ConflictError, ForbiddenError, NotFoundError, TooManyRequestsError, UnauthorizedError } from '../lib/errors';
import { closedTenantRefusal, mayEnter } from '../tenancy';
import { TENANCY_TEXTS } from '../../shared/contracts/tenancy';
import { publish } from '../lib/events';
import { decoyPasswordHash, verifyPassword } from '../lib/passwords';
import { addHit, claimAttempt, clearStreak, countIn, type Backoff, type Window } from '../lib/throttle';
import { aliasOf, findUserByIdentifier, toSessionUser } from '../users';
import {
  deleteSession,
  deviceId,
  isKnownDevice,
  knownDevices,
  newSession,
  rememberDevice,
  type Session,
} from './session.store';
import type { SessionUser } from '../../shared/contracts/auth';

export const LOGIN_LIMITS = {
  /** Unknown devices: 5 attempts, then a lock of 1, 2, 4, 8, then 15 minutes after each further one. */
  perAccount: {
    freeAttempts: 5,
    firstDelaySeconds: 60,
    maxDelaySeconds: 15 * 60,
    forgetAfterSeconds: 24 * 3600,
  } satisfies Backoff,
  /** Failures from unknown devices only, so a known device behind a busy address still signs in. */
  perAddress: { limit: 30, windowSeconds: 15 * 60 } satisfies Window,
  /** A known device's own failures (its token must not become a way around the account's lock). */
  perKnownDevice: { limit: 10, windowSeconds: 15 * 60 } satisfies Window,
};

const NOT_A_MEMBER = TENANCY_TEXTS.notMember;

export const INVALID_CREDENTIALS = 'Invalid credentials. Check your email, username or mobile number and password.';

/** The throttle key of the account an identifier names; an unknown identifier is counted by itself. */
export const accountThrottleKey = (user: { id: string } | null, identifier: string) => {
  if (user) return `login:user:${user.id}`;
  const alias = aliasOf(identifier);
  return `login:id:${alias.kind}:${alias.value}`;
};

function tooMany(retryAfter: number): TooManyRequestsError {
  const minutes = Math.max(1, Math.ceil(retryAfter / 60));
  return new TooManyRequestsError(
    `Too many failed sign-in attempts. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
    retryAfter,
  );
}

async function refuseWhenSpent(key: string, window: Window) {
  const state = await countIn(key, window);
  if (state.count >= window.limit) throw tooMany(state.retryAfter);
}

export async function signIn(input: { identifier: string; password: string }, ip: string, deviceToken?: string) {
  const user = await findUserByIdentifier(input.identifier);
  const devices = user ? await knownDevices(user.tenantId, user.id) : [];
  const known = isKnownDevice(devices, deviceToken);
  const accountKey = accountThrottleKey(user, input.identifier);
  const failureKey = known ? `login:device:${deviceId(deviceToken!)}` : `login:ip:${ip}`;
  const failureWindow = known ? LOGIN_LIMITS.perKnownDevice : LOGIN_LIMITS.perAddress;

  await refuseWhenSpent(failureKey, failureWindow);
  if (!known) {
    const claim = await claimAttempt(accountKey, LOGIN_LIMITS.perAccount);
    if (!claim.ok) throw tooMany(claim.retryAfter);
  }

  const ok = await verifyPassword(input.password, user?.passwordHash ?? (await decoyPasswordHash()));
  if (!user || !ok || user.status === 'rejected') {
    await addHit(failureKey, failureWindow);
    throw new UnauthorizedError(
      user?.status === 'rejected' && ok ? 'Your registration was not approved.' : INVALID_CREDENTIALS,
    );
  }

  const closed = await closedTenantRefusal(user.tenantId, toSessionUser(user).permissions);
  if (closed) throw new ForbiddenError(closed);

  // The session, this browser as a known device, the end of the failure streak and the audit record.
  const session = newSession(user.tenantId, user.id);
  const device = rememberDevice(user.tenantId, user.id, devices, deviceToken);
  const actor = { userId: user.id, username: user.username };
  await transact(
    [
      session.put,
      device.put,
      clearStreak(accountKey),
      auditPut({
        tenantId: user.tenantId,
        actor,
        action: 'session.signed-in',
        entityType: 'user',
        entityId: user.id,
        after: { knownDevice: known },
        ip,
      }),
    ],
    () => new ConflictError('Sign-in could not be completed. Please try again.'),
  );
  await publish({ type: 'session.signed-in', tenantId: user.tenantId, detail: { userId: user.id } });
  return {
    user: toSessionUser(user),
    token: session.token,
    maxAgeSeconds: config.sessionTtlSeconds,
    device: { token: device.token, maxAgeSeconds: device.maxAgeSeconds },
  };
}

/**
 * Moves the login to another tenant it may enter: a new session for that tenant replaces the current
 * one (the old token stops working), audited in the tenant entered. Unknown tenants answer 404.
 */
export async function switchTenant(
  session: Session & { token: string },
  user: SessionUser,
  tenantId: string,
  ip: string,
) {
  const home = session.homeTenantId ?? session.tenantId;
  if (!(await mayEnter(user.id, home, tenantId))) throw new NotFoundError(NOT_A_MEMBER);
  const next = newSession(tenantId, user.id, Date.now(), home);
  const actor = { userId: user.id, username: user.username };
  await transact(
    [
      next.put,
      auditPut({
        tenantId,
        actor,
        action: 'session.switched-tenant',
        entityType: 'user',
        entityId: user.id,
        before: { tenantId: session.tenantId },
        after: { tenantId },
        ip,
      }),
    ],
    () => new ConflictError('Switching could not be completed. Please try again.'),
  );
  await deleteSession(session.token);
  return { token: next.token, maxAgeSeconds: config.sessionTtlSeconds };
}

export async function signOut(session: Session & { token: string }, user: SessionUser, ip: string) {
  await deleteSession(session.token);
  const actor = { userId: user.id, username: user.username };
  await Promise.all([
    writeAudit({
      tenantId: user.tenantId,
      actor,
      action: 'session.signed-out',
      entityType: 'user',
      entityId: user.id,
      ip,
    }),
    publish({ type: 'session.signed-out', tenantId: user.tenantId, detail: { userId: user.id } }),
  ]);
}

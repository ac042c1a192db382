// Sign-in rules: password check against the memory-hard hash, throttling per identifier and per
// client address (failures only, so a user who signs in correctly is never locked out by others'
// successes), audit of every sign-in and sign-out, and a domain event for each.
import { writeAudit } from '../lib/audit';
import { config } from '../lib/config';
import { TooManyRequestsError, UnauthorizedError } from '../lib/errors';
import { publish } from '../lib/events';
import { decoyPasswordHash, verifyPassword } from '../lib/passwords';
import { addHit, countIn, type Window } from '../lib/throttle';
import { aliasOf, findUserByIdentifier, toSessionUser } from '../repositories/users';
import { createSession, deleteSession, type Session } from '../repositories/sessions';
import type { SessionUser } from '../../shared/contracts/auth';

export const LOGIN_LIMITS = {
  perIdentifier: { limit: 5, windowSeconds: 15 * 60 } satisfies Window,
  perAddress: { limit: 30, windowSeconds: 15 * 60 } satisfies Window,
};

export const INVALID_CREDENTIALS = 'Invalid credentials. Check your email, username or mobile number and password.';

export async function signIn(input: { identifier: string; password: string }, ip: string) {
  const alias = aliasOf(input.identifier);
  const identifierKey = `login:id:${alias.kind}:${alias.value}`;
  const addressKey = `login:ip:${ip}`;

  const [byIdentifier, byAddress] = await Promise.all([
    countIn(identifierKey, LOGIN_LIMITS.perIdentifier),
    countIn(addressKey, LOGIN_LIMITS.perAddress),
  ]);
  for (const [state, window] of [[byIdentifier, LOGIN_LIMITS.perIdentifier], [byAddress, LOGIN_LIMITS.perAddress]] as const) {
    if (state.count >= window.limit) {
      const minutes = Math.max(1, Math.ceil(state.retryAfter / 60));
      throw new TooManyRequestsError(`Too many failed sign-in attempts. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`, state.retryAfter);
    }
  }

  const user = await findUserByIdentifier(input.identifier);
  const ok = await verifyPassword(input.password, user?.passwordHash ?? (await decoyPasswordHash()));
  if (!user || !ok || user.status === 'rejected') {
    await Promise.all([addHit(identifierKey, LOGIN_LIMITS.perIdentifier), addHit(addressKey, LOGIN_LIMITS.perAddress)]);
    throw new UnauthorizedError(user?.status === 'rejected' && ok ? 'Your registration was not approved.' : INVALID_CREDENTIALS);
  }

  const { token } = await createSession(user.tenantId, user.id);
  const actor = { userId: user.id, username: user.username };
  await Promise.all([
    writeAudit({ tenantId: user.tenantId, actor, action: 'session.signed-in', entityType: 'user', entityId: user.id, ip }),
    publish({ type: 'session.signed-in', tenantId: user.tenantId, detail: { userId: user.id } }),
  ]);
  return { user: toSessionUser(user), token, maxAgeSeconds: config.sessionTtlSeconds };
}

export async function signOut(session: Session & { token: string }, user: SessionUser, ip: string) {
  await deleteSession(session.token);
  const actor = { userId: user.id, username: user.username };
  await Promise.all([
    writeAudit({ tenantId: user.tenantId, actor, action: 'session.signed-out', entityType: 'user', entityId: user.id, ip }),
    publish({ type: 'session.signed-out', tenantId: user.tenantId, detail: { userId: user.id } }),
  ]);
}

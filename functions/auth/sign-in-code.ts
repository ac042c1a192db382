// Sign-in by mobile number and one-time code (issue #32) for carrier-side accounts without e-mail (a
// small fleet owner): 6 digits by SMS, valid 10 minutes, 5 attempts, a few codes per number and per
// client address. Whether a number belongs to an account is never told: a request answers the same
// neutral text either way (only an account gets an SMS), and every refusal of a code reads the same.
// The session is the account's own, acting for the carrier its account is linked to. Against guessing
// (issue #52): each attempt is claimed before the comparison, guesses are limited per number as well as
// per address, and the code is kept only as a keyed hash (sign-in-code.store.ts).
import { randomInt } from 'node:crypto';
import { auditPut } from '../lib/audit';
import { config } from '../lib/config';
import { transact } from '../lib/dynamo';
import { ForbiddenError, UnauthorizedError } from '../lib/errors';
import { publish } from '../lib/events';
import { rateLimit, type Window } from '../lib/throttle';
import { findUserByIdentifier, getUser, normalizePhone, toSessionUser, type User } from '../users';
import { closedTenantRefusal } from '../tenancy';
import { newSession } from './session.store';
import { claimCodeAttempt, hashCode, putPendingCode, sameCode, sealCode, useCodeDelete } from './sign-in-code.store';
import { bookingLinkFor } from '../../shared/roles';
import { SIGN_IN_CODE_TEXTS } from '../../shared/contracts/auth';

export const SIGN_IN_CODE = {
  validMinutes: 10,
  attempts: 5,
  perNumber: { limit: 3, windowSeconds: 15 * 60 } satisfies Window,
  perAddress: { limit: 10, windowSeconds: 15 * 60 } satisfies Window,
  verifyPerAddress: { limit: 30, windowSeconds: 15 * 60 } satisfies Window,
  /**
   * Guesses at one number from any addresses (issue #52): 5 codes' worth an hour, where the request
   * limit alone would let 12 codes (60 guesses) through; about one chance in 1,700 a day.
   */
  verifyPerNumber: { limit: 25, windowSeconds: 60 * 60 } satisfies Window,
};

/** Accounts that sign in by code: active carrier-side bookers and drivers linked to their carrier. */
const signsInByCode = (user: User | null): user is User =>
  Boolean(
    user &&
    user.status === 'active' &&
    bookingLinkFor([user.role, ...(user.extraRoles ?? [])]) !== null &&
    toSessionUser(user).carrierId,
  );

/**
 * The same work for a number we hold and one we do not (issue #52): two reads (the alias and the
 * user, or a read in its place), a code made, hashed and sealed, one item written, the same answer.
 * The SMS is not sent here: the item is the queue, and the sender (sign-in-code.worker.ts) sends it
 * for an account's item only, so the answer's time does not tell whether an SMS went out.
 */
export async function requestSignInCode(
  phoneNumber: string,
  ip: string,
  now = new Date(),
): Promise<{ message: string }> {
  const phone = normalizePhone(phoneNumber)!;
  await rateLimit(`signin-code:ip:${ip}`, SIGN_IN_CODE.perAddress, SIGN_IN_CODE_TEXTS.tooMany, now.getTime());
  await rateLimit(`signin-code:phone:${phone}`, SIGN_IN_CODE.perNumber, SIGN_IN_CODE_TEXTS.tooMany, now.getTime());
  const found = await findUserByIdentifier(phone);
  // The user read a held number's lookup made, for a number no alias names (its answer is not used).
  if (!found) await getUser('-', '-');
  const user = signsInByCode(found) ? found : null;
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  const [codeHash, sealedCode] = await Promise.all([hashCode(phone, code), sealCode(code)]);
  await putPendingCode({
    phone,
    ...(user ? { tenantId: user.tenantId, userId: user.id, language: user.language ?? 'en' } : {}),
    codeHash,
    sealedCode,
    expiresAt: Math.floor(now.getTime() / 1000) + SIGN_IN_CODE.validMinutes * 60,
    attempts: 0,
  });
  return { message: SIGN_IN_CODE_TEXTS.sent };
}

export async function signInWithCode(input: { phoneNumber: string; code: string }, ip: string, now = new Date()) {
  const phone = normalizePhone(input.phoneNumber)!;
  await rateLimit(`signin-code:verify:${ip}`, SIGN_IN_CODE.verifyPerAddress, SIGN_IN_CODE_TEXTS.tooMany, now.getTime());
  await rateLimit(
    `signin-code:verify-phone:${phone}`,
    SIGN_IN_CODE.verifyPerNumber,
    SIGN_IN_CODE_TEXTS.tooMany,
    now.getTime(),
  );
  const refused = () => new UnauthorizedError(SIGN_IN_CODE_TEXTS.refused);
  // The attempt is claimed (counted, within the 5) before the code is compared; none left: refused.
  const pending = await claimCodeAttempt(phone, SIGN_IN_CODE.attempts, Math.floor(now.getTime() / 1000));
  if (!pending || !pending.userId || !(await sameCode(pending, input.code))) throw refused();
  const user = await findUserByIdentifier(phone);
  if (!signsInByCode(user) || user.id !== pending.userId) throw refused();
  const closed = await closedTenantRefusal(user.tenantId, toSessionUser(user).permissions);
  if (closed) throw new ForbiddenError(closed);
  const session = newSession(user.tenantId, user.id, now.getTime());
  await transact(
    [
      useCodeDelete(pending),
      session.put,
      auditPut(
        {
          tenantId: user.tenantId,
          actor: { userId: user.id, username: user.username },
          action: 'session.signed-in',
          entityType: 'user',
          entityId: user.id,
          after: { method: 'mobile-code' },
          ip,
        },
        now,
      ),
    ],
    refused,
  );
  await publish({ type: 'session.signed-in', tenantId: user.tenantId, detail: { userId: user.id } });
  return { token: session.token, maxAgeSeconds: config.sessionTtlSeconds };
}

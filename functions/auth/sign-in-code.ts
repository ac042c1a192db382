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

/** Who a number signs in as: the session's tenant and user, and the SMS's language. */
export interface CodeAccount {
  tenantId: string;
  userId: string;
  username: string;
  language: string;
  /** Why the account may not sign in now (its tenant closed), or null. */
  refusal?: () => Promise<string | null>;
}

/** A hub's account that signs in by code: an active carrier-side booker or driver linked to its carrier. */
async function userAccount(phone: string): Promise<CodeAccount | null> {
  const found = await findUserByIdentifier(phone);
  // The user read a held number's lookup made, for a number no alias names (its answer is not used).
  if (!found) await getUser('-', '-');
  if (!signsInByCode(found)) return null;
  return {
    tenantId: found.tenantId,
    userId: found.id,
    username: found.username,
    language: found.language ?? 'en',
    refusal: () => closedTenantRefusal(found.tenantId, toSessionUser(found).permissions),
  };
}

/**
 * The same work for a number we hold and one we do not (issue #52): two reads (the alias and the
 * user, or a read in its place), a code made, hashed and sealed, one item written, the same answer.
 * The SMS is not sent here: the item is the queue, and the sender (sign-in-code.worker.ts) sends it
 * for an account's item only, so the answer's time does not tell whether an SMS went out.
 */
export function requestSignInCode(phoneNumber: string, ip: string, now = new Date()): Promise<{ message: string }> {
  return requestCodeFor(phoneNumber, ip, userAccount, now);
}

/** The code flow for any kind of account `find` names (a hub's user; a platform carrier's person, issue #59). */
export async function requestCodeFor(
  phoneNumber: string,
  ip: string,
  find: (phone: string) => Promise<CodeAccount | null>,
  now = new Date(),
): Promise<{ message: string }> {
  const phone = normalizePhone(phoneNumber)!;
  await rateLimit(`signin-code:ip:${ip}`, SIGN_IN_CODE.perAddress, SIGN_IN_CODE_TEXTS.tooMany, now.getTime());
  await rateLimit(`signin-code:phone:${phone}`, SIGN_IN_CODE.perNumber, SIGN_IN_CODE_TEXTS.tooMany, now.getTime());
  const account = await find(phone);
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  const [codeHash, sealedCode] = await Promise.all([hashCode(phone, code), sealCode(code)]);
  await putPendingCode({
    phone,
    ...(account ? { tenantId: account.tenantId, userId: account.userId, language: account.language } : {}),
    codeHash,
    sealedCode,
    expiresAt: Math.floor(now.getTime() / 1000) + SIGN_IN_CODE.validMinutes * 60,
    attempts: 0,
  });
  return { message: SIGN_IN_CODE_TEXTS.sent };
}

export function signInWithCode(input: { phoneNumber: string; code: string }, ip: string, now = new Date()) {
  return signInWithCodeFor(input, ip, userAccount, now);
}

export async function signInWithCodeFor(
  input: { phoneNumber: string; code: string },
  ip: string,
  find: (phone: string) => Promise<CodeAccount | null>,
  now = new Date(),
) {
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
  const account = await find(phone);
  if (!account || account.userId !== pending.userId || account.tenantId !== pending.tenantId) throw refused();
  const closed = account.refusal ? await account.refusal() : null;
  if (closed) throw new ForbiddenError(closed);
  const session = newSession(account.tenantId, account.userId, now.getTime());
  await transact(
    [
      useCodeDelete(pending),
      session.put,
      auditPut(
        {
          tenantId: account.tenantId,
          actor: { userId: account.userId, username: account.username },
          action: 'session.signed-in',
          entityType: 'user',
          entityId: account.userId,
          after: { method: 'mobile-code' },
          ip,
        },
        now,
      ),
    ],
    refused,
  );
  await publish({ type: 'session.signed-in', tenantId: account.tenantId, detail: { userId: account.userId } });
  return { token: session.token, maxAgeSeconds: config.sessionTtlSeconds };
}

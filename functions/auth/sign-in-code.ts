// Sign-in by mobile number and one-time code (issue #32) for carrier-side accounts without e-mail (a
// small fleet owner): 6 digits by SMS, valid 10 minutes, 5 attempts, a few codes per number and per
// client address. Whether a number belongs to an account is never told: a request answers the same
// neutral text either way (only an account gets an SMS), and every refusal of a code reads the same.
// The session is the account's own, acting for the carrier its account is linked to.
import { randomInt } from 'node:crypto';
import { auditPut } from '../lib/audit';
import { config } from '../lib/config';
import { transact } from '../lib/dynamo';
import { ForbiddenError, UnauthorizedError } from '../lib/errors';
import { publish } from '../lib/events';
import { rateLimit, type Window } from '../lib/throttle';
import { sendMessage } from '../messaging';
import { findUserByIdentifier, normalizePhone, toSessionUser, type User } from '../users';
import { closedTenantRefusal } from '../tenancy';
import { newSession } from './session.store';
import {
  countWrongAttempt,
  getPendingCode,
  hashCode,
  putPendingCode,
  sameCode,
  useCodeDelete,
} from './sign-in-code.store';
import { bookingLinkFor } from '../../shared/roles';
import { SIGN_IN_CODE_TEXTS } from '../../shared/contracts/auth';

export const SIGN_IN_CODE = {
  validMinutes: 10,
  attempts: 5,
  perNumber: { limit: 3, windowSeconds: 15 * 60 } satisfies Window,
  perAddress: { limit: 10, windowSeconds: 15 * 60 } satisfies Window,
  verifyPerAddress: { limit: 30, windowSeconds: 15 * 60 } satisfies Window,
};

/** Accounts that sign in by code: active carrier-side bookers and drivers linked to their carrier. */
const signsInByCode = (user: User | null): user is User =>
  Boolean(
    user &&
    user.status === 'active' &&
    bookingLinkFor([user.role, ...(user.extraRoles ?? [])]) !== null &&
    toSessionUser(user).carrierId,
  );

export async function requestSignInCode(
  phoneNumber: string,
  ip: string,
  now = new Date(),
): Promise<{ message: string }> {
  const phone = normalizePhone(phoneNumber)!;
  await rateLimit(`signin-code:ip:${ip}`, SIGN_IN_CODE.perAddress, SIGN_IN_CODE_TEXTS.tooMany, now.getTime());
  await rateLimit(`signin-code:phone:${phone}`, SIGN_IN_CODE.perNumber, SIGN_IN_CODE_TEXTS.tooMany, now.getTime());
  const user = await findUserByIdentifier(phone);
  if (signsInByCode(user)) {
    const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
    await putPendingCode({
      phone,
      tenantId: user.tenantId,
      userId: user.id,
      codeHash: hashCode(code),
      expiresAt: Math.floor(now.getTime() / 1000) + SIGN_IN_CODE.validMinutes * 60,
      attempts: 0,
    });
    await sendMessage(
      {
        channel: 'sms',
        tenantId: user.tenantId,
        to: phone,
        template: 'sign_in_code',
        values: { code },
        language: user.language ?? 'en',
      },
      now,
    );
  }
  return { message: SIGN_IN_CODE_TEXTS.sent };
}

export async function signInWithCode(input: { phoneNumber: string; code: string }, ip: string, now = new Date()) {
  await rateLimit(`signin-code:verify:${ip}`, SIGN_IN_CODE.verifyPerAddress, SIGN_IN_CODE_TEXTS.tooMany, now.getTime());
  const phone = normalizePhone(input.phoneNumber)!;
  const pending = await getPendingCode(phone);
  const refused = () => new UnauthorizedError(SIGN_IN_CODE_TEXTS.refused);
  if (!pending || pending.expiresAt * 1000 <= now.getTime() || pending.attempts >= SIGN_IN_CODE.attempts)
    throw refused();
  if (!sameCode(pending, input.code)) {
    await countWrongAttempt(pending);
    throw refused();
  }
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

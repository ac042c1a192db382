// The 6-digit e-mail verification code: made for registration and organisation sign-up, kept only as
// its SHA-256 with an expiry and an attempt count; one rule for both to check it.
import { createHash, randomInt } from 'node:crypto';

export const VERIFICATION_MINUTES = 30;
const MAX_ATTEMPTS = 5;

export interface PendingEmailCode {
  codeHash: string;
  expiresAt: string;
  attempts: number;
}

const codeHash = (code: string) => createHash('sha256').update(code).digest('hex');

/** A new code and what the user record keeps of it. */
export function newEmailCode(now = new Date()): { code: string; pending: PendingEmailCode } {
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  return {
    code,
    pending: {
      codeHash: codeHash(code),
      expiresAt: new Date(now.getTime() + VERIFICATION_MINUTES * 60000).toISOString(),
      attempts: 0,
    },
  };
}

/** 'ok', 'wrong' (counts as an attempt) or 'spent' (expired, too many attempts or nothing pending). */
export function checkEmailCode(
  pending: PendingEmailCode | null | undefined,
  code: string,
  now = new Date(),
): 'ok' | 'wrong' | 'spent' {
  if (!pending || pending.attempts >= MAX_ATTEMPTS || pending.expiresAt < now.toISOString()) return 'spent';
  return codeHash(code) === pending.codeHash ? 'ok' : 'wrong';
}

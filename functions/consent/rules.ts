// The pure rules of consent (issue #36): whom a record is about (a hash of the mobile number, so the
// key names no number) and the choices a new record leaves.
import { createHash } from 'node:crypto';
import { toIndianE164 } from '../../shared/contracts/messaging';
import type { Consent, ConsentChoices, ConsentPurpose } from '../../shared/contracts/privacy-notice';

/** The key of a person's consent: the hash of their number in E.164, so every written form is one person. */
export function personOf(tenantId: string, phone: string): string | null {
  const e164 = toIndianE164(phone);
  return e164 ? createHash('sha256').update(`${tenantId}|${e164}`).digest('base64url').slice(0, 32) : null;
}

export const NO_CHOICES: ConsentChoices = { sms: false, whatsapp: false, marketing: false };

/**
 * A form's consent gives what is ticked; a box left unticked withdraws nothing given before (only the
 * choices link, or STOP, withdraws).
 */
export const choicesAfterGiving = (before: ConsentChoices, consent: Consent): ConsentChoices => ({
  ...before,
  sms: before.sms || consent.messaging.sms,
  whatsapp: before.whatsapp || consent.messaging.whatsapp,
});

export const choicesAfterWithdrawing = (before: ConsentChoices, withdraw: ConsentPurpose[]): ConsentChoices => ({
  ...before,
  ...Object.fromEntries(withdraw.map((p) => [p, false])),
});

/** The purposes a form's record names: the service it was taken for, and each opt-in ticked. */
export const purposesGiven = (consent: Consent): string[] => [
  'service',
  ...(['sms', 'whatsapp'] as const).filter((c) => consent.messaging[c]),
];

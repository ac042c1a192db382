// The pure rules of consent (issue #36): whom a record is about (a hash of the mobile number, so the
// key names no number) and the choices a new record leaves.
import { phoneKeyOf } from '../lib/person-key';
import type { Consent, ConsentChoices, ConsentPurpose } from '../../shared/contracts/privacy-notice';

/** The key of a person's consent: the person's key by their number (functions/lib/person-key.ts). */
export const personOf = phoneKeyOf;

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

// A person found by their mobile number (issues #36, #52): the key of their consent records and of the
// appointments that hold their number without a driver record (a guest's, a walk-in's) is a hash of the
// tenant and the number in E.164, so every written form of the number is one person and no key names it.
import { createHash } from 'node:crypto';
import { toIndianE164 } from '../../shared/contracts/messaging';

/** The person's key for the number; null for a text that is no Indian mobile number. */
export function phoneKeyOf(tenantId: string, phone: string): string | null {
  const e164 = toIndianE164(phone);
  return e164 ? createHash('sha256').update(`${tenantId}|${e164}`).digest('base64url').slice(0, 32) : null;
}

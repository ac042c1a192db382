// A visitor's contact inquiry: limited per client address, stored (with its audit record) for the
// tenant the public site belongs to, then e-mailed to that tenant's inquiry address through the
// messaging port. The inquiry is kept even when the e-mail cannot be sent (admins read it in the API).
import { randomUUID } from 'node:crypto';
import type * as z from 'zod/mini';
import { ServiceUnavailableError } from '../lib/errors';
import { logger } from '../lib/logger';
import { rateLimit, type Window } from '../lib/throttle';
import { isId } from '../../shared/ids';
import {
  INQUIRY_TYPES,
  type ContactInquiry,
  type ContactInquiryReceipt,
  type contactInquirySchema,
} from '../../shared/contracts/contact';
import { sendMessage } from '../messaging';
import { putInquiry } from './inquiry.store';

/** Five inquiries per address per 10 minutes: enough for a person, not for a flood. */
export const INQUIRY_LIMIT: Window = { limit: 5, windowSeconds: 600 };
export const TOO_MANY_INQUIRIES = 'Too many messages from your address. Please try again in a few minutes.';
export const CONTACT_UNAVAILABLE = 'The contact form is not available right now. Please write to us by e-mail.';

/** The tenant whose public site this is (CONTACT_TENANT) and its inquiry address. */
export function contactSettings(): { tenantId: string; inbox: string } | null {
  const tenantId = process.env.CONTACT_TENANT;
  if (!isId(tenantId)) return null;
  return { tenantId, inbox: process.env.CONTACT_EMAIL || 'hello@docksaathi.in' };
}

function emailText(inquiry: ContactInquiry): string {
  const type = INQUIRY_TYPES.find((t) => t.value === inquiry.inquiryType)?.label ?? inquiry.inquiryType;
  return [
    `${type} from ${inquiry.name} <${inquiry.email}>`,
    inquiry.company && `Company: ${inquiry.company}`,
    inquiry.phone && `Phone: ${inquiry.phone}`,
    `Language: ${inquiry.language}`,
    `Subject: ${inquiry.subject}`,
    '',
    inquiry.message,
    '',
    `Inquiry ${inquiry.id}, received ${inquiry.createdAt}`,
  ]
    .filter((line) => line !== '')
    .join('\n');
}

export async function submitInquiry(
  input: z.output<typeof contactInquirySchema>,
  ip: string,
  language: string,
  now = new Date(),
): Promise<ContactInquiryReceipt> {
  const settings = contactSettings();
  if (!settings) throw new ServiceUnavailableError(CONTACT_UNAVAILABLE);
  await rateLimit(`contact:${ip}`, INQUIRY_LIMIT, TOO_MANY_INQUIRIES, now.getTime());
  const inquiry: ContactInquiry = { id: randomUUID(), ...input, language, createdAt: now.toISOString() };
  await putInquiry(settings.tenantId, inquiry, ip);
  try {
    await sendMessage(
      {
        channel: 'email',
        to: settings.inbox,
        subject: `[Contact] ${inquiry.subject}`.slice(0, 200),
        text: emailText(inquiry),
      },
      now,
    );
  } catch (err) {
    logger.error('contact inquiry e-mail not sent', {
      inquiryId: inquiry.id,
      err: err instanceof Error ? err.message : String(err),
    });
  }
  return { id: inquiry.id, createdAt: inquiry.createdAt };
}

// Facility booking links (issue #32, carrier self-service): staff make a link to one facility with a
// 6-digit access code, share both by SMS or WhatsApp, and a fleet owner can forward them to a driver.
// The link (/book/<token>) asks the code, then shows the facility's booking form. The code is kept
// sealed with the link, so staff can send the link again without a new code (issue #53).
import * as z from 'zod/mini';
import { optionalText, requiredText } from './fields';
import { LANGUAGES } from './messaging-templates';
import type { BookingSetup } from './appointment-types';

/** A link lives this long unless staff choose otherwise. */
export const DEFAULT_LINK_DAYS = 90;
export const MAX_LINK_DAYS = 365;
/** Wrong codes in a row before the link is locked, and for how long. */
export const CODE_ATTEMPTS = 5;
export const CODE_LOCK_MINUTES = 15;

export const BOOKING_LINK_TEXTS = {
  invalid: 'This booking link is not valid. Ask the facility for a new link.',
  expired: 'This booking link has expired. Ask the facility for a new link.',
  revoked: 'This booking link was withdrawn. Ask the facility for a new link.',
  codeFormat: 'Enter the 6-digit access code',
  wrongCode: 'The access code is not correct',
  locked: 'Too many attempts. Please try again in 15 minutes.',
  labelRequired: 'Please enter a label for the link',
  daysRange: `A link can last 1 to ${MAX_LINK_DAYS} days`,
  mobileInvalid: 'Enter a valid 10-digit mobile number',
  alreadyRevoked: 'This booking link was already withdrawn',
  carrierUnknown: 'Carrier not found',
  channelChoice: 'Choose SMS or WhatsApp',
  noWhatsapp: 'This number has not agreed to WhatsApp messages, or withdrew it. Send the link by SMS.',
  noCodeToSend: 'This link’s code was made before codes could be sent again: make a new code, then send the link.',
} as const;

/** The channels staff send a link by: the registered booking_link template on either. */
export const BOOKING_LINK_CHANNELS = ['sms', 'whatsapp'] as const;
export type BookingLinkChannel = (typeof BOOKING_LINK_CHANNELS)[number];

export const accessCode = z
  .string({ error: BOOKING_LINK_TEXTS.codeFormat })
  .check(z.trim(), z.regex(/^\d{6}$/, BOOKING_LINK_TEXTS.codeFormat));

export const bookingLinkInputSchema = z.strictObject({
  facilityId: requiredText('Please select a facility', 64),
  label: requiredText(BOOKING_LINK_TEXTS.labelRequired, 80),
  /** The carrier the link books for; bookings through it are that carrier's. */
  carrierId: optionalText(64),
  validDays: z._default(
    z.coerce
      .number({ error: BOOKING_LINK_TEXTS.daysRange })
      .check(
        z.int(BOOKING_LINK_TEXTS.daysRange),
        z.gte(1, BOOKING_LINK_TEXTS.daysRange),
        z.lte(MAX_LINK_DAYS, BOOKING_LINK_TEXTS.daysRange),
      ),
    DEFAULT_LINK_DAYS,
  ),
});
export type BookingLinkInput = z.input<typeof bookingLinkInputSchema>;

export const bookingLinkCodeSchema = z.strictObject({ code: accessCode });

export const bookingLinkSendSchema = z.strictObject({
  mobileNumber: z
    .string({ error: BOOKING_LINK_TEXTS.mobileInvalid })
    .check(z.trim(), z.regex(/^(\+91[\s-]?)?[6-9]\d{4}[\s-]?\d{5}$/, BOOKING_LINK_TEXTS.mobileInvalid)),
  language: z._default(z.enum(LANGUAGES), 'en'),
  channel: z._default(z.enum(BOOKING_LINK_CHANNELS, { error: BOOKING_LINK_TEXTS.channelChoice }), 'sms'),
});
export type BookingLinkSend = z.input<typeof bookingLinkSendSchema>;

/** A link sent (issue #53): the channel that carried it and the number it went to (E.164). */
export interface BookingLinkSent {
  message: string;
  channel: BookingLinkChannel;
  to: string;
}

/**
 * The query parameter of the link a message carries (issue #53): the language the message was written
 * in, which the /book page opens in (`/book/<token>?lang=hi`).
 */
export const LINK_LANGUAGE_PARAM = 'lang';

/** A link as staff see it; its code is never shown again after it was made. */
export interface BookingLink {
  id: string;
  facilityId: string;
  label: string;
  carrierId: string | null;
  carrierName: string | null;
  /** The path's token: /book/<token>. */
  token: string;
  expiresAt: string;
  revokedAt: string | null;
  createdAt: string;
  createdBy: string | null;
  revision: number;
}

/** A new link or a new code: the code in clear, this once. */
export interface BookingLinkWithCode {
  link: BookingLink;
  code: string;
}

/** What the public page shows once the code is right: where it books, for whom, and the booking form's setup. */
export interface OpenedBookingLink {
  label: string;
  tenantName: string;
  facilityName: string;
  timeZone: string;
  carrierName: string | null;
  expiresAt: string;
  /** Whom the privacy notice names (as a facility link's page does): the facility's phone, else its e-mail. */
  privacyContact: string | null;
  setup: BookingSetup;
}

/** The header the public page sends its access code in with every call after the first. */
export const ACCESS_CODE_HEADER = 'x-access-code';

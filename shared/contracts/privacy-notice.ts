// The privacy notice shown where a person's data is first taken (issue #36, DPDP Act): one versioned
// text per language, the consent the forms send with it, and the choices a person can withdraw from the
// link in a message. A new wording is a new NOTICE_VERSION: the consent records name the version seen.
import * as z from 'zod/mini';
import { LANGUAGES, type Language } from './messaging-templates';
import { NOTICE_VERSION } from './privacy-notice-text';

export { NOTICE_VERSION, PRIVACY_NOTICES, type PrivacyNotice } from './privacy-notice-text';

/** Where consent was given. */
export const CONSENT_CHANNELS = [
  'guest_booking',
  'booking_link',
  'driver_signup',
  'gate_checkin',
  'choices_link',
  // The driver's own channel choice in the driver app.
  'driver_app',
] as const;
export type ConsentChannel = (typeof CONSENT_CHANNELS)[number];

/** The purposes a person can agree to apart from the service itself; each can be withdrawn on its own. */
export const CONSENT_PURPOSES = ['sms', 'whatsapp', 'marketing'] as const;
export type ConsentPurpose = (typeof CONSENT_PURPOSES)[number];
export type ConsentChoices = Record<ConsentPurpose, boolean>;

const optIn = z._default(z.boolean({ error: 'Choose yes or no' }), false);

/** What a form sends with the data it takes: the notice the person saw and their opt-ins (unticked by default). */
export const consentSchema = z.strictObject(
  {
    noticeVersion: z.literal(NOTICE_VERSION, { error: 'The privacy notice has changed: please reload the page' }),
    language: z.enum(LANGUAGES, { error: 'Unknown language: use en or hi' }),
    messaging: z._default(z.strictObject({ sms: optIn, whatsapp: optIn }, { error: 'Choose yes or no' }), {
      sms: false,
      whatsapp: false,
    }),
  },
  { error: 'The privacy notice has changed: please reload the page' },
);
export type ConsentInput = z.input<typeof consentSchema>;
export type Consent = z.output<typeof consentSchema>;

/** POST /api/privacy/choices/{token}: the purposes the person withdraws (only withdrawal: giving is done where data is taken). */
export const withdrawChoicesSchema = z.strictObject({
  withdraw: z
    .array(z.enum(CONSENT_PURPOSES, { error: 'Choose SMS, WhatsApp or offers' }), {
      error: 'Choose what to withdraw',
    })
    .check(z.minLength(1, 'Choose what to withdraw')),
});
export type WithdrawChoicesInput = z.input<typeof withdrawChoicesSchema>;

/** One consent record of a person's history. */
export interface ConsentRecord {
  at: string;
  noticeVersion: string;
  channel: ConsentChannel;
  language: Language;
  /** Purposes agreed to: 'service' (the booking, sign-up or check-in itself) and the opt-ins given. */
  purposes: string[];
  /** The purposes withdrawn by this record (from the choices link). */
  withdrawn: ConsentPurpose[];
}

/** GET /api/privacy/choices/{token}: the person's current choices (no personal data on the page). */
export interface PrivacyChoices {
  choices: ConsentChoices;
  language: Language;
  updatedAt: string;
}

// How a driver is reached and messaged (issues #29.3, #29.4): the driver's channels in fallback order
// and language (fields on the driver, carriers domain), and the Messaging Center's message to a driver
// or an appointment's driver.
import * as z from 'zod/mini';
import { channelField, languageChoice, templateKeyField, type Channel, type SendOutcome } from './messaging';
import type { Language } from './messaging-templates';

/**
 * How a driver is reached (issue #29.3; fields on the driver, carriers domain): channels in fallback
 * order (the first that carries the message wins) and the language of every message.
 */
export const driverReachFields = {
  preferredChannels: z.optional(
    z.pipe(
      z
        .array(channelField, { error: 'Please select at least one notification channel' })
        .check(z.minLength(1, 'Please select at least one notification channel'), z.maxLength(4)),
      z.transform((v) => [...new Set(v)]),
    ),
  ),
  preferredLanguage: z.optional(languageChoice),
};

// A driver's channels and language (driver-reach.ts: no schemas, so a screen may show them without zod).
export { driverChannels, driverLanguage } from './driver-reach';

/** POST /api/messaging/driver-messages: a driver, or an appointment's driver, and a template or a text. */
export const driverMessageSchema = z
  .strictObject({
    recipient: z.discriminatedUnion(
      'kind',
      [
        z.strictObject({
          kind: z.literal('driver'),
          carrierId: z.string().check(z.trim(), z.minLength(1, 'Please choose a driver'), z.maxLength(64)),
          driverId: z.string().check(z.trim(), z.minLength(1, 'Please choose a driver'), z.maxLength(64)),
        }),
        z.strictObject({
          kind: z.literal('appointment'),
          appointmentId: z.string().check(z.trim(), z.minLength(1, 'Please select an appointment'), z.maxLength(64)),
        }),
      ],
      { error: 'Please choose a driver' },
    ),
    templateKey: templateKeyField,
    message: z.optional(z.string().check(z.trim(), z.maxLength(10000))),
  })
  .check(
    z.superRefine((v, ctx) => {
      if (!v.templateKey && !v.message)
        ctx.addIssue({ code: 'custom', path: ['message'], message: 'Please enter a message' });
    }),
  );
export type DriverMessageInput = z.input<typeof driverMessageSchema>;

/** The answer of a driver message: the channel that carried it (the driver's first that could), and why others did not. */
export interface DriverMessageResult {
  message: string;
  sentOn: Channel | null;
  language: Language;
  outcomes: SendOutcome[];
}

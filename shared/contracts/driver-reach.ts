// How a driver is reached, read off the driver's record (issue #29.3): without schemas, so the driver
// app shows a driver's choice without loading zod (messaging-drivers.ts re-exports these).
import type { Channel } from './messaging';
import type { Language } from './messaging-templates';

/** A driver's channels in fallback order, and the language of their messages: SMS in English unless they chose. */
export const driverChannels = (d: { preferredChannels?: Channel[] | null }): Channel[] =>
  d.preferredChannels?.length ? d.preferredChannels : ['sms'];
export const driverLanguage = (d: { preferredLanguage?: Language | null }): Language => d.preferredLanguage ?? 'en';

// The languages the product speaks to people in (screens, messages, SMS), apart from the heavy
// message templates: a form that only asks which language (a carrier person's, issue #59) loads this.
import * as z from 'zod/mini';

export const LANGUAGES = ['en', 'hi'] as const;
export type Language = (typeof LANGUAGES)[number];

/** A chosen language, refused by name otherwise. */
export const languageChoice = z.enum(LANGUAGES, { error: 'Unknown language: use en or hi' });

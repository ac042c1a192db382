// Field builders the contracts share, so that a field left out of a body gets the same message as
// the same field sent empty (the spec's text, never zod's generic "expected string").
import * as z from 'zod/mini';
import { isValidDate, TIME_PATTERN } from '../time';
import './zod-messages';

/** A required text: missing, not a string, or blank after trimming all give `message`. */
export function requiredText(message: string, max?: number) {
  const field = z.string({ error: message }).check(z.trim(), z.minLength(1, message));
  return max === undefined ? field : field.check(z.maxLength(max, `Must be at most ${max} characters`));
}

/** A page of a list: `cursor` from the previous page's `nextCursor`, and 1-100 items (`defaultLimit`
 * when none is asked for). Free of effects, so a bundle that uses no page query drops the ones made. */
export const pageQuery = /* @__NO_SIDE_EFFECTS__ */ (defaultLimit: number) =>
  z.strictObject({
    cursor: z.optional(z.string().check(z.maxLength(512))),
    limit: z._default(
      z.coerce
        .number({ error: 'Limit must be a number' })
        .check(
          z.int('Must be a whole number'),
          z.gte(1, 'Limit must be between 1 and 100'),
          z.lte(100, 'Limit must be between 1 and 100'),
        ),
      defaultLimit,
    ),
  });

/** The message of an edit (PATCH) that names no field to change: refused rather than audited. */
export const NOTHING_TO_CHANGE = 'Nothing to change: send at least one field to update';

/** True when an edit carries at least one of the given fields (a field left out is undefined). */
export function changesSome(fields: readonly string[]) {
  return (edit: Record<string, unknown>) => fields.some((field) => edit[field] !== undefined);
}

// Field builders every contract uses, so a message is written once per field kind.
export const text = (max: number) => z.string().check(z.trim(), z.maxLength(max, `Must be at most ${max} characters`));
export const optionalText = (max: number) =>
  z.pipe(
    z.nullable(z.optional(text(max))),
    z.transform((v) => (v ? v : null)),
  );
export const dateString = (message: string) =>
  z
    .string({ error: message })
    .check(z.trim(), z.minLength(1, message), z.refine(isValidDate, 'Use a date in the form YYYY-MM-DD'));
export const timeOfDay = (message: string) =>
  z
    .string({ error: message })
    .check(z.trim(), z.minLength(1, message), z.regex(TIME_PATTERN, 'Use a time in the form HH:mm'));
export const nonNegativeInt = (message: string) =>
  z.coerce.number({ error: message }).check(z.int('Must be a whole number'), z.gte(0, message));
/** The revision of the record an editing screen loaded (functions/lib/revision.ts): the edit is refused
 * with 409 when the record has changed since. Left out, the edit applies to the record as stored. */
export const seenRevision = z.optional(
  z
    .number({ error: 'Must be a whole number' })
    .check(z.int('Must be a whole number'), z.gte(0, 'Must be a whole number')),
);

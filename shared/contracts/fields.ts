// Field builders the contracts share, so that a field left out of a body gets the same message as
// the same field sent empty (the spec's text, never zod's generic "expected string").
import { z } from 'zod';

/** A required text: missing, not a string, or blank after trimming all give `message`. */
export function requiredText(message: string, max?: number) {
  const field = z.string({ error: message }).trim().min(1, message);
  return max === undefined ? field : field.max(max, `Must be at most ${max} characters`);
}

/** The message of an edit (PATCH) that names no field to change: refused rather than audited. */
export const NOTHING_TO_CHANGE = 'Nothing to change: send at least one field to update';

/** True when an edit carries at least one of the given fields (a field left out is undefined). */
export function changesSome(fields: readonly string[]) {
  return (edit: Record<string, unknown>) => fields.some((field) => edit[field] !== undefined);
}

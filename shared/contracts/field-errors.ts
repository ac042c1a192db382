// zod issues as { field: message }, the first message per field: the API's error body and the
// forms that validate with the same schemas show the same texts.
import type * as z from 'zod/mini';

export function fieldErrors(error: z.core.$ZodError): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const issue of error.issues) {
    if (issue.code === 'unrecognized_keys') {
      for (const key of issue.keys) errors[[...issue.path, key].join('.')] ??= `Unknown field "${key}"`;
      continue;
    }
    errors[issue.path.join('.') || '_'] ??= issue.message;
  }
  return errors;
}

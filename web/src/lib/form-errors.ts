// Every form's field errors under their fields (issue #27, item 11): the shared schema's messages when
// the form checks them itself, and the API's ({ message, errors: { field: message } }) when the server
// refuses, both made by the one fieldErrors the API uses, so the form and the API say the same; the
// form keeps what was typed. Field names are the schema's paths joined by dots, as react-hook-form's.
import { toNestErrors, validateFieldsNatively } from '@hookform/resolvers';
import {
  get,
  type FieldError,
  type FieldErrors,
  type FieldValues,
  type Path,
  type RegisterOptions,
  type Resolver,
  type UseFormReturn,
  type UseFormSetError,
} from 'react-hook-form';
import type * as z from 'zod/mini';
import { fieldErrors } from '@shared/contracts/field-errors';
import { ApiError } from './api-client';
import { localeOf, readableDates } from './format';
import { i18n } from './i18n/translator';

/** The form's resolver: the shared schema's messages, one per field, as the API would answer them. */
export function schemaResolver<I extends FieldValues, O>(schema: z.ZodMiniType<O, I>): Resolver<I, unknown, O> {
  return async (values, _context, options) => {
    const result = await schema.safeParseAsync(values);
    if (result.success) {
      if (options.shouldUseNativeValidation) validateFieldsNatively({}, options);
      return { values: result.data, errors: {} };
    }
    const errors = Object.fromEntries(
      Object.entries(fieldErrors(result.error)).map(([field, message]) => [
        field === '_' ? 'root' : field,
        { type: 'validation', message },
      ]),
    );
    return { values: {}, errors: toNestErrors(errors as FieldErrors, options) };
  };
}

/**
 * Puts each field error of a refused call under its field; true when there was any. `fieldOf` names
 * the form's field for the API's (a form whose body nests its fields, e.g. registration's userData).
 */
export function showServerFieldErrors<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  fieldOf: (apiField: string) => string = (f) => f,
): boolean {
  if (!(error instanceof ApiError)) return false;
  const entries = Object.entries(error.fieldErrors).filter(([field]) => field !== '_');
  entries.forEach(([field, message], index) =>
    setError(
      fieldOf(field) as Path<T>,
      { type: 'server', message: readableDates(message, localeOf(i18n.language)) },
      { shouldFocus: index === 0 },
    ),
  );
  return entries.length > 0;
}

/**
 * Binds fields to a form with their messages: `{...field('name')}` on a Field, SelectField or
 * TextAreaField registers it and passes its error, so no field is shown without its own message.
 */
export function fieldBinder<T extends FieldValues>(
  form: Pick<UseFormReturn<T, unknown, FieldValues>, 'register' | 'formState'>,
) {
  return (name: Path<T>, options?: RegisterOptions<T, Path<T>>) => ({
    ...form.register(name, options),
    // react-hook-form's get() answers any: the assertion is the only type it has.
    // eslint-disable-next-line @typescript-eslint/no-unnecessary-type-assertion
    error: (get(form.formState.errors, name) as FieldError | undefined)?.message,
  });
}

// zod's own texts for a field without a message of its own ("Invalid input: expected string,
// received undefined") replaced once for every schema of the product: a missing field says it is
// required, a wrong type says what it must be, a body that is not a JSON object says so. Texts a
// schema gives itself (the spec's) always win; this only fills the gaps (test/integration/fuzz.test.ts).
import * as z from 'zod/mini';
import en from 'zod/v4/locales/en.js';

const KINDS: Record<string, string> = {
  string: 'a text',
  number: 'a number',
  int: 'a whole number',
  boolean: 'true or false',
  array: 'a list',
  object: 'an object',
  record: 'an object',
  date: 'a date',
  bigint: 'a whole number',
};

/** 'licenseNumber' -> 'License number', 'userData' -> 'User data'. */
export function fieldLabel(key: string): string {
  const words = key
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/[_-]+/g, ' ')
    .trim()
    .toLowerCase();
  return words ? words[0]!.toUpperCase() + words.slice(1) : 'Value';
}

type Issue = {
  code?: string;
  path?: PropertyKey[];
  input?: unknown;
  expected?: string;
  values?: unknown[];
  message?: string;
  errors?: Issue[][];
};

/** A union branch that only says the value is not that branch's kind ('' or null standing for "left empty"). */
const onlyNotThisKind = (branch: Issue[]) =>
  branch.every((i) => i.code === 'invalid_type' || (i.code === 'invalid_value' && i.values?.length === 1));

export function defaultMessage(issue: Issue): string | undefined {
  const key = [...(issue.path ?? [])].reverse().find((p): p is string => typeof p === 'string');
  // An optional field ('' / null / the real thing) filled wrongly: the real thing's own message.
  const meant = issue.code === 'invalid_union' ? (issue.errors ?? []).filter((branch) => !onlyNotThisKind(branch)) : [];
  const inner = meant.length === 1 ? meant[0]![0] : undefined;
  if (inner?.message) {
    // The branch's message was made without the field's name when it is this map's own: make it again with it.
    const own = inner.message !== defaultMessage({ ...inner, errors: undefined });
    return own
      ? inner.message
      : (defaultMessage({ ...inner, path: [...(issue.path ?? []), ...(inner.path ?? [])] }) ?? inner.message);
  }
  if (issue.code === 'invalid_value' && issue.values?.length)
    return `${fieldLabel(key ?? 'value')} must be one of ${issue.values.map(String).join(', ')}`;
  if (
    issue.code === 'invalid_union' ||
    issue.code === 'invalid_value' ||
    issue.code === 'invalid_key' ||
    issue.code === 'invalid_element'
  )
    return `${fieldLabel(key ?? 'value')} is not valid`;
  if (issue.code !== 'invalid_type') return undefined;
  if (!issue.path?.length) return 'The request body must be a JSON object';
  const label = fieldLabel(key ?? 'value');
  if (issue.input === undefined || issue.input === null) return `${label} is required`;
  return `${label} must be ${KINDS[issue.expected ?? ''] ?? `a valid ${issue.expected ?? 'value'}`}`;
}

// zod/mini carries no locale of its own: English for the checks this map leaves to zod (lengths, formats).
z.config(en());
z.config({ customError: (issue) => defaultMessage(issue) });

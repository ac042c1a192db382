// A value from outside the type system (JSON from a provider, a log attribute) as text: strings and
// numbers as they are, anything else as JSON, never "[object Object]".

export const asText = (value: unknown): string =>
  value === undefined || value === null
    ? ''
    : typeof value === 'string'
      ? value
      : typeof value === 'number' || typeof value === 'boolean' || typeof value === 'bigint'
        ? String(value)
        : JSON.stringify(value);

// The shapes of identifiers the API accepts. An item id (tenant, facility, appointment, user ...)
// is one pattern everywhere: path parameters, signed links and stores refuse anything else, so a
// malformed id can never reach a key. Secrets and client-chosen keys have their own lengths.
export const ID_PATTERN = /^[A-Za-z0-9_-]{1,64}$/;

/** True when the value can be an item id. */
export function isId(value: unknown): value is string {
  return typeof value === 'string' && ID_PATTERN.test(value);
}

/** A session token (cookie value): random base64url, long enough not to be guessed. */
export const SESSION_TOKEN_PATTERN = /^[A-Za-z0-9_-]{20,100}$/;

/** A client-chosen Idempotency-Key header (guest booking retries). */
export const IDEMPOTENCY_KEY_PATTERN = /^[A-Za-z0-9_-]{8,100}$/;

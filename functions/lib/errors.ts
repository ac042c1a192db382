// Named errors that carry their HTTP status. The error middleware turns them into the response body
// { message, errors? }; anything else becomes a 500 without details.
export type FieldErrors = Record<string, string>;

export class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly errors?: FieldErrors,
    readonly headers?: Record<string, string>,
  ) {
    super(message);
    this.name = new.target.name;
  }
}

export class BadRequestError extends HttpError {
  constructor(message: string, errors?: FieldErrors) {
    super(400, message, errors);
  }
}
export class UnauthorizedError extends HttpError {
  constructor(message = 'Authentication required. Please sign in.') {
    super(401, message);
  }
}
export class ForbiddenError extends HttpError {
  constructor(message = 'You do not have permission to do this.') {
    super(403, message);
  }
}
export class NotFoundError extends HttpError {
  constructor(message = 'Not found') {
    super(404, message);
  }
}
export class ConflictError extends HttpError {
  constructor(message: string, errors?: FieldErrors) {
    super(409, message, errors);
  }
}
/**
 * A write refused because the record changed since it was read (functions/lib/revision.ts). The
 * kernel answers 409 `{ message, current }`: `current` is the record as it is now, in the shape its
 * GET returns, so a screen can show it without reading again. Thrown without `current` by a store
 * whose revision condition failed; `changeAtRevision` reads the record and adds it.
 */
export class RevisionConflictError extends ConflictError {
  constructor(
    readonly current?: unknown,
    message = 'This record was changed by someone else since you opened it. Reload it and try again.',
  ) {
    super(message);
  }
}
export class PayloadTooLargeError extends HttpError {
  constructor(message: string) {
    super(413, message);
  }
}
export class UnsupportedMediaTypeError extends HttpError {
  constructor(message: string) {
    super(415, message);
  }
}
export class TooManyRequestsError extends HttpError {
  constructor(message: string, retryAfterSeconds: number) {
    super(429, message, undefined, { 'retry-after': String(Math.max(1, Math.ceil(retryAfterSeconds))) });
  }
}
/** A service the request needs (DynamoDB, S3...) is slow, throttling or down: try again shortly. */
export class ServiceUnavailableError extends HttpError {
  constructor(message = 'The service is busy right now. Please try again in a few seconds.', retryAfterSeconds = 5) {
    super(503, message, undefined, { 'retry-after': String(Math.max(1, Math.ceil(retryAfterSeconds))) });
  }
}

/** The message of a change whose outcome is unknown (WriteOutcomeUnknownError): no blind retry. */
export const WRITE_OUTCOME_UNKNOWN =
  'Your change may or may not have been saved. Please reload the page to check before trying again.';

/** A database write that was sent but whose answer never came (timeout, reset, the request's
 * deadline): it may have been applied. Not an AWS error on purpose, so the SDK does not retry it. */
export class WriteOutcomeUnknownError extends Error {
  constructor(
    readonly operation: string,
    lost: unknown,
  ) {
    super(`${operation} sent, answer lost (${lost instanceof Error ? `${lost.name}: ${lost.message}` : String(lost)})`);
    this.name = 'WriteOutcomeUnknownError';
  }
}

/** Error names of an AWS call that timed out, was throttled or found the service unavailable
 * (after the SDK's own retries): the request may well succeed a moment later. */
const TRANSIENT_NAMES = new Set([
  'TimeoutError',
  'RequestTimeout',
  'RequestTimeoutException',
  'ProvisionedThroughputExceededException',
  'ThrottlingException',
  'Throttling',
  'RequestLimitExceeded',
  'TooManyRequestsException',
  'SlowDown',
  'ServiceUnavailable',
  'ServiceUnavailableException',
  'InternalServerError',
  'InternalFailure',
  // S3's own name for a 500 it asks to be retried.
  'InternalError',
  // The request's deadline (deadline.ts) ended the call, or came before it started.
  'AbortError',
  'DeadlineExceededError',
]);
/** Socket errors of the HTTP connection to the service (refused, reset, timed out, name lookup). */
const SOCKET_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EAI_AGAIN',
  'ENOTFOUND',
]);

/** The 503 an error of an AWS call stands for, or null when it is not one of a stalled or busy service. */
export function asServiceUnavailable(err: unknown, depth = 0): ServiceUnavailableError | null {
  if (!err || typeof err !== 'object' || err instanceof HttpError) return null;
  if (err instanceof WriteOutcomeUnknownError) return new ServiceUnavailableError(WRITE_OUTCOME_UNKNOWN);
  const { name, code, $metadata, cause } = err as {
    name?: string;
    code?: string;
    $metadata?: { httpStatusCode?: number };
    cause?: unknown;
  };
  const transient =
    (name && TRANSIENT_NAMES.has(name)) || (code && SOCKET_CODES.has(code)) || $metadata?.httpStatusCode === 503;
  if (transient) return new ServiceUnavailableError();
  // A library's own error around such a call (Powertools idempotency's IdempotencyPersistenceLayerError when
  // its record's write timed out) is that stall too, not a fault of ours: a 503, not a 500.
  return depth < 3 ? asServiceUnavailable(cause, depth + 1) : null;
}

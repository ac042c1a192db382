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
]);
/** Socket errors of the HTTP connection to the service (refused, reset, timed out, name lookup). */
const SOCKET_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH', 'EAI_AGAIN', 'ENOTFOUND']);

/** The 503 an error of an AWS call stands for, or null when it is not one of a stalled or busy service. */
export function asServiceUnavailable(err: unknown): ServiceUnavailableError | null {
  if (!err || typeof err !== 'object' || err instanceof HttpError) return null;
  const { name, code, $metadata } = err as { name?: string; code?: string; $metadata?: { httpStatusCode?: number } };
  const transient = (name && TRANSIENT_NAMES.has(name)) || (code && SOCKET_CODES.has(code)) || $metadata?.httpStatusCode === 503;
  return transient ? new ServiceUnavailableError() : null;
}

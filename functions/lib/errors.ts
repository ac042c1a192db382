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

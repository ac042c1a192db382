// One deadline per API request, shared by every database and outbound call the request makes
// (aws.ts, outbound.ts), so a stalled service costs the caller at most REQUEST_BUDGET_MS and an
// answer, never the Lambda's whole timeout. Past it nothing new is started; a database write already
// sent is the one call still awaited, to its own timeout (aws.ts), so that its answer is the truth.
// The kernel (http.ts) opens it from the Lambda context; outside a request (workers, scripts) there is
// none and each call keeps its own timeouts.
import { AsyncLocalStorage } from 'node:async_hooks';
import type { Context } from 'aws-lambda';

/** What a request may spend on everything it calls, so that it answers within 5 s (503 at worst). */
export const REQUEST_BUDGET_MS = 4_500;
/** Kept back from the Lambda's own remaining time for writing the answer (and its logs). */
const LAMBDA_MARGIN_MS = 500;

interface Deadline {
  /** Epoch ms after which nothing more is started, nor awaited (but a database write already sent). */
  at: number;
  /** Epoch ms the Lambda itself ends (no deadline may pass it). */
  lambdaEndsAt: number;
}

const current = new AsyncLocalStorage<Deadline>();

/**
 * A longer budget for requests that no user waits on: the capacity model (scripts/capacity) calls the
 * handlers in-process to count what each request reads and writes, and a loaded test machine must not
 * turn its day into 503s (a write cut off at 3 s may still land, and its retry is then refused).
 */
const patience = new AsyncLocalStorage<number>();

/** Runs `work` (which makes requests in-process) with `ms` as each request's budget and each database
 * call's request timeout. */
export function withRequestBudget<T>(ms: number, work: () => Promise<T>): Promise<T> {
  return patience.run(ms, work);
}

/** Each database call attempt's request timeout inside a request (aws.ts): the client's, or the longer
 * budget of withRequestBudget. */
export function attemptTimeoutMs(clientTimeoutMs: number): number {
  return Math.max(clientTimeoutMs, patience.getStore() ?? 0);
}

/** Runs `work` with the request's deadline: the budget, or less when the Lambda has less time left. */
export function withRequestDeadline<T>(
  context: Pick<Context, 'getRemainingTimeInMillis'> | undefined,
  work: () => Promise<T>,
  now = Date.now(),
): Promise<T> {
  const remaining = context?.getRemainingTimeInMillis?.();
  const budget = patience.getStore() ?? REQUEST_BUDGET_MS;
  const lambdaEndsAt =
    now + (typeof remaining === 'number' && Number.isFinite(remaining) ? remaining - LAMBDA_MARGIN_MS : budget);
  return current.run({ at: Math.min(now + budget, lambdaEndsAt), lambdaEndsAt }, work);
}

/**
 * Gives the current request more time, up to the Lambda's own end: for the few actions whose work is
 * talking to another system (a manual sync, a connection test), which say so themselves.
 */
export function extendRequestDeadline(ms: number, now = Date.now()): void {
  const deadline = current.getStore();
  if (deadline) deadline.at = Math.max(deadline.at, Math.min(now + ms, deadline.lambdaEndsAt));
}

/** Milliseconds left to the request's deadline (never below 0); undefined outside a request. */
export function remainingMs(now = Date.now()): number | undefined {
  const deadline = current.getStore();
  return deadline ? Math.max(0, deadline.at - now) : undefined;
}

/** Milliseconds left to the Lambda's own end, less the margin for the answer (never below 0);
 * undefined outside a request. */
export function lambdaRemainingMs(now = Date.now()): number | undefined {
  const deadline = current.getStore();
  return deadline ? Math.max(0, deadline.lambdaEndsAt - now) : undefined;
}

/** A signal that aborts at the request's deadline; undefined outside a request. */
export function deadlineSignal(now = Date.now()): AbortSignal | undefined {
  const left = remainingMs(now);
  return left === undefined ? undefined : AbortSignal.timeout(Math.max(1, left));
}

/** The request ran out of time before a call could start: nothing was sent. */
export class DeadlineExceededError extends Error {
  constructor() {
    super("The request's time is up");
    this.name = 'DeadlineExceededError';
  }
}

// An idempotent use case whose request never finished (its Lambda stopped mid-way) holds its key only
// for that request's time, not for the record's whole life: a retry with the key runs it again.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { startTestApi, type TestApi } from '../support/api';

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi();
});
afterAll(() => api.close());

it('a call that never answered holds its key until its request’s time is up, then a retry runs', async () => {
  const { idempotent } = await import('../../functions/lib/idempotency');
  const { withRequestDeadline } = await import('../../functions/lib/deadline');
  let runs = 0;
  const book = idempotent(
    async (payload: { truck: string }) => {
      runs++;
      // The first run never ends, as a Lambda stopped mid-way: its record stays "in progress".
      if (runs === 1) return new Promise<string>(() => undefined);
      return `booked ${payload.truck}`;
    },
    {
      operation: 'test-stalled',
      expiresAfterSeconds: 24 * 3600,
      reusedKeyMessage: 'Key used for another request',
      tenantOf: () => 'tenant-stalled',
    },
  );
  const key = `stalled-${randomUUID()}`;
  const truck = { truck: 'MH12AB1234' };
  // Its Lambda has 2.5 s left, of which it keeps 0.5 s back: the request may run 2 s.
  void withRequestDeadline({ getRemainingTimeInMillis: () => 2_500 }, () => book(key, truck, undefined));
  await vi.waitFor(() => expect(runs).toBe(1));

  // While it may still be running, the same request is refused: it does not run twice at once.
  // It is a 409 that says when to ask again.
  await expect(withRequestDeadline(undefined, () => book(key, truck, undefined))).rejects.toMatchObject({
    status: 409,
    message: 'This request is still being processed. Please try again in a moment.',
    headers: { 'retry-after': '1' },
  });
  expect(runs).toBe(1);

  // Its time is up: the retry runs the use case (not "still being processed" for the record's day).
  await new Promise((resolve) => setTimeout(resolve, 2_300));
  await expect(withRequestDeadline(undefined, () => book(key, truck, undefined))).resolves.toBe('booked MH12AB1234');
  expect(runs).toBe(2);
});

// A request's deadline (functions/lib/deadline.ts): 4.5 s for what a request calls, never past the
// Lambda's end; a longer budget only for requests nobody waits on (the capacity model's).
import { describe, expect, it } from 'vitest';
import {
  attemptTimeoutMs,
  lambdaRemainingMs,
  remainingMs,
  withRequestBudget,
  withRequestDeadline,
} from '../../functions/lib/deadline';

const NOW = 1_800_000_000_000;
const lambda = (ms: number) => ({ getRemainingTimeInMillis: () => ms });

describe('request deadline', () => {
  it('gives a request 4.5 s, or the Lambda time left less half a second when that is less', async () => {
    expect(await withRequestDeadline(lambda(29_000), async () => remainingMs(NOW), NOW)).toBe(4_500);
    expect(await withRequestDeadline(lambda(29_000), async () => lambdaRemainingMs(NOW), NOW)).toBe(28_500);
    expect(await withRequestDeadline(lambda(3_000), async () => remainingMs(NOW), NOW)).toBe(2_500);
    expect(remainingMs(NOW)).toBeUndefined();
  });

  it("keeps a database call's request timeout at the client's 3 s, in a request and outside one", async () => {
    expect(attemptTimeoutMs(3_000)).toBe(3_000);
    expect(await withRequestDeadline(lambda(29_000), async () => attemptTimeoutMs(3_000), NOW)).toBe(3_000);
  });

  it("lets the capacity model's requests run to their longer budget, still within the Lambda's time", async () => {
    const inModel = (ms: number, read: () => number | undefined) =>
      withRequestBudget(60_000, () => withRequestDeadline(lambda(ms), async () => read(), NOW));
    expect(await inModel(61_000, () => remainingMs(NOW))).toBe(60_000);
    expect(await inModel(61_000, () => attemptTimeoutMs(3_000))).toBe(60_000);
    expect(await inModel(10_000, () => remainingMs(NOW))).toBe(9_500);
    // Outside the model's calls, the product's budget again.
    expect(await withRequestDeadline(lambda(61_000), async () => remainingMs(NOW), NOW)).toBe(4_500);
  });
});

// The booking confirmation's "how did the SMS go" line (issue #53) keeps asking while the message is on
// its way, and also after an ask that went unanswered: one lost answer (a phone's network, a busy server's
// 503) must not leave "we could not check" on the page for good. Driven by TanStack Query's own observer,
// which polls only in a browser: `window` is stubbed before it loads (so this file has its own process).
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ConfirmationDelivery } from '../../shared/contracts/tenancy-setup';

vi.stubGlobal('window', globalThis);
const { QueryClient, QueryObserver } = await import('@tanstack/react-query');
const { deliveryRefetch } = await import('../../web/src/features/landing/api/delivery-refetch');

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

/** Watches a confirmation whose asks are answered, in turn, by `answers` (an Error is a failed ask). */
async function watch(answers: (ConfirmationDelivery | Error)[], seconds: number) {
  const client = new QueryClient();
  let asked = 0;
  const observer = new QueryObserver<ConfirmationDelivery>(client, {
    queryKey: ['delivery', 'GB-1'],
    queryFn: async () => {
      const answer = answers[Math.min(asked++, answers.length - 1)]!;
      if (answer instanceof Error) throw answer;
      return answer;
    },
    refetchInterval: deliveryRefetch,
    retry: false,
  });
  const seen: string[] = [];
  const stop = observer.subscribe((r) => {
    const said = r.data?.state ?? (r.isError ? 'unknown' : 'asking');
    if (seen.at(-1) !== said) seen.push(said);
  });
  await vi.advanceTimersByTimeAsync(seconds * 1000);
  stop();
  client.clear();
  return { seen, asked };
}

const sending = { state: 'sending' } as ConfirmationDelivery;
const sent = { state: 'sent', channel: 'sms' } as ConfirmationDelivery;

describe('the confirmation delivery line', () => {
  it('asks again after an unanswered ask and shows the SMS sent', async () => {
    const { seen } = await watch([new Error('503'), sending, sent], 10);
    // While it asks again it says the message is being sent, as at first.
    expect(seen).toEqual(['asking', 'unknown', 'asking', 'sending', 'sent']);
  });

  it('stops asking once told, and after 40 asks when never told', async () => {
    expect((await watch([sending, sent], 30)).asked).toBe(2);
    expect((await watch([new Error('offline')], 120)).asked).toBe(40);
  });
});

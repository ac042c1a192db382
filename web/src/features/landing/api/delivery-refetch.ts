// How long a booking confirmation keeps asking how its SMS went (issue #53); DOM-free, so a unit test
// drives it with TanStack Query's own observer (test/unit/guest-delivery-poll.test.ts).
import type { ConfirmationDelivery } from '@shared/contracts/tenancy-setup';

/**
 * While the confirmation is on its way, or the last ask went unanswered (a phone's network drops, a busy
 * server's 503): asked again every 1.5 s (the notifier sends within seconds), 40 asks at most. One lost
 * answer must not leave "we could not check" on the page for good.
 */
export const deliveryRefetch = (query: {
  state: { data?: ConfirmationDelivery; status: string; dataUpdateCount: number; errorUpdateCount: number };
}) => {
  const { data, status, dataUpdateCount, errorUpdateCount } = query.state;
  const waiting = data?.state === 'sending' || status === 'error';
  return waiting && dataUpdateCount + errorUpdateCount < 40 ? 1500 : false;
};

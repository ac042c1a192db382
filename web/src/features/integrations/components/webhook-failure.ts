// A delivery failure in words from its reason code (the server sends codes, not sentences): what went
// wrong and what to do about it, with the receiver's status where it answered.
import { useTranslation } from '../../../lib/i18n/use-translation';
import type { WebhookFailure } from '@shared/contracts/integrations-webhooks';

export function useFailureText() {
  const { t } = useTranslation();
  return ({ failure, statusCode }: { failure: WebhookFailure; statusCode: number | null }) =>
    t(`integrations.webhooks.reasons.${failure}`, { status: statusCode ?? '' });
}

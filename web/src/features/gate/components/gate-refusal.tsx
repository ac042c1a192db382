// A check-in the gate refused (422 "Entry refused at the gate"): the reasons, one per failed check,
// shown in the check-in dialog so the guard can tell the driver what to fix.
import { useTranslation } from '../../../lib/i18n/use-translation';
import { ApiError } from '../../../lib/api-client';
import { GateReasons } from './gate-reasons';

/** The reasons of a gate refusal, or null when the error is something else. */
export function gateRefusalReasons(error: unknown): string[] | null {
  if (!(error instanceof ApiError) || error.status !== 422) return null;
  try {
    const body = JSON.parse(error.bodyText) as { message?: string; errors?: Record<string, string> };
    return body.message === 'Entry refused at the gate' || body.errors ? Object.values(body.errors ?? {}) : null;
  } catch {
    return null;
  }
}

export function GateRefusal({ error }: { error: unknown }) {
  const { t } = useTranslation();
  const reasons = gateRefusalReasons(error);
  if (!reasons) return null;
  return (
    <div
      role="alert"
      className="rounded-md border border-red-300 bg-red-50 p-3 sm:col-span-2"
      data-testid="gate-refusal"
    >
      <p className="font-semibold text-red-800">{t('gate.refused')}</p>
      <p className="text-sm text-red-800">{t('gate.refusedText')}</p>
      <GateReasons messages={reasons} />
    </div>
  );
}

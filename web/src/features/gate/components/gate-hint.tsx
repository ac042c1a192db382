// A booking's gate hint (issue #21): what the background check at booking found that would hold or
// stop the truck at the gate, shown early on the scheduling list and in the driver app.
import { useTranslation } from '../../../lib/i18n/use-translation';
import type { Appointment } from '@shared/contracts/appointments';
import { GateReasons } from './gate-reasons';

export function GateHint({ hint }: { hint: Appointment['gateHint'] }) {
  const { t } = useTranslation();
  if (!hint || (hint.decision !== 'HOLD' && hint.decision !== 'DENY')) return null;
  return (
    <div
      role="note"
      data-testid="gate-hint"
      className={`w-full rounded-md border p-2 text-sm ${hint.decision === 'DENY' ? 'border-red-300 bg-red-50' : 'border-amber-300 bg-amber-50'}`}
    >
      <p className="font-semibold">
        {t(`gate.decisions.${hint.decision}`)} · {t('gate.driver.fix')}
      </p>
      <GateReasons messages={hint.messages} />
    </div>
  );
}

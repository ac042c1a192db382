// The gate decision of a check-in (issue #21): a badge, one line per reason (the API's text in the
// reader's language), the override when there was one, and for a yard manager or admin an Override
// button on a hold that opens a dialog asking for the reason (its form loaded when it opens).
import { useState } from 'react';
import { useTranslation } from '../../../lib/i18n/use-translation';
import type { GateDecision as Decision, GateOutcome } from '@shared/contracts/gate';
import { heldAtGate } from '@shared/contracts/gate-hold';
import { Badge, type BadgeTone } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { useSession } from '../../../lib/session';
import { useFormat } from '../../../lib/format';
import { loadLater } from '../../../lib/load-later';
import { GateReasons } from './gate-reasons';

const OverrideForm = loadLater(async () => (await import('./gate-override-form')).OverrideForm, { fallback: null });

const TONE: Record<Decision, BadgeTone> = { ALLOW: 'green', HOLD: 'yellow', DENY: 'red', NOT_CHECKED: 'gray' };

export function GateDecision({ checkinId, gate }: { checkinId: string; gate: GateOutcome | null | undefined }) {
  const { t } = useTranslation();
  const { hasPermission } = useSession();
  const format = useFormat();
  const [open, setOpen] = useState(false);
  if (!gate) return null;
  const held = heldAtGate(gate);
  return (
    <div className="space-y-1 pt-1" data-testid="gate-decision">
      <div className="flex items-center gap-2">
        <Badge tone={gate.override ? 'blue' : TONE[gate.decision]}>
          {gate.override ? t('gate.allowedByOverride') : t(`gate.decisions.${gate.decision}`)}
        </Badge>
        {held && hasPermission('gate:override') && (
          <Button size="sm" variant="secondary" onClick={() => setOpen(true)}>
            {t('gate.override')}
          </Button>
        )}
      </div>
      <GateReasons messages={gate.reasons.map((r) => r.message)} />
      {gate.override && (
        <p className="text-sm text-slate-700" data-testid="gate-override">
          {t('gate.overridden', {
            by: gate.override.name ?? gate.override.by,
            at: format.time(gate.override.at),
            reason: gate.override.reason,
          })}
        </p>
      )}
      <Dialog open={open} onClose={() => setOpen(false)} title={t('gate.overrideTitle')}>
        {open && (
          <OverrideForm
            checkinId={checkinId}
            messages={gate.reasons.map((r) => r.message)}
            onDone={() => setOpen(false)}
          />
        )}
      </Dialog>
    </div>
  );
}

// The gate decision of a check-in (issue #21): a badge, one line per reason (the API's text in the
// reader's language), the override when there was one, and for a yard manager or admin an Override
// button on a hold that opens a dialog asking for the reason.
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type * as z from 'zod';
import {
  gateOverrideSchema,
  heldAtGate,
  type GateDecision as Decision,
  type GateOutcome,
} from '@shared/contracts/gate';
import { Badge, type BadgeTone } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { TextAreaField } from '../../../components/ui/field';
import { useServerText } from '../../../lib/server-text';
import { useSession } from '../../../lib/session';
import { useFormat } from '../../../lib/format';
import { useOverrideGateHold } from '../api/gate';
import { fieldBinder, schemaResolver, showServerFieldErrors } from '../../../lib/form-errors';

const TONE: Record<Decision, BadgeTone> = { ALLOW: 'green', HOLD: 'yellow', DENY: 'red', NOT_CHECKED: 'gray' };

export function GateReasons({ messages }: { messages: string[] }) {
  const { t } = useTranslation();
  const say = useServerText();
  if (!messages.length) return null;
  return (
    <ul aria-label={t('gate.reasons')} className="list-disc pl-5 text-sm text-slate-700">
      {messages.map((m) => (
        <li key={m}>{say(m)}</li>
      ))}
    </ul>
  );
}

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

function OverrideForm({ checkinId, messages, onDone }: { checkinId: string; messages: string[]; onDone: () => void }) {
  const { t } = useTranslation();
  const override = useOverrideGateHold();
  const { register, handleSubmit, formState, setError } = useForm<
    z.input<typeof gateOverrideSchema>,
    unknown,
    z.output<typeof gateOverrideSchema>
  >({ resolver: schemaResolver(gateOverrideSchema), defaultValues: { reason: '' } });
  const field = fieldBinder({ register, formState });
  return (
    <form
      noValidate
      className="space-y-3"
      onSubmit={handleSubmit(({ reason }) =>
        override.mutate(
          { id: checkinId, reason },
          { onSuccess: onDone, onError: (error) => showServerFieldErrors(error, setError) },
        ),
      )}
    >
      <p className="text-sm text-slate-600">{t('gate.overrideText')}</p>
      <GateReasons messages={messages} />
      <TextAreaField label={t('gate.overrideReason')} {...field('reason')} />
      <div className="flex justify-end gap-2">
        <Button variant="secondary" onClick={onDone}>
          {t('common.cancel')}
        </Button>
        <Button type="submit" disabled={override.isPending}>
          {t('gate.overrideSave')}
        </Button>
      </div>
    </form>
  );
}

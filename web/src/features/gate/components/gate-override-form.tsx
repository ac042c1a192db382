// The override of a gate hold: the reason, required, sent with the check-in's id.
import { useForm } from 'react-hook-form';
import { useTranslation } from '../../../lib/i18n/use-translation';
import type * as z from 'zod/mini';
import { gateOverrideSchema } from '@shared/contracts/gate';
import { Button } from '../../../components/ui/button';
import { TextAreaField } from '../../../components/ui/field';
import { useOverrideGateHold } from '../api/gate';
import { fieldBinder, schemaResolver, showServerFieldErrors } from '../../../lib/form-errors';
import { GateReasons } from './gate-reasons';

export function OverrideForm({
  checkinId,
  messages,
  onDone,
}: {
  checkinId: string;
  messages: string[];
  onDone: () => void;
}) {
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

// Put-away: move part or all of an inventory line to another bin of its facility (the shared
// moveSchema validates; the server checks the target's capacity and answers in the user's language).
// A refused move keeps the dialog open with what was typed and marks the field the server names.
import { useForm } from 'react-hook-form';
import { useTranslation } from '../../../lib/i18n/use-translation';
import type * as z from 'zod/mini';
import type { InventoryLine } from '@shared/contracts/wms';
import { moveSchema } from '@shared/contracts/wms-stock';
import { Dialog } from '../../../components/ui/dialog';
import { Field } from '../../../components/ui/field';
import { FormActions } from '../../../components/ui/form-actions';
import { SelectField } from '../../../components/ui/select-field';
import { ApiError } from '../../../lib/api-client';
import { schemaResolver } from '../../../lib/form-errors';
import { useMoveStock, useWmsOptions } from '../api/wms';

type FormInput = z.input<typeof moveSchema>;
type FormOutput = z.output<typeof moveSchema>;

export function MoveDialog({ line, onClose }: { line: InventoryLine; onClose: () => void }) {
  const { t } = useTranslation();
  const bins = (useWmsOptions().data?.bins ?? []).filter(
    (b) => b.facilityId === line.facilityId && b.id !== line.binId,
  );
  const move = useMoveStock();
  const { register, handleSubmit, formState, setError } = useForm<FormInput, unknown, FormOutput>({
    resolver: schemaResolver(moveSchema),
    defaultValues: { toBinId: '', quantity: line.quantity - line.reservedQuantity, notes: '' },
  });
  const e = formState.errors;
  const onSubmit = handleSubmit((values) =>
    move.mutate(
      { id: line.id, ...values, notes: values.notes ?? undefined },
      {
        onSuccess: onClose,
        onError: (error) =>
          error instanceof ApiError &&
          Object.entries(error.fieldErrors).forEach(([field, message]) =>
            setError(field as keyof FormInput, { message }),
          ),
      },
    ),
  );
  return (
    <Dialog open onClose={onClose} title={t('wms.move.title')}>
      <form noValidate className="space-y-3" onSubmit={onSubmit}>
        <p className="text-sm text-slate-600">
          {line.productName} · {t('wms.move.from')} {line.binCode ?? t('wms.adjustments.unassigned')} · {line.quantity}
        </p>
        <SelectField
          label={`${t('wms.move.toBin')} *`}
          options={bins.map((b) => ({ value: b.id, label: `${b.code} (${b.zone.name})` }))}
          placeholder={t('wms.field.choose')}
          error={e.toBinId?.message}
          {...register('toBinId')}
        />
        <Field
          label={`${t('wms.move.quantity')} *`}
          type="number"
          min={1}
          inputMode="numeric"
          error={e.quantity?.message}
          {...register('quantity')}
        />
        <Field label={t('wms.field.notes')} error={e.notes?.message} {...register('notes')} />
        <FormActions onCancel={onClose} pending={move.isPending} submitLabel={t('wms.move.submit')} />
      </form>
    </Dialog>
  );
}

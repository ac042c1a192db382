// The Adjustments tab: New Adjustment opens 'Record Inventory Adjustment' (item, signed change,
// reason code, notes); the Adjustment History shows before, change and after of each (doc 3 §2).
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from '../../../lib/i18n/use-translation';
import { Plus } from 'lucide-react';
import type * as z from 'zod/mini';
import type { InventoryLine } from '@shared/contracts/wms';
import { ADJUSTMENT_REASONS, adjustSchema, MANUAL_ADJUSTMENT_REASONS } from '@shared/contracts/wms-stock';
import { Button } from '../../../components/ui/button';
import { Card, CardBody, CardHeader } from '../../../components/ui/card';
import { Dialog } from '../../../components/ui/dialog';
import { Field } from '../../../components/ui/field';
import { FormActions } from '../../../components/ui/form-actions';
import { SelectField } from '../../../components/ui/select-field';
import { useAdjust, useAdjustments, useWmsList } from '../api/wms';
import { schemaResolver } from '../../../lib/form-errors';

type FormInput = z.input<typeof adjustSchema>;
type FormOutput = z.output<typeof adjustSchema>;

function AdjustmentForm({
  pending,
  onSubmit,
  onCancel,
}: {
  pending: boolean;
  onSubmit: (v: FormOutput) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const lines = useWmsList<InventoryLine>('inventory', { search, limit: 50 }).data?.data ?? [];
  const { register, handleSubmit, formState } = useForm<FormInput, unknown, FormOutput>({
    resolver: schemaResolver(adjustSchema),
    defaultValues: { inventoryId: '', quantityAdjusted: 0, reasonCode: undefined, notes: '' },
  });
  const e = formState.errors;
  return (
    <form noValidate className="space-y-3" onSubmit={handleSubmit(onSubmit)}>
      <Field label={t('wms.list.search')} type="search" value={search} onChange={(ev) => setSearch(ev.target.value)} />
      <SelectField
        label={`${t('wms.adjustments.item')} *`}
        options={lines.map((l) => ({
          value: l.id,
          label: `${l.productName} · ${l.binCode ?? t('wms.adjustments.unassigned')}${l.lotNumber ? ` · ${l.lotNumber}` : ''} (${l.quantity})`,
        }))}
        placeholder={t('wms.field.choose')}
        error={e.inventoryId?.message}
        {...register('inventoryId')}
      />
      <Field
        label={`${t('wms.adjustments.quantity')} *`}
        type="number"
        inputMode="numeric"
        error={e.quantityAdjusted?.message}
        {...register('quantityAdjusted')}
      />
      <SelectField
        label={`${t('wms.adjustments.reason')} *`}
        options={MANUAL_ADJUSTMENT_REASONS.map((r) => ({ value: r, label: t(`wms.values.${r}`) }))}
        placeholder={t('wms.field.choose')}
        error={e.reasonCode?.message}
        {...register('reasonCode')}
      />
      <Field label={t('wms.adjustments.notes')} error={e.notes?.message} {...register('notes')} />
      <FormActions onCancel={onCancel} pending={pending} submitLabel={t('wms.adjustments.submit')} />
    </form>
  );
}

export function AdjustmentsTab({ canWrite }: { canWrite: boolean }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const history = useAdjustments();
  const adjust = useAdjust();
  const rows = history.data?.data ?? [];
  const reason = (code: string) =>
    t(`wms.values.${(ADJUSTMENT_REASONS as readonly string[]).includes(code) ? code : 'other'}`);
  return (
    <Card>
      <CardHeader
        title={t('wms.adjustments.title')}
        action={
          canWrite && (
            <Button onClick={() => setOpen(true)}>
              <Plus className="h-4 w-4" aria-hidden /> {t('wms.adjustments.new')}
            </Button>
          )
        }
      />
      <CardBody>
        <h3 className="mb-2 font-semibold">{t('wms.adjustments.history')}</h3>
        {history.isLoading ? (
          <p className="text-sm text-slate-500">{t('wms.adjustments.loading')}</p>
        ) : !rows.length ? (
          <p className="text-sm text-slate-500">{t('wms.adjustments.empty')}</p>
        ) : (
          <div className="overflow-x-auto">
            <table className="w-full min-w-[640px] text-left text-sm" aria-label={t('wms.adjustments.history')}>
              <thead className="border-b border-slate-200 text-slate-600">
                <tr>
                  {(['date', 'product', 'bin', 'before', 'adjustment', 'after', 'reason', 'notes'] as const).map(
                    (c) => (
                      <th key={c} className="px-2 py-2 font-medium">
                        {t(`wms.adjustments.${c}`)}
                      </th>
                    ),
                  )}
                </tr>
              </thead>
              <tbody>
                {rows.map((a) => (
                  <tr key={a.id} className="border-b border-slate-100">
                    <td className="whitespace-nowrap px-2 py-2">{new Date(a.createdAt).toLocaleString('en-IN')}</td>
                    <td className="px-2 py-2">{a.product?.name ?? t('wms.adjustments.unknownProduct')}</td>
                    <td className="px-2 py-2">{a.bin?.code ?? t('wms.adjustments.unassigned')}</td>
                    <td className="px-2 py-2">{a.quantityBefore}</td>
                    <td
                      className={`px-2 py-2 font-semibold ${a.quantityAdjusted > 0 ? 'text-green-700' : 'text-red-700'}`}
                    >
                      {a.quantityAdjusted > 0 ? `+${a.quantityAdjusted}` : a.quantityAdjusted}
                    </td>
                    <td className="px-2 py-2">{a.quantityAfter}</td>
                    <td className="px-2 py-2">{reason(a.reasonCode)}</td>
                    <td className="px-2 py-2">
                      {[
                        a.move &&
                          t('wms.adjustments.moved', {
                            from: a.move.fromBin ?? t('wms.adjustments.unassigned'),
                            to: a.move.toBin,
                          }),
                        a.notes,
                      ]
                        .filter(Boolean)
                        .join(' · ')}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </CardBody>
      <Dialog open={open} onClose={() => setOpen(false)} title={t('wms.adjustments.dialog')}>
        <AdjustmentForm
          pending={adjust.isPending}
          onCancel={() => setOpen(false)}
          onSubmit={(values) => adjust.mutate(values, { onSuccess: () => setOpen(false) })}
        />
      </Dialog>
    </Card>
  );
}

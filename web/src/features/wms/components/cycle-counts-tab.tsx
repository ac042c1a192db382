// The Cycle Counts tab: New Cycle Count (fields shown by count type, doc 3 §5), the list with Start
// for planned counts, Count / Complete for active ones and Cancel for both, and the 'Count Items'
// dialog: the count sheet a page at a time, each change of a counted quantity saved at once (so it
// survives paging and reloads), its variance coloured 0 green, up to 5 yellow, beyond red, and the
// lines completion left as they were (changed since the count started) marked.
import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from '../../../lib/i18n/use-translation';
import { Check, Plus } from 'lucide-react';
import type * as z from 'zod/mini';
import { COUNT_TYPES, cycleCountInputSchema, varianceTone, type CycleCount } from '@shared/contracts/wms-stock';
import { Badge, type BadgeTone } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Card, CardBody, CardHeader } from '../../../components/ui/card';
import { Dialog } from '../../../components/ui/dialog';
import { Field, inputClasses } from '../../../components/ui/field';
import { FormActions } from '../../../components/ui/form-actions';
import { SelectField } from '../../../components/ui/select-field';
import {
  useCancelCount,
  useCompleteCount,
  useCountItem,
  useCountItems,
  useCreateCount,
  useCycleCounts,
  useStartCount,
  useWmsOptions,
} from '../api/wms';
import { schemaResolver } from '../../../lib/form-errors';
import { useFormat } from '../../../lib/format';

type FormInput = z.input<typeof cycleCountInputSchema>;
type FormOutput = z.output<typeof cycleCountInputSchema>;
const STATUS_TONE: Record<CycleCount['status'], BadgeTone> = {
  planned: 'blue',
  active: 'yellow',
  completed: 'green',
  cancelled: 'red',
};

function CountForm({
  pending,
  onSubmit,
  onCancel,
}: {
  pending: boolean;
  onSubmit: (v: FormOutput) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const options = useWmsOptions().data;
  const { register, handleSubmit, formState, control } = useForm<FormInput, unknown, FormOutput>({
    resolver: schemaResolver(cycleCountInputSchema),
    defaultValues: {
      facilityId: '',
      countType: 'partial',
      zoneId: '',
      binId: '',
      productId: '',
      plannedDate: '',
      notes: '',
    },
  });
  const [facilityId, countType] = useWatch({ control, name: ['facilityId', 'countType'] });
  const e = formState.errors;
  return (
    <form noValidate className="space-y-3" onSubmit={handleSubmit(onSubmit)}>
      <SelectField
        label={`${t('wms.counts.facility')} *`}
        options={(options?.facilities ?? []).map((f) => ({ value: f.id, label: f.name }))}
        placeholder={t('wms.field.choose')}
        error={e.facilityId?.message}
        {...register('facilityId')}
      />
      <SelectField
        label={`${t('wms.counts.countType')} *`}
        options={COUNT_TYPES.map((c) => ({ value: c, label: t(`wms.values.${c}`) }))}
        error={e.countType?.message}
        {...register('countType')}
      />
      {countType === 'partial' && (
        <SelectField
          label={t('wms.field.zone')}
          options={(options?.zones ?? [])
            .filter((z) => z.facilityId === facilityId)
            .map((z) => ({ value: z.id, label: z.name }))}
          placeholder={t('wms.field.none')}
          {...register('zoneId')}
        />
      )}
      {countType !== 'full' && (
        <SelectField
          label={t('wms.field.bin')}
          options={(options?.bins ?? [])
            .filter((b) => b.facilityId === facilityId)
            .map((b) => ({ value: b.id, label: `${b.code} (${b.zone.name})` }))}
          placeholder={t('wms.field.none')}
          error={e.binId?.message}
          {...register('binId')}
        />
      )}
      {countType === 'spot' && (
        <SelectField
          label={t('wms.field.product')}
          options={(options?.products ?? []).map((p) => ({ value: p.id, label: `${p.name} (${p.sku})` }))}
          placeholder={t('wms.field.none')}
          {...register('productId')}
        />
      )}
      <Field label={t('wms.counts.planned')} type="date" error={e.plannedDate?.message} {...register('plannedDate')} />
      <Field label={t('wms.field.notes')} error={e.notes?.message} {...register('notes')} />
      <FormActions onCancel={onCancel} pending={pending} submitLabel={t('wms.counts.create')} />
    </form>
  );
}

/** The count sheet, a page at a time (Previous / Next over the server's cursors); each typed quantity is saved at once. */
function CountItems({ count }: { count: CycleCount }) {
  const { t } = useTranslation();
  const [cursors, setCursors] = useState<(string | null)[]>([null]);
  const page = cursors.length;
  const sheet = useCountItems(count.id, page, cursors[page - 1]).data;
  const items = sheet?.data ?? [];
  const pagination = sheet?.pagination;
  const save = useCountItem();
  // What was typed stays on the screen (even when the server refuses it) until the next save answers.
  const [typed, setTyped] = useState<Record<string, string>>({});
  return (
    <div className="space-y-2">
      <div className="overflow-x-auto">
        <table className="w-full min-w-[520px] text-left text-sm" aria-label={t('wms.counts.items')}>
          <thead className="border-b border-slate-200 text-slate-600">
            <tr>
              {(['product', 'bin', 'expected', 'counted', 'variance', 'action'] as const).map((c) => (
                <th key={c} className="px-2 py-2 font-medium">
                  {c === 'product' || c === 'bin' ? t(`wms.field.${c}`) : t(`wms.counts.${c}`)}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {items.map((i) => {
              const tone = i.variance === null ? null : varianceTone(i.variance);
              return (
                <tr key={i.id} className="border-b border-slate-100">
                  <td className="px-2 py-2">{i.product.name}</td>
                  <td className="px-2 py-2">{i.bin?.code ?? t('wms.adjustments.unassigned')}</td>
                  <td className="px-2 py-2">{i.expectedQuantity}</td>
                  <td className="px-2 py-2">
                    <input
                      aria-label={`${t('wms.counts.counted')} ${i.product.name} ${i.bin?.code ?? ''}`.trim()}
                      className={`${inputClasses} w-24`}
                      type="number"
                      min={0}
                      inputMode="numeric"
                      disabled={count.status !== 'active' || count.phase !== 'counting'}
                      value={typed[i.id] ?? i.countedQuantity ?? ''}
                      onChange={(ev) => {
                        setTyped({ ...typed, [i.id]: ev.target.value });
                        const parsed = Number.parseInt(ev.target.value, 10);
                        save.mutate({
                          id: i.id,
                          countId: count.id,
                          countedQuantity: Number.isNaN(parsed) ? 0 : parsed,
                        });
                      }}
                    />
                  </td>
                  <td className="px-2 py-2">
                    {tone ? <Badge tone={tone}>{i.variance! > 0 ? `+${i.variance}` : i.variance}</Badge> : '—'}
                  </td>
                  <td className="px-2 py-2">
                    {i.skipped ? (
                      <span className="text-red-700">
                        {t(`wms.counts.skipped.${i.skipped.reason}`, {
                          onHand: i.skipped.onHand ?? 0,
                          count: i.skipped.reserved ?? 0,
                        })}
                      </span>
                    ) : i.countedQuantity !== null ? (
                      <Check className="h-4 w-4 text-green-600" aria-label={t('wms.counts.counted')} />
                    ) : (
                      <span className="text-slate-500">{t('wms.counts.pending')}</span>
                    )}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <span className="text-sm text-slate-600" data-testid="count-sheet-pages">
          {pagination && pagination.pages > 1
            ? t('wms.list.page', { page: pagination.page, pages: pagination.pages, total: pagination.total })
            : ''}
        </span>
        <div className="flex gap-2">
          <Button size="sm" variant="secondary" disabled={page <= 1} onClick={() => setCursors(cursors.slice(0, -1))}>
            {t('wms.list.previous')}
          </Button>
          <Button
            size="sm"
            variant="secondary"
            disabled={!pagination?.nextCursor}
            onClick={() => pagination?.nextCursor && setCursors([...cursors, pagination.nextCursor])}
          >
            {t('wms.list.next')}
          </Button>
        </div>
      </div>
    </div>
  );
}

export function CycleCountsTab({ canWrite }: { canWrite: boolean }) {
  const { t } = useTranslation();
  const format = useFormat();
  const [creating, setCreating] = useState(false);
  const [counting, setCounting] = useState<CycleCount | null>(null);
  const counts = useCycleCounts();
  const create = useCreateCount();
  const start = useStartCount();
  const complete = useCompleteCount();
  const cancel = useCancelCount();
  const rows = counts.data?.data ?? [];
  const scope = (c: CycleCount) =>
    [c.zone?.name, c.bin?.code, c.product?.name].filter(Boolean).join(' / ') || t('wms.counts.all');
  return (
    <Card>
      <CardHeader
        title={t('wms.counts.list')}
        action={
          canWrite && (
            <Button onClick={() => setCreating(true)}>
              <Plus className="h-4 w-4" aria-hidden /> {t('wms.counts.new')}
            </Button>
          )
        }
      />
      <CardBody>
        {!counts.isLoading && !rows.length ? (
          <p className="text-sm text-slate-500">{t('wms.counts.empty')}</p>
        ) : (
          <div className="overflow-x-auto">
            <table className="w-full min-w-[640px] text-left text-sm" aria-label={t('wms.counts.list')}>
              <thead className="border-b border-slate-200 text-slate-600">
                <tr>
                  {(['number', 'type', 'facility', 'scope', 'status', 'planned', 'actions'] as const).map((c) => (
                    <th key={c} className="px-2 py-2 font-medium">
                      {t(`wms.counts.${c}`)}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {rows.map((c) => (
                  <tr key={c.id} className="border-b border-slate-100">
                    <td className="px-2 py-2 font-medium">{c.countNumber}</td>
                    <td className="px-2 py-2">{t(`wms.values.${c.countType}`)}</td>
                    <td className="px-2 py-2">{c.facility.name}</td>
                    <td className="px-2 py-2">{scope(c)}</td>
                    <td className="px-2 py-2">
                      <Badge tone={STATUS_TONE[c.status]}>{t(`wms.values.${c.status}`)}</Badge>
                    </td>
                    <td className="px-2 py-2">{c.plannedDate ? format.day(c.plannedDate) : '—'}</td>
                    <td className="space-x-1 whitespace-nowrap px-2 py-2">
                      {canWrite && c.status === 'planned' && (
                        <Button size="sm" disabled={start.isPending} onClick={() => start.mutate({ id: c.id })}>
                          {t('wms.counts.start')}
                        </Button>
                      )}
                      {c.status === 'active' && (
                        <Button size="sm" variant="secondary" onClick={() => setCounting(c)}>
                          {t('wms.counts.count')}
                        </Button>
                      )}
                      {canWrite && c.status === 'active' && (
                        <Button
                          size="sm"
                          disabled={complete.isPending}
                          onClick={() => complete.mutate({ id: c.id }, { onSuccess: () => setCounting(null) })}
                        >
                          {c.phase === 'applying' ? t('wms.counts.resume') : t('wms.counts.complete')}
                        </Button>
                      )}
                      {canWrite && (c.status === 'planned' || (c.status === 'active' && c.phase !== 'applying')) && (
                        <Button
                          size="sm"
                          variant="ghost"
                          disabled={cancel.isPending}
                          onClick={() =>
                            window.confirm(t('wms.counts.confirmCancel', { number: c.countNumber })) &&
                            cancel.mutate({ id: c.id })
                          }
                        >
                          {t('wms.counts.cancel')}
                        </Button>
                      )}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </CardBody>
      <Dialog open={creating} onClose={() => setCreating(false)} title={t('wms.counts.new')}>
        <CountForm
          pending={create.isPending}
          onCancel={() => setCreating(false)}
          onSubmit={(v) => create.mutate(v, { onSuccess: () => setCreating(false) })}
        />
      </Dialog>
      <Dialog wide open={!!counting} onClose={() => setCounting(null)} title={t('wms.counts.items')}>
        {counting && <CountItems count={counting} />}
        {counting && canWrite && (
          <div className="mt-3 flex justify-end">
            <Button
              disabled={complete.isPending}
              onClick={() => complete.mutate({ id: counting.id }, { onSuccess: () => setCounting(null) })}
            >
              {t('wms.counts.complete')}
            </Button>
          </div>
        )}
      </Dialog>
    </Card>
  );
}

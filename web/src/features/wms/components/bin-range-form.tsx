// Bins in bulk (issue #29): every aisle × rack × level of a range in one zone, with the single bin's
// type, status, capacity and flags. The preview (how many, first and last code in the facility's
// pattern) follows the typing; the server checks the range whole — the cap, the codes the zone
// already uses (listed before anything is written) — and makes it whole or not at all.
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from '../../../lib/i18n/use-translation';
import type * as z from 'zod/mini';
import { BIN_STATUSES, BIN_TYPES } from '@shared/contracts/wms';
import {
  binCodeOf,
  binRangeCount,
  binRangeSchema,
  MAX_BINS_PER_RANGE,
  type BinRangeResult,
} from '@shared/contracts/wms-bins';
import { Button } from '../../../components/ui/button';
import { Card, CardBody } from '../../../components/ui/card';
import { ClosingHeader } from './entity-form';
import { Field } from '../../../components/ui/field';
import { SelectField } from '../../../components/ui/select-field';
import { fieldBinder, schemaResolver, showServerFieldErrors } from '../../../lib/form-errors';
import { useFormat } from '../../../lib/format';
import { useServerText } from '../../../lib/server-text';
import { useCreateBinRange, useFacilitySettings, useWmsOptions } from '../api/wms';

type FormInput = z.input<typeof binRangeSchema>;
type FormOutput = z.output<typeof binRangeSchema>;

const letter = (v: unknown) => (typeof v === 'string' && /^[A-Za-z]$/.test(v.trim()) ? v.trim().toUpperCase() : null);
const whole = (v: unknown) => (v !== '' && v !== null && Number.isInteger(Number(v)) ? Number(v) : null);

export function BinRangeForm({
  zoneId,
  onClose,
  onCreated,
}: {
  zoneId: string;
  onClose: () => void;
  onCreated: (result: BinRangeResult) => void;
}) {
  const { t } = useTranslation();
  const format = useFormat();
  const serverText = useServerText();
  const options = useWmsOptions().data;
  const create = useCreateBinRange();
  const form = useForm<FormInput, unknown, FormOutput>({
    resolver: schemaResolver(binRangeSchema),
    defaultValues: {
      zoneId,
      aisleFrom: 'A',
      aisleTo: 'D',
      rackFrom: 1,
      rackTo: 10,
      levelFrom: 0,
      levelTo: 3,
      binType: 'pallet',
      status: 'available',
      capacity: '',
      isPickable: true,
      isReceivable: true,
    },
  });
  const field = fieldBinder(form);
  const values = useWatch({ control: form.control });
  const chosenZone = (options?.zones ?? []).find((z) => z.id === values.zoneId);
  const pattern = useFacilitySettings(chosenZone?.facilityId ?? null).data?.binCodePattern;

  const bounds = {
    aisleFrom: letter(values.aisleFrom),
    aisleTo: letter(values.aisleTo),
    rackFrom: whole(values.rackFrom),
    rackTo: whole(values.rackTo),
    levelFrom: whole(values.levelFrom),
    levelTo: whole(values.levelTo),
  };
  const complete = Object.values(bounds).every((v) => v !== null);
  const count = complete ? binRangeCount(bounds as Parameters<typeof binRangeCount>[0]) : 0;
  const first =
    complete && pattern
      ? binCodeOf(pattern, { aisle: bounds.aisleFrom!, rack: bounds.rackFrom!, level: bounds.levelFrom! })
      : null;
  const last =
    complete && pattern
      ? binCodeOf(pattern, { aisle: bounds.aisleTo!, rack: bounds.rackTo!, level: bounds.levelTo! })
      : null;
  const rangeError = (form.formState.errors as { range?: { message?: string } }).range?.message;

  const onSubmit = form.handleSubmit(async (range) => {
    try {
      onCreated(await create.mutateAsync(range));
    } catch (error) {
      showServerFieldErrors(error, form.setError);
    }
  });

  return (
    <Card>
      <ClosingHeader title={t('wms.range.title')} onClose={onClose} />
      <CardBody>
        <form noValidate onSubmit={onSubmit} className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
          <SelectField
            className="sm:col-span-2 lg:col-span-3"
            label={`${t('wms.field.zone')} *`}
            options={(options?.zones ?? []).map((z) => ({ value: z.id, label: `${z.name} (${z.facility.name})` }))}
            placeholder={t('wms.field.choose')}
            {...field('zoneId')}
          />
          <fieldset className="grid grid-cols-2 gap-2">
            <legend className="mb-1 text-sm font-medium">{t('wms.range.aisles')}</legend>
            <Field label={t('wms.range.from')} maxLength={1} autoCapitalize="characters" {...field('aisleFrom')} />
            <Field label={t('wms.range.to')} maxLength={1} autoCapitalize="characters" {...field('aisleTo')} />
          </fieldset>
          <fieldset className="grid grid-cols-2 gap-2">
            <legend className="mb-1 text-sm font-medium">{t('wms.range.racks')}</legend>
            <Field label={t('wms.range.from')} type="number" min={1} inputMode="numeric" {...field('rackFrom')} />
            <Field label={t('wms.range.to')} type="number" min={1} inputMode="numeric" {...field('rackTo')} />
          </fieldset>
          <fieldset className="grid grid-cols-2 gap-2">
            <legend className="mb-1 text-sm font-medium">{t('wms.range.levels')}</legend>
            <Field label={t('wms.range.from')} type="number" min={0} inputMode="numeric" {...field('levelFrom')} />
            <Field label={t('wms.range.to')} type="number" min={0} inputMode="numeric" {...field('levelTo')} />
          </fieldset>
          <SelectField
            label={`${t('wms.field.binType')} *`}
            options={BIN_TYPES.map((v) => ({ value: v, label: t(`wms.values.${v}`) }))}
            placeholder={t('wms.field.choose')}
            {...field('binType')}
          />
          <SelectField
            label={t('wms.field.status')}
            options={BIN_STATUSES.map((v) => ({ value: v, label: t(`wms.values.${v}`) }))}
            {...field('status')}
          />
          <Field label={t('wms.field.capacity')} type="number" min={0} inputMode="numeric" {...field('capacity')} />
          <label className="flex items-center gap-2 text-sm">
            <input type="checkbox" className="h-4 w-4" {...form.register('isPickable')} /> {t('wms.field.pickable')}
          </label>
          <label className="flex items-center gap-2 text-sm">
            <input type="checkbox" className="h-4 w-4" {...form.register('isReceivable')} /> {t('wms.field.receivable')}
          </label>
          <div
            className="rounded-md border border-blue-200 bg-blue-50 p-3 text-sm sm:col-span-2 lg:col-span-3"
            data-testid="bin-range-preview"
            aria-live="polite"
          >
            {complete && count > 0 ? (
              <>
                <p className="font-medium">{t('wms.range.preview', { total: format.number(count), first, last })}</p>
                {pattern && <p className="text-xs text-slate-600">{t('wms.range.pattern', { pattern })}</p>}
                {count > MAX_BINS_PER_RANGE && (
                  <p className="text-red-700">{t('wms.range.overCap', { max: format.number(MAX_BINS_PER_RANGE) })}</p>
                )}
              </>
            ) : (
              <p className="text-slate-600">{t('wms.range.previewEmpty')}</p>
            )}
          </div>
          {rangeError && (
            <p
              role="alert"
              data-testid="bin-range-error"
              className="whitespace-pre-line rounded-md border border-red-300 bg-red-50 p-2 text-sm text-red-700 sm:col-span-2 lg:col-span-3"
            >
              {serverText(rangeError)}
            </p>
          )}
          <div className="flex flex-wrap justify-end gap-2 sm:col-span-2 lg:col-span-3">
            <Button variant="secondary" onClick={onClose}>
              {t('wms.list.cancel')}
            </Button>
            <Button type="submit" disabled={create.isPending}>
              {create.isPending ? t('wms.range.creating') : t('wms.range.submit', { total: format.number(count) })}
            </Button>
          </div>
        </form>
      </CardBody>
    </Card>
  );
}

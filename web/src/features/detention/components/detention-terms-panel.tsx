// A facility's detention terms on /configuration (issue #57): for each vehicle class the free time (typed
// as h:mm or minutes), the rate per started hour, the grace for lateness and the late or no-show fee, and
// which class the facility's trucks are assessed under while bookings name none. One class is saved at a
// time with the revision the form was filled from: a change made since is refused (409) and the form then
// takes the current terms but keeps what was typed; a refused field shows under itself. The API answers
// only those who configure the facility (settings:configure), the people /configuration is for.
import { useState } from 'react';
import { useForm, type Resolver } from 'react-hook-form';
import { useQueryClient } from '@tanstack/react-query';
import * as z from 'zod/mini';
import {
  detentionTermsSaveSchema,
  VEHICLE_CLASSES,
  type DetentionTermsView,
  type VehicleClass,
} from '@shared/contracts/detention';
import { useTranslation } from '../../../lib/i18n/use-translation';
import { useFormat } from '../../../lib/format';
import { ApiError } from '../../../lib/api-client';
import { fieldBinder, schemaResolver, showServerFieldErrors } from '../../../lib/form-errors';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Card, CardBody, CardHeader } from '../../../components/ui/card';
import { Field } from '../../../components/ui/field';
import { SelectField } from '../../../components/ui/select-field';
import { detentionTermsQuery, useDetentionTerms, useSaveDetentionTerms } from '../api/detention';
import { minutesOfTyped, typedOfMinutes, useDuration } from '../duration';

/** The form's fields: the free time as typed (h:mm or minutes), the rest as the schema takes them. */
interface FormValues {
  vehicleClass: VehicleClass;
  freeMinutes: string;
  rateRupees: number;
  graceMinutes: number;
  lateFeeRupees: number;
  defaultClass: boolean;
}

const saveFields = z.omit(detentionTermsSaveSchema, { revision: true });
type Output = z.output<typeof saveFields>;

const checked = schemaResolver(saveFields);
const resolver: Resolver<FormValues, unknown, Output> = (values, context, options) =>
  checked({ ...values, freeMinutes: minutesOfTyped(values.freeMinutes) }, context, options as never);

const formValues = (view: DetentionTermsView, vehicleClass: VehicleClass): FormValues => {
  const terms = view.classes.find((c) => c.vehicleClass === vehicleClass)!;
  return {
    vehicleClass,
    freeMinutes: typedOfMinutes(terms.freeMinutes),
    rateRupees: terms.rateRupees,
    graceMinutes: terms.graceMinutes,
    lateFeeRupees: terms.lateFeeRupees,
    defaultClass: view.defaultVehicleClass === vehicleClass,
  };
};

/** '' (or anything not a number) reaches the schema as NaN, which it refuses with its own message. */
const number = { setValueAs: (v: unknown) => (v === '' || v === null ? Number.NaN : Number(v)) };

function TermsForm({
  facilityId,
  view,
  vehicleClass,
  onSaved,
}: {
  facilityId: string;
  view: DetentionTermsView;
  vehicleClass: VehicleClass;
  /** The class saved stays the one edited, even when another becomes the default. */
  onSaved: (vehicleClass: VehicleClass) => void;
}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const save = useSaveDetentionTerms(facilityId);
  const form = useForm<FormValues, unknown, Output>({
    resolver,
    values: formValues(view, vehicleClass),
    resetOptions: { keepDirtyValues: true },
  });
  const { register, handleSubmit, formState, setError } = form;
  const field = fieldBinder({ register, formState });
  const submit = handleSubmit((values) =>
    save.mutate(
      { ...values, revision: view.revision },
      {
        onSuccess: () => onSaved(values.vehicleClass),
        onError: (error) => {
          if (showServerFieldErrors(error, setError)) return;
          if (error instanceof ApiError && error.status === 409) {
            setError('root', { type: 'server', message: t('detention.terms.stale') });
            void queryClient.invalidateQueries({ queryKey: detentionTermsQuery(facilityId).queryKey });
          }
        },
      },
    ),
  );
  return (
    <form
      onSubmit={submit}
      noValidate
      aria-label={t(`detention.vehicleClasses.${vehicleClass}`)}
      className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4"
    >
      <Field
        label={t('detention.terms.freeTime')}
        hint={t('detention.terms.freeTimeHint')}
        inputMode="numeric"
        {...field('freeMinutes')}
      />
      <Field
        label={t('detention.terms.rate')}
        type="number"
        step="0.01"
        inputMode="decimal"
        {...field('rateRupees', number)}
      />
      <Field label={t('detention.terms.grace')} type="number" inputMode="numeric" {...field('graceMinutes', number)} />
      <Field
        label={t('detention.terms.lateFee')}
        type="number"
        step="0.01"
        inputMode="decimal"
        {...field('lateFeeRupees', number)}
      />
      <label className="flex items-center gap-2 text-sm font-medium text-slate-800 sm:col-span-2 lg:col-span-4">
        <input type="checkbox" {...register('defaultClass')} />
        {t('detention.terms.defaultClass')}
      </label>
      {formState.errors.root && (
        <p role="alert" className="text-sm text-red-600 sm:col-span-2 lg:col-span-4">
          {formState.errors.root.message}
        </p>
      )}
      <div className="sm:col-span-2 lg:col-span-4">
        <Button type="submit" disabled={save.isPending}>
          {save.isPending ? t('detention.terms.saving') : t('detention.terms.save')}
        </Button>
      </div>
    </form>
  );
}

function TermsTable({ view }: { view: DetentionTermsView }) {
  const { t } = useTranslation();
  const format = useFormat();
  const duration = useDuration();
  return (
    <div className="overflow-x-auto">
      <table className="w-full text-sm" aria-label={t('detention.terms.table')}>
        <thead className="text-left text-slate-500">
          <tr>
            <th className="py-2 pr-3">{t('detention.terms.columns.vehicleClass')}</th>
            <th className="pr-3">{t('detention.terms.columns.freeTime')}</th>
            <th className="pr-3">{t('detention.terms.columns.rate')}</th>
            <th className="pr-3">{t('detention.terms.columns.grace')}</th>
            <th>{t('detention.terms.columns.lateFee')}</th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {view.classes.map((c) => (
            <tr key={c.vehicleClass} data-testid="detention-terms-row">
              <td className="py-2 pr-3">
                <span className="font-medium">{t(`detention.vehicleClasses.${c.vehicleClass}`)}</span>{' '}
                {view.defaultVehicleClass === c.vehicleClass && (
                  <Badge tone="blue">{t('detention.terms.default')}</Badge>
                )}
                {!c.saved && <span className="block text-xs text-slate-500">{t('detention.terms.notSaved')}</span>}
              </td>
              <td className="pr-3">{duration(c.freeMinutes)}</td>
              <td className="pr-3">{format.rupees(c.ratePaisePerHour)}</td>
              <td className="pr-3">{duration(c.graceMinutes)}</td>
              <td>{format.rupees(c.lateFeePaise)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

export function DetentionTermsPanel({ facilityId }: { facilityId: string }) {
  const { t } = useTranslation();
  const terms = useDetentionTerms(facilityId);
  // The class being edited: the facility's default until another is chosen.
  const [chosen, setChosen] = useState<VehicleClass | null>(null);
  const view = terms.data;
  const vehicleClass = chosen ?? view?.defaultVehicleClass ?? VEHICLE_CLASSES[0];
  return (
    <Card>
      <CardHeader title={t('detention.terms.title')} description={t('detention.terms.description')} />
      <CardBody className="space-y-4">
        {terms.isError ? (
          <p role="alert" className="text-sm text-red-700">
            {t('detention.terms.loadFailed')}
          </p>
        ) : !view ? (
          <p className="text-sm text-slate-500">{t('detention.terms.loading')}</p>
        ) : (
          <>
            <TermsTable view={view} />
            <SelectField
              label={t('detention.terms.vehicleClass')}
              value={vehicleClass}
              onChange={(e) => setChosen(e.target.value as VehicleClass)}
              options={VEHICLE_CLASSES.map((c) => ({ value: c, label: t(`detention.vehicleClasses.${c}`) }))}
              className="max-w-xs"
            />
            <TermsForm
              key={`${facilityId}:${vehicleClass}`}
              facilityId={facilityId}
              view={view}
              vehicleClass={vehicleClass}
              onSaved={setChosen}
            />
          </>
        )}
      </CardBody>
    </Card>
  );
}

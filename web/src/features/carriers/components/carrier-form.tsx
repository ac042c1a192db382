// The Add Carrier form (doc 2): at least one service type, the submit disabled until one is chosen. The
// message asking for one appears once the user has started filling the form, not on an untouched form
// (issue #53, item 7).
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from '../../../lib/i18n/use-translation';
import type * as z from 'zod/mini';
import { carrierInputSchema, SERVICE_TYPES } from '@shared/contracts/carriers';
import { FormActions } from '../../../components/ui/form-actions';
import { Field } from '../../../components/ui/field';
import { useCreateCarrier } from '../api/carriers';
import { fieldBinder, schemaResolver, showServerFieldErrors } from '../../../lib/form-errors';

type FormInput = z.input<typeof carrierInputSchema>;
type FormOutput = z.output<typeof carrierInputSchema>;

export function CarrierForm({ onDone }: { onDone: () => void }) {
  const { t } = useTranslation();
  const create = useCreateCarrier();
  const { register, handleSubmit, formState, watch, setError } = useForm<FormInput, unknown, FormOutput>({
    resolver: schemaResolver(carrierInputSchema),
    defaultValues: { name: '', contactEmail: '', contactPhone: '', gstin: '', serviceTypes: [] },
  });
  const field = fieldBinder({ register, formState });
  const chosen = watch('serviceTypes') ?? [];
  const noneChosen = !Array.isArray(chosen) || chosen.length === 0;
  const [started, setStarted] = useState(false);
  return (
    <form
      onChange={() => setStarted(true)}
      onSubmit={handleSubmit((values) =>
        create.mutate(values, { onSuccess: onDone, onError: (error) => showServerFieldErrors(error, setError) }),
      )}
      noValidate
      className="space-y-3"
    >
      <Field label={t('carriers.form.name')} {...field('name')} />
      <Field label={t('carriers.form.email')} type="email" {...field('contactEmail')} />
      <Field label={t('carriers.form.phone')} type="tel" {...field('contactPhone')} />
      <Field label={t('carriers.form.gstin')} autoCapitalize="characters" maxLength={20} {...field('gstin')} />
      <fieldset>
        <legend className="mb-1 text-sm font-medium text-slate-800">{t('carriers.form.serviceTypes')}</legend>
        <div className="grid gap-1 sm:grid-cols-2">
          {SERVICE_TYPES.map((s) => (
            <label key={s.value} className="flex items-center gap-2 text-sm">
              <input type="checkbox" value={s.value} {...register('serviceTypes')} />
              {t(`carriers.serviceTypes.${s.value}`)}
            </label>
          ))}
        </div>
        {noneChosen && started && (
          <p role="alert" className="mt-1 text-sm text-red-600">
            {t('carriers.form.chooseService')}
          </p>
        )}
      </fieldset>
      <FormActions
        onCancel={onDone}
        pending={create.isPending}
        submitLabel={t('carriers.addCarrier')}
        disabled={noneChosen}
      />
    </form>
  );
}

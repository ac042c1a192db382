// The Add Driver and Edit Driver form: name, phone, licence, and how the driver is messaged (channels
// in fallback order, language; issue #29.3). An edit carries the revision it loaded: a driver changed
// since is refused (409) and the form keeps what was typed.
import { useForm } from 'react-hook-form';
import { useTranslation } from '../../../lib/i18n/use-translation';
import type * as z from 'zod/mini';
import { driverInputSchema, driverUpdateSchema } from '@shared/contracts/carriers';
import { LANGUAGES } from '@shared/contracts/messaging';
import { FormActions } from '../../../components/ui/form-actions';
import { Field } from '../../../components/ui/field';
import { SelectField } from '../../../components/ui/select-field';
import { PreferredChannelsField } from './channel-order-field';
import { useCreateDriver, useUpdateDriver, type Driver } from '../api/carriers';
import { fieldBinder, schemaResolver, showServerFieldErrors } from '../../../lib/form-errors';

type FormInput = z.input<typeof driverInputSchema> & { revision?: number };
type FormOutput = z.output<typeof driverInputSchema> & { revision?: number };

const editSchema = driverUpdateSchema as unknown as z.ZodMiniType<FormOutput, FormInput>;

export function DriverForm({ carrierId, driver, onDone }: { carrierId: string; driver?: Driver; onDone: () => void }) {
  const { t } = useTranslation();
  const create = useCreateDriver();
  const update = useUpdateDriver();
  const { register, handleSubmit, formState, setError, control } = useForm<FormInput, unknown, FormOutput>({
    resolver: driver ? schemaResolver(editSchema) : schemaResolver(driverInputSchema),
    defaultValues: {
      carrierId,
      name: driver?.name ?? '',
      phone: driver?.phone ?? '',
      licenseNumber: driver?.licenseNumber ?? '',
      preferredChannels: driver?.preferredChannels?.length ? driver.preferredChannels : ['sms'],
      preferredLanguage: driver?.preferredLanguage ?? 'en',
      ...(driver ? { revision: driver.revision ?? 0 } : {}),
    },
  });
  const field = fieldBinder({ register, formState });
  const e = formState.errors;
  const onError = (error: unknown) => showServerFieldErrors(error, setError);
  const submit = handleSubmit((values) => {
    if (!driver) return create.mutate(values, { onSuccess: onDone, onError });
    // The edit names no carrier: a driver stays with theirs.
    const { carrierId: _carrier, ...edit } = values;
    update.mutate({ carrierId, driverId: driver.id, edit }, { onSuccess: onDone, onError });
  });
  return (
    <form onSubmit={submit} noValidate className="space-y-3">
      {!driver && <input type="hidden" {...register('carrierId')} />}
      <Field label={t('carriers.form.driverName')} {...field('name')} />
      <Field label={t('carriers.form.driverPhone')} type="tel" placeholder="+91 98765 43210" {...field('phone')} />
      <Field label={t('carriers.form.licenseNumber')} {...field('licenseNumber')} />
      <PreferredChannelsField control={control} />
      <SelectField
        label={t('common.messageLanguage')}
        options={LANGUAGES.map((l) => ({ value: l, label: t(`common.languages.${l}`) }))}
        {...field('preferredLanguage')}
      />
      {e.carrierId && <p className="text-sm text-red-600">{e.carrierId.message}</p>}
      {e.root && (
        <p role="alert" className="text-sm text-red-600">
          {e.root.message}
        </p>
      )}
      <FormActions
        onCancel={onDone}
        pending={create.isPending || update.isPending}
        submitLabel={driver ? t('carriers.saveDriver') : t('carriers.addDriver')}
      />
    </form>
  );
}

import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type * as z from 'zod';
import { driverInputSchema } from '@shared/contracts/carriers';
import { FormActions } from '../../../components/ui/form-actions';
import { Field } from '../../../components/ui/field';
import { useCreateDriver } from '../api/carriers';
import { fieldBinder, schemaResolver, showServerFieldErrors } from '../../../lib/form-errors';

type FormInput = z.input<typeof driverInputSchema>;
type FormOutput = z.output<typeof driverInputSchema>;

export function DriverForm({ carrierId, onDone }: { carrierId: string; onDone: () => void }) {
  const { t } = useTranslation();
  const create = useCreateDriver();
  const { register, handleSubmit, formState, setError } = useForm<FormInput, unknown, FormOutput>({
    resolver: schemaResolver(driverInputSchema),
    defaultValues: { carrierId, name: '', phone: '', licenseNumber: '' },
  });
  const field = fieldBinder({ register, formState });
  const e = formState.errors;
  return (
    <form
      onSubmit={handleSubmit((values) =>
        create.mutate(values, { onSuccess: onDone, onError: (error) => showServerFieldErrors(error, setError) }),
      )}
      noValidate
      className="space-y-3"
    >
      <input type="hidden" {...register('carrierId')} />
      <Field label={t('carriers.form.driverName')} {...field('name')} />
      <Field label={t('carriers.form.driverPhone')} type="tel" placeholder="+91 98765 43210" {...field('phone')} />
      <Field label={t('carriers.form.licenseNumber')} {...field('licenseNumber')} />
      {e.carrierId && <p className="text-sm text-red-600">{e.carrierId.message}</p>}
      <FormActions onCancel={onDone} pending={create.isPending} submitLabel={t('carriers.addDriver')} />
    </form>
  );
}

// The Add Facility form: the shared schema validates it.
import { useForm } from 'react-hook-form';
import { useTranslation } from '../../../lib/i18n/use-translation';
import type * as z from 'zod/mini';
import { facilityInputSchema, SLOT_MINUTE_CHOICES } from '@shared/contracts/facilities';
import { FormActions } from '../../../components/ui/form-actions';
import { Field } from '../../../components/ui/field';
import { SelectField } from '../../../components/ui/select-field';
import { useCreateFacility } from '../api/facilities';
import { fieldBinder, schemaResolver, showServerFieldErrors } from '../../../lib/form-errors';

type FormInput = z.input<typeof facilityInputSchema>;
type FormOutput = z.output<typeof facilityInputSchema>;

export function FacilityForm({ onDone }: { onDone: () => void }) {
  const { t } = useTranslation();
  const create = useCreateFacility();
  const { register, handleSubmit, formState, setError } = useForm<FormInput, unknown, FormOutput>({
    resolver: schemaResolver(facilityInputSchema),
    defaultValues: {
      name: '',
      address: '',
      city: '',
      state: '',
      country: 'India',
      zipCode: '',
      contactEmail: '',
      contactPhone: '',
      operatingHoursStart: '08:00',
      operatingHoursEnd: '18:00',
      totalDockDoors: 0,
      slotMinutes: 60,
      slotCapacity: 2,
    },
  });
  const field = fieldBinder({ register, formState });
  const onSubmit = handleSubmit((values) =>
    create.mutate(values, { onSuccess: onDone, onError: (error) => showServerFieldErrors(error, setError) }),
  );
  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-3 sm:grid-cols-2">
      <Field className="sm:col-span-2" label={t('facilities.form.name')} {...field('name')} />
      <Field className="sm:col-span-2" label={t('facilities.form.address')} {...field('address')} />
      <Field label={t('facilities.form.city')} {...field('city')} />
      <Field label={t('facilities.form.state')} {...field('state')} />
      <Field label={t('facilities.form.country')} {...field('country')} />
      <Field label={t('facilities.form.zipCode')} {...field('zipCode')} />
      <Field label={t('facilities.form.contactEmail')} type="email" {...field('contactEmail')} />
      <Field label={t('facilities.form.contactPhone')} type="tel" {...field('contactPhone')} />
      <Field label={t('facilities.form.opening')} type="time" {...field('operatingHoursStart')} />
      <Field label={t('facilities.form.closing')} type="time" {...field('operatingHoursEnd')} />
      <Field label={t('facilities.form.totalDockDoors')} type="number" min={0} {...field('totalDockDoors')} />
      <SelectField
        label={t('facilities.form.slotLength')}
        options={SLOT_MINUTE_CHOICES.map((m) => ({
          value: String(m),
          label: t('facilities.slotMinutes', { count: m }),
        }))}
        {...field('slotMinutes')}
      />
      <Field label={t('facilities.form.bookingsPerSlot')} type="number" min={1} {...field('slotCapacity')} />
      <FormActions
        onCancel={onDone}
        pending={create.isPending}
        submitLabel={t('facilities.addFacility')}
        className="sm:col-span-2"
      />
    </form>
  );
}

// The Add Facility form: the shared schema validates it.
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { zodResolver } from '@hookform/resolvers/zod';
import type * as z from 'zod';
import { facilityInputSchema, SLOT_MINUTE_CHOICES } from '@shared/contracts/facilities';
import { FormActions } from '../../../components/ui/form-actions';
import { Field } from '../../../components/ui/field';
import { SelectField } from '../../../components/ui/select-field';
import { useCreateFacility } from '../api/facilities';

type FormInput = z.input<typeof facilityInputSchema>;
type FormOutput = z.output<typeof facilityInputSchema>;

export function FacilityForm({ onDone }: { onDone: () => void }) {
  const { t } = useTranslation();
  const create = useCreateFacility();
  const { register, handleSubmit, formState } = useForm<FormInput, unknown, FormOutput>({
    resolver: zodResolver(facilityInputSchema),
    defaultValues: { name: '', address: '', city: '', state: '', country: 'India', zipCode: '', contactEmail: '', contactPhone: '', operatingHoursStart: '08:00', operatingHoursEnd: '18:00', totalDockDoors: 0, slotMinutes: 60, slotCapacity: 2 },
  });
  const e = formState.errors;
  const onSubmit = handleSubmit((values) => create.mutate(values, { onSuccess: onDone }));
  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-3 sm:grid-cols-2">
      <Field className="sm:col-span-2" label={t('facilities.form.name')} error={e.name?.message} {...register('name')} />
      <Field className="sm:col-span-2" label={t('facilities.form.address')} error={e.address?.message} {...register('address')} />
      <Field label={t('facilities.form.city')} error={e.city?.message} {...register('city')} />
      <Field label={t('facilities.form.state')} error={e.state?.message} {...register('state')} />
      <Field label={t('facilities.form.country')} error={e.country?.message} {...register('country')} />
      <Field label={t('facilities.form.zipCode')} error={e.zipCode?.message} {...register('zipCode')} />
      <Field label={t('facilities.form.contactEmail')} type="email" error={e.contactEmail?.message} {...register('contactEmail')} />
      <Field label={t('facilities.form.contactPhone')} type="tel" error={e.contactPhone?.message} {...register('contactPhone')} />
      <Field label={t('facilities.form.opening')} type="time" error={e.operatingHoursStart?.message} {...register('operatingHoursStart')} />
      <Field label={t('facilities.form.closing')} type="time" error={e.operatingHoursEnd?.message} {...register('operatingHoursEnd')} />
      <Field label={t('facilities.form.totalDockDoors')} type="number" min={0} error={e.totalDockDoors?.message} {...register('totalDockDoors')} />
      <SelectField label={t('facilities.form.slotLength')} options={SLOT_MINUTE_CHOICES.map((m) => ({ value: String(m), label: t('facilities.slotMinutes', { count: m }) }))} error={e.slotMinutes?.message} {...register('slotMinutes')} />
      <Field label={t('facilities.form.bookingsPerSlot')} type="number" min={1} error={e.slotCapacity?.message} {...register('slotCapacity')} />
      <FormActions onCancel={onDone} pending={create.isPending} submitLabel={t('facilities.addFacility')} className="sm:col-span-2" />
    </form>
  );
}

// The Add Facility form: the shared schema validates it.
import { useForm } from 'react-hook-form';
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
  const create = useCreateFacility();
  const { register, handleSubmit, formState } = useForm<FormInput, unknown, FormOutput>({
    resolver: zodResolver(facilityInputSchema),
    defaultValues: { name: '', address: '', city: '', state: '', country: 'India', zipCode: '', contactEmail: '', contactPhone: '', operatingHoursStart: '08:00', operatingHoursEnd: '18:00', totalDockDoors: 0, slotMinutes: 60, slotCapacity: 2 },
  });
  const e = formState.errors;
  const onSubmit = handleSubmit((values) => create.mutate(values, { onSuccess: onDone }));
  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-3 sm:grid-cols-2">
      <Field className="sm:col-span-2" label="Facility name *" error={e.name?.message} {...register('name')} />
      <Field className="sm:col-span-2" label="Address *" error={e.address?.message} {...register('address')} />
      <Field label="City *" error={e.city?.message} {...register('city')} />
      <Field label="State *" error={e.state?.message} {...register('state')} />
      <Field label="Country *" error={e.country?.message} {...register('country')} />
      <Field label="ZIP code *" error={e.zipCode?.message} {...register('zipCode')} />
      <Field label="Contact email" type="email" error={e.contactEmail?.message} {...register('contactEmail')} />
      <Field label="Contact phone" type="tel" error={e.contactPhone?.message} {...register('contactPhone')} />
      <Field label="Opening time *" type="time" error={e.operatingHoursStart?.message} {...register('operatingHoursStart')} />
      <Field label="Closing time *" type="time" error={e.operatingHoursEnd?.message} {...register('operatingHoursEnd')} />
      <Field label="Total dock doors" type="number" min={0} error={e.totalDockDoors?.message} {...register('totalDockDoors')} />
      <SelectField label="Slot length" options={SLOT_MINUTE_CHOICES.map((m) => ({ value: String(m), label: `${m} minutes` }))} error={e.slotMinutes?.message} {...register('slotMinutes')} />
      <Field label="Bookings per slot" type="number" min={1} error={e.slotCapacity?.message} {...register('slotCapacity')} />
      <FormActions onCancel={onDone} pending={create.isPending} submitLabel="Add Facility" className="sm:col-span-2" />
    </form>
  );
}

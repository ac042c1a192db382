import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import { carrierInputSchema, SERVICE_TYPES } from '@shared/contracts/carriers';
import { FormActions } from '../../../components/ui/form-actions';
import { Field } from '../../../components/ui/field';
import { useCreateCarrier } from '../api/carriers';

type FormInput = z.input<typeof carrierInputSchema>;
type FormOutput = z.output<typeof carrierInputSchema>;

export function CarrierForm({ onDone }: { onDone: () => void }) {
  const create = useCreateCarrier();
  const { register, handleSubmit, formState, watch } = useForm<FormInput, unknown, FormOutput>({
    resolver: zodResolver(carrierInputSchema),
    defaultValues: { name: '', contactEmail: '', contactPhone: '', serviceTypes: [] },
  });
  const e = formState.errors;
  const chosen = watch('serviceTypes') ?? [];
  const noneChosen = !Array.isArray(chosen) || chosen.length === 0;
  return (
    <form onSubmit={handleSubmit((values) => create.mutate(values, { onSuccess: onDone }))} noValidate className="space-y-3">
      <Field label="Carrier name *" error={e.name?.message} {...register('name')} />
      <Field label="Contact email" type="email" error={e.contactEmail?.message} {...register('contactEmail')} />
      <Field label="Contact phone" type="tel" error={e.contactPhone?.message} {...register('contactPhone')} />
      <fieldset>
        <legend className="mb-1 text-sm font-medium text-slate-800">Service types *</legend>
        <div className="grid gap-1 sm:grid-cols-2">
          {SERVICE_TYPES.map((s) => (
            <label key={s.value} className="flex items-center gap-2 text-sm">
              <input type="checkbox" value={s.value} {...register('serviceTypes')} />
              {s.label}
            </label>
          ))}
        </div>
        {noneChosen && <p className="mt-1 text-sm text-red-600">Please select at least one service type</p>}
      </fieldset>
      <FormActions onCancel={onDone} pending={create.isPending} submitLabel="Add Carrier" disabled={noneChosen} />
    </form>
  );
}

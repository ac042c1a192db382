// The Add Door form for the selected facility.
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type * as z from 'zod';
import { DOOR_TYPES, dockDoorInputSchema } from '@shared/contracts/facilities';
import { FormActions } from '../../../components/ui/form-actions';
import { Field } from '../../../components/ui/field';
import { SelectField } from '../../../components/ui/select-field';
import { useCreateDockDoor } from '../api/facilities';

type FormInput = z.input<typeof dockDoorInputSchema>;
type FormOutput = z.output<typeof dockDoorInputSchema>;
const capitalise = (s: string) => s[0]!.toUpperCase() + s.slice(1);

export function DockDoorForm({ facilityId, onDone }: { facilityId: string; onDone: () => void }) {
  const create = useCreateDockDoor();
  const { register, handleSubmit, formState } = useForm<FormInput, unknown, FormOutput>({
    resolver: zodResolver(dockDoorInputSchema),
    defaultValues: { facilityId, doorNumber: '', doorType: 'standard', maxVehicleHeight: '', maxVehicleWidth: '', status: 'available' },
  });
  const e = formState.errors;
  return (
    <form onSubmit={handleSubmit((values) => create.mutate(values, { onSuccess: onDone }))} noValidate className="grid gap-3 sm:grid-cols-2">
      <input type="hidden" {...register('facilityId')} />
      <Field label="Door number *" error={e.doorNumber?.message} {...register('doorNumber')} />
      <SelectField label="Door type *" options={DOOR_TYPES.map((t) => ({ value: t, label: capitalise(t) }))} error={e.doorType?.message} {...register('doorType')} />
      <Field label="Max vehicle height (ft)" type="number" step="0.1" error={e.maxVehicleHeight?.message} {...register('maxVehicleHeight')} />
      <Field label="Max vehicle width (ft)" type="number" step="0.1" error={e.maxVehicleWidth?.message} {...register('maxVehicleWidth')} />
      {e.facilityId && <p className="text-sm text-red-600 sm:col-span-2">{e.facilityId.message}</p>}
      <FormActions onCancel={onDone} pending={create.isPending} submitLabel="Add Door" className="sm:col-span-2" />
    </form>
  );
}

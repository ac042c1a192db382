// Walk-In Check-In: a truck without an appointment; the server writes the walk-in appointment
// (now, two hours) and its check-in together. A door can be given now or later from the card.
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import { walkInCheckinSchema } from '@shared/contracts/checkins';
import { Button } from '../../../components/ui/button';
import { Field } from '../../../components/ui/field';
import { SelectField } from '../../../components/ui/select-field';
import { useDockDoors } from '../../facilities';
import { useWalkInCheckin } from '../api/checkins';

type FormInput = z.input<typeof walkInCheckinSchema>;
type FormOutput = z.output<typeof walkInCheckinSchema>;

export function WalkInForm({ onDone }: { onDone: () => void }) {
  const doors = useDockDoors('default');
  const walkIn = useWalkInCheckin();
  const { register, handleSubmit, formState } = useForm<FormInput, unknown, FormOutput>({
    resolver: zodResolver(walkInCheckinSchema),
    defaultValues: { driverName: '', vehicleLicense: '', carrierName: '', loadType: 'inbound', poNumber: '', bolNumber: '', dockDoorId: '', notes: '' },
  });
  const e = formState.errors;
  const onSubmit = handleSubmit((values) => walkIn.mutate(values, { onSuccess: onDone }));
  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-3 sm:grid-cols-2">
      <Field label="Driver name *" error={e.driverName?.message} {...register('driverName')} />
      <Field label="Vehicle license *" className="[&_input]:uppercase" error={e.vehicleLicense?.message} {...register('vehicleLicense')} />
      <Field label="Carrier name *" error={e.carrierName?.message} {...register('carrierName')} />
      <SelectField label="Load type" options={[{ value: 'inbound', label: 'Inbound' }, { value: 'outbound', label: 'Outbound' }]} {...register('loadType')} />
      <Field label="PO number" {...register('poNumber')} />
      <Field label="BOL number" {...register('bolNumber')} />
      <SelectField label="Dock door" placeholder="Not yet" options={(doors.data ?? []).filter((d) => d.status !== 'maintenance').map((d) => ({ value: d.id, label: `Door ${d.doorNumber}` }))} {...register('dockDoorId')} />
      <Field label="Notes" {...register('notes')} />
      <div className="flex justify-end gap-2 sm:col-span-2">
        <Button variant="secondary" onClick={onDone}>Cancel</Button>
        <Button type="submit" disabled={walkIn.isPending}>Check In Walk-In</Button>
      </div>
    </form>
  );
}

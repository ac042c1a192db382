// Walk-In Check-In: a truck without an appointment; the server writes the walk-in appointment
// (now, two hours) and its check-in together. A door can be given now or later from the card.
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { zodResolver } from '@hookform/resolvers/zod';
import type * as z from 'zod';
import { walkInCheckinSchema } from '@shared/contracts/checkins';
import { Button } from '../../../components/ui/button';
import { Field } from '../../../components/ui/field';
import { SelectField } from '../../../components/ui/select-field';
import { useDockDoors } from '../../facilities';
import { useWalkInCheckin } from '../api/checkins';
import { GateRefusal } from '../../gate';

type FormInput = z.input<typeof walkInCheckinSchema>;
type FormOutput = z.output<typeof walkInCheckinSchema>;

export function WalkInForm({ onDone }: { onDone: () => void }) {
  const { t } = useTranslation();
  const doors = useDockDoors('default');
  const walkIn = useWalkInCheckin();
  const { register, handleSubmit, formState } = useForm<FormInput, unknown, FormOutput>({
    resolver: zodResolver(walkInCheckinSchema),
    defaultValues: { driverName: '', vehicleLicense: '', carrierName: '', loadType: 'inbound', poNumber: '', bolNumber: '', dockDoorId: '', notes: '', driverLicense: '', ewayBill: '' },
  });
  const e = formState.errors;
  const onSubmit = handleSubmit((values) => walkIn.mutate(values, { onSuccess: onDone }));
  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-3 sm:grid-cols-2">
      <Field label={t('checkins.form.driverName')} error={e.driverName?.message} {...register('driverName')} />
      <Field label={t('checkins.form.vehicleLicense')} className="[&_input]:uppercase" error={e.vehicleLicense?.message} {...register('vehicleLicense')} />
      <Field label={t('checkins.form.carrierName')} error={e.carrierName?.message} {...register('carrierName')} />
      <SelectField label={t('checkins.form.loadType')} options={[{ value: 'inbound', label: t('checkins.form.inbound') }, { value: 'outbound', label: t('checkins.form.outbound') }]} {...register('loadType')} />
      <Field label={t('checkins.form.poNumber')} {...register('poNumber')} />
      <Field label={t('checkins.form.bolNumber')} {...register('bolNumber')} />
      <SelectField label={t('checkins.form.dockDoor')} placeholder={t('checkins.form.notYet')} options={(doors.data ?? []).filter((d) => d.status !== 'maintenance').map((d) => ({ value: d.id, label: t('checkins.card.door', { door: d.doorNumber }) }))} {...register('dockDoorId')} />
      <Field label={t('checkins.form.notes')} {...register('notes')} />
      <Field label={t('gate.fields.driverLicense')} className="[&_input]:uppercase" error={e.driverLicense?.message} {...register('driverLicense')} />
      <Field label={t('gate.fields.ewayBill')} inputMode="numeric" error={e.ewayBill?.message} {...register('ewayBill')} />
      <GateRefusal error={walkIn.error} />
      <div className="flex justify-end gap-2 sm:col-span-2">
        <Button variant="secondary" onClick={onDone}>{t('common.cancel')}</Button>
        <Button type="submit" disabled={walkIn.isPending}>{t('checkins.form.checkInWalkIn')}</Button>
      </div>
    </form>
  );
}

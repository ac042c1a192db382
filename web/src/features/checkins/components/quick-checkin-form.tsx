// Quick Check-In for a scheduled appointment of today: choosing the appointment fills its driver,
// vehicle and dock door.
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from '../../../lib/i18n/use-translation';
import { useQuery } from '@tanstack/react-query';
import type * as z from 'zod/mini';
import { quickCheckinSchema } from '@shared/contracts/checkins';
import { Button } from '../../../components/ui/button';
import { Field } from '../../../components/ui/field';
import { SelectField } from '../../../components/ui/select-field';
import { todaysScheduleQuery } from '../../appointments';
import { useDockDoors, useFacilities, useHomeFacility } from '../../facilities';
import { useQuickCheckin } from '../api/checkins';
import { GateRefusal } from '../../gate';
import { fieldBinder, schemaResolver, showServerFieldErrors } from '../../../lib/form-errors';

type FormInput = z.input<typeof quickCheckinSchema>;
type FormOutput = z.output<typeof quickCheckinSchema>;

export function QuickCheckinForm({ onDone }: { onDone: () => void }) {
  const { t } = useTranslation();
  // The hub whose trucks are checked in: the home facility unless another is chosen (one hub's day is read).
  const facilities = useFacilities().data ?? [];
  const home = useHomeFacility();
  const [facilityChoice, setFacilityChoice] = useState<string | null>(null);
  const facilityId = facilityChoice ?? home?.id ?? '';
  const today = useQuery(todaysScheduleQuery(facilityId || undefined));
  const checkin = useQuickCheckin();
  const eligible = (today.data ?? []).filter((a) => a.status === 'scheduled');
  const { register, handleSubmit, setValue, watch, formState, setError } = useForm<FormInput, unknown, FormOutput>({
    resolver: schemaResolver(quickCheckinSchema),
    defaultValues: {
      appointmentId: '',
      driverName: '',
      vehicleLicense: '',
      dockDoorId: '',
      notes: '',
      driverLicense: '',
      ewayBill: '',
    },
  });
  const field = fieldBinder({ register, formState });
  const chosen = eligible.find((a) => a.id === watch('appointmentId'));
  const doors = useDockDoors(chosen?.facilityId ?? 'default');
  const e = formState.errors;
  // What the appointment knows replaces what the previous choice filled in; unknown stays empty.
  const appointmentField = register('appointmentId', {
    onChange: (event: React.ChangeEvent<HTMLSelectElement>) => {
      const a = eligible.find((x) => x.id === event.target.value);
      setValue('driverName', a?.driverName ?? '');
      setValue('vehicleLicense', a?.vehicleLicense ?? '');
      setValue('dockDoorId', a?.dockDoorId ?? '');
    },
  });
  const onSubmit = handleSubmit((values) =>
    checkin.mutate(values, { onSuccess: onDone, onError: (error) => showServerFieldErrors(error, setError) }),
  );
  return (
    <form onSubmit={onSubmit} noValidate className="space-y-3">
      {facilities.length > 1 && (
        <SelectField
          label={t('checkins.form.facility')}
          options={facilities.map((f) => ({ value: f.id, label: f.name }))}
          value={facilityId}
          onChange={(e) => {
            setFacilityChoice(e.target.value);
            // Another hub's day: the appointment chosen (and what it filled) no longer applies.
            setValue('appointmentId', '');
            setValue('driverName', '');
            setValue('vehicleLicense', '');
            setValue('dockDoorId', '');
          }}
        />
      )}
      <SelectField
        label={t('checkins.form.appointment')}
        placeholder={eligible.length ? t('checkins.form.selectAppointment') : t('checkins.form.noAppointments')}
        error={e.appointmentId?.message}
        options={eligible.map((a) => ({
          value: a.id,
          label: `${a.scheduledTimeStart} · ${a.carrierName ?? a.driverName ?? t('checkins.form.guest')} · ${a.bookingReference}`,
        }))}
        {...appointmentField}
      />
      <Field label={t('checkins.form.driverName')} {...field('driverName')} />
      <Field label={t('checkins.form.vehicleLicense')} className="[&_input]:uppercase" {...field('vehicleLicense')} />
      {/* Controlled: the door list loads for the chosen appointment's facility after the choice fills the door. */}
      <SelectField
        label={t('checkins.form.dockDoor')}
        placeholder={t('checkins.form.notYet')}
        options={(doors.data ?? [])
          .filter((d) => d.status !== 'maintenance' || d.id === chosen?.dockDoorId)
          .map((d) => ({ value: d.id, label: t('checkins.card.door', { door: d.doorNumber }) }))}
        {...field('dockDoorId')}
        value={watch('dockDoorId') ?? ''}
      />
      <Field label={t('checkins.form.notes')} {...field('notes')} />
      <Field label={t('gate.fields.driverLicense')} className="[&_input]:uppercase" {...field('driverLicense')} />
      <Field label={t('gate.fields.ewayBill')} inputMode="numeric" {...field('ewayBill')} />
      <GateRefusal error={checkin.error} />
      <div className="flex justify-end gap-2">
        <Button variant="secondary" onClick={onDone}>
          {t('common.cancel')}
        </Button>
        <Button type="submit" disabled={checkin.isPending}>
          {t('checkins.form.checkIn')}
        </Button>
      </div>
    </form>
  );
}

// The form of an appointment type (issue #32): its names, direction, duration rule, doors and vehicles.
// It adds a type, or (given one) edits it in place at the revision it was loaded at (issue #53, item 7).
// Each refusal of the API shows under its field, in the reader's language.
import { useForm } from 'react-hook-form';
import { useTranslation } from '../../../lib/i18n/use-translation';
import { LOAD_TYPES } from '@shared/contracts/appointments';
import { VEHICLE_TYPES } from '@shared/contracts/appointments-guest';
import { DURATION_UNITS, type AppointmentType, type AppointmentTypeInput } from '@shared/contracts/appointment-types';
import { Field } from '../../../components/ui/field';
import { FormActions } from './form-actions';
import { SelectField } from '../../../components/ui/select-field';
import { fieldBinder, showServerFieldErrors } from '../../../lib/form-errors';
import { useCreateType, useFacilityDoors as useDockDoors, useUpdateType } from '../api/booking-setup';

interface TypeValues {
  name: string;
  nameHi: string;
  direction: (typeof LOAD_TYPES)[number];
  doorIds: string[];
  vehicleTypes: string[];
  kind: 'fixed' | 'per-unit';
  minutes: string;
  unit: (typeof DURATION_UNITS)[number];
  minutesPerUnit: string;
  minMinutes: string;
  maxMinutes: string;
  maxQuantity: string;
}
const blankType: TypeValues = {
  name: '',
  nameHi: '',
  direction: 'inbound',
  doorIds: [],
  vehicleTypes: [],
  kind: 'fixed',
  minutes: '60',
  unit: 'pallet',
  minutesPerUnit: '',
  minMinutes: '',
  maxMinutes: '',
  maxQuantity: '',
};

/** A saved type as the form shows it. */
function valuesOf(type: AppointmentType): TypeValues {
  const rule = type.durationRule;
  return {
    ...blankType,
    name: type.name,
    nameHi: type.nameHi ?? '',
    direction: type.direction,
    doorIds: type.doorIds,
    vehicleTypes: type.vehicleTypes,
    kind: rule.kind,
    ...(rule.kind === 'fixed'
      ? { minutes: String(rule.minutes) }
      : {
          unit: rule.unit,
          minutesPerUnit: String(rule.minutesPerUnit),
          minMinutes: String(rule.minMinutes),
          maxMinutes: String(rule.maxMinutes),
          maxQuantity: String(rule.maxQuantity),
        }),
  };
}

/** The API names a rule's parts under durationRule; the form has them flat (the rule itself: its kind). */
const typeFieldOf = (apiField: string) =>
  apiField === 'durationRule' ? 'kind' : apiField.replace(/^durationRule\./, '').replace(/\.\d+$/, '');

export function TypeForm({
  facilityId,
  editing,
  onDone,
}: {
  facilityId: string;
  /** The type to edit; none: a new one. */
  editing?: AppointmentType;
  /** After an edit is saved, or when it is cancelled. */
  onDone?: () => void;
}) {
  const { t } = useTranslation();
  const create = useCreateType(facilityId);
  const update = useUpdateType(facilityId);
  const doors = useDockDoors(facilityId);
  const form = useForm<TypeValues>({ defaultValues: editing ? valuesOf(editing) : blankType });
  const field = fieldBinder(form);
  const kind = form.watch('kind');
  const submit = form.handleSubmit((v) => {
    const body: AppointmentTypeInput = {
      name: v.name,
      nameHi: v.nameHi,
      direction: v.direction,
      doorIds: v.doorIds,
      vehicleTypes: v.vehicleTypes as AppointmentTypeInput['vehicleTypes'],
      durationRule:
        v.kind === 'fixed'
          ? { kind: 'fixed', minutes: v.minutes }
          : {
              kind: 'per-unit',
              unit: v.unit,
              minutesPerUnit: v.minutesPerUnit,
              minMinutes: v.minMinutes,
              maxMinutes: v.maxMinutes,
              maxQuantity: v.maxQuantity,
            },
    };
    const onError = (error: unknown) => showServerFieldErrors(error, form.setError, typeFieldOf);
    if (editing)
      update.mutate({ id: editing.id, revision: editing.revision, input: body }, { onSuccess: onDone, onError });
    else create.mutate(body, { onSuccess: () => form.reset(blankType), onError });
  });
  const title = editing ? t('appointmentTypes.types.editTitle') : t('appointmentTypes.types.add');
  return (
    <form noValidate onSubmit={submit} aria-label={title} className="grid gap-3 md:grid-cols-3">
      <Field label={t('appointmentTypes.types.name')} {...field('name')} />
      <Field label={t('appointmentTypes.types.nameHi')} {...field('nameHi')} />
      <SelectField
        label={t('appointmentTypes.types.direction')}
        options={LOAD_TYPES.map((d) => ({ value: d, label: t(`appointmentTypes.types.directions.${d}`) }))}
        {...field('direction')}
      />
      <SelectField
        label={t('appointmentTypes.types.rule')}
        options={(['fixed', 'per-unit'] as const).map((k) => ({
          value: k,
          label: t(`appointmentTypes.types.rules.${k}`),
        }))}
        {...field('kind')}
      />
      {kind === 'fixed' ? (
        <Field label={t('appointmentTypes.types.minutes')} type="number" min={0} {...field('minutes')} />
      ) : (
        <>
          <SelectField
            label={t('appointmentTypes.types.unit')}
            options={DURATION_UNITS.map((u) => ({ value: u, label: t(`appointmentTypes.types.units.${u}`) }))}
            {...field('unit')}
          />
          <Field
            label={t('appointmentTypes.types.minutesPerUnit')}
            type="number"
            min={0}
            {...field('minutesPerUnit')}
          />
          <Field label={t('appointmentTypes.types.minMinutes')} type="number" min={0} {...field('minMinutes')} />
          <Field label={t('appointmentTypes.types.maxMinutes')} type="number" min={0} {...field('maxMinutes')} />
          <Field label={t('appointmentTypes.types.maxQuantity')} type="number" min={1} {...field('maxQuantity')} />
        </>
      )}
      <fieldset className="text-sm md:col-span-3">
        <legend className="font-medium">{t('appointmentTypes.types.doors')}</legend>
        <div className="flex flex-wrap gap-3">
          {(doors.data ?? []).map((d) => (
            <label key={d.id} className="flex items-center gap-1">
              <input type="checkbox" value={d.id} {...form.register('doorIds')} /> {d.doorNumber}
            </label>
          ))}
        </div>
        {field('doorIds').error && <p className="text-sm text-red-600">{field('doorIds').error}</p>}
      </fieldset>
      <fieldset className="text-sm md:col-span-3">
        <legend className="font-medium">{t('appointmentTypes.types.vehicles')}</legend>
        <div className="flex flex-wrap gap-3">
          {VEHICLE_TYPES.map((v) => (
            <label key={v} className="flex items-center gap-1">
              <input type="checkbox" value={v} {...form.register('vehicleTypes')} /> {v}
            </label>
          ))}
        </div>
      </fieldset>
      <FormActions
        editing={Boolean(editing)}
        pending={create.isPending || update.isPending}
        addLabel={t('appointmentTypes.types.add')}
        onDone={onDone}
      />
    </form>
  );
}

// /configuration's "Appointment types and booking fields" section for one facility (issue #32): the types
// with their duration rules and doors, and the custom fields bookings answer. Staff who cannot change
// facilities see the lists only. Each refusal of the API shows under its field, in the reader's language.
import { useForm } from 'react-hook-form';
import { useTranslation } from '../../../lib/i18n/use-translation';
import { LOAD_TYPES } from '@shared/contracts/appointments';
import { VEHICLE_TYPES } from '@shared/contracts/appointments-guest';
import { DURATION_UNITS, type AppointmentType, type AppointmentTypeInput } from '@shared/contracts/appointment-types';
import { Button } from '../../../components/ui/button';
import { Card, CardBody, CardHeader } from '../../../components/ui/card';
import { Field } from '../../../components/ui/field';
import { SelectField } from '../../../components/ui/select-field';
import { useSession } from '../../../lib/session';
import { fieldBinder, showServerFieldErrors } from '../../../lib/form-errors';
import {
  useBookingSetup,
  useCreateType,
  useDeleteField,
  useDeleteType,
  useFacilityDoors as useDockDoors,
} from '../api/booking-setup';
import { FieldForm } from './field-form';

export function BookingSetupPanel({ facilityId }: { facilityId: string }) {
  const { t, i18n } = useTranslation();
  const { hasPermission } = useSession();
  const canWrite = hasPermission('facilities:write');
  const setup = useBookingSetup(facilityId);
  const doors = useDockDoors(facilityId);
  const removeType = useDeleteType(facilityId);
  const removeField = useDeleteField(facilityId);
  const hindi = i18n.language === 'hi';
  const doorName = (id: string) => doors.data?.find((d) => d.id === id)?.doorNumber ?? id;
  const types = setup.data?.types ?? [];
  const typeName = (type: AppointmentType) => (hindi && type.nameHi) || type.name;
  return (
    <Card>
      <CardHeader title={t('appointmentTypes.title')} description={t('appointmentTypes.description')} />
      <CardBody className="space-y-6">
        <section aria-label={t('appointmentTypes.types.title')} className="space-y-3">
          <h3 className="font-semibold">{t('appointmentTypes.types.title')}</h3>
          {setup.data && (
            <p className="text-xs text-slate-500">
              {t('appointmentTypes.types.grid', { minutes: setup.data.slotMinutes })}
            </p>
          )}
          {types.length === 0 && <p className="text-sm text-slate-500">{t('appointmentTypes.types.empty')}</p>}
          <ul className="divide-y text-sm" data-testid="appointment-types">
            {types.map((type) => (
              <li key={type.id} className="flex flex-wrap items-center justify-between gap-2 py-2">
                <span>
                  <span className="font-medium">{typeName(type)}</span> ·{' '}
                  {t(`appointmentTypes.types.directions.${type.direction}`)} ·{' '}
                  {type.durationRule.kind === 'fixed'
                    ? t('appointmentTypes.types.fixedSummary', { minutes: type.durationRule.minutes })
                    : t('appointmentTypes.types.perUnitSummary', {
                        perUnit: type.durationRule.minutesPerUnit,
                        unit: t(`appointmentTypes.types.units.${type.durationRule.unit}`),
                        min: type.durationRule.minMinutes,
                        max: type.durationRule.maxMinutes,
                        most: type.durationRule.maxQuantity,
                      })}{' '}
                  · {type.doorIds.length ? type.doorIds.map(doorName).join(', ') : t('appointmentTypes.types.allDoors')}
                </span>
                {canWrite && (
                  <Button type="button" variant="secondary" onClick={() => removeType.mutate(type)}>
                    {t('appointmentTypes.types.remove')}
                  </Button>
                )}
              </li>
            ))}
          </ul>
          {canWrite && <TypeForm facilityId={facilityId} />}
        </section>
        <section aria-label={t('appointmentTypes.fields.title')} className="space-y-3">
          <h3 className="font-semibold">{t('appointmentTypes.fields.title')}</h3>
          {setup.data?.fields.length === 0 && (
            <p className="text-sm text-slate-500">{t('appointmentTypes.fields.empty')}</p>
          )}
          <ul className="divide-y text-sm" data-testid="booking-fields">
            {(setup.data?.fields ?? []).map((f) => (
              <li key={f.id} className="flex flex-wrap items-center justify-between gap-2 py-2">
                <span>
                  <span className="font-medium">{(hindi && f.labelHi) || f.label}</span> ·{' '}
                  {t(`appointmentTypes.fields.kinds.${f.kind}`)}
                  {f.typeIds.length
                    ? ` · ${f.typeIds
                        .map((id) => types.find((ty) => ty.id === id))
                        .map((ty) => (ty ? typeName(ty) : ''))
                        .join(', ')}`
                    : ''}
                  {f.requiredForStaff ? ` · ${t('appointmentTypes.fields.requiredForStaff')}` : ''}
                  {f.requiredForCarriers ? ` · ${t('appointmentTypes.fields.requiredForCarriers')}` : ''}
                  {f.hiddenFromCarriers ? ` · ${t('appointmentTypes.fields.hiddenFromCarriers')}` : ''}
                  {f.uniquePerFacility ? ` · ${t('appointmentTypes.fields.unique')}` : ''}
                </span>
                {canWrite && (
                  <Button type="button" variant="secondary" onClick={() => removeField.mutate(f)}>
                    {t('appointmentTypes.fields.remove')}
                  </Button>
                )}
              </li>
            ))}
          </ul>
          {canWrite && <FieldForm facilityId={facilityId} types={types} />}
        </section>
      </CardBody>
    </Card>
  );
}

interface TypeForm {
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
const blankType: TypeForm = {
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

/** The API names a rule's parts under durationRule; the form has them flat (the rule itself: its kind). */
const typeFieldOf = (apiField: string) =>
  apiField === 'durationRule' ? 'kind' : apiField.replace(/^durationRule\./, '').replace(/\.\d+$/, '');

function TypeForm({ facilityId }: { facilityId: string }) {
  const { t } = useTranslation();
  const create = useCreateType(facilityId);
  const doors = useDockDoors(facilityId);
  const form = useForm<TypeForm>({ defaultValues: blankType });
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
    create.mutate(body, {
      onSuccess: () => form.reset(blankType),
      onError: (error) => showServerFieldErrors(error, form.setError, typeFieldOf),
    });
  });
  return (
    <form
      noValidate
      onSubmit={submit}
      aria-label={t('appointmentTypes.types.add')}
      className="grid gap-3 md:grid-cols-3"
    >
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
      <div className="md:col-span-3">
        <Button type="submit" disabled={create.isPending}>
          {t('appointmentTypes.types.add')}
        </Button>
      </div>
    </form>
  );
}

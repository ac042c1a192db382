// Opening hours, slot length and bookings per slot of a facility. Only the settings the user changed
// are sent, with the version the form was filled from: another person's edit of another setting is
// kept, and one made since the form was filled is not overwritten (the server answers 409).
import { useForm } from 'react-hook-form';
import { useTranslation } from '../../../lib/i18n/use-translation';
import type * as z from 'zod/mini';
import { facilityUpdateSchema, SLOT_MINUTE_CHOICES } from '@shared/contracts/facilities';
import { Button } from '../../../components/ui/button';
import { Field } from '../../../components/ui/field';
import { SelectField } from '../../../components/ui/select-field';
import { useUpdateFacility, type Facility } from '../api/facilities';
import { fieldBinder, schemaResolver } from '../../../lib/form-errors';

type FormInput = z.input<typeof facilityUpdateSchema>;
type FormOutput = z.output<typeof facilityUpdateSchema>;

export function SlotSettings({ facility }: { facility: Facility }) {
  const { t } = useTranslation();
  const update = useUpdateFacility(facility.id);
  const { register, handleSubmit, formState } = useForm<FormInput, unknown, FormOutput>({
    resolver: schemaResolver(facilityUpdateSchema),
    // Numbers as the inputs hold them (text), so that an untouched field is not seen as changed.
    values: {
      operatingHoursStart: facility.operatingHoursStart,
      operatingHoursEnd: facility.operatingHoursEnd,
      slotMinutes: String(facility.slotMinutes),
      slotCapacity: String(facility.slotCapacity),
    },
  });
  const field = fieldBinder({ register, formState });
  const { dirtyFields } = formState; // read while rendering, so the form tracks them
  const save = handleSubmit((values) => {
    const changed = Object.fromEntries(
      Object.entries(values).filter(([field]) => dirtyFields[field as keyof FormInput]),
    );
    update.mutate({ ...changed, revision: facility.revision ?? 0 });
  });
  return (
    <form onSubmit={save} noValidate className="grid gap-3 sm:grid-cols-4">
      <Field label={t('facilities.configuration.opening')} type="time" {...field('operatingHoursStart')} />
      <Field label={t('facilities.configuration.closing')} type="time" {...field('operatingHoursEnd')} />
      <SelectField
        label={t('facilities.form.slotLength')}
        options={SLOT_MINUTE_CHOICES.map((m) => ({
          value: String(m),
          label: t('facilities.slotMinutes', { count: m }),
        }))}
        {...field('slotMinutes')}
      />
      <Field label={t('facilities.form.bookingsPerSlot')} type="number" min={1} {...field('slotCapacity')} />
      <div className="sm:col-span-4">
        <Button type="submit" disabled={update.isPending || !formState.isDirty}>
          {update.isPending ? t('facilities.configuration.saving') : t('facilities.configuration.save')}
        </Button>
      </div>
    </form>
  );
}

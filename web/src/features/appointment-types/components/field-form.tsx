// The form of a custom booking field of a facility (issue #32): its kind and options, who must answer it,
// a pattern or range with its own message, and the types it is asked for. It adds a field, or (given one)
// edits it in place at the revision it was loaded at (issue #53, item 7); a label that repeats a built-in
// field is refused by the API under the label.
import { useForm } from 'react-hook-form';
import { useTranslation } from '../../../lib/i18n/use-translation';
import {
  FIELD_KINDS,
  type AppointmentType,
  type BookingField,
  type BookingFieldInput,
} from '@shared/contracts/appointment-types';
import { Field } from '../../../components/ui/field';
import { FormActions } from './form-actions';
import { SelectField } from '../../../components/ui/select-field';
import { fieldBinder, showServerFieldErrors } from '../../../lib/form-errors';
import { useCreateField, useUpdateField } from '../api/booking-setup';

interface FieldValues {
  label: string;
  labelHi: string;
  kind: (typeof FIELD_KINDS)[number];
  typeId: string;
  options: string;
  requiredForStaff: boolean;
  requiredForCarriers: boolean;
  hiddenFromCarriers: boolean;
  pattern: string;
  min: string;
  max: string;
  message: string;
  messageHi: string;
  uniquePerFacility: boolean;
}
const blankField: FieldValues = {
  label: '',
  labelHi: '',
  kind: 'text',
  typeId: '',
  options: '',
  requiredForStaff: false,
  requiredForCarriers: false,
  hiddenFromCarriers: false,
  pattern: '',
  min: '',
  max: '',
  message: '',
  messageHi: '',
  uniquePerFacility: false,
};
const numberOrNull = (v: string) => (v.trim() === '' ? null : Number(v));
const text = (v: string | number | null) => (v === null ? '' : String(v));

/** A saved field as the form shows it (the form asks for one type; see `typeIdsOf`). */
const valuesOf = (f: BookingField): FieldValues => ({
  label: f.label,
  labelHi: text(f.labelHi),
  kind: f.kind,
  typeId: f.typeIds[0] ?? '',
  options: f.options.join(', '),
  requiredForStaff: f.requiredForStaff,
  requiredForCarriers: f.requiredForCarriers,
  hiddenFromCarriers: f.hiddenFromCarriers,
  pattern: text(f.pattern),
  min: text(f.min),
  max: text(f.max),
  message: text(f.message),
  messageHi: text(f.messageHi),
  uniquePerFacility: f.uniquePerFacility,
});

/** The API's names of a field's parts (an edit's under `field.`) as the form's. */
const fieldOf = (apiField: string) => {
  const name = apiField.replace(/^field\./, '').replace(/\.\d+$/, '');
  return name === 'typeIds' ? 'typeId' : name;
};

export function FieldForm({
  facilityId,
  types,
  editing,
  onDone,
}: {
  facilityId: string;
  types: AppointmentType[];
  /** The field to edit; none: a new one. */
  editing?: BookingField;
  /** After an edit is saved, or when it is cancelled. */
  onDone?: () => void;
}) {
  const { t } = useTranslation();
  const create = useCreateField(facilityId);
  const update = useUpdateField(facilityId);
  const form = useForm<FieldValues>({ defaultValues: editing ? valuesOf(editing) : blankField });
  const field = fieldBinder(form);
  const kind = form.watch('kind');
  // A field asked for several types (set through the API) keeps them while its first is still chosen.
  const typeIdsOf = (typeId: string) =>
    editing && typeId === (editing.typeIds[0] ?? '') ? editing.typeIds : typeId ? [typeId] : [];
  const submit = form.handleSubmit((v) => {
    const body: BookingFieldInput = {
      label: v.label,
      labelHi: v.labelHi,
      kind: v.kind,
      typeIds: typeIdsOf(v.typeId),
      options: v.kind === 'dropdown' ? v.options.split(',').map((o) => o.trim()) : [],
      requiredForStaff: v.requiredForStaff,
      requiredForCarriers: v.requiredForCarriers,
      hiddenFromCarriers: v.hiddenFromCarriers,
      pattern: v.kind === 'text' ? v.pattern : null,
      min: v.kind === 'number' ? numberOrNull(v.min) : null,
      max: v.kind === 'number' ? numberOrNull(v.max) : null,
      message: v.message,
      messageHi: v.messageHi,
      uniquePerFacility: v.uniquePerFacility,
    };
    const onError = (error: unknown) => showServerFieldErrors(error, form.setError, fieldOf);
    if (editing)
      update.mutate({ id: editing.id, revision: editing.revision, input: body }, { onSuccess: onDone, onError });
    else create.mutate(body, { onSuccess: () => form.reset(blankField), onError });
  });
  const title = editing ? t('appointmentTypes.fields.editTitle') : t('appointmentTypes.fields.add');
  const check = (name: 'requiredForStaff' | 'requiredForCarriers' | 'hiddenFromCarriers' | 'uniquePerFacility') => (
    <label className="flex items-center gap-2 text-sm">
      <input type="checkbox" {...form.register(name)} />{' '}
      {t(`appointmentTypes.fields.${name === 'uniquePerFacility' ? 'unique' : name}`)}
      {field(name).error && <span className="text-red-600">{field(name).error}</span>}
    </label>
  );
  return (
    <form noValidate onSubmit={submit} aria-label={title} className="grid gap-3 md:grid-cols-3">
      <Field label={t('appointmentTypes.fields.label')} {...field('label')} />
      <Field label={t('appointmentTypes.fields.labelHi')} {...field('labelHi')} />
      <SelectField
        label={t('appointmentTypes.fields.kind')}
        options={FIELD_KINDS.map((k) => ({ value: k, label: t(`appointmentTypes.fields.kinds.${k}`) }))}
        {...field('kind')}
      />
      <SelectField
        label={t('appointmentTypes.fields.forType')}
        options={[
          { value: '', label: t('appointmentTypes.fields.everyType') },
          ...types.map((ty) => ({ value: ty.id, label: ty.name })),
        ]}
        {...field('typeId')}
      />
      {kind === 'dropdown' && <Field label={t('appointmentTypes.fields.options')} {...field('options')} />}
      {kind === 'text' && <Field label={t('appointmentTypes.fields.pattern')} {...field('pattern')} />}
      {kind === 'number' && (
        <>
          <Field label={t('appointmentTypes.fields.min')} type="number" {...field('min')} />
          <Field label={t('appointmentTypes.fields.max')} type="number" {...field('max')} />
        </>
      )}
      <Field label={t('appointmentTypes.fields.message')} {...field('message')} />
      <Field label={t('appointmentTypes.fields.messageHi')} {...field('messageHi')} />
      <div className="space-y-1 md:col-span-3">
        {check('requiredForStaff')}
        {check('requiredForCarriers')}
        {check('hiddenFromCarriers')}
        {check('uniquePerFacility')}
      </div>
      <FormActions
        editing={Boolean(editing)}
        pending={create.isPending || update.isPending}
        addLabel={t('appointmentTypes.fields.add')}
        onDone={onDone}
      />
    </form>
  );
}

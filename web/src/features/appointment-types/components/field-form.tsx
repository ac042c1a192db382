// The form that adds a custom booking field to a facility (issue #32): its kind and options, who must
// answer it, a pattern or range with its own message, and the types it is asked for.
import { useForm } from 'react-hook-form';
import { useTranslation } from '../../../lib/i18n/use-translation';
import { FIELD_KINDS, type AppointmentType, type BookingFieldInput } from '@shared/contracts/appointment-types';
import { Button } from '../../../components/ui/button';
import { Field } from '../../../components/ui/field';
import { SelectField } from '../../../components/ui/select-field';
import { fieldBinder, showServerFieldErrors } from '../../../lib/form-errors';
import { useCreateField } from '../api/booking-setup';

interface FieldForm {
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
const blankField: FieldForm = {
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

export function FieldForm({ facilityId, types }: { facilityId: string; types: AppointmentType[] }) {
  const { t } = useTranslation();
  const create = useCreateField(facilityId);
  const form = useForm<FieldForm>({ defaultValues: blankField });
  const field = fieldBinder(form);
  const kind = form.watch('kind');
  const submit = form.handleSubmit((v) => {
    const body: BookingFieldInput = {
      label: v.label,
      labelHi: v.labelHi,
      kind: v.kind,
      typeIds: v.typeId ? [v.typeId] : [],
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
    create.mutate(body, {
      onSuccess: () => form.reset(blankField),
      onError: (error) =>
        showServerFieldErrors(error, form.setError, (f) => (f === 'typeIds' ? 'typeId' : f.replace(/\.\d+$/, ''))),
    });
  });
  const check = (name: 'requiredForStaff' | 'requiredForCarriers' | 'hiddenFromCarriers' | 'uniquePerFacility') => (
    <label className="flex items-center gap-2 text-sm">
      <input type="checkbox" {...form.register(name)} />{' '}
      {t(`appointmentTypes.fields.${name === 'uniquePerFacility' ? 'unique' : name}`)}
      {field(name).error && <span className="text-red-600">{field(name).error}</span>}
    </label>
  );
  return (
    <form
      noValidate
      onSubmit={submit}
      aria-label={t('appointmentTypes.fields.add')}
      className="grid gap-3 md:grid-cols-3"
    >
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
      <div className="md:col-span-3">
        <Button type="submit" disabled={create.isPending}>
          {t('appointmentTypes.fields.add')}
        </Button>
      </div>
    </form>
  );
}

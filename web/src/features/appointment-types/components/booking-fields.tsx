// The custom booking fields of a facility in a booking form (issue #32): the fields the booking of the
// chosen type asks this person (carriers: not those hidden from them), each under its label in the
// reader's language, with its own message where the field has one. Named `fields.<id>` in the form,
// as the API names their refusals.
import { get, type FieldValues, type Path, type UseFormReturn } from 'react-hook-form';
import { useTranslation } from '../../../lib/i18n/use-translation';
import {
  fieldsAsked,
  type BookingField,
  type BookingSetup,
  type FieldAudience,
} from '@shared/contracts/appointment-types';
import { Field } from '../../../components/ui/field';
import { SelectField } from '../../../components/ui/select-field';

export function BookingFields<T extends FieldValues>({
  setup,
  typeId,
  audience,
  form,
}: {
  setup: BookingSetup | undefined;
  typeId: string | null;
  audience: FieldAudience;
  form: Pick<UseFormReturn<T, unknown, FieldValues>, 'register' | 'formState'>;
}) {
  const { i18n } = useTranslation();
  const hindi = i18n.language === 'hi';
  const asked = fieldsAsked(setup?.fields ?? [], typeId, audience);
  if (!asked.length) return null;
  const required = (f: BookingField) => (audience === 'staff' ? f.requiredForStaff : f.requiredForCarriers);
  const bind = (f: BookingField) => {
    const name = `fields.${f.id}` as Path<T>;
    const found: { message?: string } | undefined = get(form.formState.errors, name);
    const error = found?.message;
    // The field's own message reads in Hindi as the staff wrote it; other messages through the catalogue.
    const message = hindi && error && f.message && error === f.message && f.messageHi ? f.messageHi : error;
    return {
      ...form.register(name),
      label: `${(hindi && f.labelHi) || f.label}${required(f) ? ' *' : ''}`,
      error: message,
      'data-testid': `booking-field-${f.label}`,
    };
  };
  return (
    <>
      {asked.map((f) => {
        const props = bind(f);
        switch (f.kind) {
          case 'checkbox':
            return (
              <label key={f.id} className="flex items-center gap-2 self-end pb-2 text-sm">
                <input
                  type="checkbox"
                  {...form.register(`fields.${f.id}` as Path<T>)}
                  data-testid={props['data-testid']}
                />{' '}
                {props.label}
                {props.error && <span className="text-red-600">{props.error}</span>}
              </label>
            );
          case 'dropdown':
            return (
              <SelectField
                key={f.id}
                placeholder="—"
                options={f.options.map((o) => ({ value: o, label: o }))}
                {...props}
              />
            );
          default:
            return (
              <Field
                key={f.id}
                type={f.kind === 'number' ? 'number' : f.kind === 'date' ? 'date' : 'text'}
                {...props}
              />
            );
        }
      })}
    </>
  );
}

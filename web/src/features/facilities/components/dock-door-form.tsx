// The Add Door form for the selected facility.
import { useForm } from 'react-hook-form';
import { useTranslation } from '../../../lib/i18n/use-translation';
import type * as z from 'zod/mini';
import { DOOR_TYPES, dockDoorInputSchema } from '@shared/contracts/facilities';
import { FormActions } from '../../../components/ui/form-actions';
import { Field } from '../../../components/ui/field';
import { SelectField } from '../../../components/ui/select-field';
import { useCreateDockDoor } from '../api/facilities';
import { fieldBinder, schemaResolver, showServerFieldErrors } from '../../../lib/form-errors';

type FormInput = z.input<typeof dockDoorInputSchema>;
type FormOutput = z.output<typeof dockDoorInputSchema>;

export function DockDoorForm({ facilityId, onDone }: { facilityId: string; onDone: () => void }) {
  const { t } = useTranslation();
  const create = useCreateDockDoor();
  const { register, handleSubmit, formState, setError } = useForm<FormInput, unknown, FormOutput>({
    resolver: schemaResolver(dockDoorInputSchema),
    defaultValues: {
      facilityId,
      doorNumber: '',
      doorType: 'standard',
      maxVehicleHeight: '',
      maxVehicleWidth: '',
      status: 'available',
    },
  });
  const field = fieldBinder({ register, formState });
  const e = formState.errors;
  return (
    <form
      onSubmit={handleSubmit((values) =>
        create.mutate(values, { onSuccess: onDone, onError: (error) => showServerFieldErrors(error, setError) }),
      )}
      noValidate
      className="grid gap-3 sm:grid-cols-2"
    >
      <input type="hidden" {...register('facilityId')} />
      <Field label={t('facilities.form.doorNumber')} {...field('doorNumber')} />
      <SelectField
        label={t('facilities.form.doorType')}
        options={DOOR_TYPES.map((type) => ({ value: type, label: t(`facilities.doorTypes.${type}`) }))}
        {...field('doorType')}
      />
      <Field label={t('facilities.form.maxHeight')} type="number" step="0.1" {...field('maxVehicleHeight')} />
      <Field label={t('facilities.form.maxWidth')} type="number" step="0.1" {...field('maxVehicleWidth')} />
      {e.facilityId && <p className="text-sm text-red-600 sm:col-span-2">{e.facilityId.message}</p>}
      <FormActions
        onCancel={onDone}
        pending={create.isPending}
        submitLabel={t('facilities.addDoor')}
        className="sm:col-span-2"
      />
    </form>
  );
}

// Booking at a linked hub (issue #59): the hub's own appointment form, checked by the same shared schema
// as at the hub; the hub's rules (lead time, cut-offs, approval) are the server's to apply, and its
// refusal shows under the field it names, or in the toast as the hub gave it.
import { useForm, useWatch } from 'react-hook-form';
import * as z from 'zod/mini';
import { appointmentInputSchema, LOAD_TYPES } from '@shared/contracts/appointments';
import type { CarrierPerson, MyHub } from '@shared/contracts/carrier-identity';
import { useTranslation } from '../../../lib/i18n/use-translation';
import { Field } from '../../../components/ui/field';
import { SelectField } from '../../../components/ui/select-field';
import { FormActions } from '../../../components/ui/form-actions';
import { fieldBinder, schemaResolver, showServerFieldErrors } from '../../../lib/form-errors';
import { useBookAtHub } from '../api/identity';

const shape = appointmentInputSchema.shape;
/** The hub's appointment form with the hub chosen first (its message in the reader's language). */
const bookingFormSchema = (chooseHub: string) =>
  z.object({
    hubId: z.string().check(z.trim(), z.minLength(1, chooseHub)),
    facilityId: shape.facilityId,
    typeId: shape.typeId,
    scheduledDate: shape.scheduledDate,
    scheduledTimeStart: shape.scheduledTimeStart,
    scheduledTimeEnd: shape.scheduledTimeEnd,
    vehicleLicense: shape.vehicleLicense,
    loadType: shape.loadType,
    poNumber: shape.poNumber,
    driverId: shape.driverId,
  });
type BookingFormInput = z.input<ReturnType<typeof bookingFormSchema>>;
type BookingFormOutput = z.output<ReturnType<typeof bookingFormSchema>>;

export function BookingForm({
  hubs,
  drivers,
  hubId,
  date,
  onDone,
}: {
  hubs: MyHub[];
  drivers: CarrierPerson[];
  hubId: string;
  date: string;
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const book = useBookAtHub();
  const firstHub = hubs.find((h) => h.tenantId === hubId) ?? (hubs.length === 1 ? hubs[0] : undefined);
  const { register, handleSubmit, formState, setError, control } = useForm<
    BookingFormInput,
    unknown,
    BookingFormOutput
  >({
    resolver: schemaResolver(bookingFormSchema(t('carrierIdentity.book.hubRequired'))),
    defaultValues: {
      hubId: firstHub?.tenantId ?? '',
      facilityId: firstHub?.facilities.length === 1 ? firstHub.facilities[0]!.id : '',
      typeId: '',
      scheduledDate: date,
      scheduledTimeStart: '',
      scheduledTimeEnd: '',
      vehicleLicense: '',
      loadType: 'inbound',
      poNumber: '',
      driverId: '',
    },
  });
  const field = fieldBinder({ register, formState });
  const chosenHubId = useWatch({ control, name: 'hubId' });
  const chosenFacilityId = useWatch({ control, name: 'facilityId' });
  const hub = hubs.find((h) => h.tenantId === chosenHubId);
  const types = hub?.appointmentTypes.filter((type) => type.facilityId === chosenFacilityId) ?? [];
  const submit = handleSubmit(({ hubId: target, ...booking }) =>
    book.mutate(
      { hubId: target, booking },
      { onSuccess: onDone, onError: (error) => showServerFieldErrors(error, setError) },
    ),
  );
  return (
    <form onSubmit={submit} noValidate className="space-y-3" aria-label={t('carrierIdentity.book.title')}>
      <SelectField
        label={t('carrierIdentity.book.hub')}
        placeholder={t('carrierIdentity.book.chooseHub')}
        options={hubs.map((h) => ({ value: h.tenantId, label: h.hubName }))}
        {...field('hubId')}
      />
      <SelectField
        label={t('carrierIdentity.book.facility')}
        placeholder={t('carrierIdentity.book.chooseFacility')}
        options={(hub?.facilities ?? []).map((f) => ({ value: f.id, label: f.name }))}
        {...field('facilityId')}
      />
      {types.length > 0 && (
        <SelectField
          label={t('carrierIdentity.book.type')}
          placeholder={t('carrierIdentity.book.noType')}
          options={types.map((type) => ({ value: type.id, label: type.name }))}
          {...field('typeId')}
        />
      )}
      <Field label={t('carrierIdentity.book.date')} type="date" {...field('scheduledDate')} />
      <div className="grid grid-cols-2 gap-3">
        <Field label={t('carrierIdentity.book.start')} type="time" step={900} {...field('scheduledTimeStart')} />
        <Field label={t('carrierIdentity.book.end')} type="time" step={900} {...field('scheduledTimeEnd')} />
      </div>
      <Field label={t('carrierIdentity.book.vehicle')} autoCapitalize="characters" {...field('vehicleLicense')} />
      <SelectField
        label={t('carrierIdentity.book.loadType')}
        options={LOAD_TYPES.map((l) => ({ value: l, label: t(`carrierIdentity.book.loadTypes.${l}`) }))}
        {...field('loadType')}
      />
      <Field label={t('carrierIdentity.book.po')} {...field('poNumber')} />
      <SelectField
        label={t('carrierIdentity.book.driver')}
        placeholder={t('carrierIdentity.bookings.chooseDriver')}
        options={drivers.map((d) => ({ value: d.id, label: d.name }))}
        {...field('driverId')}
      />
      {formState.errors.root && (
        <p role="alert" className="text-sm text-red-600">
          {formState.errors.root.message}
        </p>
      )}
      <FormActions
        onCancel={onDone}
        pending={book.isPending}
        submitLabel={t(book.isPending ? 'carrierIdentity.book.submitting' : 'carrierIdentity.book.submit')}
      />
    </form>
  );
}

// Walk-In Check-In: a truck without an appointment; the server writes the walk-in appointment
// (now, two hours) and its check-in together. A door can be given now or later from the card.
import { useForm } from 'react-hook-form';
import { useTranslation } from '../../../lib/i18n/use-translation';
import type * as z from 'zod/mini';
import { walkInCheckinSchema } from '@shared/contracts/checkins';
import { Button } from '../../../components/ui/button';
import { Field } from '../../../components/ui/field';
import { SelectField } from '../../../components/ui/select-field';
import { useDockDoors } from '../../facilities';
import { useWalkInCheckin } from '../api/checkins';
import { GateRefusal } from '../../gate';
import { PrivacyNotice, useConsentChoice } from '../../privacy';
import { fieldBinder, schemaResolver, showServerFieldErrors } from '../../../lib/form-errors';

type FormInput = z.input<typeof walkInCheckinSchema>;
type FormOutput = z.output<typeof walkInCheckinSchema>;

export function WalkInForm({ onDone }: { onDone: () => void }) {
  const { t } = useTranslation();
  const doors = useDockDoors('default');
  const walkIn = useWalkInCheckin();
  const { register, handleSubmit, formState, setError } = useForm<FormInput, unknown, FormOutput>({
    resolver: schemaResolver(walkInCheckinSchema),
    defaultValues: {
      driverName: '',
      vehicleLicense: '',
      carrierName: '',
      loadType: 'inbound',
      poNumber: '',
      bolNumber: '',
      dockDoorId: '',
      notes: '',
      driverLicense: '',
      ewayBill: '',
      driverPhone: '',
    },
  });
  const consent = useConsentChoice();
  const field = fieldBinder({ register, formState });
  const onSubmit = handleSubmit((values) =>
    walkIn.mutate(
      { ...values, consent: consent.consent() },
      { onSuccess: onDone, onError: (error) => showServerFieldErrors(error, setError) },
    ),
  );
  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-3 sm:grid-cols-2">
      <Field label={t('checkins.form.driverName')} {...field('driverName')} />
      <Field label={t('checkins.form.vehicleLicense')} className="[&_input]:uppercase" {...field('vehicleLicense')} />
      <Field label={t('checkins.form.carrierName')} {...field('carrierName')} />
      <SelectField
        label={t('checkins.form.loadType')}
        options={[
          { value: 'inbound', label: t('checkins.form.inbound') },
          { value: 'outbound', label: t('checkins.form.outbound') },
        ]}
        {...field('loadType')}
      />
      <Field label={t('checkins.form.poNumber')} {...field('poNumber')} />
      <Field label={t('checkins.form.bolNumber')} {...field('bolNumber')} />
      <SelectField
        label={t('checkins.form.dockDoor')}
        placeholder={t('checkins.form.notYet')}
        options={(doors.data ?? [])
          .filter((d) => d.status !== 'maintenance')
          .map((d) => ({ value: d.id, label: t('checkins.card.door', { door: d.doorNumber }) }))}
        {...field('dockDoorId')}
      />
      <Field label={t('checkins.form.notes')} {...field('notes')} />
      <Field label={t('gate.fields.driverLicense')} className="[&_input]:uppercase" {...field('driverLicense')} />
      <Field label={t('gate.fields.ewayBill')} inputMode="numeric" {...field('ewayBill')} />
      <Field label={t('checkins.form.driverPhone')} type="tel" {...field('driverPhone')} />
      <div className="sm:col-span-2">
        <PrivacyNotice choice={consent} />
      </div>
      <GateRefusal error={walkIn.error} />
      <div className="flex justify-end gap-2 sm:col-span-2">
        <Button variant="secondary" onClick={onDone}>
          {t('common.cancel')}
        </Button>
        <Button type="submit" disabled={walkIn.isPending}>
          {t('checkins.form.checkInWalkIn')}
        </Button>
      </div>
    </form>
  );
}

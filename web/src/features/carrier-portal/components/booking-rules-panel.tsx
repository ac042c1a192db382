// /configuration's "Booking rules" section for one facility (issue #32): lead time, the day-before
// cut-off, the change cut-off, one appointment per vehicle a day and the reminder lead time, saved at
// the revision loaded (a stale save shows the server's refusal and reloads). Empty means no limit.
import { useForm } from 'react-hook-form';
import { useTranslation } from '../../../lib/i18n/use-translation';
import type * as z from 'zod/mini';
import { bookingRulesSchema, type BookingRules } from '@shared/contracts/appointments-booking-rules';
import { Button } from '../../../components/ui/button';
import { Card, CardBody, CardHeader } from '../../../components/ui/card';
import { Field } from '../../../components/ui/field';
import { useSession } from '../../../lib/session';
import { fieldBinder, schemaResolver, showServerFieldErrors } from '../../../lib/form-errors';
import { useBookingRules, useSaveBookingRules } from '../api/booking-rules';

type Input = z.input<typeof bookingRulesSchema>;
type Output = z.output<typeof bookingRulesSchema>;

const numberOrNull = (v: unknown) => (v === '' || v === null ? null : Number(v));
const formValues = (r: BookingRules): Input => ({
  minLeadHours: r.minLeadHours,
  maxLeadHours: r.maxLeadHours,
  nextDayCutoff: r.nextDayCutoff,
  changeCutoffHours: r.changeCutoffHours,
  onePerVehiclePerDay: r.onePerVehiclePerDay,
  approvalRequired: r.approvalRequired,
  reminderMinutes: r.reminderMinutes,
  revision: r.revision,
});

export function BookingRulesPanel({ facilityId }: { facilityId: string }) {
  const { t } = useTranslation();
  const { hasPermission } = useSession();
  const rules = useBookingRules(facilityId);
  if (!hasPermission('facilities:write') || !rules.data) return null;
  return (
    <Card>
      <CardHeader title={t('carrierPortal.rules.title')} description={t('carrierPortal.rules.description')} />
      <CardBody>
        <RulesForm key={facilityId} facilityId={facilityId} rules={rules.data} />
      </CardBody>
    </Card>
  );
}

function RulesForm({ facilityId, rules }: { facilityId: string; rules: BookingRules }) {
  const { t } = useTranslation();
  const save = useSaveBookingRules(facilityId);
  const { register, handleSubmit, formState, setError } = useForm<Input, unknown, Output>({
    resolver: schemaResolver(bookingRulesSchema),
    values: formValues(rules),
    resetOptions: { keepDirtyValues: true },
  });
  const field = fieldBinder({ register, formState });
  const hours = { setValueAs: numberOrNull };
  return (
    <form
      noValidate
      aria-label={t('carrierPortal.rules.title')}
      className="grid gap-3 md:grid-cols-3"
      onSubmit={handleSubmit((values) =>
        save.mutate(values, { onError: (error) => showServerFieldErrors(error, setError) }),
      )}
    >
      <Field
        label={t('carrierPortal.rules.minLeadHours')}
        hint={t('carrierPortal.rules.none')}
        inputMode="numeric"
        {...field('minLeadHours', hours)}
      />
      <Field
        label={t('carrierPortal.rules.maxLeadHours')}
        hint={t('carrierPortal.rules.none')}
        inputMode="numeric"
        {...field('maxLeadHours', hours)}
      />
      <Field
        label={t('carrierPortal.rules.nextDayCutoff')}
        hint={t('carrierPortal.rules.none')}
        type="time"
        {...field('nextDayCutoff', { setValueAs: (v: unknown) => (typeof v === 'string' && v ? v : null) })}
      />
      <Field
        label={t('carrierPortal.rules.changeCutoffHours')}
        hint={t('carrierPortal.rules.none')}
        inputMode="numeric"
        {...field('changeCutoffHours', hours)}
      />
      <Field
        label={t('carrierPortal.rules.reminderMinutes')}
        inputMode="numeric"
        {...field('reminderMinutes', { setValueAs: (v: unknown) => (v === '' ? Number.NaN : Number(v)) })}
      />
      <label className="flex items-center gap-2 self-end pb-2 text-sm">
        <input type="checkbox" {...register('onePerVehiclePerDay')} /> {t('carrierPortal.rules.onePerVehiclePerDay')}
      </label>
      <label className="flex items-center gap-2 self-end pb-2 text-sm">
        <input type="checkbox" {...register('approvalRequired')} /> {t('carrierPortal.rules.approvalRequired')}
      </label>
      <div className="md:col-span-3">
        <Button type="submit" disabled={save.isPending}>
          {t('carrierPortal.rules.save')}
        </Button>
      </div>
    </form>
  );
}

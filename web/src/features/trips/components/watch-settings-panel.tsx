// A facility's trip watch settings on /configuration (issue #33): on/off, the facility's location, when
// the watch starts, the road factor, the grace, the city's no-entry hours and the call budget. The save
// carries the revision the form was filled from: a change made since is refused (409), the form then
// takes the current settings but keeps what was typed, and a refused field shows under itself.
import { forwardRef, type ComponentPropsWithoutRef } from 'react';
import { useForm, type Resolver } from 'react-hook-form';
import { useTranslation } from '../../../lib/i18n/use-translation';
import { useQueryClient } from '@tanstack/react-query';
import {
  tripWatchSettingsSchema,
  type TripWatchSettingsInput,
  type TripWatchSettingsView,
} from '@shared/contracts/trips';
import type * as z from 'zod/mini';
import { Card, CardBody, CardHeader } from '../../../components/ui/card';
import { Button } from '../../../components/ui/button';
import { Field, useFieldMessage } from '../../../components/ui/field';
import { ApiError } from '../../../lib/api-client';
import { fieldBinder, schemaResolver, showServerFieldErrors } from '../../../lib/form-errors';
import { useSaveWatchSettings, useWatchSettings, watchSettingsQuery } from '../api/trips';

/** The form holds the no-entry hours even while switched off, so turning them on again keeps them. */
type FormValues = Omit<TripWatchSettingsInput, 'noEntry'> & {
  noEntryOn: boolean;
  noEntry: { from: string; to: string };
};
type Output = z.output<typeof tripWatchSettingsSchema>;

const input = ({ noEntryOn, noEntry, ...rest }: FormValues): TripWatchSettingsInput => ({
  ...rest,
  noEntry: noEntryOn ? noEntry : null,
});

const checked = schemaResolver(tripWatchSettingsSchema);
const resolver: Resolver<FormValues, unknown, Output> = (values, context, options) =>
  checked(input(values), context, options as never);

const formValues = ({ noEntry, fastagReady: _f, facilityId: _id, updatedAt: _u, ...s }: TripWatchSettingsView) => ({
  ...s,
  noEntryOn: noEntry !== null,
  noEntry: noEntry ?? { from: '22:00', to: '06:00' },
});

/** '' is "not given" (null) for the location; any other text is read as a number (the schema checks it). */
const numberOrNull = (v: unknown) => (v === '' || v === null ? null : Number(v));

// forwardRef: react-hook-form reads the box through its ref.
const CheckboxField = forwardRef<
  HTMLInputElement,
  ComponentPropsWithoutRef<'input'> & { label: string; error?: string }
>(function CheckboxField({ label, error, ...props }, ref) {
  const { controlId, controlProps, message } = useFieldMessage(undefined, error);
  return (
    <div className="sm:col-span-3">
      <label htmlFor={controlId} className="flex items-center gap-2 text-sm font-medium text-slate-800">
        <input ref={ref} type="checkbox" {...controlProps} {...props} />
        {label}
      </label>
      {message}
    </div>
  );
});

function WatchSettingsForm({ facilityId, settings }: { facilityId: string; settings: TripWatchSettingsView }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const save = useSaveWatchSettings(facilityId);
  const form = useForm<FormValues, unknown, Output>({
    resolver,
    values: formValues(settings),
    resetOptions: { keepDirtyValues: true },
  });
  const { register, handleSubmit, formState, setError, watch } = form;
  const field = fieldBinder({ register, formState });
  const number = { setValueAs: (v: unknown) => (v === '' ? Number.NaN : Number(v)) };
  const submit = handleSubmit((values) =>
    save.mutate(values, {
      onError: (error) => {
        if (showServerFieldErrors(error, setError)) return;
        if (error instanceof ApiError && error.status === 409) {
          setError('root', { type: 'server', message: t('trips.settings.stale') });
          void queryClient.invalidateQueries({ queryKey: watchSettingsQuery(facilityId).queryKey });
        }
      },
    }),
  );
  return (
    <form onSubmit={submit} noValidate className="grid gap-3 sm:grid-cols-3">
      {!settings.fastagReady && (
        <p role="status" className="rounded-md bg-amber-50 p-3 text-sm text-amber-900 sm:col-span-3">
          {t('trips.settings.fastagOff')}
        </p>
      )}
      <CheckboxField label={t('trips.settings.enabled')} {...field('enabled')} />
      <Field
        label={t('trips.settings.latitude')}
        inputMode="decimal"
        {...field('latitude', { setValueAs: numberOrNull })}
      />
      <Field
        label={t('trips.settings.longitude')}
        inputMode="decimal"
        {...field('longitude', { setValueAs: numberOrNull })}
      />
      <Field label={t('trips.settings.startHoursBefore')} type="number" {...field('startHoursBefore', number)} />
      <Field label={t('trips.settings.roadFactor')} type="number" step="0.1" {...field('roadFactor', number)} />
      <Field label={t('trips.settings.graceMinutes')} type="number" {...field('graceMinutes', number)} />
      <Field label={t('trips.settings.callEveryMinutes')} type="number" {...field('callEveryMinutes', number)} />
      <CheckboxField label={t('trips.settings.noEntryOn')} {...field('noEntryOn')} />
      {watch('noEntryOn') && (
        <>
          <Field label={t('trips.settings.noEntryFrom')} type="time" {...field('noEntry.from')} />
          <Field label={t('trips.settings.noEntryTo')} type="time" {...field('noEntry.to')} />
        </>
      )}
      <CheckboxField label={t('trips.settings.reslotNeedsApproval')} {...field('reslotNeedsApproval')} />
      {formState.errors.root && (
        <p role="alert" className="text-sm text-red-600 sm:col-span-3">
          {formState.errors.root.message}
        </p>
      )}
      <div className="sm:col-span-3">
        <Button type="submit" disabled={save.isPending}>
          {save.isPending ? t('trips.settings.saving') : t('trips.settings.save')}
        </Button>
      </div>
    </form>
  );
}

export function WatchSettingsPanel({ facilityId }: { facilityId: string }) {
  const { t } = useTranslation();
  const settings = useWatchSettings(facilityId);
  return (
    <Card>
      <CardHeader title={t('trips.settings.title')} description={t('trips.settings.description')} />
      <CardBody>
        {settings.data ? (
          <WatchSettingsForm key={facilityId} facilityId={facilityId} settings={settings.data} />
        ) : (
          <p className="text-sm text-slate-500">{t('trips.settings.loading')}</p>
        )}
      </CardBody>
    </Card>
  );
}

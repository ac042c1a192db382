// The form of a new standing appointment (issue #32): facility, carrier, type or door, weekdays, time,
// start date, and an end date or a number of times. Each refusal shows under its field, and what was
// typed is kept.
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from '../../../lib/i18n/use-translation';
import type * as z from 'zod/mini';
import { seriesInputSchema, WEEKDAYS } from '@shared/contracts/series';
import { Button } from '../../../components/ui/button';
import { Card, CardBody, CardHeader } from '../../../components/ui/card';
import { Field } from '../../../components/ui/field';
import { SelectField } from '../../../components/ui/select-field';
import { fieldBinder, schemaResolver, showServerFieldErrors } from '../../../lib/form-errors';
import { useCarriers } from '../../carriers';
import { todayAt, useDockDoors, useFacilities, useHomeFacility } from '../../facilities';
import { useBookingSetup } from '../../appointment-types';
import { useCreateSeries } from '../api/series';

type FormInput = z.input<typeof seriesInputSchema>;
type FormOutput = z.output<typeof seriesInputSchema>;
type Ends = 'byCount' | 'byDate';

export function SeriesForm({ onCreated }: { onCreated: (id: string) => void }) {
  const { t } = useTranslation();
  const home = useHomeFacility();
  const facilities = useFacilities();
  const carriers = useCarriers();
  const create = useCreateSeries();
  const [ends, setEnds] = useState<Ends>('byCount');
  const form = useForm<FormInput, unknown, FormOutput>({
    resolver: schemaResolver(seriesInputSchema),
    defaultValues: {
      facilityId: '',
      carrierId: '',
      typeId: '',
      dockDoorId: '',
      weekdays: [],
      timeStart: '09:00',
      timeEnd: '10:00',
      startDate: todayAt(home),
      endDate: '',
      count: '',
      poNumber: '',
    },
  });
  const field = fieldBinder(form);
  const facilityId = form.watch('facilityId');
  const typeId = form.watch('typeId');
  const setup = useBookingSetup(facilityId || null);
  const doors = useDockDoors(facilityId || null);
  const weekdaysError = field('weekdays').error;
  const chooseEnds = (next: Ends) => {
    setEnds(next);
    form.setValue(next === 'byCount' ? 'endDate' : 'count', '');
  };
  const submit = form.handleSubmit((values) =>
    create.mutate(values, {
      onSuccess: (series) => onCreated(series.id),
      onError: (error) => showServerFieldErrors(error, form.setError),
    }),
  );
  const select = t('series.form.select');
  return (
    <Card>
      <CardHeader title={t('series.form.title')} />
      <CardBody>
        <form noValidate onSubmit={submit} aria-label={t('series.form.title')} className="grid gap-3 md:grid-cols-2">
          <SelectField
            label={t('series.form.facility')}
            placeholder={select}
            options={(facilities.data ?? []).map((f) => ({ value: f.id, label: f.name }))}
            {...field('facilityId')}
          />
          <SelectField
            label={t('series.form.carrier')}
            placeholder={select}
            options={(carriers.data ?? []).map((c) => ({ value: c.id, label: c.name }))}
            {...field('carrierId')}
          />
          <SelectField
            label={t('series.form.type')}
            options={[
              { value: '', label: t('series.form.noType') },
              ...(setup.data?.types ?? []).map((ty) => ({ value: ty.id, label: ty.name })),
            ]}
            {...field('typeId')}
          />
          <SelectField
            label={t('series.form.door')}
            options={[
              { value: '', label: t('series.form.anyDoor') },
              ...(doors.data ?? []).map((d) => ({ value: d.id, label: d.doorNumber })),
            ]}
            {...field('dockDoorId')}
          />
          <fieldset className="md:col-span-2" aria-describedby={weekdaysError ? 'series-weekdays-error' : undefined}>
            <legend className="mb-1 text-sm font-medium">{t('series.form.weekdays')}</legend>
            <div className="flex flex-wrap gap-3">
              {WEEKDAYS.map((day) => (
                <label key={day} className="flex items-center gap-1 text-sm">
                  <input type="checkbox" value={day} {...form.register('weekdays')} /> {t(`series.weekdays.${day}`)}
                </label>
              ))}
            </div>
            {weekdaysError && (
              <p id="series-weekdays-error" role="alert" className="mt-1 text-sm text-red-600">
                {weekdaysError}
              </p>
            )}
          </fieldset>
          <Field label={t('series.form.timeStart')} type="time" {...field('timeStart')} />
          {!typeId && <Field label={t('series.form.timeEnd')} type="time" {...field('timeEnd')} />}
          <Field label={t('series.form.startDate')} type="date" {...field('startDate')} />
          <fieldset className="md:col-span-2">
            <legend className="mb-1 text-sm font-medium">{t('series.form.ends')}</legend>
            <div className="flex flex-wrap gap-4 text-sm">
              {(['byCount', 'byDate'] as const).map((choice) => (
                <label key={choice} className="flex items-center gap-1">
                  <input
                    type="radio"
                    name="series-ends"
                    checked={ends === choice}
                    onChange={() => chooseEnds(choice)}
                  />{' '}
                  {t(`series.form.${choice}`)}
                </label>
              ))}
            </div>
          </fieldset>
          {ends === 'byCount' ? (
            <Field label={t('series.form.count')} type="number" min={1} {...field('count')} />
          ) : (
            <Field label={t('series.form.endDate')} type="date" {...field('endDate')} />
          )}
          <Field label={t('series.form.poNumber')} {...field('poNumber')} />
          <div className="md:col-span-2">
            <Button type="submit" disabled={create.isPending}>
              {create.isPending ? t('series.form.creating') : t('series.form.create')}
            </Button>
          </div>
        </form>
      </CardBody>
    </Card>
  );
}

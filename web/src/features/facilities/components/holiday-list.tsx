// A facility's holidays (no slots are offered on them), with the add form the shared schema validates.
import { useForm } from 'react-hook-form';
import { useTranslation } from '../../../lib/i18n/use-translation';
import type * as z from 'zod/mini';
import { holidayInputSchema } from '@shared/contracts/slots';
import { Button } from '../../../components/ui/button';
import { Field } from '../../../components/ui/field';
import { useFormat } from '../../../lib/format';
import { useAddHoliday, useHolidays, useRemoveHoliday } from '../api/configuration';
import { fieldBinder, schemaResolver, showServerFieldErrors } from '../../../lib/form-errors';

export function HolidayList({ facilityId, today }: { facilityId: string; today: string }) {
  const { t } = useTranslation();
  const format = useFormat();
  const holidays = useHolidays(facilityId);
  const add = useAddHoliday(facilityId);
  const remove = useRemoveHoliday(facilityId);
  const { register, handleSubmit, reset, watch, formState, setError } = useForm<
    z.input<typeof holidayInputSchema>,
    unknown,
    z.output<typeof holidayInputSchema>
  >({
    resolver: schemaResolver(holidayInputSchema),
    defaultValues: { holidayDate: '', name: '' },
  });
  const field = fieldBinder({ register, formState });
  const [holidayDate, name] = watch(['holidayDate', 'name']);
  return (
    <div className="space-y-3">
      <form
        className="flex flex-wrap items-end gap-2"
        noValidate
        onSubmit={handleSubmit((values) =>
          add.mutate(values, { onSuccess: () => reset(), onError: (error) => showServerFieldErrors(error, setError) }),
        )}
      >
        <Field label={t('facilities.configuration.holidayDate')} type="date" min={today} {...field('holidayDate')} />
        <Field label={t('facilities.configuration.holidayName')} {...field('name')} />
        <Button type="submit" disabled={add.isPending || !holidayDate || !name.trim()}>
          {t('facilities.configuration.addHoliday')}
        </Button>
      </form>
      {!holidays.data?.length ? (
        <p className="text-sm text-slate-500">{t('facilities.configuration.noHolidays')}</p>
      ) : (
        <ul className="divide-y divide-slate-100" aria-label={t('facilities.configuration.holidays')}>
          {holidays.data.map((h) => (
            <li key={h.holidayDate} className="flex items-center justify-between py-2 text-sm">
              <span>
                <span className="font-medium">{format.day(h.holidayDate)}</span> — {h.name}
              </span>
              <Button
                size="sm"
                variant="ghost"
                onClick={() => remove.mutate({ holidayDate: h.holidayDate })}
                aria-label={t('facilities.configuration.removeHoliday', { date: format.day(h.holidayDate) })}
              >
                {t('facilities.configuration.remove')}
              </Button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

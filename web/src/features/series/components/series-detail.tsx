// One standing appointment (issue #32): its rule, each occurrence with its appointment's status and door
// (or the conflict that kept the date from being booked), cancelling one occurrence as any appointment
// is cancelled, and cancelling the whole series from a date on.
import { useForm } from 'react-hook-form';
import { useTranslation } from '../../../lib/i18n/use-translation';
import type * as z from 'zod/mini';
import type { Appointment } from '@shared/contracts/appointments';
import { cancelSeriesSchema, type SeriesDetail } from '@shared/contracts/series';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Card, CardBody, CardHeader } from '../../../components/ui/card';
import { Field, TextAreaField } from '../../../components/ui/field';
import { api } from '../../../lib/api-client';
import { useFormat } from '../../../lib/format';
import { fieldBinder, schemaResolver, showServerFieldErrors } from '../../../lib/form-errors';
import { useServerText } from '../../../lib/server-text';
import { StatusBadge, useCancelFlow } from '../../appointments';
import { useCancelSeries } from '../api/series';
import { SeriesStatusBadge } from './series-status';

type CancelInput = z.input<typeof cancelSeriesSchema>;
type CancelOutput = z.output<typeof cancelSeriesSchema>;

export function SeriesDetailView({ series, today }: { series: SeriesDetail; today: string }) {
  const { t } = useTranslation();
  const format = useFormat();
  const serverText = useServerText();
  const cancelFlow = useCancelFlow();
  const conflicts = series.occurrences.filter((o) => o.conflict).length;
  const openCancel = async (appointmentId: string) =>
    cancelFlow.open(await api.get<Appointment>(`/api/appointments/${encodeURIComponent(appointmentId)}`));
  return (
    <div className="space-y-4">
      <Card>
        <CardHeader
          title={t('series.detail.title', { date: format.day(series.startDate) })}
          description={`${series.carrierName} · ${series.facilityName} · ${series.timeStart}`}
          action={<SeriesStatusBadge status={series.status} />}
        />
        <CardBody className="space-y-3">
          <div>
            <div className="text-sm font-medium">{t('series.detail.rule')}</div>
            <pre className="overflow-x-auto rounded bg-slate-50 p-2 text-xs">{series.rule}</pre>
          </div>
          {series.status === 'cancelled' && series.cancelledFrom && (
            <p className="text-sm text-slate-700">
              {t('series.detail.cancelledFrom', {
                date: format.day(series.cancelledFrom),
                reason: series.cancellationReason ?? '',
              })}
            </p>
          )}
          {series.status === 'paused' && series.pausedReason && (
            <p role="status" className="text-sm text-amber-800">
              {series.pausedReason}
            </p>
          )}
          <h3 className="font-semibold">
            {t('series.detail.occurrences')}
            {conflicts > 0 && (
              <span className="ml-2">
                <Badge tone="red">{t('series.detail.conflicts', { count: conflicts })}</Badge>
              </span>
            )}
          </h3>
          {!series.occurrences.length ? (
            <p className="text-sm text-slate-600">{t('series.detail.none')}</p>
          ) : (
            <ul className="divide-y divide-slate-100" aria-label={t('series.detail.occurrences')}>
              {series.occurrences.map((o) => (
                <li key={o.date} className="flex flex-wrap items-center gap-3 py-2" data-testid="series-occurrence">
                  <span className="w-32 font-medium">{format.day(o.date)}</span>
                  {o.conflict ? (
                    <span className="text-sm text-red-700">
                      {t('series.detail.conflict')}: {serverText(o.conflict)}
                    </span>
                  ) : (
                    <>
                      {o.status && <StatusBadge status={o.status} />}
                      <span className="text-sm text-slate-600">
                        {t('series.detail.door')}: {o.doorNumber ?? t('series.detail.noDoor')}
                      </span>
                      {o.scheduledDate && (o.scheduledDate !== o.date || o.scheduledTimeStart !== series.timeStart) && (
                        <span className="text-sm text-slate-600">
                          {t('series.detail.moved', {
                            date: format.day(o.scheduledDate),
                            time: o.scheduledTimeStart,
                          })}
                        </span>
                      )}
                      <span className="text-xs text-slate-500">{o.bookingReference}</span>
                      {o.status === 'scheduled' && o.appointmentId && (
                        <Button variant="secondary" size="sm" onClick={() => void openCancel(o.appointmentId!)}>
                          {t('series.detail.cancelOne')}
                        </Button>
                      )}
                    </>
                  )}
                </li>
              ))}
            </ul>
          )}
        </CardBody>
      </Card>
      {series.status !== 'cancelled' && <CancelFromDate seriesId={series.id} today={today} />}
      {cancelFlow.dialog}
    </div>
  );
}

function CancelFromDate({ seriesId, today }: { seriesId: string; today: string }) {
  const { t } = useTranslation();
  const cancel = useCancelSeries(seriesId);
  const form = useForm<CancelInput, unknown, CancelOutput>({
    resolver: schemaResolver(cancelSeriesSchema),
    defaultValues: { fromDate: today, reason: '' },
  });
  const field = fieldBinder(form);
  const submit = form.handleSubmit((values) =>
    cancel.mutate(values, { onError: (error) => showServerFieldErrors(error, form.setError) }),
  );
  return (
    <Card>
      <CardHeader title={t('series.cancelFrom.title')} description={t('series.cancelFrom.hint')} />
      <CardBody>
        <form
          noValidate
          onSubmit={submit}
          aria-label={t('series.cancelFrom.title')}
          className="grid gap-3 md:grid-cols-2"
        >
          <Field label={t('series.cancelFrom.fromDate')} type="date" {...field('fromDate')} />
          <TextAreaField label={t('series.cancelFrom.reason')} rows={2} {...field('reason')} />
          <div className="md:col-span-2">
            <Button type="submit" variant="danger" disabled={cancel.isPending}>
              {t('series.cancelFrom.submit')}
            </Button>
          </div>
        </form>
      </CardBody>
    </Card>
  );
}

// The driver's data once asked for (issue #36): the records held, their download, the correction of
// name and licence, and the erasure request with its due date and, when held, why.
import { useForm } from 'react-hook-form';
import { useTranslation } from '../../../lib/i18n/use-translation';
import type * as z from 'zod/mini';
import { privacyCorrectionSchema, type MyData } from '@shared/contracts/privacy';
import { Button, buttonClasses } from '../../../components/ui/button';
import { Field } from '../../../components/ui/field';
import { fieldBinder, schemaResolver, showServerFieldErrors } from '../../../lib/form-errors';
import { useFormat } from '../../../lib/format';
import { useServerText } from '../../../lib/server-text';
import { useApiMutation } from '../../../lib/use-api-mutation';
import { ERASURE_REQUESTS, MY_DATA } from '../api/privacy';

const RECORDS = ['appointments', 'checkins', 'messages', 'gatePhotos', 'gateChecks', 'trips', 'consents'] as const;

export function MyDataView({ data }: { data: MyData }) {
  const { t } = useTranslation();
  const format = useFormat();
  const serverText = useServerText();
  const ask = useApiMutation<void>({
    url: () => ERASURE_REQUESTS,
    invalidates: () => [[MY_DATA]],
    failure: t('privacy.myData.askFailed'),
    success: t('privacy.myData.asked'),
  });
  const request = data.erasureRequests.find((r) => r.status === 'pending') ?? data.erasureRequests.at(-1);
  return (
    <div className="space-y-3">
      <dl className="grid grid-cols-2 gap-2 text-sm">
        {RECORDS.map((key) => (
          <div key={key}>
            <dt className="text-slate-500">{t(`privacy.myData.records.${key}`)}</dt>
            <dd className="font-semibold" data-testid={`my-data-${key}`}>
              {format.number(data[key].length)}
            </dd>
          </div>
        ))}
      </dl>
      <div className="grid grid-cols-2 gap-2">
        <a href={`${MY_DATA}/export`} download className={buttonClasses('secondary')}>
          {t('privacy.myData.downloadJson')}
        </a>
        <a href={`${MY_DATA}/export?format=html`} download className={buttonClasses('secondary')}>
          {t('privacy.myData.downloadHtml')}
        </a>
      </div>
      <CorrectionForm key={data.driver.revision} driver={data.driver} />
      {request ? (
        <div className="rounded-md bg-slate-100 p-2 text-sm" data-testid="erasure-request">
          <p>
            {t('privacy.myData.request', {
              requested: format.dateTime(request.requestedAt),
              due: format.day(request.dueDate),
            })}
          </p>
          <p className="font-semibold">{t(`privacy.myData.statuses.${request.status}`)}</p>
          {request.heldReason && <p className="text-amber-800">{serverText(request.heldReason)}</p>}
          {request.refusedReason && <p>{request.refusedReason}</p>}
        </div>
      ) : null}
      {request?.status !== 'pending' && (
        <Button variant="danger" className="w-full" disabled={ask.isPending} onClick={() => ask.mutate()}>
          {ask.isPending ? t('privacy.myData.erasing') : t('privacy.myData.erase')}
        </Button>
      )}
    </div>
  );
}

type FormInput = z.input<typeof privacyCorrectionSchema>;
type FormOutput = z.output<typeof privacyCorrectionSchema>;

function CorrectionForm({ driver }: { driver: MyData['driver'] }) {
  const { t } = useTranslation();
  const save = useApiMutation<FormOutput>({
    method: 'PATCH',
    url: () => MY_DATA,
    invalidates: () => [[MY_DATA]],
    failure: t('privacy.myData.saveFailed'),
    success: t('privacy.myData.saved'),
  });
  const { register, handleSubmit, formState, setError } = useForm<FormInput, unknown, FormOutput>({
    resolver: schemaResolver(privacyCorrectionSchema),
    defaultValues: { name: driver.name, licenseNumber: driver.licenseNumber, revision: driver.revision },
  });
  const field = fieldBinder({ register, formState });
  return (
    <form
      noValidate
      className="space-y-2"
      aria-label={t('privacy.myData.correct')}
      onSubmit={handleSubmit((values) =>
        save.mutate(values, { onError: (error) => showServerFieldErrors(error, setError) }),
      )}
    >
      <h3 className="text-sm font-semibold">{t('privacy.myData.correct')}</h3>
      <Field label={t('privacy.myData.name')} autoComplete="name" {...field('name')} />
      <Field label={t('privacy.myData.licence')} autoCapitalize="characters" {...field('licenseNumber')} />
      <Button type="submit" className="w-full" disabled={save.isPending}>
        {t('privacy.myData.save')}
      </Button>
    </form>
  );
}

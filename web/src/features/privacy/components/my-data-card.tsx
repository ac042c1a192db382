// The driver app's "My data" (issue #36): what the facility holds about the driver, its download as
// JSON or a readable page, the correction of name and licence (a refusal shows under its field and
// keeps what was typed), and the request to erase it with its due date and, when held, why.
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type * as z from 'zod';
import { privacyCorrectionSchema, type MyData } from '@shared/contracts/privacy';
import { Button, buttonClasses } from '../../../components/ui/button';
import { Card, CardBody } from '../../../components/ui/card';
import { Field } from '../../../components/ui/field';
import { fieldBinder, schemaResolver, showServerFieldErrors } from '../../../lib/form-errors';
import { registerCatalogue } from '../../../lib/i18n';
import { useFormat } from '../../../lib/format';
import { useServerText } from '../../../lib/server-text';
import { useSession } from '../../../lib/session';
import { useApiMutation } from '../../../lib/use-api-mutation';
import { ERASURE_REQUESTS, MY_DATA, useMyData } from '../api/privacy';
import { privacyText } from '../i18n';

registerCatalogue(privacyText);

const RECORDS = ['appointments', 'checkins', 'messages', 'gatePhotos', 'gateChecks', 'trips', 'consents'] as const;

export function MyDataCard() {
  const { t } = useTranslation();
  const { user } = useSession();
  const [open, setOpen] = useState(false);
  const data = useMyData(open);
  if (!user?.driverId) return null;
  return (
    <Card>
      <CardBody>
        <section aria-labelledby="my-data" className="space-y-3" data-testid="my-data">
          <h2 id="my-data" className="font-semibold">
            {t('privacy.myData.title')}
          </h2>
          <p className="text-sm text-slate-600">{t('privacy.myData.intro')}</p>
          {!open ? (
            <Button variant="secondary" className="w-full" onClick={() => setOpen(true)}>
              {t('privacy.myData.show')}
            </Button>
          ) : data.data ? (
            <MyDataView data={data.data} />
          ) : (
            <p className="text-sm text-slate-600">{t('common.loading')}</p>
          )}
        </section>
      </CardBody>
    </Card>
  );
}

function MyDataView({ data }: { data: MyData }) {
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

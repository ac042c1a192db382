// The facility admin's erasure requests (issue #36): each with its due date and, when held, why; erase
// now or refuse with a reason (shown under its field). Below, who viewed or downloaded personal data.
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from '../../../lib/i18n/use-translation';
import type * as z from 'zod/mini';
import { erasureRefusalSchema, type ErasureRequest } from '@shared/contracts/privacy';
import { Button } from '../../../components/ui/button';
import { Card, CardBody } from '../../../components/ui/card';
import { Field } from '../../../components/ui/field';
import { fieldBinder, schemaResolver, showServerFieldErrors } from '../../../lib/form-errors';
import { registerCatalogue } from '../../../lib/i18n';
import { useFormat } from '../../../lib/format';
import { useServerText } from '../../../lib/server-text';
import { useApiMutation } from '../../../lib/use-api-mutation';
import { ACCESS_LOG, ERASURE_REQUESTS, useAccessLog, useErasureRequests } from '../api/privacy';
import { privacyText } from '../i18n';

registerCatalogue(privacyText);

export function ErasureRequestsPanel() {
  const { t } = useTranslation();
  const format = useFormat();
  const requests = useErasureRequests();
  const log = useAccessLog();
  return (
    <Card>
      <CardBody className="space-y-4">
        <section aria-labelledby="erasure-requests" className="space-y-2">
          <h2 id="erasure-requests" className="font-semibold">
            {t('privacy.admin.title')}
          </h2>
          {requests.data?.length === 0 && <p className="text-sm text-slate-600">{t('privacy.admin.none')}</p>}
          <ul className="space-y-2">
            {requests.data?.map((r) => (
              <RequestRow key={r.id} request={r} />
            ))}
          </ul>
        </section>
        <section aria-labelledby="access-log" className="space-y-2">
          <h2 id="access-log" className="font-semibold">
            {t('privacy.admin.accessLog')}
          </h2>
          {log.data?.length === 0 ? (
            <p className="text-sm text-slate-600">{t('privacy.admin.accessNone')}</p>
          ) : (
            <div className="overflow-x-auto">
              <table className="w-full text-left text-sm" data-testid="access-log">
                <thead>
                  <tr>
                    <th>{t('privacy.admin.when')}</th>
                    <th>{t('privacy.admin.who')}</th>
                    <th>{t('privacy.admin.what')}</th>
                    <th>{t('privacy.admin.whose')}</th>
                  </tr>
                </thead>
                <tbody>
                  {log.data?.slice(0, 20).map((e) => (
                    <tr key={`${e.at}${e.actorId}${e.action}`}>
                      <td>{format.dateTime(e.at)}</td>
                      <td>{e.actorRole}</td>
                      <td>{t(`privacy.admin.actions.${e.action}`)}</td>
                      <td>{e.subject}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
        </section>
      </CardBody>
    </Card>
  );
}

function RequestRow({ request }: { request: ErasureRequest }) {
  const { t } = useTranslation();
  const format = useFormat();
  const serverText = useServerText();
  const [refusing, setRefusing] = useState(false);
  const complete = useApiMutation<void>({
    url: () => `${ERASURE_REQUESTS}/${request.id}/complete`,
    invalidates: () => [[ERASURE_REQUESTS], [ACCESS_LOG]],
    failure: t('privacy.admin.completeFailed'),
    success: t('privacy.admin.completed'),
  });
  return (
    <li className="rounded-md border border-slate-200 p-2 text-sm" data-testid="erasure-request-row">
      <div className="flex flex-wrap justify-between gap-2">
        <span className="font-semibold">{request.driverName ?? request.pseudonym}</span>
        <span>{t(`privacy.myData.statuses.${request.status}`)}</span>
      </div>
      <div className="text-slate-600">
        {t('privacy.admin.requested')}: {format.dateTime(request.requestedAt)} · {t('privacy.admin.due')}:{' '}
        {format.day(request.dueDate)}
      </div>
      {request.heldReason && <p className="text-amber-800">{serverText(request.heldReason)}</p>}
      {request.refusedReason && <p>{request.refusedReason}</p>}
      {request.status === 'pending' && (
        <div className="mt-2 flex gap-2">
          <Button size="sm" variant="danger" disabled={complete.isPending} onClick={() => complete.mutate()}>
            {t('privacy.admin.complete')}
          </Button>
          <Button size="sm" variant="secondary" onClick={() => setRefusing(true)}>
            {t('privacy.admin.refuse')}
          </Button>
        </div>
      )}
      {refusing && request.status === 'pending' && <RefusalForm id={request.id} />}
    </li>
  );
}

type RefusalInput = z.input<typeof erasureRefusalSchema>;
type RefusalOutput = z.output<typeof erasureRefusalSchema>;

function RefusalForm({ id }: { id: string }) {
  const { t } = useTranslation();
  const refuse = useApiMutation<RefusalOutput>({
    url: () => `${ERASURE_REQUESTS}/${id}/refuse`,
    invalidates: () => [[ERASURE_REQUESTS]],
    failure: t('privacy.admin.refuseFailed'),
    success: t('privacy.admin.refused'),
  });
  const { register, handleSubmit, formState, setError } = useForm<RefusalInput, unknown, RefusalOutput>({
    resolver: schemaResolver(erasureRefusalSchema),
  });
  const field = fieldBinder({ register, formState });
  return (
    <form
      noValidate
      className="mt-2 space-y-2"
      onSubmit={handleSubmit((values) =>
        refuse.mutate(values, { onError: (error) => showServerFieldErrors(error, setError) }),
      )}
    >
      <Field label={t('privacy.admin.reason')} {...field('reason')} />
      <Button type="submit" size="sm" disabled={refuse.isPending}>
        {t('privacy.admin.confirmRefuse')}
      </Button>
    </form>
  );
}

// One outbound webhook subscription (issue #29.5): its state, and when it is failing why and what to do;
// Send test event with its result; the delivery log with Resend; edit (a new signing secret among
// the fields, kept as typed on a refusal) and delete.
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from '../../../lib/i18n/use-translation';
import type * as z from 'zod/mini';
import { Trash2 } from 'lucide-react';
import {
  webhookEditSchema,
  type WebhookDeliveryAttempt,
  type WebhookSubscription,
} from '@shared/contracts/integrations-webhooks';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Field } from '../../../components/ui/field';
import { ApiError, messageOf } from '../../../lib/api-client';
import { useServerText } from '../../../lib/server-text';
import { fieldBinder, schemaResolver, showServerFieldErrors } from '../../../lib/form-errors';
import { useDeleteWebhook, useDeliveryAttempt, useEditWebhook } from '../api/integrations';
import { DeliveryLog } from './delivery-log';
import { useFailureText } from './webhook-failure';

type EditInput = z.input<typeof webhookEditSchema>;

/** The subscription as it is now, from a 409 refusing an edit of an older revision. */
function conflictCurrent(error: unknown): WebhookSubscription | null {
  if (!(error instanceof ApiError) || error.status !== 409) return null;
  try {
    return (JSON.parse(error.bodyText) as { current?: WebhookSubscription }).current ?? null;
  } catch {
    return null;
  }
}

function EditWebhookForm({ webhook, onDone }: { webhook: WebhookSubscription; onDone: () => void }) {
  const { t } = useTranslation();
  const serverText = useServerText();
  const edit = useEditWebhook(webhook.systemId);
  const { register, handleSubmit, formState, setError, setValue } = useForm<
    EditInput,
    unknown,
    z.output<typeof webhookEditSchema>
  >({
    resolver: schemaResolver(webhookEditSchema),
    defaultValues: {
      webhookUrl: webhook.webhookUrl,
      timeoutSeconds: webhook.timeoutSeconds,
      retryCount: webhook.retryCount,
      signingSecret: '',
      revision: webhook.revision,
    },
  });
  const field = fieldBinder({ register, formState });
  return (
    <form
      noValidate
      aria-label={t('integrations.webhooks.editTitle', { event: webhook.eventType })}
      className="grid w-full gap-3 rounded-lg bg-slate-50 p-3 sm:grid-cols-2"
      onSubmit={handleSubmit((values) =>
        edit.mutate(
          { webhookId: webhook.id, ...values },
          {
            onSuccess: onDone,
            onError: (error) => {
              showServerFieldErrors(error, setError);
              // Changed meanwhile: what was typed stays, and a second Save applies it over the current one.
              const current = conflictCurrent(error);
              if (current) setValue('revision', current.revision);
            },
          },
        ),
      )}
    >
      <Field label={t('integrations.webhooks.url')} type="url" {...field('webhookUrl')} />
      <Field
        label={t('integrations.webhooks.signingSecret')}
        autoComplete="off"
        spellCheck={false}
        hint={t('integrations.webhooks.keepSecretHint')}
        {...field('signingSecret')}
      />
      <Field label={t('integrations.webhooks.timeout')} type="number" min={1} max={30} {...field('timeoutSeconds')} />
      <Field label={t('integrations.webhooks.retries')} type="number" min={0} max={8} {...field('retryCount')} />
      {edit.isError && !(edit.error instanceof ApiError && Object.keys(edit.error.fieldErrors).length) && (
        <p role="alert" className="text-sm text-red-600 sm:col-span-2">
          {serverText(messageOf(edit.error, t('integrations.loadFailed')))}
        </p>
      )}
      <div className="flex gap-2 sm:col-span-2">
        <Button type="submit" disabled={edit.isPending}>
          {t('integrations.form.save')}
        </Button>
        <Button variant="ghost" onClick={onDone}>
          {t('common.cancel')}
        </Button>
      </div>
    </form>
  );
}

function AttemptResult({ attempt }: { attempt: WebhookDeliveryAttempt }) {
  const { t } = useTranslation();
  const failureText = useFailureText();
  return (
    <p role="status" className={`w-full text-sm ${attempt.failure ? 'text-red-700' : 'text-green-700'}`}>
      {attempt.failure
        ? t('integrations.webhooks.result.failed', { reason: failureText({ ...attempt, failure: attempt.failure }) })
        : t('integrations.webhooks.result.delivered', { status: attempt.statusCode, ms: attempt.durationMs })}
    </p>
  );
}

export function WebhookCard({ webhook }: { webhook: WebhookSubscription }) {
  const { t } = useTranslation();
  const serverText = useServerText();
  const failureText = useFailureText();
  const remove = useDeleteWebhook(webhook.systemId);
  const send = useDeliveryAttempt(webhook.systemId, webhook.id);
  const [editing, setEditing] = useState(false);
  const [showLog, setShowLog] = useState(false);
  const failing = webhook.lastFailure;
  return (
    <li
      className="flex flex-wrap items-center gap-2 rounded-lg border border-slate-200 p-3 text-sm"
      aria-label={`${webhook.eventType} ${webhook.webhookUrl}`}
    >
      <code className="rounded bg-slate-100 px-1.5">{webhook.eventType}</code>
      <span className="break-all">{webhook.webhookUrl}</span>
      <Badge tone={failing ? 'red' : webhook.deliveryStatus === 'OK' ? 'green' : 'gray'}>
        {t(`integrations.webhooks.delivery.${failing ? 'ERROR' : (webhook.deliveryStatus ?? 'none')}`)}
      </Badge>
      {!webhook.isActive && <Badge>{t('integrations.inactive')}</Badge>}
      <span className="text-slate-500">
        {webhook.timeoutSeconds}s · ×{webhook.retryCount}
      </span>
      {failing && (
        <p className="w-full font-medium text-red-700" data-testid="webhook-failure">
          {failureText(failing)}
          {webhook.consecutiveFailures > 0 &&
            ` · ${t('integrations.webhooks.failures', { count: webhook.consecutiveFailures })}`}
        </p>
      )}
      <div className="flex w-full flex-wrap gap-2">
        <Button size="sm" variant="secondary" disabled={send.isPending} onClick={() => send.mutate(null)}>
          {send.isPending ? t('integrations.webhooks.sending') : t('integrations.webhooks.sendTest')}
        </Button>
        <Button size="sm" variant="secondary" aria-expanded={showLog} onClick={() => setShowLog(!showLog)}>
          {showLog ? t('integrations.webhooks.hideLog') : t('integrations.webhooks.showLog')}
        </Button>
        <Button size="sm" variant="secondary" aria-expanded={editing} onClick={() => setEditing(!editing)}>
          {t('integrations.actions.edit')}
        </Button>
        <Button
          className="ml-auto"
          size="sm"
          variant="ghost"
          aria-label={`${t('integrations.actions.delete')} ${webhook.eventType}`}
          disabled={remove.isPending}
          onClick={() => remove.mutate(webhook.id)}
        >
          <Trash2 className="h-4 w-4" aria-hidden />
        </Button>
      </div>
      {send.data && !send.isPending && <AttemptResult attempt={send.data} />}
      {send.isError && (
        <p role="alert" className="w-full text-sm text-red-600">
          {serverText(messageOf(send.error, t('integrations.loadFailed')))}
        </p>
      )}
      {editing && <EditWebhookForm webhook={webhook} onDone={() => setEditing(false)} />}
      {showLog && (
        <DeliveryLog
          systemId={webhook.systemId}
          webhookId={webhook.id}
          resending={send.isPending}
          onResend={(eventId) => send.mutate(eventId)}
        />
      )}
    </li>
  );
}

// The Webhooks tab: outbound subscriptions of the system, how their deliveries fare, add (the signing
// secret is shown once) and delete.
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type * as z from 'zod';
import { Trash2 } from 'lucide-react';
import { WEBHOOK_EVENT_TYPES, webhookInputSchema, type ExternalSystem } from '@shared/contracts/integrations';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Field } from '../../../components/ui/field';
import { SelectField } from '../../../components/ui/select-field';
import { messageOf } from '../../../lib/api-client';
import { useCreateWebhook, useDeleteWebhook, useWebhooks } from '../api/integrations';
import { SecretNotice } from './secret-notice';
import { fieldBinder, schemaResolver, showServerFieldErrors } from '../../../lib/form-errors';

export function WebhooksTab({ system }: { system: ExternalSystem }) {
  const { t } = useTranslation();
  const webhooks = useWebhooks(system.id);
  const create = useCreateWebhook(system.id);
  const remove = useDeleteWebhook(system.id);
  const [secret, setSecret] = useState<string | null>(null);
  const { register, handleSubmit, formState, reset, setError } = useForm<
    z.input<typeof webhookInputSchema>,
    unknown,
    z.output<typeof webhookInputSchema>
  >({
    resolver: schemaResolver(webhookInputSchema),
    defaultValues: { eventType: 'appointment.created', webhookUrl: '', timeoutSeconds: 10, retryCount: 3 },
  });
  const field = fieldBinder({ register, formState });
  const list = webhooks.data ?? [];
  return (
    <div className="space-y-4">
      {secret && (
        <SecretNotice
          intro={t('integrations.secret.webhookIntro')}
          fields={[{ label: t('integrations.secret.signing'), value: secret }]}
          onDone={() => setSecret(null)}
        />
      )}
      {webhooks.isLoading ? (
        <p className="text-sm text-slate-500">{t('integrations.loading')}</p>
      ) : list.length === 0 ? (
        <p className="text-sm text-slate-500">{t('integrations.webhooks.empty')}</p>
      ) : (
        <ul className="space-y-2" aria-label={t('integrations.tabs.webhooks')}>
          {list.map((w) => (
            <li key={w.id} className="flex flex-wrap items-center gap-2 rounded-lg border border-slate-200 p-3 text-sm">
              <code className="rounded bg-slate-100 px-1.5">{w.eventType}</code>
              <span className="break-all">{w.webhookUrl}</span>
              <Badge tone={w.deliveryStatus === 'ERROR' ? 'red' : w.deliveryStatus === 'OK' ? 'green' : 'gray'}>
                {t(`integrations.webhooks.delivery.${w.deliveryStatus ?? 'none'}`)}
              </Badge>
              {w.consecutiveFailures > 0 && (
                <span className="text-red-600">
                  {t('integrations.webhooks.failures', { count: w.consecutiveFailures })}
                </span>
              )}
              <span className="text-slate-500">
                {w.timeoutSeconds}s · ×{w.retryCount}
              </span>
              <Button
                className="ml-auto"
                size="sm"
                variant="ghost"
                aria-label={`${t('integrations.actions.delete')} ${w.eventType}`}
                disabled={remove.isPending}
                onClick={() => remove.mutate(w.id)}
              >
                <Trash2 className="h-4 w-4" aria-hidden />
              </Button>
            </li>
          ))}
        </ul>
      )}
      <form
        onSubmit={handleSubmit((values) =>
          create.mutate(values, {
            onSuccess: (created) => (reset(), setSecret(created.signingSecret)),
            onError: (error) => showServerFieldErrors(error, setError),
          }),
        )}
        noValidate
        className="grid gap-3 rounded-lg border border-dashed border-slate-300 p-3 sm:grid-cols-2"
        aria-label={t('integrations.webhooks.add')}
      >
        <SelectField
          label={t('integrations.webhooks.eventType')}
          options={WEBHOOK_EVENT_TYPES.map((v) => ({ value: v, label: v }))}
          {...field('eventType')}
        />
        <Field
          label={t('integrations.webhooks.url')}
          type="url"
          placeholder="https://tms.example.com/webhooks"
          {...field('webhookUrl')}
        />
        <Field label={t('integrations.webhooks.timeout')} type="number" min={1} max={30} {...field('timeoutSeconds')} />
        <Field label={t('integrations.webhooks.retries')} type="number" min={0} max={8} {...field('retryCount')} />
        {create.isError && (
          <p role="alert" className="text-sm text-red-600 sm:col-span-2">
            {messageOf(create.error, 'Failed to add webhook')}
          </p>
        )}
        <div className="sm:col-span-2">
          <Button type="submit" disabled={create.isPending}>
            {t('integrations.webhooks.add')}
          </Button>
        </div>
      </form>
    </div>
  );
}

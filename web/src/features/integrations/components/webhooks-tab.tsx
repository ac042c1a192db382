// The Webhooks tab: outbound subscriptions of the system (each a WebhookCard: state, test, log,
// resend, edit, delete) and add (a signing secret may be given; the one in force is shown once).
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from '../../../lib/i18n/use-translation';
import type * as z from 'zod/mini';
import type { ExternalSystem } from '@shared/contracts/integrations';
import { WEBHOOK_EVENT_TYPES, webhookInputSchema } from '@shared/contracts/integrations-webhooks';
import { Button } from '../../../components/ui/button';
import { Field } from '../../../components/ui/field';
import { SelectField } from '../../../components/ui/select-field';
import { ApiError, messageOf } from '../../../lib/api-client';
import { useServerText } from '../../../lib/server-text';
import { useCreateWebhook, useWebhooks } from '../api/integrations';
import { WebhookCard } from './webhook-card';
import { SecretNotice } from './secret-notice';
import { fieldBinder, schemaResolver, showServerFieldErrors } from '../../../lib/form-errors';

export function WebhooksTab({ system }: { system: ExternalSystem }) {
  const { t } = useTranslation();
  const webhooks = useWebhooks(system.id);
  const create = useCreateWebhook(system.id);
  const serverText = useServerText();
  const [secret, setSecret] = useState<string | null>(null);
  const { register, handleSubmit, formState, reset, setError } = useForm<
    z.input<typeof webhookInputSchema>,
    unknown,
    z.output<typeof webhookInputSchema>
  >({
    resolver: schemaResolver(webhookInputSchema),
    defaultValues: {
      eventType: 'appointment.created',
      webhookUrl: '',
      timeoutSeconds: 10,
      retryCount: 3,
      signingSecret: '',
    },
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
            <WebhookCard key={w.id} webhook={w} />
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
        <Field
          className="sm:col-span-2"
          label={t('integrations.webhooks.signingSecret')}
          autoComplete="off"
          spellCheck={false}
          hint={t('integrations.webhooks.signingSecretHint')}
          {...field('signingSecret')}
        />
        {create.isError && !(create.error instanceof ApiError && Object.keys(create.error.fieldErrors).length) && (
          <p role="alert" className="text-sm text-red-600 sm:col-span-2">
            {serverText(messageOf(create.error, t('integrations.loadFailed')))}
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

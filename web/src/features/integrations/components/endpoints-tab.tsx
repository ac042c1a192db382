// The Endpoints tab: what a sync pulls and where a connection test knocks; add, sync one, delete.
import { useForm } from 'react-hook-form';
import { useTranslation } from '../../../lib/i18n/use-translation';
import type * as z from 'zod/mini';
import { Trash2 } from 'lucide-react';
import {
  ENDPOINT_METHODS,
  ENDPOINT_PURPOSES,
  endpointInputSchema,
  type ExternalSystem,
} from '@shared/contracts/integrations';
import { Button } from '../../../components/ui/button';
import { Field } from '../../../components/ui/field';
import { SelectField } from '../../../components/ui/select-field';
import { messageOf } from '../../../lib/api-client';
import { useCreateEndpoint, useDeleteEndpoint, useEndpoints } from '../api/integrations';
import { fieldBinder, schemaResolver, showServerFieldErrors } from '../../../lib/form-errors';

export function EndpointsTab({
  system,
  syncing,
  onSync,
}: {
  system: ExternalSystem;
  syncing: boolean;
  onSync: (endpointId: string) => void;
}) {
  const { t } = useTranslation();
  const endpoints = useEndpoints(system.id);
  const create = useCreateEndpoint(system.id);
  const remove = useDeleteEndpoint(system.id);
  const { register, handleSubmit, formState, reset, setError } = useForm<
    z.input<typeof endpointInputSchema>,
    unknown,
    z.output<typeof endpointInputSchema>
  >({
    resolver: schemaResolver(endpointInputSchema),
    defaultValues: { name: '', method: 'GET', endpoint: '', purpose: 'APPOINTMENT_REQUESTS' },
  });
  const field = fieldBinder({ register, formState });
  const list = endpoints.data ?? [];
  return (
    <div className="space-y-4">
      {endpoints.isLoading ? (
        <p className="text-sm text-slate-500">{t('integrations.loading')}</p>
      ) : list.length === 0 ? (
        <p className="text-sm text-slate-500">{t('integrations.endpoints.empty')}</p>
      ) : (
        <ul className="space-y-2" aria-label={t('integrations.tabs.endpoints')}>
          {list.map((ep) => (
            <li
              key={ep.id}
              className="flex flex-wrap items-center gap-2 rounded-lg border border-slate-200 p-3 text-sm"
            >
              <span className="font-semibold">{ep.name}</span>
              <code className="rounded bg-slate-100 px-1.5">
                {ep.method} {ep.endpoint}
              </code>
              <span className="text-slate-500">{t(`integrations.endpoints.purposes.${ep.purpose}`)}</span>
              <span className="ml-auto flex gap-2">
                {ep.purpose === 'APPOINTMENT_REQUESTS' && (
                  <Button
                    size="sm"
                    variant="secondary"
                    disabled={syncing || !system.isActive}
                    onClick={() => onSync(ep.id)}
                  >
                    {t('integrations.endpoints.sync')}
                  </Button>
                )}
                <Button
                  size="sm"
                  variant="ghost"
                  aria-label={`${t('integrations.actions.delete')} ${ep.name}`}
                  disabled={remove.isPending}
                  onClick={() => remove.mutate(ep.id)}
                >
                  <Trash2 className="h-4 w-4" aria-hidden />
                </Button>
              </span>
            </li>
          ))}
        </ul>
      )}
      <form
        onSubmit={handleSubmit((values) =>
          create.mutate(values, {
            onSuccess: () => reset(),
            onError: (error) => showServerFieldErrors(error, setError),
          }),
        )}
        noValidate
        className="grid gap-3 rounded-lg border border-dashed border-slate-300 p-3 sm:grid-cols-2"
        aria-label={t('integrations.endpoints.add')}
      >
        <Field label={t('integrations.endpoints.name')} {...field('name')} />
        <Field label={t('integrations.endpoints.path')} placeholder="/appointment-requests" {...field('endpoint')} />
        <SelectField
          label={t('integrations.endpoints.method')}
          options={ENDPOINT_METHODS.map((m) => ({ value: m, label: m }))}
          {...field('method')}
        />
        <SelectField
          label={t('integrations.endpoints.purpose')}
          options={ENDPOINT_PURPOSES.map((p) => ({ value: p, label: t(`integrations.endpoints.purposes.${p}`) }))}
          {...field('purpose')}
        />
        {create.isError && (
          <p role="alert" className="text-sm text-red-600 sm:col-span-2">
            {messageOf(create.error, 'Failed to add endpoint')}
          </p>
        )}
        <div className="sm:col-span-2">
          <Button type="submit" disabled={create.isPending}>
            {t('integrations.endpoints.add')}
          </Button>
        </div>
      </form>
    </div>
  );
}

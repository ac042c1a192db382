// /integrations (doc 2): the external systems on the left ('No external systems configured'), the
// selected one on the right ('Select a system to view details') with its actions and four tabs
// (Monitoring, Endpoints, Webhooks, Sync Logs), and the Add System modal. The spec's toasts are raised
// here, by the mutations this screen makes (api/integrations.ts).
import { Suspense, useState } from 'react';
import { useTranslation } from '../../../lib/i18n/use-translation';
import { Plus, Server } from 'lucide-react';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Card, CardBody, CardHeader } from '../../../components/ui/card';
import { Dialog } from '../../../components/ui/dialog';
import { registerCatalogue } from '../../../lib/i18n';
import { useToast } from '../../../lib/toast';
import { messageOf } from '../../../lib/api-client';
import { integrationsText } from '../i18n';
import {
  inboundUrl,
  useCreateSystem,
  useDeleteSystem,
  useEditSystem,
  useRotateSecret,
  useSystems,
  useTestConnection,
  useTriggerSync,
} from '../api/integrations';
import { SecretNotice } from '../components/secret-notice';
import { StatusBadge } from '../components/status-badge';
import { MonitoringTab } from '../components/monitoring-tab';
import { loadLater } from '../../../lib/load-later';
import { Spinner } from '../../../components/ui/spinner';
import type { ExternalSystemCreated } from '@shared/contracts/integrations';

registerCatalogue(integrationsText);

// The first screen is the systems and the monitoring tab. The form (react-hook-form, the contracts'
// schemas) is fetched when a dialog first opens it, and the other tabs when opened, each when the
// pointer or focus reaches its button first (issue #34: a signed-in first screen loads at most 120 KB).
const SystemForm = loadLater(async () => (await import('../components/system-form')).SystemForm, { fallback: null });
const EndpointsTab = loadLater(async () => (await import('../components/endpoints-tab')).EndpointsTab);
const WebhooksTab = loadLater(async () => (await import('../components/webhooks-tab')).WebhooksTab);
const SyncLogsTab = loadLater(async () => (await import('../components/sync-logs-tab')).SyncLogsTab);

const TABS = ['monitoring', 'endpoints', 'webhooks', 'logs'] as const;
type Tab = (typeof TABS)[number];
const TAB_CODE = { monitoring: null, endpoints: EndpointsTab, webhooks: WebhooksTab, logs: SyncLogsTab };

export function IntegrationsRoute() {
  const { t } = useTranslation();
  const { toast } = useToast();
  const systems = useSystems();
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const [tab, setTab] = useState<Tab>('monitoring');
  const [dialog, setDialog] = useState<'add' | 'edit' | null>(null);
  const [secretOf, setSecretOf] = useState<ExternalSystemCreated | null>(null);
  const create = useCreateSystem();
  const edit = useEditSystem();
  const remove = useDeleteSystem();
  const rotate = useRotateSecret();
  const test = useTestConnection();
  const sync = useTriggerSync();
  const selected = systems.data?.find((s) => s.id === selectedId) ?? null;
  const failed = (error: unknown) =>
    toast({
      title: t('common.error'),
      description: messageOf(error, t('integrations.monitoring.somethingWrong')),
      variant: 'destructive',
    });

  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <div>
          <h1 className="text-2xl font-bold">{t('integrations.title')}</h1>
          <p className="text-sm text-slate-600">{t('integrations.subtitle')}</p>
        </div>
        <Button onClick={() => setDialog('add')} onPointerEnter={SystemForm.preload} onFocus={SystemForm.preload}>
          <Plus className="h-4 w-4" aria-hidden /> {t('integrations.addSystem')}
        </Button>
      </div>
      <div className="grid gap-4 lg:grid-cols-[minmax(0,1fr)_minmax(0,2fr)]">
        <Card>
          <CardHeader title={`${t('integrations.systems')} (${systems.data?.length ?? 0})`} />
          <CardBody>
            {systems.isLoading ? (
              <p className="text-sm text-slate-500">{t('integrations.loading')}</p>
            ) : systems.isError ? (
              <p className="text-sm text-red-600">{t('integrations.loadFailed')}</p>
            ) : !systems.data?.length ? (
              <p className="text-sm text-slate-500">{t('integrations.noSystems')}</p>
            ) : (
              <ul className="space-y-2" aria-label={t('integrations.systems')}>
                {systems.data.map((s) => (
                  <li key={s.id}>
                    <button
                      type="button"
                      onClick={() => setSelectedId(s.id)}
                      aria-pressed={s.id === selectedId}
                      className={`w-full rounded-lg border p-3 text-left ${s.id === selectedId ? 'border-blue-500 bg-blue-50' : 'border-slate-200 hover:bg-slate-50'}`}
                    >
                      <div className="flex flex-wrap items-center gap-2">
                        <Server className="h-4 w-4 text-slate-500" aria-hidden />
                        <span className="font-semibold">{s.name}</span>
                        <Badge tone="blue">{s.systemType}</Badge>
                        <StatusBadge status={s.status} />
                        {!s.isActive && <Badge>{t('integrations.inactive')}</Badge>}
                      </div>
                      <div className="mt-1 truncate text-sm text-slate-600">
                        {[s.vendor, s.baseUrl].filter(Boolean).join(' · ')}
                      </div>
                    </button>
                  </li>
                ))}
              </ul>
            )}
          </CardBody>
        </Card>
        <Card>
          {!selected ? (
            <CardBody>
              <p className="text-sm text-slate-500">{t('integrations.selectSystem')}</p>
            </CardBody>
          ) : (
            <>
              <CardHeader
                title={selected.name}
                description={`${selected.systemType}${selected.vendor ? ` · ${selected.vendor}` : ''} · ${selected.baseUrl} · ${t(`integrations.authTypes.${selected.authType}`)} · ${selected.syncFrequency}s · ${selected.isActive ? t('integrations.active') : t('integrations.inactive')}`}
              />
              <CardBody className="space-y-4">
                <div className="flex flex-wrap gap-2">
                  <Button size="sm" disabled={test.isPending} onClick={() => test.mutate(selected.id)}>
                    {test.isPending ? t('integrations.actions.testing') : t('integrations.actions.test')}
                  </Button>
                  <Button
                    size="sm"
                    disabled={sync.isPending || !selected.isActive}
                    onClick={() => sync.mutate({ id: selected.id, endpointId: null })}
                  >
                    {sync.isPending ? t('integrations.actions.syncing') : t('integrations.actions.sync')}
                  </Button>
                  <Button
                    size="sm"
                    variant="secondary"
                    onClick={() => setDialog('edit')}
                    onPointerEnter={SystemForm.preload}
                    onFocus={SystemForm.preload}
                  >
                    {t('integrations.actions.edit')}
                  </Button>
                  <Button
                    size="sm"
                    variant="secondary"
                    disabled={edit.isPending}
                    onClick={() => edit.mutate({ id: selected.id, isActive: !selected.isActive }, { onError: failed })}
                  >
                    {selected.isActive ? t('integrations.actions.deactivate') : t('integrations.actions.activate')}
                  </Button>
                  <Button
                    size="sm"
                    variant="secondary"
                    disabled={rotate.isPending}
                    onClick={() =>
                      window.confirm(t('integrations.actions.confirmRotate')) &&
                      rotate.mutate(selected.id, { onSuccess: setSecretOf, onError: failed })
                    }
                  >
                    {t('integrations.actions.rotate')}
                  </Button>
                  <Button
                    size="sm"
                    variant="danger"
                    disabled={remove.isPending}
                    onClick={() =>
                      window.confirm(t('integrations.actions.confirmDelete', { name: selected.name })) &&
                      remove.mutate(selected.id, { onSuccess: () => setSelectedId(null), onError: failed })
                    }
                  >
                    {t('integrations.actions.delete')}
                  </Button>
                </div>
                <div role="tablist" aria-label={selected.name} className="flex gap-1 border-b border-slate-200">
                  {TABS.map((name) => (
                    <button
                      key={name}
                      type="button"
                      role="tab"
                      aria-selected={tab === name}
                      onClick={() => setTab(name)}
                      onPointerEnter={TAB_CODE[name]?.preload}
                      onFocus={TAB_CODE[name]?.preload}
                      className={`-mb-px border-b-2 px-3 py-2 text-sm font-medium ${tab === name ? 'border-blue-600 text-blue-700' : 'border-transparent text-slate-600 hover:text-slate-900'}`}
                    >
                      {t(`integrations.tabs.${name}`)}
                    </button>
                  ))}
                </div>
                <div role="tabpanel" aria-label={t(`integrations.tabs.${tab}`)}>
                  <Suspense fallback={<Spinner label={t('common.loading')} />}>
                    {tab === 'monitoring' && <MonitoringTab system={selected} />}
                    {tab === 'endpoints' && (
                      <EndpointsTab
                        system={selected}
                        syncing={sync.isPending}
                        onSync={(endpointId) => sync.mutate({ id: selected.id, endpointId })}
                      />
                    )}
                    {tab === 'webhooks' && <WebhooksTab system={selected} />}
                    {tab === 'logs' && <SyncLogsTab systemId={selected.id} />}
                  </Suspense>
                </div>
              </CardBody>
            </>
          )}
        </Card>
      </div>
      <Dialog open={dialog === 'add'} onClose={() => setDialog(null)} title={t('integrations.addSystem')}>
        <SystemForm
          pending={create.isPending}
          onCancel={() => setDialog(null)}
          onSubmit={(body) =>
            create.mutate(body, {
              onSuccess: (created) => (setDialog(null), setSelectedId(created.id), setSecretOf(created)),
            })
          }
        />
      </Dialog>
      {selected && (
        <Dialog open={dialog === 'edit'} onClose={() => setDialog(null)} title={t('integrations.form.editTitle')}>
          <SystemForm
            system={selected}
            pending={edit.isPending}
            onCancel={() => setDialog(null)}
            onSubmit={(body) =>
              edit.mutate({ id: selected.id, ...body }, { onSuccess: () => setDialog(null), onError: failed })
            }
          />
        </Dialog>
      )}
      <Dialog open={secretOf !== null} onClose={() => setSecretOf(null)} title={t('integrations.secret.title')}>
        {secretOf && (
          <SecretNotice
            intro={t('integrations.secret.intro', { name: secretOf.name })}
            fields={[
              { label: t('integrations.secret.url'), value: inboundUrl(secretOf.id) },
              { label: t('integrations.secret.signing'), value: secretOf.inboundSecret },
            ]}
            onDone={() => setSecretOf(null)}
          />
        )}
      </Dialog>
    </div>
  );
}

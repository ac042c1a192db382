// /configuration's "Purchase orders (PO check)" section for one facility (issue #32): the PO check
// policy, the upload of open POs (a preview lists each refused line; only a clean file can be
// applied) and the facility's POs with their ledgers. Staff who cannot change facilities see the list.
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from '../../../lib/i18n/use-translation';
import type * as z from 'zod/mini';
import {
  OVER_QUANTITY,
  REFERENCE_MODES,
  UPLOAD_MODES,
  referencePolicySchema,
  type PoUploadResult,
  type ReferencePolicy,
} from '@shared/contracts/references';
import { Button } from '../../../components/ui/button';
import { Card, CardBody, CardHeader } from '../../../components/ui/card';
import { SelectField } from '../../../components/ui/select-field';
import { useFormat } from '../../../lib/format';
import { useSession } from '../../../lib/session';
import { useServerText } from '../../../lib/server-text';
import { messageOf } from '../../../lib/api-client';
import { fieldBinder, schemaResolver, showServerFieldErrors } from '../../../lib/form-errors';
import { useLoadedForm } from '../../../lib/use-loaded-form';
import {
  useApplyUpload,
  usePreviewUpload,
  usePurchaseOrders,
  useReferencePolicy,
  useSaveReferencePolicy,
} from '../api/references';
import { CallbackFields } from './callback-fields';

type PolicyInput = z.input<typeof referencePolicySchema>;
type PolicyOutput = z.output<typeof referencePolicySchema>;
type UploadMode = (typeof UPLOAD_MODES)[number];

const policyForm = (p: ReferencePolicy | undefined): PolicyInput => ({
  mode: p?.mode ?? 'off',
  allowSplits: p?.allowSplits ?? false,
  overQuantity: p?.overQuantity ?? 'refuse',
  callbackUrl: p?.callbackUrl ?? '',
  // Write-only: empty keeps the secret set.
  callbackSecret: '',
  downPolicy: p?.downPolicy ?? 'refuse',
  revision: p?.revision,
});

export function PurchaseOrdersPanel({ facilityId }: { facilityId: string }) {
  const { t } = useTranslation();
  const { hasPermission } = useSession();
  const canWrite = hasPermission('facilities:write');
  return (
    <Card>
      <CardHeader title={t('references.title')} description={t('references.description')} />
      <CardBody className="space-y-6">
        {/* Its own form per facility: another facility's policy fills a new form, never one already open. */}
        {canWrite && <PolicyForm key={facilityId} facilityId={facilityId} />}
        {canWrite && <UploadForm facilityId={facilityId} />}
        <OrderList facilityId={facilityId} />
      </CardBody>
    </Card>
  );
}

function PolicyForm({ facilityId }: { facilityId: string }) {
  const { t } = useTranslation();
  const policy = useReferencePolicy(facilityId);
  const save = useSaveReferencePolicy(facilityId);
  const { register, handleSubmit, reset, formState, setError, setValue, watch } = useForm<
    PolicyInput,
    unknown,
    PolicyOutput
  >({
    resolver: schemaResolver(referencePolicySchema),
    defaultValues: policyForm(undefined),
  });
  const field = fieldBinder({ register, formState });
  const ready = useLoadedForm({ reset }, policy.data, policyForm);
  // Shown once the form holds the policy: a choice made before it arrived would be reset to it.
  if (!ready) return null;
  return (
    <form
      noValidate
      aria-label={t('references.policy.mode')}
      className="grid gap-3 md:grid-cols-3"
      onSubmit={handleSubmit((values) =>
        save.mutate(values, { onError: (error) => showServerFieldErrors(error, setError) }),
      )}
    >
      <SelectField
        label={t('references.policy.mode')}
        options={REFERENCE_MODES.map((m) => ({ value: m, label: t(`references.policy.modes.${m}`) }))}
        {...field('mode')}
      />
      <SelectField
        label={t('references.policy.overQuantity')}
        options={OVER_QUANTITY.map((o) => ({ value: o, label: t(`references.policy.over.${o}`) }))}
        {...field('overQuantity')}
      />
      <label className="flex items-center gap-2 self-end pb-2 text-sm">
        <input type="checkbox" {...register('allowSplits')} /> {t('references.policy.allowSplits')}
      </label>
      {watch('mode') === 'callback' && (
        <CallbackFields
          field={field}
          hasSecret={policy.data?.hasCallbackSecret ?? false}
          setSecret={(secret) => setValue('callbackSecret', secret, { shouldDirty: true })}
        />
      )}
      <div className="md:col-span-3">
        <Button type="submit" disabled={save.isPending}>
          {t('references.policy.save')}
        </Button>
      </div>
    </form>
  );
}

function UploadForm({ facilityId }: { facilityId: string }) {
  const { t } = useTranslation();
  const say = useServerText();
  const preview = usePreviewUpload(facilityId);
  const apply = useApplyUpload(facilityId);
  const [csv, setCsv] = useState('');
  const [mode, setMode] = useState<UploadMode>('replace');
  const [result, setResult] = useState<PoUploadResult | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const previewNow = (text = csv, uploadMode = mode) => {
    setResult(null);
    setProblem(null);
    if (!text) return;
    preview.mutate(
      { mode: uploadMode, csv: text },
      {
        onSuccess: setResult,
        onError: (error) => setProblem(say(messageOf(error, t('references.toasts.uploadFailed'))) ?? null),
      },
    );
  };
  return (
    <section aria-labelledby="po-upload-title" className="space-y-3">
      <h3 id="po-upload-title" className="font-semibold">
        {t('references.upload.title')}
      </h3>
      <p className="text-xs text-slate-600">{t('references.upload.hint')}</p>
      <div className="grid gap-3 md:grid-cols-2">
        <label className="text-sm">
          <span className="mb-1 block font-medium">{t('references.upload.file')}</span>
          <input
            type="file"
            accept=".csv,text/csv"
            className="block w-full text-sm"
            onChange={async (ev) => {
              const text = (await ev.target.files?.[0]?.text()) ?? '';
              setCsv(text);
              previewNow(text);
            }}
          />
        </label>
        <SelectField
          label={t('references.upload.mode')}
          value={mode}
          options={UPLOAD_MODES.map((m) => ({ value: m, label: t(`references.upload.modes.${m}`) }))}
          onChange={(ev) => {
            const next = ev.target.value as UploadMode;
            setMode(next);
            previewNow(csv, next);
          }}
        />
      </div>
      {problem && (
        <p role="alert" className="text-sm text-red-700">
          {problem}
        </p>
      )}
      {result && (
        <div className="space-y-1 rounded-md border border-slate-200 p-3 text-sm" data-testid="po-preview">
          <p>{t('references.upload.summary', { lines: result.lines, orders: result.orders })}</p>
          {result.errors.length ? (
            <>
              <p role="alert" className="font-medium text-red-700">
                {t('references.upload.errors')}
              </p>
              <ul className="list-disc pl-5 text-red-700">
                {result.errors.map((e, i) => (
                  <li key={`${e.line}-${i}`}>{say(e.message)}</li>
                ))}
              </ul>
            </>
          ) : (
            <p className="text-green-800">{t('references.upload.ready')}</p>
          )}
          {result.closing.length > 0 && <p>{t('references.upload.closing', { pos: result.closing.join(', ') })}</p>}
        </div>
      )}
      <div className="flex flex-wrap gap-2">
        <Button variant="secondary" disabled={!csv || preview.isPending} onClick={() => previewNow()}>
          {t('references.upload.preview')}
        </Button>
        <Button
          disabled={!result || result.errors.length > 0 || apply.isPending}
          onClick={() => apply.mutate({ mode, csv }, { onSuccess: () => setResult(null), onError: () => previewNow() })}
        >
          {t('references.upload.apply')}
        </Button>
      </div>
    </section>
  );
}

function OrderList({ facilityId }: { facilityId: string }) {
  const { t } = useTranslation();
  const format = useFormat();
  const orders = usePurchaseOrders(facilityId).data?.data ?? [];
  return (
    <section aria-labelledby="po-list-title" className="space-y-2">
      <h3 id="po-list-title" className="font-semibold">
        {t('references.list.title')}
      </h3>
      {orders.length === 0 ? (
        <p className="text-sm text-slate-500">{t('references.list.empty')}</p>
      ) : (
        <div className="overflow-x-auto">
          <table className="w-full text-left text-sm">
            <thead className="text-xs text-slate-600">
              <tr>
                <th className="py-1 pr-2">{t('references.list.po')}</th>
                <th className="py-1 pr-2">{t('references.list.supplier')}</th>
                <th className="py-1 pr-2 text-right">{t('references.list.ordered')}</th>
                <th className="py-1 pr-2 text-right">{t('references.list.booked')}</th>
                <th className="py-1 pr-2 text-right">{t('references.list.received')}</th>
                <th className="py-1 pr-2 text-right">{t('references.list.open')}</th>
                <th className="py-1 pr-2">{t('references.list.status')}</th>
                <th className="py-1">{t('references.list.bookedOn')}</th>
              </tr>
            </thead>
            <tbody>
              {orders.map((o) => (
                <tr key={o.po} className="border-t border-slate-200" data-testid={`po-row-${o.po}`}>
                  <td className="py-1 pr-2 font-medium">{o.po}</td>
                  <td className="py-1 pr-2">{o.supplier}</td>
                  <td className="py-1 pr-2 text-right">{format.number(o.ordered)}</td>
                  <td className="py-1 pr-2 text-right">{format.number(o.booked)}</td>
                  <td className="py-1 pr-2 text-right">{format.number(o.received)}</td>
                  <td className="py-1 pr-2 text-right" data-testid="po-open">
                    {format.number(o.openQuantity)}
                  </td>
                  <td className="py-1 pr-2">{o.isOpen ? t('references.list.isOpen') : t('references.list.closed')}</td>
                  <td className="py-1">{o.holders.map((h) => h.bookingReference).join(', ') || '—'}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}

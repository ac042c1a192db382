// The admin's whole-data export and closing (issue #36, on the users screen): the admin asks for the whole-data export and
// watches its progress to the download link; closes the organisation by typing its name (the refusal
// under the field), and reopens it during the grace.
import { useForm } from 'react-hook-form';
import { useTranslation } from '../../../lib/i18n/use-translation';
import type * as z from 'zod/mini';
import { CLOSING_GRACE_DAYS, closeTenantSchema, type TenantExport } from '@shared/contracts/privacy-export';
import { Button, buttonClasses } from '../../../components/ui/button';
import { Card, CardBody, CardHeader } from '../../../components/ui/card';
import { Field } from '../../../components/ui/field';
import { fieldBinder, schemaResolver, showServerFieldErrors } from '../../../lib/form-errors';
import { useFormat } from '../../../lib/format';
import { registerCatalogue } from '../../../lib/i18n';
import { useSession } from '../../../lib/session';
import {
  useCloseTenant,
  useClosing,
  useReopenTenant,
  useStartExport,
  useTenant,
  useTenantExport,
  useTenantExports,
} from '../api/tenant-data';
import { privacyText } from '../i18n';

registerCatalogue(privacyText);

export function TenantDataPanel() {
  const { hasPermission } = useSession();
  if (!hasPermission('admin:panel')) return null;
  return (
    <>
      <ExportCard />
      <ClosingCard />
    </>
  );
}

function ExportCard() {
  const { t } = useTranslation();
  const exports = useTenantExports();
  const start = useStartExport();
  const latest = exports.data?.[0];
  return (
    <Card>
      <CardHeader title={t('privacy.tenantData.exportTitle')} description={t('privacy.tenantData.exportDescription')} />
      <CardBody className="space-y-3">
        <Button disabled={start.isPending || latest?.status === 'running'} onClick={() => start.mutate()}>
          {start.isPending ? t('privacy.tenantData.exporting') : t('privacy.tenantData.export')}
        </Button>
        {latest && <ExportProgress id={latest.id} />}
      </CardBody>
    </Card>
  );
}

function ExportProgress({ id }: { id: string }) {
  const { t } = useTranslation();
  const format = useFormat();
  const shown = useTenantExport(id).data;
  if (!shown) return null;
  return (
    <div className="space-y-1 text-sm" data-testid="tenant-export" aria-live="polite">
      <p className="font-semibold">{t(statusText(shown))}</p>
      <progress
        className="w-full"
        max={Math.max(shown.recordsTotal, 1)}
        value={shown.recordsDone}
        aria-label={t('privacy.tenantData.running')}
      />
      <p>
        {t('privacy.tenantData.progress', {
          done: shown.recordsDone,
          total: shown.recordsTotal,
          types: shown.typesDone.length,
          typesTotal: shown.typesTotal,
        })}
      </p>
      {shown.downloadUrl && shown.downloadUntil && (
        <p className="flex flex-wrap items-center gap-2">
          <a className={buttonClasses('secondary')} href={shown.downloadUrl} download>
            {t('privacy.tenantData.download')}
          </a>
          <span>{t('privacy.tenantData.until', { until: format.dateTime(shown.downloadUntil) })}</span>
        </p>
      )}
    </div>
  );
}

function statusText(e: TenantExport): string {
  if (e.status === 'running') return 'privacy.tenantData.running';
  if (e.status === 'failed') return 'privacy.tenantData.exportFailed';
  return e.downloadUrl ? 'privacy.tenantData.done' : 'privacy.tenantData.expired';
}

type CloseInput = z.input<typeof closeTenantSchema>;
type CloseOutput = z.output<typeof closeTenantSchema>;

function ClosingCard() {
  const { t } = useTranslation();
  const format = useFormat();
  const tenant = useTenant();
  const closing = useClosing();
  const close = useCloseTenant();
  const reopen = useReopenTenant();
  const { register, handleSubmit, formState, setError } = useForm<CloseInput, unknown, CloseOutput>({
    resolver: schemaResolver(closeTenantSchema),
  });
  const field = fieldBinder({ register, formState });
  if (!tenant.data || !closing.data) return null;
  const { closedAt, erasesAt } = closing.data;
  return (
    <Card>
      <CardHeader
        title={t('privacy.tenantData.closeTitle')}
        description={t('privacy.tenantData.closeDescription', { days: CLOSING_GRACE_DAYS })}
      />
      <CardBody className="space-y-3">
        {closedAt && erasesAt ? (
          <>
            <p className="text-sm font-semibold text-amber-800">
              {t('privacy.tenantData.closedOn', {
                closed: format.dateTime(closedAt),
                erases: format.dateTime(erasesAt),
              })}
            </p>
            <Button disabled={reopen.isPending} onClick={() => reopen.mutate()}>
              {t('privacy.tenantData.reopen')}
            </Button>
          </>
        ) : (
          <form
            noValidate
            className="space-y-2"
            onSubmit={handleSubmit((values) =>
              close.mutate(values, { onError: (error) => showServerFieldErrors(error, setError) }),
            )}
          >
            <Field
              label={t('privacy.tenantData.confirmName', { name: tenant.data.name })}
              autoComplete="off"
              {...field('tenantName')}
            />
            <Button type="submit" variant="danger" disabled={close.isPending}>
              {t('privacy.tenantData.close')}
            </Button>
          </form>
        )}
      </CardBody>
    </Card>
  );
}

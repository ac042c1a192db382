// The admin's "Data retention" section (issue #36, on the users screen beside the erasure requests): the tenant's period for each kind of
// personal data with its default beside it, saved whole at the revision loaded (a stale save shows the
// server's refusal), each refusal under its field; below, what the daily runs removed or masked.
import { useForm } from 'react-hook-form';
import { useTranslation } from '../../../lib/i18n/use-translation';
import type * as z from 'zod/mini';
import {
  RETENTION_KINDS,
  RETENTION_LIMITS,
  retentionPolicySchema,
  type RetentionPolicy,
} from '@shared/contracts/privacy-retention';
import { Button } from '../../../components/ui/button';
import { Card, CardBody, CardHeader } from '../../../components/ui/card';
import { Field } from '../../../components/ui/field';
import { fieldBinder, schemaResolver, showServerFieldErrors } from '../../../lib/form-errors';
import { useFormat } from '../../../lib/format';
import { registerCatalogue } from '../../../lib/i18n';
import { useSession } from '../../../lib/session';
import { useRetention, useRetentionReports, useSaveRetention } from '../api/tenant-data';
import { privacyText } from '../i18n';

registerCatalogue(privacyText);

type Input = z.input<typeof retentionPolicySchema>;
type Output = z.output<typeof retentionPolicySchema>;

const formValues = ({ updatedAt: _at, ...policy }: RetentionPolicy): Input => policy;

export function DataRetentionPanel() {
  const { t } = useTranslation();
  const { hasPermission } = useSession();
  const policy = useRetention();
  if (!hasPermission('admin:panel') || !policy.data) return null;
  return (
    <Card>
      <CardHeader title={t('privacy.retention.title')} description={t('privacy.retention.description')} />
      <CardBody className="space-y-4">
        <RetentionForm policy={policy.data} />
        <RetentionRuns />
      </CardBody>
    </Card>
  );
}

function RetentionForm({ policy }: { policy: RetentionPolicy }) {
  const { t } = useTranslation();
  const save = useSaveRetention();
  const { register, handleSubmit, formState, setError } = useForm<Input, unknown, Output>({
    resolver: schemaResolver(retentionPolicySchema),
    values: formValues(policy),
    resetOptions: { keepDirtyValues: true },
  });
  const field = fieldBinder({ register, formState });
  const whole = { setValueAs: (v: unknown) => (v === '' ? Number.NaN : Number(v)) };
  return (
    <form
      noValidate
      aria-label={t('privacy.retention.title')}
      className="grid gap-3 md:grid-cols-3"
      onSubmit={handleSubmit((values) =>
        save.mutate(values, { onError: (error) => showServerFieldErrors(error, setError) }),
      )}
    >
      {RETENTION_KINDS.map((kind) => {
        const limits = RETENTION_LIMITS[kind];
        return (
          <Field
            key={kind}
            label={t(`privacy.retention.kinds.${kind}`)}
            hint={t(limits.unit === 'hours' ? 'privacy.retention.defaultHours' : 'privacy.retention.defaultDays', {
              count: limits.default,
            })}
            inputMode="numeric"
            {...field(kind, whole)}
          />
        );
      })}
      <div className="md:col-span-3">
        <Button type="submit" disabled={save.isPending}>
          {t('privacy.retention.save')}
        </Button>
      </div>
    </form>
  );
}

function RetentionRuns() {
  const { t } = useTranslation();
  const format = useFormat();
  const reports = useRetentionReports();
  return (
    <section aria-labelledby="retention-runs" className="space-y-1 text-sm">
      <h3 id="retention-runs" className="font-semibold">
        {t('privacy.retention.reports')}
      </h3>
      {reports.data?.length === 0 && <p className="text-slate-600">{t('privacy.retention.noReports')}</p>}
      <ul>
        {reports.data?.slice(0, 7).map((r) => (
          <li key={r.id} data-testid="retention-run">
            {format.dateTime(r.ranAt)}: {t('privacy.retention.report', r.removed)}
          </li>
        ))}
      </ul>
    </section>
  );
}

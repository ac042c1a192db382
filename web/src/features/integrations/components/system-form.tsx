// Add System (doc 2 §5: name, system type, base URL and authentication type required; sync frequency
// 300 s by default) and Edit System (credentials left empty are kept), on the shared schemas.
import { useForm } from 'react-hook-form';
import { useTranslation } from '../../../lib/i18n/use-translation';
import * as z from 'zod/mini';
import {
  AUTH_TYPES,
  DEFAULT_SYNC_FREQUENCY,
  SYSTEM_TYPES,
  systemEditSchema,
  systemInputSchema,
  type AuthConfig,
  type ExternalSystem,
} from '@shared/contracts/integrations';
import { Field } from '../../../components/ui/field';
import { FormActions } from '../../../components/ui/form-actions';
import { SelectField } from '../../../components/ui/select-field';
import { fieldBinder, schemaResolver } from '../../../lib/form-errors';

interface FormValues {
  name: string;
  systemType: string;
  vendor: string;
  baseUrl: string;
  authType: string;
  authConfig: Record<keyof AuthConfig, string>;
  syncFrequency: string | number;
}

const AUTH_FIELDS: Record<(typeof AUTH_TYPES)[number], { name: keyof AuthConfig; type?: string }[]> = {
  API_KEY: [{ name: 'apiKey', type: 'password' }, { name: 'headerName' }],
  BEARER_TOKEN: [{ name: 'token', type: 'password' }],
  BASIC_AUTH: [{ name: 'username' }, { name: 'password', type: 'password' }],
  OAUTH2: [
    { name: 'clientId' },
    { name: 'clientSecret', type: 'password' },
    { name: 'tokenUrl', type: 'url' },
    { name: 'scope' },
  ],
};

/** Only the credentials of the chosen type, without empty ones. */
function credentialsOf(values: { authType?: unknown; authConfig?: Record<string, string> }) {
  const fields = AUTH_FIELDS[values.authType as (typeof AUTH_TYPES)[number]] ?? [];
  const typed = fields.flatMap((f) => {
    const value = values.authConfig?.[f.name]?.trim();
    return value ? [[f.name, value] as const] : [];
  });
  return Object.fromEntries(typed);
}

const createSchema = z.pipe(
  z.transform((v): unknown => {
    const values = v as FormValues;
    return { ...values, vendor: values.vendor || null, authConfig: credentialsOf(values) };
  }),
  systemInputSchema,
);

/** Edit: every shown field is sent; the credentials only when some were typed. */
const editSchema = z.pipe(
  z.transform((v): unknown => {
    const values = v as FormValues;
    const credentials = credentialsOf(values);
    const { authConfig: _a, authType, systemType: _s, ...rest } = values;
    return {
      ...rest,
      vendor: values.vendor || null,
      ...(Object.keys(credentials).length ? { authType, authConfig: credentials } : {}),
    };
  }),
  systemEditSchema,
);

export function SystemForm({
  system,
  pending,
  onSubmit,
  onCancel,
}: {
  system?: ExternalSystem;
  pending: boolean;
  onSubmit: (body: Record<string, unknown>) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const { register, handleSubmit, formState, watch } = useForm<FormValues, unknown, Record<string, unknown>>({
    resolver: schemaResolver((system ? editSchema : createSchema) as never) as never,
    defaultValues: {
      name: system?.name ?? '',
      systemType: system?.systemType ?? '',
      vendor: system?.vendor ?? '',
      baseUrl: system?.baseUrl ?? '',
      authType: system?.authType ?? '',
      authConfig: {},
      syncFrequency: system?.syncFrequency ?? DEFAULT_SYNC_FREQUENCY,
    },
  });
  const field = fieldBinder({ register, formState });
  const authType = watch('authType') as (typeof AUTH_TYPES)[number] | '';
  const masked = system
    ? Object.entries(system.authConfig)
        .map(([k, v]) => `${k}: ${v}`)
        .join(', ')
    : '';
  return (
    <form onSubmit={handleSubmit((values) => onSubmit(values))} noValidate className="space-y-3">
      <Field label={t('integrations.form.name')} {...field('name')} />
      <div className="grid gap-3 sm:grid-cols-2">
        <SelectField
          label={t('integrations.form.systemType')}
          placeholder={t('integrations.form.choose')}
          disabled={Boolean(system)}
          options={SYSTEM_TYPES.map((s) => ({ value: s, label: s }))}
          {...field('systemType')}
        />
        <Field label={t('integrations.form.vendor')} {...field('vendor')} />
      </div>
      <Field
        label={t('integrations.form.baseUrl')}
        type="url"
        placeholder="https://tms.example.com/api"
        {...field('baseUrl')}
      />
      <SelectField
        label={t('integrations.form.authType')}
        placeholder={t('integrations.form.choose')}
        options={AUTH_TYPES.map((a) => ({ value: a, label: t(`integrations.authTypes.${a}`) }))}
        {...field('authType')}
      />
      {system && (
        <p className="text-xs text-slate-500">{t('integrations.form.keepCredentials', { current: masked || '—' })}</p>
      )}
      {authType && (
        <div className="grid gap-3 sm:grid-cols-2">
          {AUTH_FIELDS[authType].map((f) => (
            <Field
              key={f.name}
              label={t(`integrations.form.${f.name}`)}
              type={f.type ?? 'text'}
              autoComplete="off"
              {...field(`authConfig.${f.name}`)}
            />
          ))}
        </div>
      )}
      <Field
        label={t('integrations.form.syncFrequency')}
        type="number"
        min={60}
        step={60}
        {...field('syncFrequency')}
      />
      <FormActions
        onCancel={onCancel}
        pending={pending}
        submitLabel={system ? t('integrations.form.save') : t('integrations.form.create')}
      />
    </form>
  );
}

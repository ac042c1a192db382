// /configuration's "Gate compliance (ULIP)" section, for admins: the tenant's ULIP account (the
// password is never shown, only whether one is saved), which checks run, what each failed check
// gives (hold or deny) and how long registry answers are kept.
import { useForm } from 'react-hook-form';
import { useTranslation } from '../../../lib/i18n/use-translation';
import type * as z from 'zod/mini';
import { GATE_RULES, GATE_SOURCES, gateSettingsSchema, type GateSettingsView } from '@shared/contracts/gate';
import { Button } from '../../../components/ui/button';
import { Card, CardBody, CardHeader } from '../../../components/ui/card';
import { Field } from '../../../components/ui/field';
import { SelectField } from '../../../components/ui/select-field';
import { useSession } from '../../../lib/session';
import { useGateSettings, useSaveGateSettings } from '../api/gate';
import { fieldBinder, schemaResolver, showServerFieldErrors } from '../../../lib/form-errors';
import { useLoadedForm } from '../../../lib/use-loaded-form';

type FormInput = z.input<typeof gateSettingsSchema>;
type FormOutput = z.output<typeof gateSettingsSchema>;

const formOf = (s: GateSettingsView | undefined): FormInput => ({
  enabled: s?.enabled ?? false,
  baseUrl: s?.baseUrl ?? 'https://www.ulip.dpiit.gov.in',
  username: s?.username ?? '',
  password: '',
  checks: s?.checks ?? { VAHAN: true, SARATHI: true, FASTAG: true, EWAYBILL: true },
  outcomes: s?.outcomes ?? ({} as FormInput['outcomes']),
  cacheHours: s?.cacheHours ?? 12,
  offlineDeviceHours: s?.offlineDeviceHours ?? 12,
  offlinePhoneMinutes: s?.offlinePhoneMinutes ?? 15,
});

export function GateSettingsPanel() {
  const { hasPermission } = useSession();
  return hasPermission('gate:configure') ? <GateSettingsForm /> : null;
}

function GateSettingsForm() {
  const { t } = useTranslation();
  const settings = useGateSettings();
  const save = useSaveGateSettings();
  const { register, handleSubmit, reset, formState, setError } = useForm<FormInput, unknown, FormOutput>({
    resolver: schemaResolver(gateSettingsSchema),
    defaultValues: formOf(undefined),
  });
  const field = fieldBinder({ register, formState });
  const ready = useLoadedForm({ reset }, settings.data, formOf);
  return (
    <Card>
      <CardHeader title={t('gate.settings.title')} description={t('gate.settings.description')} />
      <CardBody>
        <form
          noValidate
          className="space-y-4"
          onSubmit={handleSubmit((values) =>
            save.mutate(values, { onError: (error) => showServerFieldErrors(error, setError) }),
          )}
          aria-label={t('gate.settings.title')}
        >
          {/* Nothing can be typed before the form holds the saved settings: their arrival would replace it. */}
          <fieldset disabled={!ready} className="min-w-0 space-y-4">
            <label className="flex items-center gap-2 text-sm font-medium">
              <input type="checkbox" {...register('enabled')} /> {t('gate.settings.enabled')}
            </label>
            <div className="grid gap-3 md:grid-cols-3">
              <Field label={t('gate.settings.baseUrl')} {...field('baseUrl')} />
              <Field label={t('gate.settings.username')} autoComplete="off" {...field('username')} />
              <Field
                label={t('gate.settings.password')}
                type="password"
                autoComplete="new-password"
                hint={settings.data?.hasPassword ? t('gate.settings.passwordSaved') : undefined}
                {...field('password')}
              />
            </div>
            <fieldset>
              <legend className="mb-1 text-sm font-semibold">{t('gate.settings.checks')}</legend>
              <div className="flex flex-wrap gap-4">
                {GATE_SOURCES.map((source) => (
                  <label key={source} className="flex items-center gap-2 text-sm">
                    <input type="checkbox" {...register(`checks.${source}`)} /> {t(`gate.settings.sources.${source}`)}
                  </label>
                ))}
              </div>
            </fieldset>
            <fieldset>
              <legend className="mb-1 text-sm font-semibold">{t('gate.settings.outcomes')}</legend>
              <div className="grid gap-2 sm:grid-cols-2 lg:grid-cols-4">
                {GATE_RULES.map((rule) => (
                  <SelectField
                    key={rule}
                    label={t(`gate.settings.rules.${rule}`)}
                    options={[
                      { value: 'HOLD', label: t('gate.settings.hold') },
                      { value: 'DENY', label: t('gate.settings.deny') },
                    ]}
                    {...field(`outcomes.${rule}`)}
                  />
                ))}
              </div>
            </fieldset>
            <Field
              label={t('gate.settings.cacheHours')}
              type="number"
              min={1}
              max={72}
              className="max-w-xs"
              {...field('cacheHours')}
            />
            <Field
              label={t('gate.settings.offlineDeviceHours')}
              type="number"
              min={1}
              max={48}
              className="max-w-xs"
              {...field('offlineDeviceHours')}
            />
            <Field
              label={t('gate.settings.offlinePhoneMinutes')}
              type="number"
              min={1}
              max={120}
              className="max-w-xs"
              {...field('offlinePhoneMinutes')}
            />
            <div className="flex justify-end">
              <Button type="submit" disabled={save.isPending || settings.isLoading}>
                {t('gate.settings.save')}
              </Button>
            </div>
          </fieldset>
        </form>
      </CardBody>
    </Card>
  );
}

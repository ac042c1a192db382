// The messaging panel of /configuration: the tenant's SMS/voice provider, its DLT registration (entity
// id, header, each template's DLT template id: no SMS goes out without them), the SNS backup route,
// WhatsApp Business Cloud API, the e-mail sender and the delay-alert minutes. Secrets are write-only:
// the server says only whether one is saved; a blank field keeps it. The local demo's stand-in
// registration is shown as such and its all-zero ids are not offered for editing.
import { useForm } from 'react-hook-form';
import { useTranslation } from '../../../lib/i18n/use-translation';
import {
  HUB_TEMPLATES,
  LANGUAGES,
  type Language,
  type MessagingSettingsInput,
  type MessagingSettingsView,
} from '@shared/contracts/messaging';
import { Button } from '../../../components/ui/button';
import { Card, CardBody, CardHeader } from '../../../components/ui/card';
import { Field } from '../../../components/ui/field';
import { registerCatalogue } from '../../../lib/i18n';
import { useMessagingSettings, useSaveMessagingSettings } from '../api/messaging';
import { messagingText } from '../i18n';
import { fieldBinder, showServerFieldErrors } from '../../../lib/form-errors';
import { useLoadedForm } from '../../../lib/use-loaded-form';

registerCatalogue(messagingText);

interface FormValues {
  baseUrl: string;
  accountSid: string;
  apiKey: string;
  apiToken: string;
  callbackSecret: string;
  voiceCallerId: string;
  dlt: { entityId: string; header: string; templateIds: Record<string, Record<Language, string>> };
  snsBackup: boolean;
  waBaseUrl: string;
  phoneNumberId: string;
  accessToken: string;
  appSecret: string;
  verifyToken: string;
  emailFrom: string;
  delayAlertMinutes: number;
}

function formOf(s: MessagingSettingsView | undefined): FormValues {
  return {
    baseUrl: s?.smsProvider?.baseUrl ?? '',
    accountSid: s?.smsProvider?.accountSid ?? '',
    apiKey: '',
    apiToken: '',
    callbackSecret: '',
    voiceCallerId: s?.smsProvider?.voiceCallerId ?? '',
    dlt: dltFormOf(s?.dlt?.demo ? null : s?.dlt),
    snsBackup: s?.snsBackup ?? true,
    waBaseUrl: s?.whatsapp?.baseUrl ?? 'https://graph.facebook.com/v21.0',
    phoneNumberId: s?.whatsapp?.phoneNumberId ?? '',
    accessToken: '',
    appSecret: '',
    verifyToken: '',
    emailFrom: s?.emailFrom ?? '',
    delayAlertMinutes: s?.delayAlertMinutes ?? 15,
  };
}

function dltFormOf(dlt: MessagingSettingsView['dlt'] | undefined): FormValues['dlt'] {
  const templateIds = Object.fromEntries(
    HUB_TEMPLATES.map((t) => [t.key, { en: dlt?.templateIds[t.key]?.en ?? '', hi: dlt?.templateIds[t.key]?.hi ?? '' }]),
  );
  return { entityId: dlt?.entityId ?? '', header: dlt?.header ?? '', templateIds };
}

/** The registration as entered: untouched is not sent; all blank removes a saved one. */
function dltInputOf(
  v: FormValues['dlt'],
  touched: boolean,
  saved: MessagingSettingsView | undefined,
): MessagingSettingsInput['dlt'] {
  if (!touched) return undefined;
  const ids = Object.values(v.templateIds).flatMap((byLanguage) => LANGUAGES.map((l) => byLanguage[l].trim()));
  if (!v.entityId.trim() && !v.header.trim() && ids.every((id) => !id)) return saved?.dlt ? null : undefined;
  return { entityId: v.entityId.trim(), header: v.header.trim().toUpperCase(), templateIds: v.templateIds };
}

/** The edit the server takes: a provider left empty is not sent (or removed when it was saved before). */
function inputOf(v: FormValues, saved: MessagingSettingsView | undefined): MessagingSettingsInput {
  const dltTouched = JSON.stringify(v.dlt) !== JSON.stringify(formOf(saved).dlt);
  const secret = (value: string) => value.trim() || undefined;
  const sms = v.baseUrl.trim() || v.accountSid.trim();
  const wa = v.phoneNumberId.trim();
  return {
    smsProvider: sms
      ? {
          baseUrl: v.baseUrl.trim(),
          accountSid: v.accountSid.trim(),
          apiKey: secret(v.apiKey),
          apiToken: secret(v.apiToken),
          callbackSecret: secret(v.callbackSecret),
          voiceCallerId: v.voiceCallerId.trim() || null,
        }
      : saved?.smsProvider
        ? null
        : undefined,
    dlt: dltInputOf(v.dlt, dltTouched, saved),
    whatsapp: wa
      ? {
          baseUrl: v.waBaseUrl.trim(),
          phoneNumberId: wa,
          accessToken: secret(v.accessToken),
          appSecret: secret(v.appSecret),
          verifyToken: secret(v.verifyToken),
        }
      : saved?.whatsapp
        ? null
        : undefined,
    snsBackup: v.snsBackup,
    emailFrom: v.emailFrom.trim(),
    delayAlertMinutes: Number(v.delayAlertMinutes),
  };
}

/** The form's field for the API's: the providers' fields are nested in the body, flat in the form. */
const settingsField = (apiField: string) =>
  apiField === 'whatsapp.baseUrl' ? 'waBaseUrl' : apiField.replace(/^(smsProvider|whatsapp)\./, '');

export function MessagingSettingsPanel() {
  const { t } = useTranslation();
  const settings = useMessagingSettings();
  const save = useSaveMessagingSettings();
  const form = useForm<FormValues>({ defaultValues: formOf(undefined) });
  const field = fieldBinder(form);
  const ready = useLoadedForm(form, settings.data, formOf);
  const s = settings.data;
  const secretHint = (set: boolean | undefined) => (set ? t('messaging.settings.secretSet') : undefined);
  return (
    <Card>
      <CardHeader title={t('messaging.settings.title')} description={t('messaging.settings.description')} />
      <CardBody>
        <form
          className="space-y-4"
          noValidate
          onSubmit={form.handleSubmit((values) =>
            save.mutate(inputOf(values, s), {
              onError: (error) => showServerFieldErrors(error, form.setError, settingsField),
            }),
          )}
        >
          {/* Nothing can be typed before the form holds the saved settings: their arrival would replace it. */}
          <fieldset disabled={!ready} className="min-w-0 space-y-4">
            <fieldset className="grid gap-2 sm:grid-cols-2">
              <legend className="mb-1 font-medium">{t('messaging.settings.smsSection')}</legend>
              <Field
                label={t('messaging.settings.baseUrl')}
                placeholder="https://api.exotel.com"
                {...field('baseUrl')}
              />
              <Field label={t('messaging.settings.accountSid')} {...field('accountSid')} />
              <Field
                label={t('messaging.settings.apiKey')}
                type="password"
                autoComplete="off"
                hint={secretHint(s?.smsProvider?.apiKeySet)}
                {...field('apiKey')}
              />
              <Field
                label={t('messaging.settings.apiToken')}
                type="password"
                autoComplete="off"
                hint={secretHint(s?.smsProvider?.apiTokenSet)}
                {...field('apiToken')}
              />
              <Field
                label={t('messaging.settings.callbackSecret')}
                type="password"
                autoComplete="off"
                hint={secretHint(s?.smsProvider?.callbackSecretSet)}
                {...field('callbackSecret')}
              />
              <Field label={t('messaging.settings.voiceCallerId')} {...field('voiceCallerId')} />
              <label className="flex items-center gap-2 text-sm sm:col-span-2">
                <input type="checkbox" {...form.register('snsBackup')} /> {t('messaging.settings.snsBackup')}
              </label>
            </fieldset>
            <fieldset className="grid gap-2 sm:grid-cols-2" aria-describedby="dlt-status">
              <legend className="mb-1 font-medium">{t('messaging.settings.dltSection')}</legend>
              <p
                id="dlt-status"
                data-testid="dlt-status"
                className={`text-sm sm:col-span-2 ${s?.dlt && !s.dlt.demo ? 'text-slate-600' : 'rounded border border-amber-300 bg-amber-50 p-2 text-amber-900'}`}
              >
                {s?.dlt?.demo
                  ? t('messaging.settings.dltDemo', { entityId: s.dlt.entityId, header: s.dlt.header })
                  : s?.dlt
                    ? t('messaging.settings.dltHelp')
                    : t('messaging.settings.dltMissing')}
              </p>
              <Field
                label={t('messaging.settings.dltEntityId')}
                inputMode="numeric"
                maxLength={19}
                hint={t('messaging.settings.digits19')}
                {...field('dlt.entityId')}
              />
              <Field
                label={t('messaging.settings.header')}
                maxLength={6}
                hint={t('messaging.settings.headerHint')}
                {...field('dlt.header')}
              />
              <table className="text-sm sm:col-span-2">
                <caption className="mb-1 text-left font-medium">{t('messaging.settings.dltTemplates')}</caption>
                <thead>
                  <tr className="text-left text-slate-600">
                    <th scope="col">{t('messaging.log.template')}</th>
                    {LANGUAGES.map((l) => (
                      <th key={l} scope="col">
                        {t(`messaging.languages.${l}`)}
                      </th>
                    ))}
                  </tr>
                </thead>
                <tbody>
                  {HUB_TEMPLATES.map((tpl) => (
                    <tr key={tpl.key} className="align-top">
                      <th scope="row" className="py-1 pr-2 text-left font-normal">
                        {tpl.name}
                      </th>
                      {LANGUAGES.map((l) => (
                        <td key={l} className="py-1 pr-2">
                          <Field
                            label={t('messaging.settings.templateIdOf', {
                              template: tpl.name,
                              language: t(`messaging.languages.${l}`),
                            })}
                            inputMode="numeric"
                            maxLength={19}
                            {...field(`dlt.templateIds.${tpl.key}.${l}`)}
                          />
                        </td>
                      ))}
                    </tr>
                  ))}
                </tbody>
              </table>
            </fieldset>
            <fieldset className="grid gap-2 sm:grid-cols-2">
              <legend className="mb-1 font-medium">{t('messaging.settings.whatsappSection')}</legend>
              <Field label={t('messaging.settings.baseUrl')} {...field('waBaseUrl')} />
              <Field label={t('messaging.settings.phoneNumberId')} inputMode="numeric" {...field('phoneNumberId')} />
              <Field
                label={t('messaging.settings.accessToken')}
                type="password"
                autoComplete="off"
                hint={secretHint(s?.whatsapp?.accessTokenSet)}
                {...field('accessToken')}
              />
              <Field
                label={t('messaging.settings.appSecret')}
                type="password"
                autoComplete="off"
                hint={secretHint(s?.whatsapp?.appSecretSet)}
                {...field('appSecret')}
              />
              <Field
                label={t('messaging.settings.verifyToken')}
                type="password"
                autoComplete="off"
                hint={secretHint(s?.whatsapp?.verifyTokenSet)}
                {...field('verifyToken')}
              />
            </fieldset>
            <div className="grid gap-2 sm:grid-cols-2">
              <Field label={t('messaging.settings.emailFrom')} type="email" {...field('emailFrom')} />
              <Field
                label={t('messaging.settings.delayAlertMinutes')}
                type="number"
                min={5}
                max={240}
                {...field('delayAlertMinutes')}
              />
            </div>
            {s && (
              <div className="text-xs text-slate-600">
                <p className="font-medium">{t('messaging.settings.callbacks')}</p>
                <p>{t('messaging.settings.callbackSms', { url: s.callbackUrls.sms })}</p>
                <p>{t('messaging.settings.callbackWhatsapp', { url: s.callbackUrls.whatsappWebhook })}</p>
              </div>
            )}
            <Button type="submit" disabled={save.isPending}>
              {save.isPending ? t('messaging.settings.saving') : t('messaging.settings.save')}
            </Button>
          </fieldset>
        </form>
      </CardBody>
    </Card>
  );
}

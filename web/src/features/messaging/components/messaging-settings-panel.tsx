// The messaging panel of /configuration: the tenant's SMS/voice provider (DLT sender and entity ids),
// the SNS backup route, WhatsApp Business Cloud API, the e-mail sender and the delay-alert minutes.
// Secrets are write-only: the server says only whether one is saved; a blank field keeps it.
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { MessagingSettingsInput, MessagingSettingsView } from '@shared/contracts/messaging';
import { Button } from '../../../components/ui/button';
import { Card, CardBody, CardHeader } from '../../../components/ui/card';
import { Field } from '../../../components/ui/field';
import { registerCatalogue } from '../../../lib/i18n';
import { useMessagingSettings, useSaveMessagingSettings } from '../api/messaging';
import { messagingText } from '../i18n';

registerCatalogue(messagingText);

interface FormValues {
  baseUrl: string;
  accountSid: string;
  apiKey: string;
  apiToken: string;
  callbackSecret: string;
  senderId: string;
  dltEntityId: string;
  voiceCallerId: string;
  snsBackup: boolean;
  waBaseUrl: string;
  phoneNumberId: string;
  accessToken: string;
  appSecret: string;
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
    senderId: s?.smsProvider?.senderId ?? '',
    dltEntityId: s?.smsProvider?.dltEntityId ?? '',
    voiceCallerId: s?.smsProvider?.voiceCallerId ?? '',
    snsBackup: s?.snsBackup ?? true,
    waBaseUrl: s?.whatsapp?.baseUrl ?? 'https://graph.facebook.com/v21.0',
    phoneNumberId: s?.whatsapp?.phoneNumberId ?? '',
    accessToken: '',
    appSecret: '',
    emailFrom: s?.emailFrom ?? '',
    delayAlertMinutes: s?.delayAlertMinutes ?? 15,
  };
}

/** The edit the server takes: a provider left empty is not sent (or removed when it was saved before). */
function inputOf(v: FormValues, saved: MessagingSettingsView | undefined): MessagingSettingsInput {
  const secret = (value: string) => value.trim() || undefined;
  const sms = v.baseUrl.trim() || v.accountSid.trim();
  const wa = v.phoneNumberId.trim();
  return {
    smsProvider: sms
      ? { baseUrl: v.baseUrl.trim(), accountSid: v.accountSid.trim(), apiKey: secret(v.apiKey), apiToken: secret(v.apiToken), callbackSecret: secret(v.callbackSecret), senderId: v.senderId.trim().toUpperCase(), dltEntityId: v.dltEntityId.trim(), voiceCallerId: v.voiceCallerId.trim() || null }
      : saved?.smsProvider ? null : undefined,
    whatsapp: wa ? { baseUrl: v.waBaseUrl.trim(), phoneNumberId: wa, accessToken: secret(v.accessToken), appSecret: secret(v.appSecret) } : saved?.whatsapp ? null : undefined,
    snsBackup: v.snsBackup,
    emailFrom: v.emailFrom.trim(),
    delayAlertMinutes: Number(v.delayAlertMinutes),
  };
}

export function MessagingSettingsPanel() {
  const { t } = useTranslation();
  const settings = useMessagingSettings();
  const save = useSaveMessagingSettings();
  const form = useForm<FormValues>({ defaultValues: formOf(undefined) });
  useEffect(() => {
    if (settings.data) form.reset(formOf(settings.data));
  }, [settings.data, form]);
  const s = settings.data;
  const secretHint = (set: boolean | undefined) => (set ? t('messaging.settings.secretSet') : undefined);
  return (
    <Card>
      <CardHeader title={t('messaging.settings.title')} description={t('messaging.settings.description')} />
      <CardBody>
        <form className="space-y-4" noValidate onSubmit={form.handleSubmit((values) => save.mutate(inputOf(values, s)))}>
          <fieldset className="grid gap-2 sm:grid-cols-2">
            <legend className="mb-1 font-medium">{t('messaging.settings.smsSection')}</legend>
            <Field label={t('messaging.settings.baseUrl')} placeholder="https://api.exotel.com" {...form.register('baseUrl')} />
            <Field label={t('messaging.settings.accountSid')} {...form.register('accountSid')} />
            <Field label={t('messaging.settings.apiKey')} type="password" autoComplete="off" hint={secretHint(s?.smsProvider?.apiKeySet)} {...form.register('apiKey')} />
            <Field label={t('messaging.settings.apiToken')} type="password" autoComplete="off" hint={secretHint(s?.smsProvider?.apiTokenSet)} {...form.register('apiToken')} />
            <Field label={t('messaging.settings.callbackSecret')} type="password" autoComplete="off" hint={secretHint(s?.smsProvider?.callbackSecretSet)} {...form.register('callbackSecret')} />
            <Field label={t('messaging.settings.senderId')} maxLength={6} {...form.register('senderId')} />
            <Field label={t('messaging.settings.dltEntityId')} inputMode="numeric" {...form.register('dltEntityId')} />
            <Field label={t('messaging.settings.voiceCallerId')} {...form.register('voiceCallerId')} />
            <label className="flex items-center gap-2 text-sm sm:col-span-2">
              <input type="checkbox" {...form.register('snsBackup')} /> {t('messaging.settings.snsBackup')}
            </label>
          </fieldset>
          <fieldset className="grid gap-2 sm:grid-cols-2">
            <legend className="mb-1 font-medium">{t('messaging.settings.whatsappSection')}</legend>
            <Field label={t('messaging.settings.baseUrl')} {...form.register('waBaseUrl')} />
            <Field label={t('messaging.settings.phoneNumberId')} inputMode="numeric" {...form.register('phoneNumberId')} />
            <Field label={t('messaging.settings.accessToken')} type="password" autoComplete="off" hint={secretHint(s?.whatsapp?.accessTokenSet)} {...form.register('accessToken')} />
            <Field label={t('messaging.settings.appSecret')} type="password" autoComplete="off" hint={secretHint(s?.whatsapp?.appSecretSet)} {...form.register('appSecret')} />
          </fieldset>
          <div className="grid gap-2 sm:grid-cols-2">
            <Field label={t('messaging.settings.emailFrom')} type="email" {...form.register('emailFrom')} />
            <Field label={t('messaging.settings.delayAlertMinutes')} type="number" min={5} max={240} {...form.register('delayAlertMinutes')} />
          </div>
          {s && (
            <div className="text-xs text-slate-600">
              <p className="font-medium">{t('messaging.settings.callbacks')}</p>
              <p>{t('messaging.settings.callbackSms', { url: s.callbackUrls.sms })}</p>
              <p>{t('messaging.settings.callbackWhatsapp', { url: s.callbackUrls.whatsapp })}</p>
            </div>
          )}
          <Button type="submit" disabled={save.isPending}>
            {save.isPending ? t('messaging.settings.saving') : t('messaging.settings.save')}
          </Button>
        </form>
      </CardBody>
    </Card>
  );
}

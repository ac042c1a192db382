// The Messaging Center dialog ('Multi-Channel Notification Center', doc 1): Quick Message Test, Send
// Custom Notification (channels, language, quick templates, custom message), the template list with
// Use Template, Integration Status and the message log. The toasts are raised here, in the mutations'
// callbacks, so a refresh of the lists cannot swallow them.
import { useEffect, useState } from 'react';
import { useTranslation } from '../../../lib/i18n/use-translation';
import {
  CHANNELS,
  checkDlt,
  findTemplate,
  HUB_TEMPLATES,
  LANGUAGES,
  type Channel,
  type Language,
} from '@shared/contracts/messaging';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { Field, TextAreaField } from '../../../components/ui/field';
import { SelectField } from '../../../components/ui/select-field';
import { ApiError, messageOf } from '../../../lib/api-client';
import { registerCatalogue } from '../../../lib/i18n';
import { useToast } from '../../../lib/toast';
import {
  useIntegrationStatus,
  useSendMessages,
  useUpcomingDriverAppointments,
  type DriverAppointment,
} from '../api/messaging';
import { messagingText } from '../i18n';
import { DriverMessageForm } from './driver-message-form';
import { IntegrationStatus } from './integration-status';
import { MessageLog } from './message-log';

registerCatalogue(messagingText);

export type { DriverAppointment };
type Recipient = 'typed' | 'driver' | 'appointment';
const RECIPIENTS: Recipient[] = ['typed', 'driver', 'appointment'];

export function MessagingCenter({
  open,
  onClose,
  appointments,
}: {
  open: boolean;
  onClose: () => void;
  appointments?: DriverAppointment[];
}) {
  const { t } = useTranslation();
  const { toast } = useToast();
  const { test, send } = useSendMessages();
  const [phone, setPhone] = useState('');
  const [email, setEmail] = useState('');
  const [channels, setChannels] = useState<Channel[]>(['sms']);
  const [language, setLanguage] = useState<Language>('en');
  const [templateKey, setTemplateKey] = useState('');
  const [message, setMessage] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  /** Field messages: the form's own checks, then the server's ({ to, email, message }). */
  const [errors, setErrors] = useState<{ phone?: string; email?: string; template?: string; message?: string }>({});
  // SMS carries only the hub's DLT-registered templates (issue #53): with SMS chosen, Quick Templates
  // offers those registered in the chosen language, and a send is checked here before it goes.
  const smsCard = useIntegrationStatus(open).data?.find((c) => c.channel === 'sms');
  const smsOn = channels.includes('sms');
  const registered = smsOn ? (smsCard?.templates?.[language] ?? null) : null;
  const offered = registered ? HUB_TEMPLATES.filter((tpl) => registered.includes(tpl.key)) : HUB_TEMPLATES;
  const languageName = t(`messaging.languages.${language}`);
  /** Why the typed message cannot go by SMS (the field and its message), or null. */
  const smsProblem = (): { template?: string; message?: string } | null => {
    if (!registered) return null;
    const template = findTemplate(templateKey);
    if (!template) return { template: t('messaging.sms.chooseTemplate') };
    if (!registered.includes(template.key))
      return { template: t('messaging.sms.notRegistered', { name: template.name, language: languageName }) };
    const dlt = checkDlt(template.text[language], message.trim());
    return dlt.ok ? null : { message: dlt.reason };
  };
  const serverErrors = (err: unknown) => {
    const fields = err instanceof ApiError ? err.fieldErrors : {};
    setErrors({ phone: fields.to, email: fields.email, message: fields.message });
  };

  const [appointmentId, setAppointmentId] = useState('');
  const withPhone = (appointments ?? []).filter((a) => a.driverPhone);
  // Sending to a driver or an appointment's driver: today's list when opened from it, else the coming days'.
  const [recipient, setRecipient] = useState<Recipient>('typed');
  const upcoming = useUpcomingDriverAppointments(open && !appointments);
  const recipientAppointments = (appointments ?? upcoming.data ?? []).filter((a) => a.driverPhone || a.driverId);
  // "Send SMS Update": the first appointment's driver is chosen; another can be picked.
  useEffect(() => {
    if (!open || !appointments) return;
    const first = appointments.find((a) => a.driverPhone);
    // The choice is made once, when the dialog opens (no event handler of ours sees that moment).
    // eslint-disable-next-line react-hooks/set-state-in-effect
    setAppointmentId(first?.id ?? '');
    setPhone(first?.driverPhone ?? '');
    setChannels(['sms']);
    // Chosen when the dialog opens; a refreshed schedule does not undo the user's choice.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [open]);
  const chooseAppointment = (id: string) => {
    setAppointmentId(id);
    setPhone(withPhone.find((a) => a.id === id)?.driverPhone ?? '');
  };

  const applyTemplate = (key: string, lang = language) => {
    setTemplateKey(key);
    setErrors((now) => ({ ...now, template: undefined }));
    const template = findTemplate(key);
    if (template) setMessage(template.text[lang]);
  };
  const changeLanguage = (lang: Language) => {
    setLanguage(lang);
    // The preview follows the chosen language while the text is still the template's.
    const template = findTemplate(templateKey);
    if (template && message === template.text[language]) setMessage(template.text[lang]);
  };
  const toggle = (channel: Channel) =>
    setChannels((now) => (now.includes(channel) ? now.filter((c) => c !== channel) : [...now, channel]));

  const runTest = (channel: Channel) => {
    setProblem(null);
    const to = channel === 'email' ? email.trim() || phone.trim() : phone.trim();
    setErrors(to ? {} : { phone: t('messaging.fieldErrors.phone') });
    if (!to)
      return toast({
        title: t('messaging.toast.phoneRequired'),
        description: t('messaging.toast.phoneRequiredText'),
        variant: 'destructive',
      });
    test.mutate(
      { channel, to, language },
      {
        onSuccess: (res) => toast({ title: t('messaging.toast.testOk'), description: res.message }),
        onError: (err) => {
          serverErrors(err);
          setProblem(messageOf(err, t('messaging.toast.testFailedText')));
          toast({
            title: t('messaging.toast.testFailed'),
            description: t('messaging.toast.testFailedText'),
            variant: 'destructive',
          });
        },
      },
    );
  };

  const runSend = () => {
    setProblem(null);
    setErrors({
      phone: phone.trim() ? undefined : t('messaging.fieldErrors.phone'),
      message: message.trim() ? undefined : t('messaging.fieldErrors.message'),
    });
    if (!phone.trim() || !message.trim())
      return toast({
        title: t('messaging.toast.requiredFields'),
        description: t('messaging.toast.requiredFieldsText'),
        variant: 'destructive',
      });
    if (!channels.length)
      return toast({
        title: t('messaging.toast.selectChannels'),
        description: t('messaging.toast.selectChannelsText'),
        variant: 'destructive',
      });
    const notForSms = smsProblem();
    if (notForSms) return setErrors(notForSms);
    send.mutate(
      { to: phone.trim(), email: email.trim(), message, channels, language, templateKey: templateKey || null },
      {
        onSuccess: () => {
          toast({ title: t('messaging.toast.sent'), description: t('messaging.toast.sentText') });
          setPhone('');
          setMessage('');
        },
        onError: (err) => {
          serverErrors(err);
          setProblem(messageOf(err, t('messaging.toast.sendFailedText')));
          toast({
            title: t('messaging.toast.sendFailed'),
            description: t('messaging.toast.sendFailedText'),
            variant: 'destructive',
          });
        },
      },
    );
  };

  return (
    <Dialog open={open} onClose={onClose} title={t('messaging.title')} wide>
      <div className="space-y-6">
        {problem && (
          <p
            aria-live="polite"
            data-testid="messaging-problem"
            className="rounded border border-red-200 bg-red-50 p-2 text-sm text-red-700"
          >
            {problem}
          </p>
        )}
        <section aria-labelledby="quick-test" className="space-y-2">
          <h3 id="quick-test" className="font-semibold">
            {t('messaging.quickTest.title')}
          </h3>
          {appointments && (
            <SelectField
              label={t('messaging.forAppointment')}
              placeholder={t('messaging.forAppointmentPlaceholder')}
              value={appointmentId}
              onChange={(e) => chooseAppointment(e.target.value)}
              options={withPhone.map((a) => ({
                value: a.id,
                label: `${a.scheduledTimeStart} · ${a.driverName ?? a.driverPhone} · ${a.bookingReference}`,
              }))}
            />
          )}
          <div className="grid gap-2 sm:grid-cols-2">
            <Field
              label={t('messaging.phone')}
              type="tel"
              placeholder={t('messaging.phonePlaceholder')}
              hint={t('messaging.phoneHint')}
              error={errors.phone}
              value={phone}
              onChange={(e) => setPhone(e.target.value)}
            />
            <Field
              label={t('messaging.email')}
              type="email"
              error={errors.email}
              value={email}
              onChange={(e) => setEmail(e.target.value)}
            />
          </div>
          <div className="flex flex-wrap gap-2">
            {CHANNELS.map((c) => (
              <Button key={c} variant="secondary" disabled={test.isPending} onClick={() => runTest(c)}>
                {t(`messaging.quickTest.${c}`)}
              </Button>
            ))}
          </div>
        </section>

        <section aria-labelledby="custom-notification" className="space-y-3">
          <h3 id="custom-notification" className="font-semibold">
            {t('messaging.custom.title')}
          </h3>
          <fieldset className="flex flex-wrap gap-4">
            <legend className="mb-1 text-sm font-medium">{t('messaging.recipient.label')}</legend>
            {RECIPIENTS.map((r) => (
              <label key={r} className="flex items-center gap-2 text-sm">
                <input
                  type="radio"
                  name="messaging-recipient"
                  checked={recipient === r}
                  onChange={() => setRecipient(r)}
                />{' '}
                {t(`messaging.recipient.${r}`)}
              </label>
            ))}
          </fieldset>
          {recipient !== 'typed' ? (
            <DriverMessageForm
              key={recipient}
              mode={recipient}
              appointments={recipientAppointments}
              initialAppointmentId={appointmentId}
            />
          ) : (
            <>
              <fieldset className="flex flex-wrap gap-4">
                <legend className="mb-1 text-sm font-medium">{t('messaging.custom.channels')}</legend>
                {CHANNELS.map((c) => (
                  <label key={c} className="flex items-center gap-2 text-sm">
                    <input type="checkbox" checked={channels.includes(c)} onChange={() => toggle(c)} />{' '}
                    {t(`messaging.channel.${c}`)}
                  </label>
                ))}
              </fieldset>
              <div className="grid gap-2 sm:grid-cols-2">
                <SelectField
                  label={t('messaging.custom.language')}
                  value={language}
                  onChange={(e) => changeLanguage(e.target.value as Language)}
                  options={LANGUAGES.map((l) => ({ value: l, label: `${l} ${t(`messaging.languages.${l}`)}` }))}
                />
                <SelectField
                  label={t('messaging.custom.quickTemplates')}
                  placeholder={t('messaging.custom.quickTemplatesPlaceholder')}
                  value={offered.some((tpl) => tpl.key === templateKey) ? templateKey : ''}
                  onChange={(e) => applyTemplate(e.target.value)}
                  options={offered.map((tpl) => ({ value: tpl.key, label: tpl.name }))}
                  error={errors.template}
                  hint={
                    registered &&
                    t(registered.length ? 'messaging.sms.onlyRegistered' : 'messaging.sms.noneRegistered', {
                      language: languageName,
                    })
                  }
                />
              </div>
              <TextAreaField
                label={t('messaging.custom.message')}
                lang={language}
                error={errors.message}
                value={message}
                onChange={(e) => setMessage(e.target.value)}
              />
              <Button onClick={runSend} disabled={send.isPending}>
                {send.isPending ? t('messaging.custom.sending') : t('messaging.custom.send')}
              </Button>
            </>
          )}
        </section>

        <section aria-labelledby="template-list" className="space-y-2">
          <h3 id="template-list" className="font-semibold">
            {t('messaging.templates.title')}
          </h3>
          <ul className="divide-y divide-slate-200 rounded border border-slate-200">
            {HUB_TEMPLATES.map((tpl) => (
              <li key={tpl.key} className="flex items-start justify-between gap-3 p-2">
                <div>
                  <p className="text-sm font-medium">{tpl.name}</p>
                  <p className="text-sm text-slate-600" lang={language}>
                    {tpl.text[language]}
                  </p>
                  {registered && !registered.includes(tpl.key) && (
                    <p className="text-xs text-amber-700">{t('messaging.sms.notForSms', { language: languageName })}</p>
                  )}
                </div>
                <Button
                  variant="secondary"
                  aria-label={`${t('messaging.templates.use')}: ${tpl.name}`}
                  onClick={() => applyTemplate(tpl.key)}
                >
                  {t('messaging.templates.use')}
                </Button>
              </li>
            ))}
          </ul>
        </section>

        <IntegrationStatus enabled={open} />
        <MessageLog enabled={open} />
      </div>
    </Dialog>
  );
}

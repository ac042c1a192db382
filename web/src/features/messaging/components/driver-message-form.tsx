// The Messaging Center's message to a driver or to an appointment's driver (issue #29.4): the number,
// channels and language are the driver's record's; a template's placeholders fill from the chosen
// appointment and the preview shows the text as it will go; what cannot be filled is named before
// sending (the server refuses it with the same words).
import { useState } from 'react';
import { useTranslation } from '../../../lib/i18n/use-translation';
import {
  appointmentValues,
  fillTemplate,
  findTemplate,
  HUB_TEMPLATES,
  unfilledMessage,
} from '@shared/contracts/messaging';
import { driverChannels, driverLanguage } from '@shared/contracts/messaging-drivers';
import { Button } from '../../../components/ui/button';
import { TextAreaField } from '../../../components/ui/field';
import { SelectField } from '../../../components/ui/select-field';
import { ApiError, messageOf } from '../../../lib/api-client';
import { useToast } from '../../../lib/toast';
import { useFormat } from '../../../lib/format';
import { useCarriers, useDrivers } from '../../carriers';
import { useSendMessages, type DriverAppointment } from '../api/messaging';

export function DriverMessageForm({
  mode,
  appointments,
  initialAppointmentId = '',
}: {
  mode: 'driver' | 'appointment';
  appointments: DriverAppointment[];
  initialAppointmentId?: string;
}) {
  const { t } = useTranslation();
  const format = useFormat();
  const { toast } = useToast();
  const { sendToDriver } = useSendMessages();
  const carriers = useCarriers();
  const [carrierId, setCarrierId] = useState('');
  const [driverId, setDriverId] = useState('');
  const [appointmentId, setAppointmentId] = useState(initialAppointmentId);
  const [templateKey, setTemplateKey] = useState('');
  const [message, setMessage] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [errors, setErrors] = useState<{ recipient?: string; templateKey?: string; message?: string }>({});

  const appointment = mode === 'appointment' ? (appointments.find((a) => a.id === appointmentId) ?? null) : null;
  const recordCarrier = mode === 'driver' ? carrierId : (appointment?.carrierId ?? '');
  const recordDriver = mode === 'driver' ? driverId : (appointment?.driverId ?? '');
  const drivers = useDrivers(recordCarrier || null);
  const driver = drivers.data?.find((d) => d.id === recordDriver) ?? null;
  const chosen = mode === 'driver' ? Boolean(driver) : Boolean(appointment);
  // A guest's appointment has only a number: SMS in English (functions/messaging/reach.ts).
  const phone = driver?.phone || appointment?.driverPhone || null;
  const language = driverLanguage(driver ?? {});
  const channels = driverChannels(driver ?? {});
  const template = templateKey ? (findTemplate(templateKey) ?? null) : null;
  const filled = template
    ? fillTemplate(template, language, appointment ? appointmentValues(appointment, language) : {})
    : null;
  const unfilled = filled?.missing.length ? unfilledMessage(filled.missing) : undefined;
  const noPhone = chosen && !phone ? t('messaging.recipient.noPhone') : undefined;

  const recipient =
    mode === 'driver'
      ? { kind: 'driver' as const, carrierId, driverId }
      : { kind: 'appointment' as const, appointmentId };

  const submit = () => {
    setProblem(null);
    const own = {
      recipient: chosen ? undefined : t('messaging.recipient.chooseDriver'),
      message: template || message.trim() ? undefined : t('messaging.fieldErrors.message'),
    };
    setErrors(own);
    if (own.recipient || own.message || unfilled || noPhone) return;
    sendToDriver.mutate(
      { recipient, templateKey: templateKey || null, ...(template ? {} : { message }) },
      {
        onSuccess: (res) => {
          toast({ title: t('messaging.recipient.sent'), description: res.message });
          setMessage('');
        },
        onError: (err) => {
          const fields = err instanceof ApiError ? err.fieldErrors : {};
          setErrors({ recipient: fields.recipient, templateKey: fields.templateKey, message: fields.message });
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
    <div className="space-y-3" data-testid="driver-message">
      {problem && (
        <p role="alert" className="rounded border border-red-200 bg-red-50 p-2 text-sm text-red-700">
          {problem}
        </p>
      )}
      {mode === 'driver' ? (
        <div className="grid gap-2 sm:grid-cols-2">
          <SelectField
            label={t('messaging.recipient.carrier')}
            placeholder={t('messaging.recipient.carrierPlaceholder')}
            value={carrierId}
            onChange={(e) => {
              setCarrierId(e.target.value);
              setDriverId('');
            }}
            options={(carriers.data ?? []).map((c) => ({ value: c.id, label: c.name }))}
          />
          <SelectField
            label={t('messaging.recipient.driverLabel')}
            placeholder={t('messaging.recipient.driverPlaceholder')}
            value={driverId}
            error={errors.recipient ?? noPhone}
            onChange={(e) => setDriverId(e.target.value)}
            options={(carrierId ? (drivers.data ?? []) : []).map((d) => ({ value: d.id, label: d.name }))}
          />
        </div>
      ) : (
        <SelectField
          label={t('messaging.forAppointment')}
          placeholder={t('messaging.forAppointmentPlaceholder')}
          value={appointmentId}
          error={errors.recipient ?? noPhone}
          onChange={(e) => setAppointmentId(e.target.value)}
          options={appointments.map((a) => ({
            value: a.id,
            label: `${format.day(a.scheduledDate)} ${a.scheduledTimeStart} · ${a.driverName ?? a.driverPhone ?? '—'} · ${a.bookingReference}`,
          }))}
        />
      )}
      {chosen && phone && (
        <p className="text-sm text-slate-700" data-testid="driver-reach">
          {t('messaging.recipient.reachedBy', {
            channels: channels.map((c) => t(`messaging.channel.${c}`)).join(' → '),
            language: t(`messaging.languages.${language}`),
          })}
        </p>
      )}
      <SelectField
        label={t('messaging.custom.quickTemplates')}
        placeholder={t('messaging.custom.quickTemplatesPlaceholder')}
        value={templateKey}
        error={errors.templateKey ?? unfilled}
        onChange={(e) => setTemplateKey(e.target.value)}
        options={HUB_TEMPLATES.map((tpl) => ({ value: tpl.key, label: tpl.name }))}
      />
      {filled ? (
        <div>
          <p className="text-sm font-medium">{t('messaging.recipient.preview')}</p>
          <p lang={language} data-testid="driver-message-preview" className="rounded bg-slate-50 p-2 text-sm">
            {filled.text}
          </p>
        </div>
      ) : (
        <TextAreaField
          label={t('messaging.custom.message')}
          lang={language}
          error={errors.message}
          value={message}
          onChange={(e) => setMessage(e.target.value)}
        />
      )}
      <Button onClick={submit} disabled={sendToDriver.isPending || Boolean(unfilled) || Boolean(noPhone)}>
        {sendToDriver.isPending ? t('messaging.custom.sending') : t('messaging.recipient.send')}
      </Button>
    </div>
  );
}

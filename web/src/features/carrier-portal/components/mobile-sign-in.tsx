// Sign-in by mobile number and one-time code (issue #32), for fleet owners without e-mail: the number
// first (the answer is the same whether or not it has an account), then the 6-digit code from the SMS.
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router-dom';
import { useTranslation } from '../../../lib/i18n/use-translation';
import * as z from 'zod/mini';
import { signInCodeRequestSchema, signInCodeSchema, type SignInCodeInput } from '@shared/contracts/auth';
import { Button } from '../../../components/ui/button';
import { Field } from '../../../components/ui/field';
import { api, messageOf } from '../../../lib/api-client';
import { useServerText } from '../../../lib/server-text';
import { useToast } from '../../../lib/toast';
import { useCodeLogin } from '../../../lib/session';
import { fieldBinder, schemaResolver, showServerFieldErrors } from '../../../lib/form-errors';

/** The card's first step: the number is checked, the code field is not there yet. */
const requestFormSchema = z.object({ phoneNumber: signInCodeRequestSchema.shape.phoneNumber, code: z.string() });

export function MobileSignIn() {
  const { t } = useTranslation();
  const say = useServerText();
  const { toast } = useToast();
  const navigate = useNavigate();
  const login = useCodeLogin();
  const [sent, setSent] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const form = useForm<SignInCodeInput>({
    resolver: schemaResolver(sent ? signInCodeSchema : requestFormSchema),
    defaultValues: { phoneNumber: '', code: '' },
  });
  const { register, handleSubmit, formState, setError } = form;
  const field = fieldBinder({ register, formState });
  const fail = (error: unknown) => {
    if (showServerFieldErrors(error, setError)) return;
    toast({ title: t('carrierPortal.mobile.failed'), description: say(messageOf(error, '')), variant: 'destructive' });
  };

  const requestCode = handleSubmit(async ({ phoneNumber }) => {
    setSending(true);
    try {
      const { message } = await api.post<{ message: string }>('/api/auth/mobile-code', { phoneNumber });
      setSent(say(message) ?? message);
    } catch (error) {
      fail(error);
    } finally {
      setSending(false);
    }
  });
  const verify = handleSubmit(async (values) => {
    try {
      await login.mutateAsync(values);
      void navigate('/');
    } catch (error) {
      fail(error);
    }
  });

  return (
    <form
      onSubmit={sent ? verify : requestCode}
      noValidate
      className="space-y-4"
      aria-label={t('carrierPortal.mobile.open')}
    >
      <Field
        label={t('carrierPortal.mobile.number')}
        type="tel"
        inputMode="tel"
        autoComplete="tel"
        placeholder={t('carrierPortal.mobile.numberPlaceholder')}
        readOnly={sent !== null}
        {...field('phoneNumber')}
      />
      {sent && (
        <>
          <p role="status" className="text-sm text-slate-600">
            {sent}
          </p>
          <Field
            label={t('carrierPortal.mobile.code')}
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={6}
            {...field('code')}
          />
        </>
      )}
      <Button type="submit" className="w-full" disabled={sending || login.isPending}>
        {sent
          ? login.isPending
            ? t('carrierPortal.mobile.verifying')
            : t('carrierPortal.mobile.verify')
          : sending
            ? t('carrierPortal.mobile.sending')
            : t('carrierPortal.mobile.send')}
      </Button>
      {sent && (
        <Button type="button" variant="secondary" className="w-full" disabled={sending} onClick={() => setSent(null)}>
          {t('carrierPortal.mobile.resend')}
        </Button>
      )}
    </form>
  );
}

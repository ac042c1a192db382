// /carrier (issue #59): a platform carrier's people (owner, dispatcher, driver) sign in once for every hub
// with their mobile number and an SMS code; a new carrier registers here with its GSTIN (check digit
// verified, as at sign-up). The session it starts lands on "My hubs", or a driver's pass wallet.
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useNavigate } from 'react-router-dom';
import * as z from 'zod/mini';
import { signInCodeRequestSchema, signInCodeSchema, type LoginResponse } from '@shared/contracts/auth';
import { carrierRegistrationSchema, type CarrierRegistration } from '@shared/contracts/carrier-identity';
import { LANGUAGES, type Language } from '@shared/contracts/language';
import { PATHS } from '@shared/navigation';
import { useTranslation } from '../../../lib/i18n/use-translation';
import { Button } from '../../../components/ui/button';
import { Card, CardBody } from '../../../components/ui/card';
import { Field } from '../../../components/ui/field';
import { SelectField } from '../../../components/ui/select-field';
import { PublicHeader } from '../../../components/public-header';
import { api, messageOf } from '../../../lib/api-client';
import { useServerText } from '../../../lib/server-text';
import { useToast } from '../../../lib/toast';
import { useSessionStart } from '../../../lib/session';
import { fieldBinder, schemaResolver, showServerFieldErrors } from '../../../lib/form-errors';

const requestFormSchema = z.object({ phoneNumber: signInCodeRequestSchema.shape.phoneNumber, code: z.string() });
type CodeForm = z.input<typeof signInCodeSchema>;

function CodeSignIn({ phoneNumber }: { phoneNumber: string }) {
  const { t } = useTranslation();
  const say = useServerText();
  const { toast } = useToast();
  const navigate = useNavigate();
  const signIn = useSessionStart((input: CodeForm) =>
    api.post<LoginResponse>('/api/carrier-identity/mobile-code/verify', input),
  );
  const [sent, setSent] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const { register, handleSubmit, formState, setError } = useForm<CodeForm>({
    resolver: schemaResolver(sent ? signInCodeSchema : requestFormSchema),
    defaultValues: { phoneNumber, code: '' },
  });
  const field = fieldBinder({ register, formState });
  const fail = (error: unknown) => {
    if (showServerFieldErrors(error, setError)) return;
    toast({
      title: t('carrierIdentity.signIn.failed'),
      description: say(messageOf(error, '')),
      variant: 'destructive',
    });
  };
  const requestCode = handleSubmit(async ({ phoneNumber: number }) => {
    setBusy(true);
    try {
      const { message } = await api.post<{ message: string }>('/api/carrier-identity/mobile-code', {
        phoneNumber: number,
      });
      setSent(say(message) ?? message);
    } catch (error) {
      fail(error);
    } finally {
      setBusy(false);
    }
  });
  const verify = handleSubmit(async (values) => {
    setBusy(true);
    try {
      await signIn.mutateAsync(values);
      void navigate(PATHS.home);
    } catch (error) {
      fail(error);
    } finally {
      setBusy(false);
    }
  });
  return (
    <form
      onSubmit={sent ? verify : requestCode}
      noValidate
      className="space-y-4"
      aria-label={t('carrierIdentity.signIn.title')}
    >
      <Field
        label={t('carrierIdentity.signIn.number')}
        type="tel"
        inputMode="tel"
        autoComplete="tel"
        placeholder={t('carrierIdentity.signIn.numberPlaceholder')}
        readOnly={sent !== null}
        {...field('phoneNumber')}
      />
      {sent && (
        <>
          <p role="status" className="text-sm text-slate-600">
            {sent}
          </p>
          <Field
            label={t('carrierIdentity.signIn.code')}
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={6}
            {...field('code')}
          />
        </>
      )}
      <Button type="submit" className="w-full" disabled={busy}>
        {sent
          ? t(busy ? 'carrierIdentity.signIn.verifying' : 'carrierIdentity.signIn.verify')
          : t(busy ? 'carrierIdentity.signIn.sending' : 'carrierIdentity.signIn.send')}
      </Button>
      {sent && (
        <Button type="button" variant="secondary" className="w-full" disabled={busy} onClick={() => setSent(null)}>
          {t('carrierIdentity.signIn.resend')}
        </Button>
      )}
    </form>
  );
}

/** The language the screen is shown in, as the language of the owner's SMS. */
const screenLanguage = (language: string): Language => (language === 'hi' ? 'hi' : 'en');

function RegisterForm({ onDone }: { onDone: (phoneNumber: string) => void }) {
  const { t, i18n } = useTranslation();
  const say = useServerText();
  const { toast } = useToast();
  const shown = screenLanguage(i18n.language);
  const { register, handleSubmit, formState, setError, getFieldState, resetField } = useForm<CarrierRegistration>({
    resolver: schemaResolver(carrierRegistrationSchema),
    defaultValues: { gstin: '', name: '', ownerName: '', phoneNumber: '', language: shown },
  });
  // The screen switched language before the owner chose one: the SMS follows the screen.
  useEffect(() => {
    if (!getFieldState('language').isDirty) resetField('language', { defaultValue: shown });
  }, [shown, getFieldState, resetField]);
  const field = fieldBinder({ register, formState });
  const submit = handleSubmit(async (values) => {
    try {
      await api.post('/api/carrier-identity/register', values);
      toast({ title: t('carrierIdentity.register.done') });
      onDone(values.phoneNumber);
    } catch (error) {
      if (showServerFieldErrors(error, setError)) return;
      toast({
        title: t('carrierIdentity.register.failed'),
        description: say(messageOf(error, '')),
        variant: 'destructive',
      });
    }
  });
  return (
    <form onSubmit={submit} noValidate className="space-y-4" aria-label={t('carrierIdentity.register.title')}>
      <Field
        label={t('carrierIdentity.register.gstin')}
        autoCapitalize="characters"
        placeholder={t('carrierIdentity.register.gstinPlaceholder')}
        {...field('gstin')}
      />
      <Field label={t('carrierIdentity.register.name')} autoComplete="organization" {...field('name')} />
      <Field label={t('carrierIdentity.register.ownerName')} autoComplete="name" {...field('ownerName')} />
      <Field
        label={t('carrierIdentity.register.phone')}
        type="tel"
        inputMode="tel"
        autoComplete="tel"
        {...field('phoneNumber')}
      />
      <SelectField
        label={t('common.messageLanguage')}
        options={LANGUAGES.map((l) => ({ value: l, label: t(`common.languages.${l}`) }))}
        {...field('language')}
      />
      <Button type="submit" className="w-full" disabled={formState.isSubmitting}>
        {t(formState.isSubmitting ? 'carrierIdentity.register.submitting' : 'carrierIdentity.register.submit')}
      </Button>
    </form>
  );
}

export function CarrierSignInRoute() {
  const { t } = useTranslation();
  const [mode, setMode] = useState<'sign-in' | 'register'>('sign-in');
  const [phoneNumber, setPhoneNumber] = useState('');
  const registering = mode === 'register';
  return (
    <div className="min-h-screen bg-slate-50">
      <PublicHeader />
      <main className="mx-auto max-w-md p-4">
        <Card>
          <CardBody className="space-y-4">
            <h1 className="text-xl font-bold">
              {t(registering ? 'carrierIdentity.register.title' : 'carrierIdentity.signIn.title')}
            </h1>
            <p className="text-sm text-slate-600">
              {t(registering ? 'carrierIdentity.register.intro' : 'carrierIdentity.signIn.intro')}
            </p>
            {registering ? (
              <RegisterForm
                onDone={(number) => {
                  setPhoneNumber(number);
                  setMode('sign-in');
                }}
              />
            ) : (
              <CodeSignIn key={phoneNumber} phoneNumber={phoneNumber} />
            )}
            <button
              type="button"
              className="text-sm font-medium text-blue-700 hover:underline"
              onClick={() => setMode(registering ? 'sign-in' : 'register')}
            >
              {t(registering ? 'carrierIdentity.signIn.haveAccount' : 'carrierIdentity.signIn.newCarrier')}
            </button>
            <p>
              <Link to={PATHS.login} className="text-sm text-slate-600 hover:underline">
                {t('carrierIdentity.signIn.staff')}
              </Link>
            </p>
          </CardBody>
        </Card>
      </main>
    </div>
  );
}

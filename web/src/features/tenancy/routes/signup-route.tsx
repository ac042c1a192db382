// /signup: organisation sign-up for the 30-day trial ("Start Free Trial", "Get Started Free"), then the
// 6-digit e-mail code; a right code starts the trial, signs the new admin in and opens the dashboard.
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Link, useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import type * as z from 'zod';
import { signupFormSchema, type SignupForm } from '@shared/contracts/tenancy';
import { DEFAULT_TIME_ZONE, PRODUCT_NAME } from '@shared/product';
import { Button } from '../../../components/ui/button';
import { Card, CardBody } from '../../../components/ui/card';
import { Field } from '../../../components/ui/field';
import { SelectField } from '../../../components/ui/select-field';
import { LanguageSwitch } from '../../../components/language-switch';
import { ApiError, messageOf } from '../../../lib/api-client';
import { registerCatalogue } from '../../../lib/i18n';
import { useToast } from '../../../lib/toast';
import { useResendCode, useSignup, useVerifySignup } from '../api/tenancy';
import { tenancyText } from '../i18n';

registerCatalogue(tenancyText);

const TIME_ZONES = [DEFAULT_TIME_ZONE, 'Asia/Dubai', 'Asia/Singapore', 'Asia/Dhaka', 'Asia/Kathmandu', 'Asia/Colombo'];

function SignupFormCard({ onCreated }: { onCreated: (email: string, password: string) => void }) {
  const { t } = useTranslation();
  const { toast } = useToast();
  const signup = useSignup();
  const { register, handleSubmit, formState, setError } = useForm<SignupForm, unknown, z.output<typeof signupFormSchema>>({ resolver: zodResolver(signupFormSchema), defaultValues: { timeZone: DEFAULT_TIME_ZONE, gstin: '' } });
  const errors = formState.errors;
  const onSubmit = handleSubmit(({ confirmPassword: _confirm, ...input }) =>
    signup.mutate(input, {
      onSuccess: () => onCreated(input.email, input.password),
      onError: (error) => {
        if (error instanceof ApiError) for (const [field, message] of Object.entries(error.fieldErrors)) setError(field as keyof SignupForm, { message });
        toast({ title: t('tenancy.signup.failed'), description: messageOf(error, t('register.tryLater')), variant: 'destructive' });
      },
    }),
  );
  return (
    <form onSubmit={onSubmit} noValidate className="space-y-6" aria-label={t('tenancy.signup.title')}>
      <fieldset className="grid gap-4 sm:grid-cols-2">
        <legend className="mb-2 text-sm font-semibold text-slate-700">{t('tenancy.signup.company')}</legend>
        <Field label={t('tenancy.signup.companyName')} error={errors.companyName?.message} {...register('companyName')} />
        <Field label={t('tenancy.signup.gstin')} hint={t('tenancy.signup.gstinHint')} error={errors.gstin?.message} autoCapitalize="characters" {...register('gstin')} />
      </fieldset>
      <fieldset className="grid gap-4 sm:grid-cols-2">
        <legend className="mb-2 text-sm font-semibold text-slate-700">{t('tenancy.signup.admin')}</legend>
        <Field label={t('tenancy.signup.firstName')} autoComplete="given-name" error={errors.firstName?.message} {...register('firstName')} />
        <Field label={t('tenancy.signup.lastName')} autoComplete="family-name" error={errors.lastName?.message} {...register('lastName')} />
        <Field label={t('tenancy.signup.email')} type="email" autoComplete="email" error={errors.email?.message} {...register('email')} />
        <Field label={t('tenancy.signup.phone')} type="tel" placeholder="98765 43210" autoComplete="tel" error={errors.phoneNumber?.message} {...register('phoneNumber')} />
        <Field label={t('tenancy.signup.password')} type="password" autoComplete="new-password" hint={t('tenancy.signup.passwordHint')} error={errors.password?.message} {...register('password')} />
        <Field label={t('tenancy.signup.confirmPassword')} type="password" autoComplete="new-password" error={errors.confirmPassword?.message} {...register('confirmPassword')} />
      </fieldset>
      <fieldset className="grid gap-4 sm:grid-cols-2">
        <legend className="mb-2 text-sm font-semibold text-slate-700">{t('tenancy.signup.facility')}</legend>
        <Field label={t('tenancy.signup.facilityName')} error={errors.facilityName?.message} {...register('facilityName')} />
        <Field label={t('tenancy.signup.city')} error={errors.facilityCity?.message} {...register('facilityCity')} />
        <Field label={t('tenancy.signup.state')} error={errors.facilityState?.message} {...register('facilityState')} />
        <SelectField label={t('tenancy.signup.timeZone')} options={TIME_ZONES.map((zone) => ({ value: zone, label: zone }))} error={errors.timeZone?.message} {...register('timeZone')} />
      </fieldset>
      <Button type="submit" className="w-full" disabled={signup.isPending}>
        {signup.isPending ? t('tenancy.signup.submitting') : t('tenancy.signup.submit')}
      </Button>
    </form>
  );
}

function VerifyCard({ email, password }: { email: string; password: string }) {
  const { t } = useTranslation();
  const { toast } = useToast();
  const navigate = useNavigate();
  const verify = useVerifySignup();
  const resend = useResendCode();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | undefined>();
  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    verify.mutate(
      { email, code: code.trim(), password },
      {
        onSuccess: () => {
          toast({ title: t('tenancy.verify.started') });
          navigate('/', { replace: true });
        },
        onError: (err) => {
          setError(messageOf(err, t('tenancy.verify.failed')));
          toast({ title: t('tenancy.verify.failed'), description: messageOf(err, t('register.tryLater')), variant: 'destructive' });
        },
      },
    );
  };
  return (
    <form onSubmit={submit} noValidate className="space-y-4" aria-label={t('tenancy.verify.title')}>
      <h2 className="text-lg font-semibold">{t('tenancy.verify.title')}</h2>
      <p className="text-sm text-slate-600">{t('tenancy.verify.sentTo', { email })}</p>
      <Field label={t('tenancy.verify.code')} inputMode="numeric" autoComplete="one-time-code" maxLength={6} value={code} onChange={(e) => setCode(e.target.value)} error={error} />
      <div className="flex flex-wrap gap-2">
        <Button type="submit" disabled={verify.isPending || code.trim().length !== 6}>
          {verify.isPending ? t('tenancy.verify.submitting') : t('tenancy.verify.submit')}
        </Button>
        <Button variant="ghost" disabled={resend.isPending} onClick={() => resend.mutate(email, { onSuccess: () => toast({ title: t('tenancy.verify.resent') }) })}>
          {t('tenancy.verify.resend')}
        </Button>
      </div>
    </form>
  );
}

export function SignupRoute() {
  const { t } = useTranslation();
  const [created, setCreated] = useState<{ email: string; password: string } | null>(null);
  return (
    <div className="flex min-h-screen flex-col items-center bg-gradient-to-b from-blue-50 to-slate-50 px-4 py-10">
      <div className="flex w-full max-w-2xl items-center justify-between">
        <Link to="/" className="text-xl font-bold text-blue-800">
          {PRODUCT_NAME}
        </Link>
        <LanguageSwitch />
      </div>
      <main className="mt-8 w-full max-w-2xl">
        <h1 className="text-center text-2xl font-bold">{t('tenancy.signup.title')}</h1>
        <p className="mt-1 text-center text-sm text-slate-600">{t('tenancy.signup.subtitle')}</p>
        <Card className="mt-6">
          <CardBody className="p-6">{created ? <VerifyCard email={created.email} password={created.password} /> : <SignupFormCard onCreated={(email, password) => setCreated({ email, password })} />}</CardBody>
        </Card>
        <p className="mt-4 text-center text-sm text-slate-600">
          {t('tenancy.signup.haveAccount')}{' '}
          <Link to="/login" className="font-medium text-blue-700 hover:underline">
            {t('tenancy.signup.signIn')}
          </Link>
        </p>
      </main>
    </div>
  );
}

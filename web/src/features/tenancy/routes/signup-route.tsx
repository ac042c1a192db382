// /signup: organisation sign-up for the 30-day trial ("Start Free Trial", "Get Started Free"), then the
// 6-digit e-mail code; a right code starts the trial, signs the new admin in and opens the dashboard.
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router-dom';
import { useTranslation } from '../../../lib/i18n/use-translation';
import type * as z from 'zod/mini';
import { SIGNUP_MAX_DOORS, signupFormSchema, type SignupForm } from '@shared/contracts/tenancy';
import { DEFAULT_TIME_ZONE } from '@shared/time';
import { PRODUCT_NAME } from '@shared/product';
import { Button } from '../../../components/ui/button';
import { Card, CardBody } from '../../../components/ui/card';
import { Field } from '../../../components/ui/field';
import { SelectField } from '../../../components/ui/select-field';
import { LanguageSwitch } from '../../../components/language-switch';
import { messageOf } from '../../../lib/api-client';
import { fieldBinder, schemaResolver, showServerFieldErrors } from '../../../lib/form-errors';
import { registerCatalogue } from '../../../lib/i18n';
import { useToast } from '../../../lib/toast';
import { useSignup } from '../api/tenancy';
import { VerifyEmailCard } from '../components/verify-email-card';
import { tenancyText } from '../i18n';

registerCatalogue(tenancyText);

const TIME_ZONES = [DEFAULT_TIME_ZONE, 'Asia/Dubai', 'Asia/Singapore', 'Asia/Dhaka', 'Asia/Kathmandu', 'Asia/Colombo'];

function SignupFormCard({ onCreated }: { onCreated: (email: string, password: string) => void }) {
  const { t } = useTranslation();
  const { toast } = useToast();
  const signup = useSignup();
  const { register, handleSubmit, formState, setError } = useForm<
    SignupForm,
    unknown,
    z.output<typeof signupFormSchema>
  >({
    resolver: schemaResolver(signupFormSchema),
    // The number of dock doors starts empty: the hub says how many it has (issue #53, item 7).
    defaultValues: { timeZone: DEFAULT_TIME_ZONE, gstin: '', dockDoors: '' },
  });
  const field = fieldBinder({ register, formState });
  const onSubmit = handleSubmit(({ confirmPassword: _confirm, ...input }) =>
    signup.mutate(input, {
      onSuccess: () => onCreated(input.email, input.password),
      onError: (error) => {
        showServerFieldErrors(error, setError);
        toast({
          title: t('tenancy.signup.failed'),
          description: messageOf(error, t('register.tryLater')),
          variant: 'destructive',
        });
      },
    }),
  );
  return (
    <form onSubmit={onSubmit} noValidate className="space-y-6" aria-label={t('tenancy.signup.title')}>
      <fieldset className="grid gap-4 sm:grid-cols-2">
        <legend className="mb-2 text-sm font-semibold text-slate-700">{t('tenancy.signup.company')}</legend>
        <Field label={t('tenancy.signup.companyName')} {...field('companyName')} />
        <Field
          label={t('tenancy.signup.gstin')}
          hint={t('tenancy.signup.gstinHint')}
          autoCapitalize="characters"
          {...field('gstin')}
        />
      </fieldset>
      <fieldset className="grid gap-4 sm:grid-cols-2">
        <legend className="mb-2 text-sm font-semibold text-slate-700">{t('tenancy.signup.admin')}</legend>
        <Field label={t('tenancy.signup.firstName')} autoComplete="given-name" {...field('firstName')} />
        <Field label={t('tenancy.signup.lastName')} autoComplete="family-name" {...field('lastName')} />
        <Field label={t('tenancy.signup.email')} type="email" autoComplete="email" {...field('email')} />
        <Field
          label={t('tenancy.signup.phone')}
          type="tel"
          placeholder="98765 43210"
          autoComplete="tel"
          {...field('phoneNumber')}
        />
        <Field
          label={t('tenancy.signup.password')}
          type="password"
          autoComplete="new-password"
          hint={t('tenancy.signup.passwordHint')}
          {...field('password')}
        />
        <Field
          label={t('tenancy.signup.confirmPassword')}
          type="password"
          autoComplete="new-password"
          {...field('confirmPassword')}
        />
      </fieldset>
      <fieldset className="grid gap-4 sm:grid-cols-2">
        <legend className="mb-2 text-sm font-semibold text-slate-700">{t('tenancy.signup.facility')}</legend>
        <Field label={t('tenancy.signup.facilityName')} {...field('facilityName')} />
        <Field label={t('tenancy.signup.city')} {...field('facilityCity')} />
        <Field label={t('tenancy.signup.state')} {...field('facilityState')} />
        <Field
          label={t('tenancy.signup.dockDoors')}
          hint={t('tenancy.signup.dockDoorsHint')}
          type="number"
          inputMode="numeric"
          min={1}
          max={SIGNUP_MAX_DOORS}
          {...field('dockDoors')}
        />
        <SelectField
          label={t('tenancy.signup.timeZone')}
          options={TIME_ZONES.map((zone) => ({ value: zone, label: zone }))}
          {...field('timeZone')}
        />
      </fieldset>
      <Button type="submit" className="w-full" disabled={signup.isPending}>
        {signup.isPending ? t('tenancy.signup.submitting') : t('tenancy.signup.submit')}
      </Button>
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
          <CardBody className="p-6">
            {created ? (
              <VerifyEmailCard email={created.email} password={created.password} />
            ) : (
              <SignupFormCard onCreated={(email, password) => setCreated({ email, password })} />
            )}
          </CardBody>
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

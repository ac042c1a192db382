// The Sign In card: identifier (email, username or mobile) and password, or a mobile number and a
// one-time code (carrier-portal, issue #32).
import { Suspense, useEffect, useState } from 'react';
import { useForm, type Resolver } from 'react-hook-form';
import { useNavigate } from 'react-router-dom';
import { useTranslation } from '../../../lib/i18n/use-translation';
import type { LoginForm } from '@shared/contracts/auth';
import { Button } from '../../../components/ui/button';
import { Field } from '../../../components/ui/field';
import { Spinner } from '../../../components/ui/spinner';
import { messageOf } from '../../../lib/api-client';
import { useToast } from '../../../lib/toast';
import { useLogin } from '../../../lib/session';
import { fieldBinder, schemaResolver } from '../../../lib/form-errors';
import { browserIdle } from '../../../lib/page-ready';
import { MobileSignIn } from '../../carrier-portal';

// The form is checked on submit, so its schema (and zod with it) is not needed for the card's first
// paint: on a slow phone network it was a third of the screen's code. It is fetched once the page is
// idle (so a submit does not wait for it, nor fail on a network lost meanwhile), or at the submit.
const loginSchema = () => import('@shared/contracts/auth').then((module) => module.loginFormSchema);
const loginResolver: Resolver<LoginForm> = async (...args) => schemaResolver(await loginSchema())(...args);

export function SignInForm() {
  const { t } = useTranslation();
  const [byMobile, setByMobile] = useState(false);
  return (
    <div className="space-y-3">
      {byMobile ? (
        <Suspense fallback={<Spinner label={t('common.loading')} />}>
          <MobileSignIn />
        </Suspense>
      ) : (
        <PasswordSignIn />
      )}
      <Button
        type="button"
        variant="ghost"
        className="w-full"
        onClick={() => setByMobile(!byMobile)}
        onPointerEnter={MobileSignIn.preload}
        onFocus={MobileSignIn.preload}
      >
        {byMobile ? t('carrierPortal.mobile.back') : t('carrierPortal.mobile.open')}
      </Button>
    </div>
  );
}

function PasswordSignIn() {
  const { t } = useTranslation();
  const { toast } = useToast();
  const navigate = useNavigate();
  const login = useLogin();
  const { register, handleSubmit, formState } = useForm<LoginForm>({
    resolver: loginResolver,
    defaultValues: { identifier: '', password: '' },
  });
  const field = fieldBinder({ register, formState });
  // A failed fetch here is retried by the submit.
  useEffect(
    () =>
      void browserIdle()
        .then(loginSchema)
        .catch(() => undefined),
    [],
  );

  // mutateAsync, not per-call callbacks: the screen unmounts as soon as the session holds a user.
  const onSubmit = handleSubmit(async (values) => {
    try {
      const { user } = await login.mutateAsync(values);
      toast({
        title: t('login.successTitle'),
        description: t('login.success', { firstName: user.firstName || user.username }),
      });
      void navigate('/');
    } catch (error) {
      toast({
        title: t('login.failedTitle'),
        description: messageOf(error, t('login.failed')),
        variant: 'destructive',
      });
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4">
      <Field
        label={t('login.identifier')}
        autoComplete="username"
        placeholder={t('login.identifierPlaceholder')}
        {...field('identifier')}
      />
      <Field label={t('login.password')} type="password" autoComplete="current-password" {...field('password')} />
      <Button type="submit" className="w-full" disabled={login.isPending}>
        {login.isPending ? t('login.submitting') : t('login.submit')}
      </Button>
    </form>
  );
}

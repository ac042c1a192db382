// The Sign In card: identifier (email, username or mobile) and password, or a mobile number and a
// one-time code (carrier-portal, issue #32).
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { loginFormSchema, type LoginForm } from '@shared/contracts/auth';
import { Button } from '../../../components/ui/button';
import { Field } from '../../../components/ui/field';
import { messageOf } from '../../../lib/api-client';
import { useToast } from '../../../lib/toast';
import { useLogin } from '../../../lib/session';
import { fieldBinder, schemaResolver } from '../../../lib/form-errors';
import { MobileSignIn } from '../../carrier-portal';

export function SignInForm() {
  const { t } = useTranslation();
  const [byMobile, setByMobile] = useState(false);
  return (
    <div className="space-y-3">
      {byMobile ? <MobileSignIn /> : <PasswordSignIn />}
      <Button type="button" variant="ghost" className="w-full" onClick={() => setByMobile(!byMobile)}>
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
    resolver: schemaResolver(loginFormSchema),
    defaultValues: { identifier: '', password: '' },
  });
  const field = fieldBinder({ register, formState });

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

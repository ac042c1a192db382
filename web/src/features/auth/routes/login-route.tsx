// The sign-in / create-account screen (/login, /register, /auth).
import { useState } from 'react';
import { Link, Navigate, useLocation } from 'react-router-dom';
import { useTranslation } from '../../../lib/i18n/use-translation';
import { PRODUCT_NAME } from '@shared/product';
import { Card, CardBody } from '../../../components/ui/card';
import { LanguageSwitch } from '../../../components/language-switch';
import { Spinner } from '../../../components/ui/spinner';
import { useSession } from '../../../lib/session';
import { loadLater } from '../../../lib/load-later';
import { SignInForm } from '../components/sign-in-form';

// Most visitors of /login sign in: the registration form (its schemas, document upload and privacy
// notice) is fetched when its tab is chosen or approached, not with the sign-in card's first paint.
const RegisterForm = loadLater(async () => (await import('../components/register-form')).RegisterForm, {
  fallback: <RegisterFormLoading />,
});

function RegisterFormLoading() {
  const { t } = useTranslation();
  return <Spinner label={t('common.loading')} />;
}

export function LoginRoute() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const { user, isLoading } = useSession();
  const [mode, setMode] = useState<'signIn' | 'register'>(pathname === '/register' ? 'register' : 'signIn');
  if (isLoading) return <Spinner label={t('common.loading')} />;
  if (user) return <Navigate to="/" replace />;

  const tab = (value: typeof mode, label: string) => (
    <button
      type="button"
      aria-pressed={mode === value}
      onClick={() => setMode(value)}
      onPointerEnter={value === 'register' ? RegisterForm.preload : undefined}
      onFocus={value === 'register' ? RegisterForm.preload : undefined}
      className={`flex-1 rounded-md px-4 py-2 text-sm font-medium ${mode === value ? 'bg-white text-blue-800 shadow' : 'text-slate-600 hover:text-slate-900'}`}
    >
      {label}
    </button>
  );

  return (
    <div className="flex min-h-screen flex-col items-center bg-gradient-to-b from-blue-50 to-slate-50 px-4 py-10">
      <div className={`flex w-full items-center justify-between ${mode === 'register' ? 'max-w-2xl' : 'max-w-md'}`}>
        <Link to="/" className="text-xl font-bold text-blue-800">
          {PRODUCT_NAME}
        </Link>
        <LanguageSwitch />
      </div>
      <div className={`mt-8 w-full ${mode === 'register' ? 'max-w-2xl' : 'max-w-md'}`}>
        <h1 className="text-center text-2xl font-bold">{t('login.heading')}</h1>
        <p className="mt-1 text-center text-sm text-slate-600">{t('login.subheading')}</p>
        <div className="mt-6 flex gap-1 rounded-lg bg-slate-200 p-1">
          {tab('signIn', t('login.signInTab'))}
          {tab('register', t('login.createAccountTab'))}
        </div>
        <Card className="mt-4">
          <CardBody className="p-6">
            {mode === 'signIn' ? (
              <SignInForm />
            ) : (
              <div>
                <h2 className="mb-3 text-lg font-semibold">{t('login.registerTitle')}</h2>
                <RegisterForm />
              </div>
            )}
          </CardBody>
        </Card>
      </div>
    </div>
  );
}

// Screens that need a session: while it loads, a spinner; signed out, the spec's notice and a
// redirect to /login (500 ms, or 1 s with the 'Authentication Required' variant); signed in
// without the screen's permission, a no-access notice inside the role's own shell (navigation,
// Logout) with a way home (the server refuses the calls anyway).
import { Suspense, useEffect, useRef, type ReactNode } from 'react';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { useTranslation } from '../lib/i18n/use-translation';
import { meets, requirementOf } from '@shared/navigation';
import { Notice } from '../components/ui/notice';
import { Spinner } from '../components/ui/spinner';
import { useToast } from '../lib/toast';
import { UNAUTHORIZED_REDIRECT_MS, useLogout, useSession } from '../lib/session';
import { RoleShell } from './shells/role-shell';
import { loadLater } from '../lib/load-later';

export type GuardVariant = 'unauthorized' | 'authRequired';
export const REDIRECT_DELAY_MS: Record<GuardVariant, number> = {
  unauthorized: UNAUTHORIZED_REDIRECT_MS,
  authRequired: 1000,
};

export function useSignedOutRedirect(active: boolean, variant: GuardVariant) {
  const { t } = useTranslation();
  const { toast } = useToast();
  const navigate = useNavigate();
  const shown = useRef(false);
  useEffect(() => {
    if (!active || shown.current) return;
    shown.current = true;
    toast({
      title: variant === 'unauthorized' ? t('auth.unauthorizedTitle') : t('auth.authRequiredTitle'),
      description: variant === 'unauthorized' ? t('auth.unauthorized') : t('auth.authRequired'),
      variant: 'destructive',
    });
    const timer = setTimeout(() => void navigate('/login'), REDIRECT_DELAY_MS[variant]);
    return () => clearTimeout(timer);
  }, [active, variant, toast, navigate, t]);
}

const VerifyEmailCard = loadLater(async () => (await import('../features/tenancy')).VerifyEmailCard);

/**
 * A registration waiting for (or refused) approval: it may sign in, and sees where it stands. An
 * organisation's admin who signed up but never entered the e-mail code is asked for it here (or a new
 * one), since no administrator will review that account.
 */
export function PendingAccount() {
  const { t } = useTranslation();
  const { user } = useSession();
  const logout = useLogout();
  const rejected = user?.status === 'rejected';
  if (user?.awaitsEmailCode && user.email) {
    return (
      <div className="mx-auto mt-10 max-w-md rounded-lg border border-slate-200 bg-white p-6 shadow-sm">
        <Suspense fallback={<Spinner label={t('common.loading')} />}>
          <VerifyEmailCard email={user.email} />
        </Suspense>
        <button
          type="button"
          className="mt-4 text-sm font-medium text-blue-700 hover:underline"
          onClick={() => void logout('/')}
        >
          {t('common.logout')}
        </button>
      </div>
    );
  }
  return (
    <Notice title={t(rejected ? 'auth.rejectedTitle' : 'auth.pendingTitle')}>
      <p>{t(rejected ? 'auth.rejected' : 'auth.pending')}</p>
      <button
        type="button"
        className="mt-4 text-sm font-medium text-blue-700 hover:underline"
        onClick={() => void logout('/')}
      >
        {t('common.logout')}
      </button>
    </Notice>
  );
}

/** A screen the role may not use: said plainly, inside the role's shell, with the way home. */
function NoAccess() {
  const { t } = useTranslation();
  return (
    <RoleShell>
      <Notice title={t('common.noAccessTitle')}>
        <p>{t('common.noAccess')}</p>
        <Link to="/" className="mt-4 inline-block font-medium text-blue-700 hover:underline">
          {t('common.backHome')}
        </Link>
      </Notice>
    </RoleShell>
  );
}

export function RequireAuth({ children, variant = 'unauthorized' }: { children: ReactNode; variant?: GuardVariant }) {
  const { t } = useTranslation();
  const { user, isLoading } = useSession();
  const { pathname } = useLocation();
  useSignedOutRedirect(!isLoading && !user, variant);
  if (isLoading) return <Spinner label={t('common.loading')} />;
  if (!user) {
    return (
      <Notice title={variant === 'unauthorized' ? t('auth.unauthorizedTitle') : t('auth.authRequiredTitle')}>
        {variant === 'unauthorized' ? t('auth.unauthorized') : t('auth.authRequired')}
      </Notice>
    );
  }
  if (user.status !== 'active') return <PendingAccount />;
  const requirement = requirementOf(pathname);
  if (requirement && !meets(user, requirement)) return <NoAccess />;
  return <>{children}</>;
}

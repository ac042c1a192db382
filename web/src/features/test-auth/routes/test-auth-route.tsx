// /test-auth: the current user's role and flags, and sign-in as any of the five sample accounts.
import { useTranslation } from '../../../lib/i18n/use-translation';
import { PLATFORM_ROLES, type CanAccess } from '@shared/roles';
import { Button } from '../../../components/ui/button';
import { Card, CardBody, CardHeader } from '../../../components/ui/card';
import { api, ApiError } from '../../../lib/api-client';
import { useToast } from '../../../lib/toast';
import { useRoleName } from '../../../lib/role-names';
import { useLogout, useSession } from '../../../lib/session';
import { registerCatalogue } from '../../../lib/i18n';
import { testAuthText } from '../i18n';

registerCatalogue(testAuthText);

/** The sample accounts of the demo data; they exist only in local and demo deployments. */
export const SAMPLE_PASSWORD = 'Demo@12345';
const RELOAD_DELAY_MS = 1000;
const FLAGS: (keyof CanAccess)[] = ['adminPanel', 'wms', 'analytics', 'driverMobile', 'readOnly'];

export function TestAuthRoute() {
  const { t } = useTranslation();
  const { toast } = useToast();
  const { user, canAccess } = useSession();
  const logout = useLogout();
  const roleName = useRoleName();
  const extraRoles = (user?.roles ?? []).filter((r) => r !== user?.role).map(roleName);

  async function testLogin(username: string) {
    try {
      const { user: signedIn } = await api.post<{ user: { role: string } }>('/api/auth/login', {
        username,
        password: SAMPLE_PASSWORD,
      });
      toast({
        title: t('testAuth.loginSuccessTitle'),
        description: t('testAuth.loginSuccess', { role: roleName(signedIn.role) }),
      });
      setTimeout(() => window.location.reload(), RELOAD_DELAY_MS);
    } catch (error) {
      if (error instanceof ApiError) {
        toast({
          title: t('testAuth.loginFailedTitle'),
          description: error.serverMessage ?? t('testAuth.loginFailed'),
          variant: 'destructive',
        });
      } else {
        toast({ title: t('testAuth.loginErrorTitle'), description: t('testAuth.loginError'), variant: 'destructive' });
      }
    }
  }

  return (
    <div className="mx-auto max-w-4xl space-y-6">
      <h1 className="text-2xl font-bold">{t('testAuth.title')}</h1>
      <Card>
        <CardHeader
          title={t('testAuth.currentUser')}
          action={
            <Button variant="secondary" size="sm" onClick={() => void logout('/')}>
              {t('common.logout')}
            </Button>
          }
        />
        <CardBody className="space-y-4">
          <dl className="grid gap-2 sm:grid-cols-2">
            <div>
              <dt className="text-sm text-slate-500">{t('testAuth.role')}</dt>
              <dd className="font-medium" data-testid="current-role">
                {user?.role && roleName(user.role)}
              </dd>
            </div>
            <div>
              <dt className="text-sm text-slate-500">{t('testAuth.extraRoles')}</dt>
              <dd className="font-medium">{extraRoles.length ? extraRoles.join(', ') : t('testAuth.none')}</dd>
            </div>
          </dl>
          <div>
            <h2 className="text-sm text-slate-500">{t('testAuth.permissions')}</h2>
            <ul className="mt-2 grid grid-cols-2 gap-2 sm:grid-cols-5">
              {FLAGS.map((flag) => (
                <li key={flag} className="rounded-md border border-slate-200 p-2 text-sm" data-testid={`flag-${flag}`}>
                  <span className="block text-slate-500">{t(`testAuth.flags.${flag}`)}</span>
                  <span className={`font-semibold ${canAccess[flag] ? 'text-green-700' : 'text-slate-500'}`}>
                    {canAccess[flag] ? t('testAuth.yes') : t('testAuth.no')}
                  </span>
                </li>
              ))}
            </ul>
          </div>
        </CardBody>
      </Card>
      <Card>
        <CardHeader
          title={t('testAuth.accounts')}
          description={t('testAuth.accountsHint', { password: SAMPLE_PASSWORD })}
        />
        <CardBody>
          <ul className="divide-y divide-slate-100">
            {PLATFORM_ROLES.map((role) => {
              const current = user?.username === role;
              return (
                <li key={role} className="flex flex-wrap items-center gap-3 py-3" data-testid={`account-${role}`}>
                  <div className="min-w-0 flex-1">
                    <div className="font-medium">
                      {role}
                      {current && (
                        <span className="ml-2 rounded-full bg-blue-100 px-2 py-0.5 text-xs font-semibold text-blue-800">
                          {t('testAuth.current')}
                        </span>
                      )}
                    </div>
                    <div className="text-sm text-slate-600">{t(`testAuth.descriptions.${role}`)}</div>
                  </div>
                  <Button
                    size="sm"
                    variant={current ? 'secondary' : 'primary'}
                    onClick={() => void testLogin(role)}
                    aria-label={`${t('testAuth.testLogin')} ${role}`}
                  >
                    {t('testAuth.testLogin')}
                  </Button>
                </li>
              );
            })}
          </ul>
        </CardBody>
      </Card>
    </div>
  );
}

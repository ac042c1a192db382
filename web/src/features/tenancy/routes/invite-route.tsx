// /invite/<token>: the invitee accepts. A new invitee names itself and sets a password; someone who
// already signs in (staff of another hub) enters that password to add this organisation to the login.
import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { useTranslation } from '../../../lib/i18n/use-translation';
import { PRODUCT_NAME } from '@shared/product';
import { Button } from '../../../components/ui/button';
import { Card, CardBody } from '../../../components/ui/card';
import { Field } from '../../../components/ui/field';
import { Notice } from '../../../components/ui/notice';
import { Spinner } from '../../../components/ui/spinner';
import { LanguageSwitch } from '../../../components/language-switch';
import { ApiError, messageOf } from '../../../lib/api-client';
import { registerCatalogue } from '../../../lib/i18n';
import { useToast } from '../../../lib/toast';
import { useRoleName } from '../../../lib/role-names';
import { useAcceptInvitation, useInvitationPreview } from '../api/tenancy';
import { tenancyText } from '../i18n';

registerCatalogue(tenancyText);

export function InviteRoute() {
  const { t } = useTranslation();
  const roleName = useRoleName();
  const { toast } = useToast();
  const navigate = useNavigate();
  const { token = '' } = useParams();
  const preview = useInvitationPreview(token);
  const accept = useAcceptInvitation();
  const [values, setValues] = useState({ firstName: '', lastName: '', password: '', confirmPassword: '' });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const set = (name: keyof typeof values) => (e: React.ChangeEvent<HTMLInputElement>) =>
    setValues((v) => ({ ...v, [name]: e.target.value }));
  const invitation = preview.data;
  const tenant = invitation?.tenantName ?? '';

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    if (!invitation) return;
    if (!invitation.existingAccount && values.password !== values.confirmPassword)
      return setErrors({ confirmPassword: t('tenancy.invite.mismatch') });
    setErrors({});
    const body = invitation.existingAccount
      ? { token, password: values.password }
      : { token, firstName: values.firstName, lastName: values.lastName, password: values.password };
    accept.mutate(body, {
      onSuccess: (result) => {
        toast({ title: t('tenancy.invite.accepted'), description: result.message });
        void navigate('/login', { replace: true });
      },
      onError: (error) => {
        if (error instanceof ApiError) setErrors(error.fieldErrors);
        toast({
          title: t('tenancy.invite.failed'),
          description: messageOf(error, t('register.tryLater')),
          variant: 'destructive',
        });
      },
    });
  };

  return (
    <div className="flex min-h-screen flex-col items-center bg-gradient-to-b from-blue-50 to-slate-50 px-4 py-10">
      <div className="flex w-full max-w-md items-center justify-between">
        <Link to="/" className="text-xl font-bold text-blue-800">
          {PRODUCT_NAME}
        </Link>
        <LanguageSwitch />
      </div>
      <main className="mt-8 w-full max-w-md">
        {preview.isLoading ? (
          <Spinner label={t('common.loading')} />
        ) : !invitation ? (
          <Notice title={t('tenancy.invite.invalid')}>{messageOf(preview.error, t('tenancy.invite.invalid'))}</Notice>
        ) : (
          <Card>
            <CardBody className="p-6">
              <form
                onSubmit={submit}
                noValidate
                className="space-y-4"
                aria-label={t('tenancy.invite.title', { tenant })}
              >
                <h1 className="text-xl font-bold">{t('tenancy.invite.title', { tenant })}</h1>
                <p className="text-sm text-slate-600">
                  {t('tenancy.invite.role', { role: roleName(invitation.role) })}
                </p>
                <p className="text-sm text-slate-600">
                  {invitation.existingAccount
                    ? t('tenancy.invite.existing', { tenant })
                    : t('tenancy.invite.newAccount')}
                </p>
                {!invitation.existingAccount && (
                  <div className="grid gap-4 sm:grid-cols-2">
                    <Field
                      label={t('tenancy.invite.firstName')}
                      autoComplete="given-name"
                      value={values.firstName}
                      onChange={set('firstName')}
                      error={errors.firstName}
                    />
                    <Field
                      label={t('tenancy.invite.lastName')}
                      autoComplete="family-name"
                      value={values.lastName}
                      onChange={set('lastName')}
                      error={errors.lastName}
                    />
                  </div>
                )}
                <Field
                  label={t('tenancy.invite.password')}
                  type="password"
                  autoComplete={invitation.existingAccount ? 'current-password' : 'new-password'}
                  value={values.password}
                  onChange={set('password')}
                  error={errors.password}
                />
                {!invitation.existingAccount && (
                  <Field
                    label={t('tenancy.invite.confirmPassword')}
                    type="password"
                    autoComplete="new-password"
                    value={values.confirmPassword}
                    onChange={set('confirmPassword')}
                    error={errors.confirmPassword}
                  />
                )}
                <Button type="submit" className="w-full" disabled={accept.isPending}>
                  {accept.isPending ? t('tenancy.invite.accepting') : t('tenancy.invite.accept')}
                </Button>
              </form>
            </CardBody>
          </Card>
        )}
      </main>
    </div>
  );
}

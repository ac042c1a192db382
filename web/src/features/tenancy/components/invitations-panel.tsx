// The /users screen's invitations (admins): invite staff by e-mail or mobile with a role, see each
// invitation's state, revoke one still pending.
import { useForm } from 'react-hook-form';
import { useTranslation } from '../../../lib/i18n/use-translation';
import type * as z from 'zod';
import { INVITABLE_ROLES, invitationSchema, type InvitationInput } from '@shared/contracts/tenancy';
import { Badge, type BadgeTone } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Card, CardBody, CardHeader } from '../../../components/ui/card';
import { Field } from '../../../components/ui/field';
import { SelectField } from '../../../components/ui/select-field';
import { messageOf } from '../../../lib/api-client';
import { registerCatalogue } from '../../../lib/i18n';
import { useToast } from '../../../lib/toast';
import { useRoleName } from '../../../lib/role-names';
import { useCreateInvitation, useInvitations, useRevokeInvitation } from '../api/tenancy';
import { tenancyText } from '../i18n';
import { fieldBinder, schemaResolver } from '../../../lib/form-errors';

registerCatalogue(tenancyText);

const STATUS_TONE: Record<string, BadgeTone> = { pending: 'blue', accepted: 'green', revoked: 'gray', expired: 'red' };

export function InvitationsPanel() {
  const { t } = useTranslation();
  const roleName = useRoleName();
  const { toast } = useToast();
  const invitations = useInvitations();
  const create = useCreateInvitation();
  const revoke = useRevokeInvitation();
  const { register, handleSubmit, formState, reset } = useForm<
    InvitationInput,
    unknown,
    z.output<typeof invitationSchema>
  >({ resolver: schemaResolver(invitationSchema), defaultValues: { email: '', phoneNumber: '', role: 'operations' } });
  const field = fieldBinder({ register, formState });
  const onSubmit = handleSubmit((input) =>
    create.mutate(input, {
      onSuccess: () => {
        reset();
        toast({ title: t('tenancy.invitations.sent') });
      },
      onError: (error) =>
        toast({
          title: t('tenancy.invitations.failed'),
          description: messageOf(error, t('tenancy.invitations.failed')),
          variant: 'destructive',
        }),
    }),
  );
  const onRevoke = (id: string) =>
    revoke.mutate(id, {
      onSuccess: () => toast({ title: t('tenancy.invitations.revoked') }),
      onError: (error) =>
        toast({
          title: t('tenancy.invitations.revokeFailed'),
          description: messageOf(error, t('tenancy.invitations.revokeFailed')),
          variant: 'destructive',
        }),
    });
  return (
    <Card data-testid="invitations">
      <CardHeader title={t('tenancy.invitations.title')} description={t('tenancy.invitations.description')} />
      <CardBody className="space-y-4">
        <form
          onSubmit={onSubmit}
          noValidate
          className="grid items-end gap-3 sm:grid-cols-4"
          aria-label={t('tenancy.invitations.title')}
        >
          <Field label={t('tenancy.invitations.email')} type="email" {...field('email')} />
          <Field label={t('tenancy.invitations.phone')} type="tel" {...field('phoneNumber')} />
          <SelectField
            label={t('tenancy.invitations.role')}
            options={INVITABLE_ROLES.map((role) => ({ value: role, label: roleName(role) }))}
            {...field('role')}
          />
          <Button type="submit" disabled={create.isPending}>
            {create.isPending ? t('tenancy.invitations.sending') : t('tenancy.invitations.send')}
          </Button>
        </form>
        {invitations.data?.length ? (
          <ul className="divide-y divide-slate-100 text-sm">
            {invitations.data.map((i) => (
              <li key={i.id} className="flex flex-wrap items-center gap-3 py-2" data-testid="invitation">
                <span className="font-medium">{i.email ?? i.phoneNumber}</span>
                <span className="text-slate-600">{roleName(i.role)}</span>
                <Badge tone={STATUS_TONE[i.status] ?? 'gray'}>{t(`tenancy.invitations.status.${i.status}`)}</Badge>
                {i.status === 'pending' && (
                  <Button
                    size="sm"
                    variant="secondary"
                    className="ml-auto"
                    disabled={revoke.isPending}
                    onClick={() => onRevoke(i.id)}
                  >
                    {t('tenancy.invitations.revoke')}
                  </Button>
                )}
              </li>
            ))}
          </ul>
        ) : (
          <p className="text-sm text-slate-500">{t('tenancy.invitations.empty')}</p>
        )}
      </CardBody>
    </Card>
  );
}

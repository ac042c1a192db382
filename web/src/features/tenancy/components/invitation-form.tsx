// The invitation form (admins): staff invited by e-mail or mobile with a role. The /users screen's
// invitations panel opens it in a dialog, and fetches it then (react-hook-form, the contract's schema).
import { useForm } from 'react-hook-form';
import { useTranslation } from '../../../lib/i18n/use-translation';
import type * as z from 'zod/mini';
import { INVITABLE_ROLES, invitationSchema, type InvitationInput } from '@shared/contracts/tenancy';
import { Button } from '../../../components/ui/button';
import { Field } from '../../../components/ui/field';
import { SelectField } from '../../../components/ui/select-field';
import { messageOf } from '../../../lib/api-client';
import { useToast } from '../../../lib/toast';
import { useRoleName } from '../../../lib/role-names';
import { useCreateInvitation } from '../api/tenancy';
import { fieldBinder, schemaResolver } from '../../../lib/form-errors';

export function InvitationForm({ onSent }: { onSent: () => void }) {
  const { t } = useTranslation();
  const roleName = useRoleName();
  const { toast } = useToast();
  const create = useCreateInvitation();
  const { register, handleSubmit, formState } = useForm<InvitationInput, unknown, z.output<typeof invitationSchema>>({
    resolver: schemaResolver(invitationSchema),
    defaultValues: { email: '', phoneNumber: '', role: 'operations' },
  });
  const field = fieldBinder({ register, formState });
  const onSubmit = handleSubmit((input) =>
    create.mutate(input, {
      onSuccess: () => {
        toast({ title: t('tenancy.invitations.sent') });
        onSent();
      },
      onError: (error) =>
        toast({
          title: t('tenancy.invitations.failed'),
          description: messageOf(error, t('tenancy.invitations.failed')),
          variant: 'destructive',
        }),
    }),
  );
  return (
    <form onSubmit={onSubmit} noValidate className="space-y-3" aria-label={t('tenancy.invitations.title')}>
      <Field label={t('tenancy.invitations.email')} type="email" {...field('email')} />
      <Field label={t('tenancy.invitations.phone')} type="tel" {...field('phoneNumber')} />
      <SelectField
        label={t('tenancy.invitations.role')}
        options={INVITABLE_ROLES.map((role) => ({ value: role, label: roleName(role) }))}
        {...field('role')}
      />
      <div className="flex justify-end">
        <Button type="submit" disabled={create.isPending}>
          {create.isPending ? t('tenancy.invitations.sending') : t('tenancy.invitations.send')}
        </Button>
      </div>
    </form>
  );
}

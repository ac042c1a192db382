// The /users screen's invitations (admins): each invitation's state, revoke one still pending, and
// "Invite staff", which opens the invitation form in a dialog. The form (react-hook-form, the
// contract's schema) is fetched when the pointer or focus reaches that button, or when it is pressed
// (issue #34: a signed-in first screen loads at most 120 KB).
import { useState } from 'react';
import { UserPlus } from 'lucide-react';
import { useTranslation } from '../../../lib/i18n/use-translation';
import { Badge, type BadgeTone } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Card, CardBody, CardHeader } from '../../../components/ui/card';
import { Dialog } from '../../../components/ui/dialog';
import { messageOf } from '../../../lib/api-client';
import { registerCatalogue } from '../../../lib/i18n';
import { loadLater } from '../../../lib/load-later';
import { useToast } from '../../../lib/toast';
import { useRoleName } from '../../../lib/role-names';
import { useInvitations, useRevokeInvitation } from '../api/tenancy';
import { tenancyText } from '../i18n';

registerCatalogue(tenancyText);

const InvitationForm = loadLater(async () => (await import('./invitation-form')).InvitationForm, { fallback: null });

const STATUS_TONE: Record<string, BadgeTone> = { pending: 'blue', accepted: 'green', revoked: 'gray', expired: 'red' };

export function InvitationsPanel() {
  const { t } = useTranslation();
  const roleName = useRoleName();
  const { toast } = useToast();
  const invitations = useInvitations();
  const revoke = useRevokeInvitation();
  const [inviting, setInviting] = useState(false);
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
      <CardHeader
        title={t('tenancy.invitations.title')}
        description={t('tenancy.invitations.description')}
        action={
          <Button
            onClick={() => setInviting(true)}
            onPointerEnter={InvitationForm.preload}
            onFocus={InvitationForm.preload}
          >
            <UserPlus className="h-4 w-4" aria-hidden /> {t('tenancy.invitations.invite')}
          </Button>
        }
      />
      <CardBody className="space-y-4">
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
      <Dialog open={inviting} onClose={() => setInviting(false)} title={t('tenancy.invitations.invite')}>
        <InvitationForm onSent={() => setInviting(false)} />
      </Dialog>
    </Card>
  );
}

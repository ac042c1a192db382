// /users (admin): pending approvals and all users, with approve, reject and the documents.
import { Suspense, useState } from 'react';
import { useTranslation } from '../../../lib/i18n/use-translation';
import { FileText } from 'lucide-react';
import { Badge } from '../../../components/ui/badge';
import { Card, CardBody } from '../../../components/ui/card';
import { Dialog } from '../../../components/ui/dialog';
import { useToast } from '../../../lib/toast';
import { useFormat } from '../../../lib/format';
import { useRoleName } from '../../../lib/role-names';
import { documentUrl, useDecideUser, usePendingRegistrations, useUsers, type AdminUser } from '../api/users';
import { InvitationsPanel } from '../../tenancy';
import { DataRetentionPanel, ErasureRequestsPanel, IncidentsPanel, TenantDataPanel } from '../../privacy';
import type { Approval } from '@shared/contracts/users';
import { loadLater } from '../../../lib/load-later';

// The forms (react-hook-form, the contracts' schemas) are fetched when needed: the approval form when
// the list shows a pending registration (the list waits for it, so no card grows after it shows), the
// rejection form when its dialog first opens (issue #34: a signed-in first screen loads at most 120 KB).
const ApprovalForm = loadLater(async () => (await import('../components/approval-form')).ApprovalForm);
const RejectForm = loadLater(async () => (await import('../components/reject-form')).RejectForm, { fallback: null });

const USER_TYPES = ['dockyard_employee', 'external_user', 'internal_user'];

function UserCard({
  user,
  onApprove,
  approving,
  onReject,
}: {
  user: AdminUser;
  onApprove: (u: AdminUser, approval: Approval, onRefused: (error: unknown) => void) => void;
  approving: boolean;
  onReject: (u: AdminUser) => void;
}) {
  const { t } = useTranslation();
  const roleName = useRoleName();
  const format = useFormat();
  const { toast } = useToast();
  const open = async (type: string) => {
    const tab = window.open('', '_blank');
    try {
      const { url } = await documentUrl(user.id, type);
      if (tab) tab.location.href = url;
    } catch {
      tab?.close();
      toast({ title: t('common.error'), description: t('users.openFailed'), variant: 'destructive' });
    }
  };
  const name = [user.firstName, user.lastName].filter(Boolean).join(' ') || user.username;
  return (
    <Card data-testid="user-card">
      <CardBody className="space-y-1 text-sm">
        <div className="flex items-center justify-between gap-2">
          <span className="font-semibold">
            {name} <span className="font-normal text-slate-500">@{user.username}</span>
          </span>
          {user.isVerified ? (
            <Badge tone="green">{t('users.verified')}</Badge>
          ) : user.status === 'rejected' ? (
            <Badge tone="red">{t('users.rejected')}</Badge>
          ) : (
            <Badge tone="yellow">{t('users.pending')}</Badge>
          )}
        </div>
        <div className="text-slate-600">{user.email}</div>
        <div className="text-slate-600">
          {t('users.roleAndType', {
            role: roleName(user.role),
            type: t(`users.types.${USER_TYPES.includes(user.userType ?? '') ? user.userType : 'staff'}`),
          })}
        </div>
        {(user.vehicleNumber || user.vehicleType) && (
          <div className="text-slate-600">
            {user.vehicleType
              ? t('users.vehicleWithType', { number: user.vehicleNumber ?? '—', type: user.vehicleType })
              : t('users.vehicle', { number: user.vehicleNumber ?? '—' })}
          </div>
        )}
        {user.driverName && <div className="text-slate-600">{t('users.driver', { name: user.driverName })}</div>}
        {user.companyName && <div className="text-slate-600">{t('users.company', { name: user.companyName })}</div>}
        <div className="text-xs text-slate-500">{t('users.registered', { date: format.day(user.createdAt) })}</div>
        {user.documents.length > 0 && (
          <div className="flex flex-wrap gap-2 pt-1">
            {user.documents.map((d) => (
              <button
                key={d.documentType}
                type="button"
                onClick={() => void open(d.documentType)}
                className="inline-flex items-center gap-1 text-xs text-blue-700 hover:underline"
              >
                <FileText className="h-3.5 w-3.5" aria-hidden />
                {t(`register.documentTypes.${d.documentType}`, { defaultValue: d.documentType.replace(/_/g, ' ') })}
              </button>
            ))}
          </div>
        )}
        {user.status === 'pending' && (
          <ApprovalForm
            user={user}
            approving={approving}
            onApprove={(approval, onRefused) => onApprove(user, approval, onRefused)}
            onReject={() => onReject(user)}
          />
        )}
      </CardBody>
    </Card>
  );
}

export function UsersRoute() {
  const { t } = useTranslation();
  const users = useUsers();
  const pending = usePendingRegistrations();
  // Both decisions live here, not in a card: the refresh after a decision removes the card.
  const approve = useDecideUser('approve');
  const reject = useDecideUser('reject');
  const [tab, setTab] = useState<'pending' | 'all'>('all');
  const [rejecting, setRejecting] = useState<AdminUser | null>(null);
  const list = tab === 'pending' ? pending : users;
  const loading = (
    <p className="text-sm text-slate-500">{tab === 'pending' ? t('users.loadingPending') : t('users.loadingAll')}</p>
  );
  return (
    <div className="space-y-4">
      <h1 className="text-2xl font-bold">{t('users.title')}</h1>
      <InvitationsPanel />
      <ErasureRequestsPanel />
      <DataRetentionPanel />
      <TenantDataPanel />
      <IncidentsPanel />
      <div className="flex gap-1 rounded-lg bg-slate-200 p-1" role="tablist">
        <button
          role="tab"
          aria-selected={tab === 'pending'}
          onClick={() => setTab('pending')}
          className={`flex-1 rounded-md px-3 py-1.5 text-sm font-medium ${tab === 'pending' ? 'bg-white shadow' : 'text-slate-600'}`}
        >
          {t('users.pendingTab', { count: pending.data?.length ?? 0 })}
        </button>
        <button
          role="tab"
          aria-selected={tab === 'all'}
          onClick={() => setTab('all')}
          className={`flex-1 rounded-md px-3 py-1.5 text-sm font-medium ${tab === 'all' ? 'bg-white shadow' : 'text-slate-600'}`}
        >
          {t('users.allTab', { count: users.data?.length ?? 0 })}
        </button>
      </div>
      {list.isLoading ? (
        loading
      ) : !list.data?.length ? (
        <p className="py-8 text-center text-slate-500">
          {tab === 'pending' ? t('users.noPending') : t('users.noUsers')}
        </p>
      ) : (
        <Suspense fallback={loading}>
          <div className="grid gap-3 md:grid-cols-2">
            {list.data.map((u) => (
              <UserCard
                key={u.id}
                user={u}
                onApprove={(target, approval, onRefused) =>
                  approve.mutate({ userId: target.id, approval }, { onError: onRefused })
                }
                approving={approve.isPending && approve.variables?.userId === u.id}
                onReject={setRejecting}
              />
            ))}
          </div>
        </Suspense>
      )}
      <Dialog open={Boolean(rejecting)} onClose={() => setRejecting(null)} title={t('users.rejectTitle')}>
        {rejecting && (
          <RejectForm
            key={rejecting.id}
            pending={reject.isPending}
            onCancel={() => setRejecting(null)}
            onReject={(reason) =>
              reject.mutate({ userId: rejecting.id, reason }, { onSuccess: () => setRejecting(null) })
            }
          />
        )}
      </Dialog>
    </div>
  );
}

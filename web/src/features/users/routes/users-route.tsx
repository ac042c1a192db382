// /users (admin): pending approvals and all users, with approve, reject and the documents.
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type * as z from 'zod';
import { FileText } from 'lucide-react';
import { rejectSchema } from '@shared/contracts/users';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Card, CardBody } from '../../../components/ui/card';
import { Dialog } from '../../../components/ui/dialog';
import { Field } from '../../../components/ui/field';
import { useToast } from '../../../lib/toast';
import { documentUrl, useDecideUser, usePendingRegistrations, useUsers, type AdminUser } from '../api/users';
import { InvitationsPanel } from '../../tenancy';

const TYPE_LABEL: Record<string, string> = { dockyard_employee: 'DockYard Employee', external_user: 'External User', internal_user: 'Internal User' };

function UserCard({ user, onApprove, approving, onReject }: { user: AdminUser; onApprove: (u: AdminUser) => void; approving: boolean; onReject: (u: AdminUser) => void }) {
  const { toast } = useToast();
  const open = async (type: string) => {
    const tab = window.open('', '_blank');
    try {
      const { url } = await documentUrl(user.id, type);
      if (tab) tab.location.href = url;
    } catch {
      tab?.close();
      toast({ title: 'Error', description: 'Failed to open the document', variant: 'destructive' });
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
          {user.isVerified ? <Badge tone="green">Verified</Badge> : user.status === 'rejected' ? <Badge tone="red">Rejected</Badge> : <Badge tone="yellow">Pending</Badge>}
        </div>
        <div className="text-slate-600">{user.email}</div>
        <div className="text-slate-600">
          Role: {user.role} · Type: {TYPE_LABEL[user.userType ?? ''] ?? 'Staff'}
        </div>
        {(user.vehicleNumber || user.vehicleType) && (
          <div className="text-slate-600">
            Vehicle: {user.vehicleNumber ?? '—'} {user.vehicleType ? `(${user.vehicleType})` : ''}
          </div>
        )}
        {user.driverName && <div className="text-slate-600">Driver: {user.driverName}</div>}
        {user.companyName && <div className="text-slate-600">Company: {user.companyName}</div>}
        <div className="text-xs text-slate-500">Registered {new Date(user.createdAt).toLocaleDateString('en-IN')}</div>
        {user.documents.length > 0 && (
          <div className="flex flex-wrap gap-2 pt-1">
            {user.documents.map((d) => (
              <button key={d.documentType} type="button" onClick={() => void open(d.documentType)} className="inline-flex items-center gap-1 text-xs text-blue-700 hover:underline">
                <FileText className="h-3.5 w-3.5" aria-hidden />
                {d.documentType.replace(/_/g, ' ')}
              </button>
            ))}
          </div>
        )}
        {user.status === 'pending' && (
          <div className="flex gap-2 pt-2">
            <Button size="sm" disabled={approving} onClick={() => onApprove(user)}>
              Approve
            </Button>
            <Button size="sm" variant="secondary" onClick={() => onReject(user)}>
              Reject
            </Button>
          </div>
        )}
      </CardBody>
    </Card>
  );
}

/** The reason for a rejection, validated by the shared schema (empty means 'Admin decision'). */
function RejectForm({ pending, onCancel, onReject }: { pending: boolean; onCancel: () => void; onReject: (reason: string) => void }) {
  const { register, handleSubmit, formState } = useForm<z.input<typeof rejectSchema>, unknown, z.output<typeof rejectSchema>>({
    resolver: zodResolver(rejectSchema),
    defaultValues: { reason: 'Admin decision' },
  });
  return (
    <form className="space-y-3" noValidate onSubmit={handleSubmit((values) => onReject(values.reason))}>
      <Field label="Reason" error={formState.errors.reason?.message} {...register('reason')} />
      <div className="flex justify-end gap-2">
        <Button variant="secondary" onClick={onCancel}>Cancel</Button>
        <Button type="submit" variant="danger" disabled={pending}>Reject</Button>
      </div>
    </form>
  );
}

export function UsersRoute() {
  const users = useUsers();
  const pending = usePendingRegistrations();
  // Both decisions live here, not in a card: the refresh after a decision removes the card.
  const approve = useDecideUser('approve');
  const reject = useDecideUser('reject');
  const [tab, setTab] = useState<'pending' | 'all'>('all');
  const [rejecting, setRejecting] = useState<AdminUser | null>(null);
  const list = tab === 'pending' ? pending : users;
  return (
    <div className="space-y-4">
      <h1 className="text-2xl font-bold">User Management</h1>
      <InvitationsPanel />
      <div className="flex gap-1 rounded-lg bg-slate-200 p-1" role="tablist">
        <button role="tab" aria-selected={tab === 'pending'} onClick={() => setTab('pending')} className={`flex-1 rounded-md px-3 py-1.5 text-sm font-medium ${tab === 'pending' ? 'bg-white shadow' : 'text-slate-600'}`}>
          Pending Approvals ({pending.data?.length ?? 0})
        </button>
        <button role="tab" aria-selected={tab === 'all'} onClick={() => setTab('all')} className={`flex-1 rounded-md px-3 py-1.5 text-sm font-medium ${tab === 'all' ? 'bg-white shadow' : 'text-slate-600'}`}>
          All Users ({users.data?.length ?? 0})
        </button>
      </div>
      {list.isLoading ? (
        <p className="text-sm text-slate-500">{tab === 'pending' ? 'Loading pending registrations...' : 'Loading users...'}</p>
      ) : !list.data?.length ? (
        <p className="py-8 text-center text-slate-500">{tab === 'pending' ? 'No pending registrations' : 'No users found'}</p>
      ) : (
        <div className="grid gap-3 md:grid-cols-2">
          {list.data.map((u) => (
            <UserCard
              key={u.id}
              user={u}
              onApprove={(target) => approve.mutate({ userId: target.id })}
              approving={approve.isPending && approve.variables?.userId === u.id}
              onReject={setRejecting}
            />
          ))}
        </div>
      )}
      <Dialog open={Boolean(rejecting)} onClose={() => setRejecting(null)} title="Reject registration">
        {rejecting && (
          <RejectForm
            key={rejecting.id}
            pending={reject.isPending}
            onCancel={() => setRejecting(null)}
            onReject={(reason) => reject.mutate({ userId: rejecting.id, reason }, { onSuccess: () => setRejecting(null) })}
          />
        )}
      </Dialog>
    </div>
  );
}

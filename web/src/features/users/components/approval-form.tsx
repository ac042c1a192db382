// The approval of one registration (issue #29.2): the role to grant (only roles the approver may grant,
// shared/roles.ts grantableRoles), and for a role that books for a carrier the carrier (found by name,
// GSTIN, e-mail or phone) and for a driver the driver record of that carrier. Left empty, the server matches
// or creates the record and the toast says which. A refusal shows under its field; nothing is lost.
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from '../../../lib/i18n/use-translation';
import { approveSchema } from '@shared/contracts/users';
import { bookingLinkFor, grantableRoles, type Role } from '@shared/roles';
import { Button } from '../../../components/ui/button';
import { Field } from '../../../components/ui/field';
import { SelectField } from '../../../components/ui/select-field';
import { useSession } from '../../../lib/session';
import { useRoleName } from '../../../lib/role-names';
import { fieldBinder, schemaResolver, showServerFieldErrors } from '../../../lib/form-errors';
import { useCarriers, useDrivers } from '../../carriers';
import type { AdminUser } from '../api/users';

import type { Approval, ApprovalInput } from '@shared/contracts/users';

/** A carrier matches the search by its name, GSTIN, contact e-mail or phone (digits compared as digits). */
function matches(
  carrier: { name: string; gstin: string | null; contactEmail: string | null; contactPhone: string | null },
  search: string,
) {
  const words = search.trim().toLowerCase();
  if (!words) return true;
  const digits = words.replace(/\D/g, '');
  return (
    carrier.name.toLowerCase().includes(words) ||
    (carrier.gstin ?? '').toLowerCase().includes(words.replace(/\s/g, '')) ||
    (carrier.contactEmail ?? '').toLowerCase().includes(words) ||
    (digits.length >= 3 && (carrier.contactPhone ?? '').replace(/\D/g, '').includes(digits))
  );
}

export function ApprovalForm({
  user,
  approving,
  onApprove,
  onReject,
}: {
  user: AdminUser;
  approving: boolean;
  onApprove: (approval: Approval, onRefused: (error: unknown) => void) => void;
  onReject: () => void;
}) {
  const { t } = useTranslation();
  const roleName = useRoleName();
  const { user: approver } = useSession();
  const offered = grantableRoles(approver?.permissions ?? []);
  // The role asked for at registration is only the starting choice, and only if the approver may grant it.
  const asked = offered.find((r) => r === user.role) ?? '';
  const form = useForm<ApprovalInput, unknown, Approval>({
    resolver: schemaResolver(approveSchema),
    defaultValues: {
      role: asked as Role,
      carrierId: user.carrierId ?? '',
      driverId: user.driverId ?? '',
      revision: user.revision,
    },
  });
  const { handleSubmit, setError, setValue, watch } = form;
  const field = fieldBinder(form);
  const [role, carrierId] = watch(['role', 'carrierId']);
  const linksTo = role ? bookingLinkFor([role]) : null;
  const [search, setSearch] = useState('');
  const carriers = useCarriers();
  const drivers = useDrivers(linksTo === 'driver' && carrierId ? carrierId : null);
  const found = (carriers.data ?? []).filter((c) => c.id === carrierId || matches(c, search));
  // A driver record another account drives as is refused by the server: it is not offered.
  const free = (drivers.data ?? []).filter((d) => !d.userId || d.userId === user.id);
  const id = (name: string) => `approve-${user.id}-${name}`;

  const submit = handleSubmit((values) =>
    onApprove(
      {
        ...values,
        carrierId: linksTo ? values.carrierId : null,
        driverId: linksTo === 'driver' ? values.driverId : null,
      },
      (error) => showServerFieldErrors(error, setError),
    ),
  );
  return (
    <form noValidate className="space-y-2 pt-2" aria-label={t('users.approval.title')} onSubmit={submit}>
      <SelectField
        id={id('role')}
        label={t('users.grantRole')}
        placeholder={t('users.approval.chooseRole')}
        options={offered.map((r) => ({ value: r, label: roleName(r) }))}
        {...field('role')}
      />
      {linksTo && (
        <>
          <Field
            id={id('carrier-search')}
            label={t('users.approval.carrierSearch')}
            type="search"
            value={search}
            onChange={(e) => setSearch(e.target.value)}
          />
          <SelectField
            id={id('carrier')}
            label={t('users.approval.carrier')}
            placeholder={t('users.approval.matchCarrier')}
            options={found.map((c) => ({ value: c.id, label: c.gstin ? `${c.name} · ${c.gstin}` : c.name }))}
            {...field('carrierId', { onChange: () => setValue('driverId', '') })}
          />
          {search && found.length === 0 && <p className="text-xs text-slate-500">{t('users.approval.noCarrier')}</p>}
        </>
      )}
      {linksTo === 'driver' && (
        <SelectField
          id={id('driver')}
          label={t('users.approval.driver')}
          placeholder={carrierId ? t('users.approval.matchDriver') : t('users.approval.carrierFirst')}
          disabled={!carrierId}
          options={free.map((d) => ({ value: d.id, label: `${d.name} · ${d.licenseNumber}` }))}
          {...field('driverId')}
        />
      )}
      <div className="flex gap-2 pt-1">
        <Button type="submit" size="sm" disabled={approving}>
          {t('users.approve')}
        </Button>
        <Button size="sm" variant="secondary" onClick={onReject}>
          {t('users.reject')}
        </Button>
      </div>
    </form>
  );
}

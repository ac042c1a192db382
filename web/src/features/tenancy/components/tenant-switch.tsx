// The top bar's organisation: the current tenant's name, a switch when the login belongs to several
// hubs, and for admins the trial's days left (or, once it ended, the way to ask for a plan: only the
// platform sets plans, #28.11).
import { useState } from 'react';
import { useTranslation } from '../../../lib/i18n/use-translation';
import { Building2 } from 'lucide-react';
import { Link } from 'react-router-dom';
import { Badge } from '../../../components/ui/badge';
import { messageOf } from '../../../lib/api-client';
import { registerCatalogue } from '../../../lib/i18n';
import { useSession } from '../../../lib/session';
import { useToast } from '../../../lib/toast';
import { useMemberships, useSwitchTenant, useTenant } from '../api/tenancy';
import { tenancyText } from '../i18n';

registerCatalogue(tenancyText);

const DAY_MS = 24 * 3600 * 1000;

function TrialBadge() {
  const { t } = useTranslation();
  const tenant = useTenant();
  // The days left are counted from when the screen opened, so a render does not read the clock.
  const [openedAt] = useState(() => Date.now());
  const data = tenant.data;
  if (!data || data.plan || !data.trialEndsAt) return null;
  if (!data.readOnly) {
    const days = Math.max(0, Math.ceil((Date.parse(data.trialEndsAt) - openedAt) / DAY_MS));
    return (
      <span data-testid="trial-badge">
        <Badge tone="blue">{t('tenancy.trial.daysLeft', { count: days })}</Badge>
      </span>
    );
  }
  return (
    <span className="flex items-center gap-2" data-testid="trial-badge">
      <Badge tone="red">{t('tenancy.trial.ended')}</Badge>
      <Link to="/contact" className="text-xs text-blue-700 underline">
        {t('tenancy.trial.askForPlan')}
      </Link>
    </span>
  );
}

export function TenantSwitch() {
  const { t } = useTranslation();
  const { toast } = useToast();
  const { user, hasPermission } = useSession();
  const memberships = useMemberships(Boolean(user));
  const switchTenant = useSwitchTenant();
  const list = memberships.data ?? [];
  const current = list.find((m) => m.current);
  if (!user || !current) return null;
  const change = (tenantId: string) => {
    const target = list.find((m) => m.tenantId === tenantId);
    switchTenant.mutate(tenantId, {
      onSuccess: () => toast({ title: t('tenancy.switch.switched', { tenant: target?.tenantName ?? '' }) }),
      onError: (error) =>
        toast({
          title: t('tenancy.switch.failed'),
          description: messageOf(error, t('register.tryLater')),
          variant: 'destructive',
        }),
    });
  };
  return (
    <div className="hidden items-center gap-2 lg:flex">
      <Building2 className="h-4 w-4 text-slate-500" aria-hidden />
      {list.length > 1 ? (
        <select
          aria-label={t('tenancy.switch.label')}
          data-testid="tenant-switch"
          className="max-w-48 rounded border border-slate-300 px-2 py-1 text-sm"
          value={current.tenantId}
          disabled={switchTenant.isPending}
          onChange={(e) => change(e.target.value)}
        >
          {list.map((m) => (
            <option key={m.tenantId} value={m.tenantId}>
              {m.tenantName}
            </option>
          ))}
        </select>
      ) : (
        <span className="max-w-48 truncate text-sm font-medium text-slate-700" data-testid="tenant-name">
          {current.tenantName}
        </span>
      )}
      {hasPermission('admin:panel') && <TrialBadge />}
    </div>
  );
}

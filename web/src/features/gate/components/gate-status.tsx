// Where the gate device stands (issue #31): online or not, how old its revocation list is (with the
// accepted risk said plainly once it is older than the device's limit), and its clock against the server's.
import { useTranslation } from '../../../lib/i18n/use-translation';
import { GATE_CLOCK_SKEW_MINUTES } from '@shared/contracts/gate-clock';
import { localDateTime } from '@shared/time';
import { Badge } from '../../../components/ui/badge';
import type { GateDeviceSettings, PassKit } from '../gate-store';

const MINUTE = 60_000;

export function GateStatus({
  online,
  kit,
  settings,
  now,
}: {
  online: boolean;
  kit: PassKit | null;
  settings: GateDeviceSettings;
  now: Date;
}) {
  const { t } = useTranslation();
  const asOf = kit ? localDateTime(new Date(kit.fetchedAt), kit.timeZone).time : null;
  const stale = kit
    ? now.getTime() - new Date(kit.fetchedAt).getTime() > settings.revocationMaxAgeMinutes * MINUTE
    : false;
  const skew = settings.clockSkewMs;
  const skewed = skew !== null && Math.abs(skew) > GATE_CLOCK_SKEW_MINUTES * MINUTE;
  return (
    <div className="space-y-2" data-testid="gate-status">
      <div className="flex flex-wrap items-center gap-2 text-sm">
        <Badge tone={online ? 'green' : 'yellow'}>{online ? t('gatePass.online') : t('gatePass.offline')}</Badge>
        {asOf && <span data-testid="revocations-as-of">{t('gatePass.revocationsAsOf', { time: asOf })}</span>}
      </div>
      {!kit && settings.facilityId && (
        <p className="rounded-md bg-amber-50 p-2 text-sm text-amber-900">{t('gatePass.noKit')}</p>
      )}
      {stale && (
        <p role="alert" className="rounded-md bg-amber-50 p-2 text-sm text-amber-900">
          {t('gatePass.staleRevocations', { minutes: settings.revocationMaxAgeMinutes, time: asOf })}
        </p>
      )}
      {skewed && (
        <p role="alert" className="rounded-md bg-amber-50 p-2 text-sm text-amber-900">
          {t('gatePass.clockSkew', { minutes: Math.round(Math.abs(skew) / MINUTE) })}
        </p>
      )}
    </div>
  );
}

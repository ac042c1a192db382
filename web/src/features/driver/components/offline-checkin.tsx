// The driver's own check-in with no mobile data (issue #31): made with the pass saved on the phone,
// queued in the same outbox as the gate's (the gate feature's), and sent when the network returns;
// the check-in records the time it was made. A refusal at sync stays listed until resolved.
import { useState } from 'react';
import { useTranslation } from '../../../lib/i18n/use-translation';
import { Button } from '../../../components/ui/button';
import { GateOutbox, queueCheckin, resolveConflict, retryConflict, useCheckinOutbox } from '../../gate';
import type { DriverPass } from '../api/gate-pass';

export function OfflineCheckin({ pass, fromPhone }: DriverPass) {
  const { t } = useTranslation();
  const outbox = useCheckinOutbox();
  const [busy, setBusy] = useState(false);
  const mine = outbox.entries.filter((e) => e.pass.apt === pass.appointmentId);
  const open = mine.some((e) => e.state !== 'resolved');
  const settle = async (action: (key: string) => Promise<unknown>, key: string) => {
    await action(key);
    await outbox.reloadEntries();
  };

  const checkIn = async () => {
    setBusy(true);
    try {
      await queueCheckin(pass.token, pass.claims, pass.claims.fac);
      await outbox.reloadEntries();
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="space-y-2">
      {fromPhone && !open && (
        <Button className="w-full" disabled={busy} onClick={() => void checkIn()}>
          {t('driverApp.pass.checkIn')}
        </Button>
      )}
      {mine.some((e) => e.state === 'waiting') && (
        <p className="text-sm text-slate-700">{t('driverApp.pass.checkInQueued')}</p>
      )}
      {mine.length > 0 && (
        <GateOutbox
          entries={mine}
          onRetry={(key) => void settle(retryConflict, key)}
          onResolve={(key) => void settle(resolveConflict, key)}
        />
      )}
    </div>
  );
}

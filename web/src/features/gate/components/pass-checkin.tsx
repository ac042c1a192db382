// The driver's own check-in with no mobile data (issue #31): made with the pass saved on the phone,
// queued in the same outbox as the gate's, and sent when the network returns; the check-in records the
// time it was made. A pass for another day is refused on the phone (issue #53): the pass's own day, on
// its facility's clock (India's, Asia/Kolkata, for a hub in India) by the device's clock, must be today;
// nothing is queued then. A refusal at sync stays listed until resolved. The driver app shows it under the
// pass, and fetches it with the pass (index.ts): the outbox (IndexedDB) is not on other screens' first load.
import { useState } from 'react';
import { localDateTime } from '@shared/time';
import { useTranslation } from '../../../lib/i18n/use-translation';
import { useFormat } from '../../../lib/format';
import { Button } from '../../../components/ui/button';
import type { SavedPass } from '../../../lib/offline-store';
import { queueCheckin, resolveConflict, retryConflict } from '../api/gate-pass';
import { useCheckinOutbox } from '../use-checkin-outbox';
import { GateOutbox } from './gate-outbox';

export function PassCheckin({ pass, fromPhone }: { pass: SavedPass; fromPhone: boolean }) {
  const { t } = useTranslation();
  const outbox = useCheckinOutbox();
  const format = useFormat(pass.claims.tz);
  const [busy, setBusy] = useState(false);
  /** The day of the pass refused on the phone, if the driver tried it on another day. */
  const [notToday, setNotToday] = useState<string | null>(null);
  const mine = outbox.entries.filter((e) => e.pass.apt === pass.appointmentId);
  const open = mine.some((e) => e.state !== 'resolved');
  const settle = async (action: (key: string) => Promise<unknown>, key: string) => {
    await action(key);
    await outbox.reloadEntries();
  };

  const checkIn = async () => {
    if (!outbox.author) return;
    if (localDateTime(new Date(), pass.claims.tz).date !== pass.claims.day) return setNotToday(pass.claims.day);
    setNotToday(null);
    setBusy(true);
    try {
      await queueCheckin(pass.token, pass.claims, pass.claims.fac, outbox.author);
      await outbox.reloadEntries();
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="space-y-2">
      {fromPhone && !open && (
        <Button className="w-full" disabled={busy} onClick={() => void checkIn()}>
          {t('gatePass.driverCheckIn')}
        </Button>
      )}
      {notToday === pass.claims.day && (
        <p role="alert" className="rounded-md border border-red-300 bg-red-50 p-2 text-sm text-red-800">
          {t('gatePass.driverNotToday', { day: format.day(notToday) })}
        </p>
      )}
      {mine.some((e) => e.state === 'waiting') && (
        <p className="text-sm text-slate-700">{t('gatePass.driverCheckInQueued')}</p>
      )}
      {mine.length > 0 && (
        <GateOutbox
          entries={mine}
          onRetry={(key) =>
            void settle((k) => (outbox.author ? retryConflict(k, outbox.author) : Promise.resolve()), key)
          }
          onResolve={(key) => void settle(resolveConflict, key)}
        />
      )}
    </div>
  );
}

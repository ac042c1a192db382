// The gate screen (/gate, issue #31), for phone and tablet: the facility this device guards, a pass
// read by camera or typed and verified on the device (no network needed), the check-in stored in the
// device's outbox before anything is sent, and the outbox with what is waiting, synced or in conflict.
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from '../../../lib/i18n/use-translation';
import { useQuery } from '@tanstack/react-query';
import { localDateTime } from '@shared/time';
import type { GatePassCheck } from '@shared/gate-pass';
import { Card, CardBody, CardHeader } from '../../../components/ui/card';
import { Field } from '../../../components/ui/field';
import { SelectField } from '../../../components/ui/select-field';
import { facilityChoicesQuery, queueCheckin, resolveConflict, retryConflict } from '../api/gate-pass';
import { GateOutbox } from '../components/gate-outbox';
import { GateStatus } from '../components/gate-status';
import { PassReader } from '../components/pass-reader';
// With the screen, not later: a pass must verify with no network from the moment the screen shows
// its kit, even before the service worker holds the app (a first visit that loses the network).
import { PassVerdict } from '../components/pass-verdict';
import { savedKits } from '../gate-store';
import { useGateDevice } from '../use-gate-device';
import { useSession } from '../../../lib/session';
import { loadLater } from '../../../lib/load-later';

// The facility's holding queue (issue #58.3), fetched after the screen: the pass check never waits on it.
const HoldingQueueCard = loadLater(async () => (await import('../../holding')).HoldingQueueCard, { fallback: null });

function useClock(everyMs = 30_000) {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), everyMs);
    return () => clearInterval(timer);
  }, [everyMs]);
  return now;
}

/** The facilities a gate may stand at: the tenant's list when online, the ones with a saved kit offline. */
function useFacilityChoices() {
  const list = useQuery(facilityChoicesQuery);
  const online = list.data;
  // Read only when the list cannot be had (no network, or no answer), not while it is on its way.
  const offline = useQuery({
    queryKey: ['gate-device', 'kits'],
    queryFn: savedKits,
    networkMode: 'always',
    enabled: !online && (list.isError || list.fetchStatus === 'paused'),
  }).data;
  return useMemo(
    () =>
      online
        ? online.map((f) => ({ value: f.id, label: f.name }))
        : (offline ?? []).map((k) => ({ value: k.facilityId, label: k.facilityName })),
    [online, offline],
  );
}

function MaxAgeField({ value, onSave }: { value: number; onSave: (minutes: number) => void }) {
  const { t } = useTranslation();
  const [text, setText] = useState(String(value));
  const minutes = Number(text);
  const valid = /^\d+$/.test(text.trim()) && minutes >= 1 && minutes <= 1440;
  return (
    <Field
      label={t('gatePass.maxAge')}
      inputMode="numeric"
      value={text}
      error={valid ? undefined : t('gatePass.maxAgeInvalid')}
      onChange={(event) => setText(event.target.value)}
      onBlur={() => valid && minutes !== value && onSave(minutes)}
    />
  );
}

export function GateRoute() {
  const { t } = useTranslation();
  const device = useGateDevice();
  const choices = useFacilityChoices();
  const now = useClock();
  const [read, setRead] = useState<{ code: string; check: GatePassCheck; ms: number } | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const { kit, entries } = device;
  const { hasPermission } = useSession();

  const onRead = async (code: string) => {
    setNotice(null);
    const result = await device.verify(code);
    setRead(result && { code, ...result });
  };

  const onCheckIn = async () => {
    if (!read?.check.ok || !kit || !device.author) return;
    const { pass } = read.check;
    const earlier = entries.find((e) => e.pass.apt === pass.apt && (e.state === 'waiting' || e.state === 'synced'));
    const at = (iso: string) => localDateTime(new Date(iso), pass.tz).time;
    if (earlier) {
      setNotice(t('gatePass.alreadyQueued', { time: at(earlier.happenedAt) }));
      return;
    }
    setBusy(true);
    try {
      const happenedAt = await queueCheckin(read.code.trim(), pass, kit.facilityId, device.author);
      setNotice(t('gatePass.queued', { time: at(happenedAt) }));
      await device.reloadEntries();
    } finally {
      setBusy(false);
    }
  };

  const settle = async (action: (key: string) => Promise<unknown>, key: string) => {
    await action(key);
    await device.reloadEntries();
  };

  return (
    <div className="mx-auto max-w-2xl space-y-4 p-2 sm:p-4">
      <Card>
        <CardHeader title={<span>{t('gatePass.title')}</span>} description={t('gatePass.description')} />
        <CardBody className="space-y-4">
          <SelectField
            label={t('gatePass.facility')}
            placeholder={t('gatePass.chooseFacility')}
            options={choices}
            value={device.settings.facilityId ?? ''}
            onChange={(event) => {
              setRead(null);
              void device.changeSettings({ facilityId: event.target.value || null });
            }}
          />
          <GateStatus online={device.online} kit={kit} settings={device.settings} now={now} />
          <PassReader onRead={(code) => void onRead(code)} disabled={!kit} />
          {read && (
            <PassVerdict
              check={read.check}
              ms={read.ms}
              notice={notice}
              busy={busy}
              onCheckIn={() => void onCheckIn()}
            />
          )}
        </CardBody>
      </Card>
      <Card>
        <CardBody className="space-y-4">
          <GateOutbox
            entries={entries}
            sealed={device.sealed}
            onRetry={(key) =>
              void settle((k) => (device.author ? retryConflict(k, device.author) : Promise.resolve()), key)
            }
            onResolve={(key) => void settle(resolveConflict, key)}
          />
          {device.ready && (
            <MaxAgeField
              key={device.settings.revocationMaxAgeMinutes}
              value={device.settings.revocationMaxAgeMinutes}
              onSave={(minutes) => void device.changeSettings({ revocationMaxAgeMinutes: minutes })}
            />
          )}
        </CardBody>
      </Card>
      {device.online && device.settings.facilityId && hasPermission('yard:read') && (
        <HoldingQueueCard facilityId={device.settings.facilityId} canConfigure={hasPermission('settings:configure')} />
      )}
    </div>
  );
}

// The device's answer on a pass: valid (what it is for, and the check-in), or refused with its reason
// in the reader's language (the shared pass module's text, through the server-message catalogue).
import { useTranslation } from '../../../lib/i18n/use-translation';
import { gatePassRefusalText, type GatePassCheck } from '@shared/gate-pass';
import { useServerText } from '../../../lib/server-text';
import { Button } from '../../../components/ui/button';
import { useFormat } from '../../../lib/format';

export function PassVerdict({
  check,
  ms,
  notice,
  onCheckIn,
  busy,
}: {
  check: GatePassCheck;
  ms: number;
  /** After the check-in button: recorded, or already checked in at this gate. */
  notice: string | null;
  onCheckIn: () => void;
  busy: boolean;
}) {
  const { t } = useTranslation();
  const serverText = useServerText();
  // The window as the driver's pass card writes it, in the pass's time zone.
  const format = useFormat(check.ok ? check.pass.tz : undefined);
  const timing = (
    <p className="text-xs text-slate-600">{t('gatePass.verifiedIn', { ms: Math.max(1, Math.round(ms)) })}</p>
  );
  if (!check.ok)
    return (
      <div
        role="status"
        className="space-y-1 rounded-md border border-red-300 bg-red-50 p-3"
        data-testid="pass-verdict"
      >
        <p className="font-semibold text-red-800">{t('gatePass.refused')}</p>
        <p className="text-sm text-red-800">{serverText(gatePassRefusalText(check))}</p>
        {timing}
      </div>
    );
  const { pass } = check;
  return (
    <div
      role="status"
      className="space-y-2 rounded-md border border-green-300 bg-green-50 p-3"
      data-testid="pass-verdict"
    >
      <p className="font-semibold text-green-800">{t('gatePass.valid')}</p>
      <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
        <dt className="text-slate-600">{t('gatePass.reference')}</dt>
        <dd>{pass.ref || pass.apt}</dd>
        <dt className="text-slate-600">{t('gatePass.vehicle')}</dt>
        <dd>{pass.veh}</dd>
        <dt className="text-slate-600">{t('gatePass.window')}</dt>
        <dd>
          {format.day(pass.day)}, {format.clock(pass.ws)} – {format.clock(pass.we)}
        </dd>
      </dl>
      {timing}
      {notice ? (
        <p className="text-sm font-medium text-green-900">{notice}</p>
      ) : (
        <Button onClick={onCheckIn} disabled={busy}>
          {t('gatePass.checkIn')}
        </Button>
      )}
    </div>
  );
}

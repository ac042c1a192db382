// The driver's gate pass: its QR code for the gate's scanner, what it is for, and when the phone
// saved it for use with no mobile data (once the app itself opens with none: lib/app-shell.ts).
import { useTranslation } from '../../../lib/i18n/use-translation';
import { QrCode, WifiOff } from 'lucide-react';
import { Card, CardBody } from '../../../components/ui/card';
import { registerCatalogue } from '../../../lib/i18n';
import { useFormat } from '../../../lib/format';
import { useAppShell } from '../../../lib/app-shell';
import { driverAppText } from '../i18n';
import type { DriverPass } from '../api/gate-pass';

registerCatalogue(driverAppText);

export function GatePassCard({ pass, fromPhone }: DriverPass) {
  const { t } = useTranslation();
  const format = useFormat(pass.claims.tz);
  const { claims } = pass;
  // Saved for offline use once the app itself opens with no network too, not only the pass on the device.
  const shell = useAppShell();
  const rows = [
    [t('driverApp.pass.day'), format.day(claims.day)],
    [t('driverApp.pass.window'), `${format.clock(claims.ws)} – ${format.clock(claims.we)}`],
    [t('driverApp.pass.facility'), claims.fnm],
    [t('driverApp.pass.vehicle'), claims.veh || '—'],
  ] as const;
  return (
    <Card>
      <CardBody className="space-y-3" aria-labelledby="gate-pass-title" role="region">
        <h2 id="gate-pass-title" className="flex items-center gap-2 font-semibold">
          <QrCode className="h-5 w-5 text-blue-700" aria-hidden /> {t('driverApp.pass.title')}
        </h2>
        {fromPhone && (
          <p
            className="flex items-center gap-2 rounded-md bg-amber-50 p-2 text-sm text-amber-900"
            data-testid="pass-offline"
          >
            <WifiOff className="h-4 w-4 shrink-0" aria-hidden /> {t('driverApp.pass.offline')}
          </p>
        )}
        <img
          className="mx-auto h-56 w-56"
          src={`data:image/svg+xml;utf8,${encodeURIComponent(pass.qrSvg)}`}
          alt={t('driverApp.pass.qrAlt', { reference: claims.ref || claims.apt })}
        />
        <dl className="grid grid-cols-2 gap-2 text-sm">
          {rows.map(([label, value]) => (
            <div key={label}>
              <dt className="text-slate-600">{label}</dt>
              <dd className="font-semibold">{value}</dd>
            </div>
          ))}
        </dl>
        <p className="text-sm text-slate-600">{t('driverApp.pass.hint')}</p>
        <p
          role="status"
          className={`text-sm font-medium ${shell === 'saved' ? 'text-green-800' : 'text-amber-900'}`}
          data-testid="pass-saved"
        >
          {shell === 'saved'
            ? t('driverApp.pass.saved', { time: format.dateTime(pass.savedAt) })
            : t(shell === 'saving' ? 'driverApp.pass.saving' : 'driverApp.pass.notSaved')}
        </p>
      </CardBody>
    </Card>
  );
}

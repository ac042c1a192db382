// /pass-wallet (issue #59): a carrier's driver sees the gate passes of every hub in one wallet, each with
// its QR code for that hub's gate (the signed pass the gate checks offline), soonest first.
import { useEffect, useState } from 'react';
import type { WalletPass } from '@shared/contracts/carrier-identity';
import { useTranslation } from '../../../lib/i18n/use-translation';
import { useFormat } from '../../../lib/format';
import { Card, CardBody } from '../../../components/ui/card';
import { useWallet } from '../api/identity';
import { ListState } from '../components/carrier-tabs';

/** The pass's QR code as an image address; the encoder is fetched with the first pass shown. */
function usePassQr(token: string): string | null {
  const [qr, setQr] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    void import('qrcode').then(({ default: QRCode }) =>
      QRCode.toDataURL(token, { margin: 1, width: 224, errorCorrectionLevel: 'M' }).then((url) => live && setQr(url)),
    );
    return () => {
      live = false;
    };
  }, [token]);
  return qr;
}

function PassCard({ pass }: { pass: WalletPass }) {
  const { t } = useTranslation();
  const format = useFormat();
  const qr = usePassQr(pass.token);
  const reference = pass.bookingReference ?? pass.appointmentId;
  const headingId = `wallet-pass-${pass.tenantId}-${pass.appointmentId}`;
  const rows = [
    [t('carrierIdentity.wallet.day'), format.day(pass.scheduledDate)],
    [t('carrierIdentity.wallet.start'), format.clock(pass.scheduledTimeStart)],
    [t('carrierIdentity.wallet.facility'), pass.facilityName],
    [t('carrierIdentity.wallet.reference'), reference],
  ] as const;
  return (
    <li>
      <Card role="region" aria-labelledby={headingId} data-testid="wallet-pass">
        <CardBody className="space-y-3">
          <h2 id={headingId} className="text-lg font-semibold">
            {pass.hubName}
          </h2>
          {qr ? (
            <img className="mx-auto h-56 w-56" src={qr} alt={t('carrierIdentity.wallet.qrAlt', { reference })} />
          ) : (
            <div className="mx-auto h-56 w-56 animate-pulse rounded bg-slate-100" aria-hidden />
          )}
          <dl className="grid grid-cols-2 gap-2 text-sm">
            {rows.map(([label, value]) => (
              <div key={label}>
                <dt className="text-slate-600">{label}</dt>
                <dd className="font-semibold">{value}</dd>
              </div>
            ))}
          </dl>
        </CardBody>
      </Card>
    </li>
  );
}

export function PassWalletRoute() {
  const { t } = useTranslation();
  const wallet = useWallet();
  const passes = [...(wallet.data ?? [])].sort((a, b) =>
    `${a.scheduledDate} ${a.scheduledTimeStart}`.localeCompare(`${b.scheduledDate} ${b.scheduledTimeStart}`),
  );
  return (
    <div className="mx-auto max-w-md space-y-4">
      <div>
        <h1 className="text-xl font-bold">{t('carrierIdentity.wallet.title')}</h1>
        <p className="text-sm text-slate-600">{t('carrierIdentity.wallet.intro')}</p>
      </div>
      {wallet.isLoading ? (
        <ListState>{t('carrierIdentity.wallet.loading')}</ListState>
      ) : wallet.isError ? (
        <ListState tone="error">{t('carrierIdentity.wallet.failed')}</ListState>
      ) : passes.length === 0 ? (
        <ListState>{t('carrierIdentity.wallet.empty')}</ListState>
      ) : (
        <ul className="space-y-4" aria-label={t('carrierIdentity.wallet.list')}>
          {passes.map((pass) => (
            <PassCard key={`${pass.tenantId}/${pass.appointmentId}`} pass={pass} />
          ))}
        </ul>
      )}
    </div>
  );
}

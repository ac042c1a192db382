// Generate QR: a real QR code of a signed check-in link for the facility, valid 24 hours.
import { useState } from 'react';
import { useTranslation } from '../../../lib/i18n/use-translation';
import { QrCode as QrIcon } from 'lucide-react';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { fetchQrCode, type QrCode } from '../api/checkins';
import { isUnauthorized } from '../../../lib/api-client';
import { useToast } from '../../../lib/toast';
import { useFormat } from '../../../lib/format';

export function GenerateQrButton() {
  const { t } = useTranslation();
  const format = useFormat();
  const { toast } = useToast();
  const [qr, setQr] = useState<QrCode | null>(null);
  const [busy, setBusy] = useState(false);
  const generate = async () => {
    setBusy(true);
    try {
      const code = await fetchQrCode();
      setQr(code);
      toast({ title: t('checkins.qr.generated', { facility: code.facilityName }) });
    } catch (error) {
      if (isUnauthorized(error)) {
        toast({ title: t('auth.unauthorizedTitle'), description: t('auth.unauthorized'), variant: 'destructive' });
        setTimeout(() => window.location.assign('/login'), 500);
      } else toast({ title: t('common.error'), description: t('checkins.qr.failed'), variant: 'destructive' });
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      <Button size="sm" onClick={() => void generate()} disabled={busy}>
        <QrIcon className="h-4 w-4" aria-hidden /> {t('checkins.qr.generate')}
      </Button>
      <Dialog
        open={Boolean(qr)}
        onClose={() => setQr(null)}
        title={qr ? t('checkins.qr.title', { facility: qr.facilityName }) : t('checkins.qr.titleShort')}
      >
        {qr && (
          <div className="space-y-3 text-center">
            <img
              src={`data:image/svg+xml;utf8,${encodeURIComponent(qr.qrSvg)}`}
              alt={t('checkins.qr.alt', { facility: qr.facilityName })}
              className="mx-auto h-64 w-64"
            />
            <p className="text-sm text-slate-600">{t('checkins.qr.hint', { until: format.dateTime(qr.expiresAt) })}</p>
            <a href={qr.checkinUrl} className="break-all text-xs text-blue-700 underline">
              {qr.checkinUrl}
            </a>
            <div>
              <Button variant="secondary" onClick={() => window.print()}>
                {t('checkins.qr.print')}
              </Button>
            </div>
          </div>
        )}
      </Dialog>
    </>
  );
}

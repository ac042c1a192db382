// Generate QR: a real QR code of a signed check-in link for the facility, valid 24 hours.
import { useState } from 'react';
import { QrCode as QrIcon } from 'lucide-react';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { fetchQrCode, type QrCode } from '../api/checkins';
import { isUnauthorized } from '../../../lib/api-client';
import { useToast } from '../../../lib/toast';
import { DEFAULT_TIME_ZONE } from '@shared/product';

export function GenerateQrButton() {
  const { toast } = useToast();
  const [qr, setQr] = useState<QrCode | null>(null);
  const [busy, setBusy] = useState(false);
  const generate = async () => {
    setBusy(true);
    try {
      const code = await fetchQrCode();
      setQr(code);
      toast({ title: `QR Code generated for ${code.facilityName}` });
    } catch (error) {
      if (isUnauthorized(error)) {
        toast({ title: 'Unauthorized', description: 'You are logged out. Logging in again...', variant: 'destructive' });
        setTimeout(() => window.location.assign('/login'), 500);
      } else toast({ title: 'Error', description: 'Failed to generate QR code', variant: 'destructive' });
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      <Button size="sm" onClick={() => void generate()} disabled={busy}>
        <QrIcon className="h-4 w-4" aria-hidden /> Generate QR
      </Button>
      <Dialog open={Boolean(qr)} onClose={() => setQr(null)} title={qr ? `Check-in QR — ${qr.facilityName}` : 'Check-in QR'}>
        {qr && (
          <div className="space-y-3 text-center">
            <img src={`data:image/svg+xml;utf8,${encodeURIComponent(qr.qrSvg)}`} alt={`QR code for checking in at ${qr.facilityName}`} className="mx-auto h-64 w-64" />
            <p className="text-sm text-slate-600">Drivers scan this at the gate to check in from their phone. Valid until {new Date(qr.expiresAt).toLocaleString('en-IN', { timeZone: DEFAULT_TIME_ZONE })}.</p>
            <a href={qr.checkinUrl} className="break-all text-xs text-blue-700 underline">
              {qr.checkinUrl}
            </a>
            <div>
              <Button variant="secondary" onClick={() => window.print()}>
                Print
              </Button>
            </div>
          </div>
        )}
      </Dialog>
    </>
  );
}

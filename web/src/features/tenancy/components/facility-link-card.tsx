// The selected facility's shareable link (/facilities): the guest booking link with its QR code and
// the registration link; both name the facility by its opaque link token only.
import { useEffect, useState } from 'react';
import QRCode from 'qrcode';
import { useTranslation } from '../../../lib/i18n/use-translation';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { registerCatalogue } from '../../../lib/i18n';
import { useSession } from '../../../lib/session';
import { useToast } from '../../../lib/toast';
import { useApiMutation } from '../../../lib/use-api-mutation';
import { useFacilityLink } from '../api/tenancy';
import { tenancyText } from '../i18n';

registerCatalogue(tenancyText);

export const bookingUrl = (token: string) => `${window.location.origin}/book/${token}`;
export const registrationUrl = (token: string) =>
  `${window.location.origin}/register?facility=${encodeURIComponent(token)}`;

export function FacilityLinkCard({ facilityId, facilityName }: { facilityId: string; facilityName: string }) {
  const { t } = useTranslation();
  const { toast } = useToast();
  const link = useFacilityLink(facilityId);
  const { hasPermission } = useSession();
  const [confirming, setConfirming] = useState(false);
  const rotate = useApiMutation<void>({
    url: () => `/api/facilities/${encodeURIComponent(facilityId)}/link/rotate`,
    invalidates: () => [['/api/facilities', facilityId, 'link']],
    failure: t('tenancy.link.replaceFailed'),
    success: t('tenancy.link.replaced'),
  });
  const [qr, setQr] = useState<string | null>(null);
  const token = link.data?.token;
  useEffect(() => {
    let live = true;
    if (token)
      void QRCode.toDataURL(bookingUrl(token), { margin: 1, width: 160, errorCorrectionLevel: 'M' }).then(
        (url) => live && setQr(url),
      );
    return () => {
      live = false;
    };
  }, [token]);
  if (!token) return null;
  const copy = async (url: string) => {
    await navigator.clipboard?.writeText(url).catch(() => undefined);
    toast({ title: t('tenancy.link.copied') });
  };
  const row = (label: string, url: string, testId: string) => (
    <div className="space-y-1">
      <div className="text-xs font-semibold uppercase tracking-wide text-slate-500">{label}</div>
      <div className="flex items-center gap-2">
        <code className="min-w-0 flex-1 truncate rounded bg-slate-100 px-2 py-1 text-xs" data-testid={testId}>
          {url}
        </code>
        <Button size="sm" variant="secondary" onClick={() => void copy(url)}>
          {t('tenancy.link.copy')}
        </Button>
      </div>
    </div>
  );
  return (
    <section
      className="mb-4 flex flex-col gap-4 rounded-lg border border-slate-200 bg-white p-4 sm:flex-row"
      aria-label={t('tenancy.link.title')}
      data-testid="facility-link"
    >
      {qr && <img src={qr} alt={t('tenancy.link.qrAlt', { facility: facilityName })} className="h-32 w-32 shrink-0" />}
      <div className="min-w-0 flex-1 space-y-3">
        <div>
          <h3 className="font-semibold">{t('tenancy.link.title')}</h3>
          <p className="text-sm text-slate-600">{t('tenancy.link.description')}</p>
        </div>
        {row(t('tenancy.link.booking'), bookingUrl(token), 'booking-link')}
        {row(t('tenancy.link.registration'), registrationUrl(token), 'registration-link')}
        {hasPermission('facilities:write') && (
          <Button size="sm" variant="secondary" onClick={() => setConfirming(true)}>
            {t('tenancy.link.replace')}
          </Button>
        )}
      </div>
      <Dialog open={confirming} onClose={() => setConfirming(false)} title={t('tenancy.link.replaceTitle')}>
        <p className="text-sm text-slate-700">{t('tenancy.link.replaceWarning')}</p>
        <div className="mt-4 flex justify-end gap-2">
          <Button variant="secondary" onClick={() => setConfirming(false)}>
            {t('common.cancel')}
          </Button>
          <Button
            disabled={rotate.isPending}
            onClick={() => rotate.mutate(undefined, { onSuccess: () => setConfirming(false) })}
          >
            {t('tenancy.link.replaceConfirm')}
          </Button>
        </div>
      </Dialog>
    </section>
  );
}

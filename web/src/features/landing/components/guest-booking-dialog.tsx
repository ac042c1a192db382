// The guest Quick Slot Booking dialog (no sign-in).
import { useTranslation } from 'react-i18next';
import { Dialog } from '../../../components/ui/dialog';
import { Button } from '../../../components/ui/button';

export function GuestBookingDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Dialog open={open} onClose={onClose} title={t('landing.guestDialogTitle')}>
      <p className="text-sm text-slate-600">{t('landing.guestDialogText')}</p>
      <p className="mt-3 text-sm text-slate-600">{t('common.comingSoon')}</p>
      <div className="mt-4 flex justify-end">
        <Button variant="secondary" onClick={onClose}>
          {t('common.cancel')}
        </Button>
      </div>
    </Dialog>
  );
}

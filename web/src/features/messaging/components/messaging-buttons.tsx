// The ways into the Messaging Center: the dashboard header's button, and Quick Actions' "Send SMS
// Update", which opens it for today's appointments' drivers with SMS chosen.
import { useState } from 'react';
import { useTranslation } from '../../../lib/i18n/use-translation';
import { MessageSquare, Send } from 'lucide-react';
import { Button } from '../../../components/ui/button';
import { registerCatalogue } from '../../../lib/i18n';
import { loadLater } from '../../../lib/load-later';
import { messagingText } from '../i18n';
import type { DriverAppointment } from './messaging-center';

registerCatalogue(messagingText);

// The Messaging Center (its form, log and the messaging contracts) is fetched when first wanted: the
// dashboard shows these buttons in its first screen, not the dialog. Mounted from its first opening
// on, so closing and reopening keeps what was typed.
const MessagingCenter = loadLater(async () => (await import('./messaging-center')).MessagingCenter, {
  fallback: null,
});

function useMessagingCenter() {
  const [open, setOpen] = useState(false);
  const [shown, setShown] = useState(false);
  const opener = {
    onPointerEnter: MessagingCenter.preload,
    onFocus: MessagingCenter.preload,
    onClick: () => {
      setShown(true);
      setOpen(true);
    },
  };
  return { open, shown, opener, close: () => setOpen(false) };
}

export function MessagingCenterButton() {
  const { t } = useTranslation();
  const center = useMessagingCenter();
  return (
    <>
      <Button variant="secondary" {...center.opener}>
        <MessageSquare className="h-4 w-4" aria-hidden /> {t('messaging.open')}
      </Button>
      {center.shown && <MessagingCenter open={center.open} onClose={center.close} />}
    </>
  );
}

export function SendSmsUpdateButton({ appointments }: { appointments: DriverAppointment[] }) {
  const { t } = useTranslation();
  const center = useMessagingCenter();
  return (
    <>
      <Button variant="secondary" {...center.opener}>
        <Send className="h-4 w-4" aria-hidden /> {t('messaging.sendSmsUpdate')}
      </Button>
      {center.shown && <MessagingCenter open={center.open} onClose={center.close} appointments={appointments} />}
    </>
  );
}

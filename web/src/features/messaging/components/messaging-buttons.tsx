// The ways into the Messaging Center: the dashboard header's button, and Quick Actions' "Send SMS
// Update", which opens it for today's appointments' drivers with SMS chosen.
import { useState } from 'react';
import { useTranslation } from '../../../lib/i18n/use-translation';
import { MessageSquare, Send } from 'lucide-react';
import { Button } from '../../../components/ui/button';
import { MessagingCenter, type DriverAppointment } from './messaging-center';

export function MessagingCenterButton() {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button variant="secondary" onClick={() => setOpen(true)}>
        <MessageSquare className="h-4 w-4" aria-hidden /> {t('messaging.open')}
      </Button>
      <MessagingCenter open={open} onClose={() => setOpen(false)} />
    </>
  );
}

export function SendSmsUpdateButton({ appointments }: { appointments: DriverAppointment[] }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button variant="secondary" onClick={() => setOpen(true)}>
        <Send className="h-4 w-4" aria-hidden /> {t('messaging.sendSmsUpdate')}
      </Button>
      <MessagingCenter open={open} onClose={() => setOpen(false)} appointments={appointments} />
    </>
  );
}

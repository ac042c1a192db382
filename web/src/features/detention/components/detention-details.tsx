// A truck's detention opened from its appointment's row (the staff schedule, a carrier's own
// appointments), as its trip is: read from the server only once opened, its code fetched with it.
import { useState } from 'react';
import type { AppointmentStatus } from '@shared/contracts/appointments';
import { useTranslation } from '../../../lib/i18n/use-translation';
import { loadLater } from '../../../lib/load-later';

const TruckDetention = loadLater(async () => (await import('./truck-detention')).TruckDetention, { fallback: null });

/** A truck that came (or never did: its late fee) has a detention to show; one still to come has none. */
const ASSESSED: readonly AppointmentStatus[] = ['arrived', 'loading', 'unloading', 'departed', 'no_show'];
export const hasDetention = (status: AppointmentStatus) => ASSESSED.includes(status);

export function DetentionDetails({ appointmentId }: { appointmentId: string }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  return (
    <details className="w-full" onToggle={(e) => setOpen(e.currentTarget.open)}>
      <summary className="cursor-pointer text-xs font-medium text-blue-700">{t('detention.truck.open')}</summary>
      {open && (
        <div className="mt-2">
          <TruckDetention appointmentId={appointmentId} />
        </div>
      )}
    </details>
  );
}

// One booking of the carrier at one hub (issue #59): where and when, its status at the hub, its driver
// (one of the carrier's drivers, chosen when booking at any hub), and changing or cancelling it through
// that hub's rules; a refusal shows as the hub gave it.
import { useState } from 'react';
import type { NetworkBooking } from '@shared/contracts/carrier-identity';
import { useTranslation } from '../../../lib/i18n/use-translation';
import { useFormat } from '../../../lib/format';
import { Badge, type BadgeTone } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { loadLater } from '../../../lib/load-later';
import { APPOINTMENT_STATUSES } from '@shared/contracts/truck-flow';

// The change and cancel forms (react-hook-form and the hub's zod schemas) are fetched when opened.
const ChangeForm = loadLater(async () => (await import('./booking-changes')).ChangeForm, { fallback: null });
const CancelForm = loadLater(async () => (await import('./booking-changes')).CancelForm, { fallback: null });

const TONE: Record<string, BadgeTone> = {
  pending_approval: 'yellow',
  scheduled: 'blue',
  departed: 'green',
  cancelled: 'red',
  no_show: 'red',
};
/** The statuses a booking can still be changed or cancelled in by its carrier (the hub decides the rest). */
const OPEN = new Set(['pending_approval', 'scheduled']);

/** The bookings list's status filter: an appointment's statuses, as the appointments domain has them. */
export const BOOKING_STATUSES = APPOINTMENT_STATUSES;

export function BookingCard({ booking, canBook }: { booking: NetworkBooking; canBook: boolean }) {
  const { t } = useTranslation();
  const format = useFormat();
  const [open, setOpen] = useState<'change' | 'cancel' | null>(null);
  const { appointment } = booking;
  const editable = canBook && OPEN.has(appointment.status);
  const statusKey = (BOOKING_STATUSES as readonly string[]).includes(appointment.status)
    ? appointment.status
    : 'scheduled';
  return (
    <li
      className="space-y-2 rounded-lg border border-slate-200 bg-white p-3 shadow-sm"
      data-testid="network-booking"
      aria-label={`${booking.hubName} ${appointment.bookingReference}`}
    >
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div>
          <div className="font-semibold">{booking.hubName}</div>
          <div className="text-sm text-slate-600">{appointment.facilityName}</div>
        </div>
        <Badge tone={TONE[appointment.status] ?? 'yellow'}>{t(`carrierIdentity.bookings.statuses.${statusKey}`)}</Badge>
      </div>
      <dl className="grid grid-cols-2 gap-2 text-sm">
        <div>
          <dt className="text-slate-500">{t('carrierIdentity.bookings.time')}</dt>
          <dd className="font-medium">
            {format.day(appointment.scheduledDate)}, {appointment.scheduledTimeStart}–{appointment.scheduledTimeEnd}
          </dd>
        </div>
        <div>
          <dt className="text-slate-500">{t('carrierIdentity.bookings.reference')}</dt>
          <dd className="font-medium" data-testid="booking-reference">
            {appointment.bookingReference}
          </dd>
        </div>
        <div>
          <dt className="text-slate-500">{t('carrierIdentity.bookings.vehicle')}</dt>
          <dd className="font-medium">{appointment.vehicleLicense || '—'}</dd>
        </div>
        <div>
          <dt className="text-slate-500">{t('carrierIdentity.bookings.driver')}</dt>
          <dd className="font-medium" data-testid="booking-driver">
            {appointment.driverName || t('carrierIdentity.bookings.noDriver')}
          </dd>
        </div>
      </dl>
      {editable && (
        <>
          <div className="flex flex-wrap gap-2">
            <Button size="sm" variant="secondary" onClick={() => setOpen('change')}>
              {t('carrierIdentity.bookings.change')}
            </Button>
            <Button size="sm" variant="secondary" onClick={() => setOpen('cancel')}>
              {t('carrierIdentity.bookings.cancel')}
            </Button>
          </div>
        </>
      )}
      <Dialog open={open === 'change'} onClose={() => setOpen(null)} title={t('carrierIdentity.change.title')}>
        {open === 'change' && <ChangeForm booking={booking} onDone={() => setOpen(null)} />}
      </Dialog>
      <Dialog
        open={open === 'cancel'}
        onClose={() => setOpen(null)}
        title={t('carrierIdentity.cancel.title', { reference: appointment.bookingReference })}
      >
        {open === 'cancel' && <CancelForm booking={booking} onDone={() => setOpen(null)} />}
      </Dialog>
    </li>
  );
}

// The guest's confirmation (issue #29.1): it stays in the dialog until the guest closes it, so the
// code, the place, the time and the gate pass can be read, saved or shown at the gate.
import { useTranslation } from '../../../lib/i18n/use-translation';
import { Link } from 'react-router-dom';
import { CalendarPlus, CheckCircle2, Clock, Printer } from 'lucide-react';
import { validThroughSlot, type GuestBookingConfirmation as Confirmation } from '@shared/contracts/appointments-guest';
import { Button } from '../../../components/ui/button';
import { useFormat } from '../../../lib/format';
import { downloadFile } from '../../../lib/download';
import { guestBookingCalendar } from '../guest-calendar';
import { useKeptGatePass } from '../../passes';
import { ChoicesLink } from '../../privacy';
import type { GuestBookingSource } from '../api/guest-booking';

/** The zone's short name on the slot's day in the guest's language ('IST', 'GMT+8'). */
function zoneName(locale: string, timeZone: string, at: string) {
  return (
    new Intl.DateTimeFormat(locale, { timeZone, timeZoneName: 'short' })
      .formatToParts(new Date(at))
      .find((p) => p.type === 'timeZoneName')?.value ?? timeZone
  );
}

export function GuestBookingConfirmation({
  booking,
  phone,
  facility,
  useDelivery,
  onClose,
}: {
  booking: Confirmation;
  phone: string;
  /** The facility link it was booked through (null: the platform's guest facility). */
  facility: string | null;
  /** How the confirmation message went (issue #53); without it the page cannot tell and says nothing of a message. */
  useDelivery?: GuestBookingSource['useDelivery'];
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const format = useFormat(booking.timeZone);
  const kept = useKeptGatePass(booking.passLink);
  const addToCalendar = () =>
    downloadFile(
      `docksaathi-${booking.confirmationCode}.ics`,
      guestBookingCalendar(booking, {
        title: t('guestBooking.calendarTitle', { facility: booking.facilityName }),
        description: t('guestBooking.calendarDescription', { code: booking.confirmationCode }),
      }),
      'text/calendar;charset=utf-8',
    );
  const rows: [string, string][] = [
    [t('guestBooking.doneFacility'), `${booking.facilityName} (${booking.tenantName})`],
    ...(booking.address ? [[t('guestBooking.doneAddress'), booking.address] as [string, string]] : []),
    [
      t('guestBooking.doneWhen'),
      `${format.day(booking.slotDate, 'long')}, ${t('guestBooking.doneTime', {
        start: format.clock(booking.startTime),
        end: format.clock(booking.endTime),
        zone: zoneName(format.locale, booking.timeZone, booking.startsAt),
      })}`,
    ],
    [t('guestBooking.doneDoor'), booking.doorNumber ?? t('guestBooking.doneDoorLater')],
  ];
  // A booking-link booking the facility approves first: no pass yet, and the page says it waits.
  const waiting = booking.awaitingApproval;
  const StatusIcon = waiting ? Clock : CheckCircle2;
  return (
    <section aria-labelledby="guest-booking-done" className="space-y-4" data-testid="guest-booking-confirmation">
      <div className={`flex items-center gap-2 ${waiting ? 'text-amber-700' : 'text-green-700'}`}>
        <StatusIcon className="h-6 w-6" aria-hidden />
        <h3 id="guest-booking-done" className="text-lg font-semibold">
          {t(waiting ? 'guestBooking.awaitingTitle' : 'guestBooking.doneTitle')}
        </h3>
      </div>
      {waiting && <p className="text-sm text-slate-700">{t('guestBooking.awaitingApproval')}</p>}
      <div className="rounded-md bg-green-50 p-3 ring-1 ring-green-200">
        <div className="text-sm text-slate-600">{t('guestBooking.doneCode')}</div>
        <div className="font-mono text-2xl font-bold tracking-wide" data-testid="guest-booking-code">
          {booking.confirmationCode}
        </div>
      </div>
      <div className="grid gap-4 sm:grid-cols-[1fr_auto]">
        <dl className="grid gap-2 text-sm">
          {rows.map(([label, value]) => (
            <div key={label}>
              <dt className="text-slate-500">{label}</dt>
              <dd className="font-medium text-slate-900">{value}</dd>
            </div>
          ))}
        </dl>
        {booking.gatePass && (
          <figure className="text-center">
            <img
              className="mx-auto h-44 w-44"
              src={`data:image/svg+xml;utf8,${encodeURIComponent(booking.gatePass.qrSvg)}`}
              alt={t('guestBooking.doneGatePassAlt', { code: booking.confirmationCode })}
            />
            <figcaption className="mt-1 max-w-44 text-xs text-slate-600">
              <span className="font-semibold">{t('guestBooking.doneGatePass')}: </span>
              {t('guestBooking.doneGatePassHint')}
            </figcaption>
            {validThroughSlot(booking.gatePass.expiresAt, booking.endsAt) ? (
              <Button variant="secondary" size="sm" className="mt-2" onClick={() => window.print()}>
                <Printer className="h-4 w-4" aria-hidden />
                {t('guestBooking.printGatePass')}
              </Button>
            ) : (
              <p className="mt-2 max-w-44 text-xs text-amber-800" data-testid="gate-pass-no-print">
                {t('guestBooking.gatePassLapses', {
                  until: format.dateTime(booking.gatePass.expiresAt),
                  end: format.clock(booking.endTime),
                })}
              </p>
            )}
            {kept && (
              <p className="mt-2 max-w-44 text-xs text-green-800" data-testid="gate-pass-kept">
                {t('guestBooking.gatePassKept')}{' '}
                <Link className="font-semibold text-blue-700 underline" to={kept}>
                  {t('guestBooking.openGatePass')}
                </Link>
              </p>
            )}
          </figure>
        )}
      </div>
      {useDelivery ? (
        <DeliveryLine
          reference={booking.confirmationCode}
          facility={facility}
          phone={phone}
          useDelivery={useDelivery}
        />
      ) : (
        <p className="text-sm text-slate-600">{t('guestBooking.doneSms', { phone })}</p>
      )}
      <ChoicesLink token={booking.choicesLink} />
      <div className="flex flex-wrap justify-end gap-2 border-t border-slate-100 pt-3">
        <Button variant="secondary" onClick={addToCalendar}>
          <CalendarPlus className="h-4 w-4" aria-hidden />
          {t('guestBooking.addToCalendar')}
        </Button>
        <Button onClick={onClose}>{t('guestBooking.close')}</Button>
      </div>
    </section>
  );
}

/**
 * Which channel carried the confirmation, or that none did and why (issue #53): "sent by SMS" only
 * once the SMS has left; while it is on its way, that it is being sent.
 */
function DeliveryLine({
  reference,
  facility,
  phone,
  useDelivery,
}: {
  reference: string;
  facility: string | null;
  phone: string;
  useDelivery: NonNullable<GuestBookingSource['useDelivery']>;
}) {
  const { t } = useTranslation();
  const delivery = useDelivery(reference, facility);
  const d = delivery.data;
  const text = !d
    ? delivery.isError
      ? t('guestBooking.delivery.unknown', { phone })
      : t('guestBooking.delivery.sending', { phone })
    : d.state === 'sent'
      ? t(d.channel === 'whatsapp' ? 'guestBooking.delivery.sentWhatsapp' : 'guestBooking.doneSms', { phone })
      : d.state === 'not_sent'
        ? t(`guestBooking.delivery.notSent.${d.reason ?? 'failed'}`, { phone })
        : delivery.isFetching || delivery.dataUpdatedAt === 0
          ? t('guestBooking.delivery.sending', { phone })
          : t('guestBooking.delivery.unknown', { phone });
  const warn = d?.state === 'not_sent' || (d?.state === 'sending' && !delivery.isFetching) || delivery.isError;
  return (
    <p
      role="status"
      data-testid="confirmation-delivery"
      className={`text-sm ${warn ? 'rounded-md bg-amber-50 p-2 text-amber-900 ring-1 ring-amber-200' : 'text-slate-600'}`}
    >
      {text}
    </p>
  );
}

// An appointment's trip without a map (issue #33): its state, the toll plazas the truck crossed with
// their times (newest last) and the arrival estimate, on the facility's clock. Shown on the
// appointment's row in the schedule (opened from it) and, with the same estimate, in the driver app.
import { useTranslation } from '../../../lib/i18n/use-translation';
import type { TripView } from '@shared/contracts/trips';
import { localDateTime } from '@shared/time';
import { useAppointmentTrip } from '../api/trips';
import { TripBadge, TripEstimateLine } from './trip-state';

export function TripStrip({ trip, crossings = true }: { trip: TripView; crossings?: boolean }) {
  const { t } = useTranslation();
  return (
    <section aria-label={t('trips.strip.title')} data-testid="trip-strip" className="space-y-2">
      <div className="flex flex-wrap items-center gap-2">
        <h3 className="text-sm font-semibold text-slate-700">{t('trips.strip.title')}</h3>
        <TripBadge trip={trip} />
      </div>
      <TripEstimateLine trip={trip} />
      {crossings &&
        (trip.crossings.length ? (
          <ol aria-label={t('trips.strip.crossings')} className="flex flex-wrap items-center gap-1 text-xs">
            {trip.crossings.map((c, i) => (
              <li key={c.seqNo} className="flex items-center gap-1">
                {i > 0 && (
                  <span aria-hidden className="text-slate-400">
                    →
                  </span>
                )}
                <span className="rounded border border-slate-200 bg-white px-2 py-1">
                  {c.plaza} <time dateTime={c.at}>{localDateTime(new Date(c.at), trip.timeZone).time}</time>
                </span>
              </li>
            ))}
          </ol>
        ) : (
          <p className="text-xs text-slate-500">{t('trips.strip.none')}</p>
        ))}
    </section>
  );
}

/** One appointment's trip read on its own (the driver app); nothing when the truck is not watched. */
export function AppointmentTrip({ appointmentId, crossings }: { appointmentId: string; crossings?: boolean }) {
  const { t } = useTranslation();
  const trip = useAppointmentTrip(appointmentId);
  if (trip.isLoading) return <p className="text-sm text-slate-500">{t('trips.strip.loading')}</p>;
  return trip.data ? <TripStrip trip={trip.data} crossings={crossings} /> : null;
}

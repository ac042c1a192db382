// A watched truck's state as the staff screens show it beside an appointment (issue #33): a small badge
// (on time, at risk, late by ~N min, not seen with its reason, arrived) and, where there is an estimate,
// "ETA 14:40 (14:10-15:20), last seen Khalapur toll 11:52" on the facility's clock.
import { useTranslation } from '../../../lib/i18n/use-translation';
import type { TripEstimate, TripView } from '@shared/contracts/trips';
import { localDateTime } from '@shared/time';
import { Badge, type BadgeTone } from '../../../components/ui/badge';

const TONE: Record<TripView['state'], BadgeTone> = {
  on_time: 'green',
  at_risk: 'yellow',
  late: 'red',
  not_seen: 'gray',
  arrived: 'blue',
};

/** An estimate is not good to the minute: the badge says "~90 min" for 88 to 92. */
const ROUND_TO_MINUTES = 5;
export const aboutMinutes = (minutes: number) =>
  Math.max(ROUND_TO_MINUTES, Math.round(minutes / ROUND_TO_MINUTES) * ROUND_TO_MINUTES);

/** The badge's text: "Late by ~90 min" names the minutes the estimate lands past the window. */
export function useTripStateText() {
  const { t } = useTranslation();
  return (trip: Pick<TripView, 'state' | 'lateByMinutes'>) =>
    trip.state === 'late'
      ? trip.lateByMinutes === null
        ? t('trips.states.lateUnknown')
        : t('trips.states.late', { minutes: aboutMinutes(trip.lateByMinutes) })
      : t(`trips.states.${trip.state}`);
}

/** "ETA 14:40 (14:10-15:20), last seen Khalapur toll 11:52" on the facility's clock. */
export function useEstimateText() {
  const { t } = useTranslation();
  return (estimate: TripEstimate, timeZone: string) => {
    const clock = (iso: string) => localDateTime(new Date(iso), timeZone).time;
    return t('trips.estimate', {
      eta: clock(estimate.eta),
      low: clock(estimate.low),
      high: clock(estimate.high),
      plaza: estimate.lastSeen.plaza,
      at: clock(estimate.lastSeen.at),
    });
  };
}

export function TripBadge({ trip }: { trip: TripView }) {
  const { t } = useTranslation();
  const text = useTripStateText()(trip);
  const reason = trip.state === 'not_seen' && trip.reason ? t(`trips.reasons.${trip.reason}`) : null;
  if (!reason)
    return (
      <span data-testid="trip-state" aria-label={t('trips.stateLabel', { state: text })}>
        <Badge tone={TONE[trip.state]}>{text}</Badge>
      </span>
    );
  // The reason on hover (title) and on tap (the details open), and to screen readers.
  return (
    <details data-testid="trip-state" className="inline-block">
      <summary className="cursor-pointer list-none" title={reason} aria-label={`${text}: ${reason}`}>
        <Badge tone={TONE[trip.state]}>{text}</Badge>
      </summary>
      <p className="mt-1 max-w-56 text-xs text-slate-600">{reason}</p>
    </details>
  );
}

/** The estimate's line, its confidence, and whether the city's no-entry hours hold the truck. */
export function TripEstimateLine({ trip }: { trip: TripView }) {
  const { t } = useTranslation();
  const estimateText = useEstimateText();
  if (!trip.estimate || trip.state === 'arrived') return null;
  return (
    <p data-testid="trip-estimate" className="text-xs text-slate-600">
      {estimateText(trip.estimate, trip.timeZone)}
      <span className="text-slate-400"> · {t(`trips.confidence.${trip.estimate.confidence}`)}</span>
      {trip.estimate.heldByNoEntry && <span> · {t('trips.noEntry')}</span>}
    </p>
  );
}

/** The badge and the estimate together, as a row of a schedule shows them. */
export function TripState({ trip }: { trip: TripView | undefined }) {
  if (!trip) return null;
  return (
    <div className="flex flex-col gap-1">
      <TripBadge trip={trip} />
      <TripEstimateLine trip={trip} />
    </div>
  );
}

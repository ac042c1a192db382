// Pure check-in rules. Every check-in path (staff quick check-in, the driver app, the gate QR code)
// asks checkinWindow whether an appointment may be checked in now; punctuality is arrivalOutcome's.
import { localDateTime } from '../../shared/time';
import { checkinOpensAt, EARLY_CHECKIN_MINUTES } from '../../shared/contracts/checkins';

export { checkinOpensAt, EARLY_CHECKIN_MINUTES };

const EARLY_WINDOW_TEXT =
  EARLY_CHECKIN_MINUTES % 60
    ? `${EARLY_CHECKIN_MINUTES} minutes`
    : `${EARLY_CHECKIN_MINUTES / 60} hour(s)`.replace('(s)', EARLY_CHECKIN_MINUTES > 60 ? 's' : '');

export type CheckinWindow = { open: true } | { open: false; reason: string; opensLaterToday: boolean };

/**
 * Whether an appointment of `date` starting at `start` (facility time zone) may be checked in at
 * `now`: only on its own day, from EARLY_CHECKIN_MINUTES before the start. A late arrival on the
 * day is allowed (it is recorded as late); a past day's appointment is not.
 */
export function checkinWindow(timeZone: string, date: string, start: string, now: Date): CheckinWindow {
  const local = localDateTime(now, timeZone);
  const opensAt = checkinOpensAt(start);
  const opens = `Check-in for this appointment opens at ${opensAt} on ${date}, ${EARLY_WINDOW_TEXT} before its ${start} start.`;
  if (local.date > date)
    return {
      open: false,
      reason: `This appointment was on ${date} and can no longer be checked in.`,
      opensLaterToday: false,
    };
  if (local.date < date) return { open: false, reason: opens, opensLaterToday: false };
  if (local.time < opensAt) return { open: false, reason: opens, opensLaterToday: true };
  return { open: true };
}

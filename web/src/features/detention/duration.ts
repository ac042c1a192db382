// Minutes as the terms form takes them and as the detention screens write them: the free time typed
// as h:mm or as minutes, and a length of time in hours and minutes in the reader's language.
import { useTranslation } from '../../lib/i18n/use-translation';

/**
 * The minutes a typed free time stands for: '2:00' and '120' are both 120. NaN for anything else (the
 * shared schema then refuses it with its own message, as the server would).
 */
export function minutesOfTyped(typed: string): number {
  const value = typed.trim();
  const clock = /^(\d{1,2}):([0-5]\d)$/.exec(value);
  if (clock) return Number(clock[1]) * 60 + Number(clock[2]);
  return /^\d+$/.test(value) ? Number(value) : Number.NaN;
}

/** Minutes as the form shows them again: h:mm (120 -> '2:00'). */
export const typedOfMinutes = (minutes: number) =>
  `${Math.floor(minutes / 60)}:${String(minutes % 60).padStart(2, '0')}`;

/** A length of time as '45 min' or '3 h 05 min', in the reader's language. */
export function useDuration() {
  const { t } = useTranslation();
  return (minutes: number) =>
    minutes < 60
      ? t('detention.duration.minutes', { minutes })
      : t('detention.duration.hours', {
          hours: Math.floor(minutes / 60),
          minutes: String(minutes % 60).padStart(2, '0'),
        });
}

// Dates, times and numbers for the reader's language (en-IN or hi-IN), in the facility's time zone
// (India by default). Every screen formats through these, never with a hard-coded locale.
import { useTranslation } from './i18n/use-translation';
import { DEFAULT_TIME_ZONE } from '../../../shared/time';
import { dateTimeFormat, numberFormat } from '../../../shared/intl';

export type Locale = 'en-IN' | 'hi-IN';

export const localeOf = (language: string | undefined): Locale => (language?.startsWith('hi') ? 'hi-IN' : 'en-IN');

/** A calendar date 'YYYY-MM-DD' (no time zone: the date as written), e.g. '15 Jan 2026' / '15 जन॰ 2026'. */
export function formatDay(date: string, locale: Locale, style: 'medium' | 'long' = 'medium'): string {
  return dateTimeFormat(locale, { dateStyle: style, timeZone: 'UTC' }).format(
    new Date(`${date.slice(0, 10)}T00:00:00Z`),
  );
}

/** An instant's date and time as seen in the facility's time zone. */
export function formatDateTime(iso: string | Date, locale: Locale, timeZone = DEFAULT_TIME_ZONE): string {
  return dateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short', timeZone }).format(new Date(iso));
}

/** An instant's time of day in the facility's time zone. */
export function formatTime(iso: string | Date, locale: Locale, timeZone = DEFAULT_TIME_ZONE): string {
  return dateTimeFormat(locale, { hour: '2-digit', minute: '2-digit', timeZone }).format(new Date(iso));
}

/** A wall-clock time 'HH:mm' of a slot (already in the facility's zone), e.g. '2:30 pm'. */
export function formatClock(time: string, locale: Locale): string {
  const [h, m] = time.split(':').map(Number);
  return dateTimeFormat(locale, { hour: 'numeric', minute: '2-digit', timeZone: 'UTC' }).format(
    new Date(Date.UTC(2000, 0, 1, h ?? 0, m ?? 0)),
  );
}

// A date '2026-12-04' or an instant '2026-12-04T10:00:00Z' inside a text (not part of a code or a word).
const ISO_IN_TEXT = /(?<![\w-])(\d{4}-\d{2}-\d{2})(T\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:?\d{2}))?(?![\w-])/g;

/**
 * A text with the dates in it written as the reader's language writes them: a calendar date
 * '2026-12-04' as formatDay, an instant '2026-12-04T10:00:00Z' as formatDateTime. The API's messages,
 * the shared modules' (a gate pass's refusal) and notifications carry their dates the machine's way
 * (the English message is also the key of its Hindi); every screen shows them through this.
 */
export function readableDates(text: string, locale: Locale, timeZone = DEFAULT_TIME_ZONE): string {
  return text.replace(ISO_IN_TEXT, (whole, date: string, time: string | undefined) => {
    if (Number.isNaN(Date.parse(time ? whole : `${date}T00:00:00Z`))) return whole;
    return time ? formatDateTime(whole, locale, timeZone) : formatDay(date, locale);
  });
}

export function formatNumber(value: number, locale: Locale, options?: Intl.NumberFormatOptions): string {
  return numberFormat(locale, options).format(value);
}

/**
 * An amount in whole paise as Indian rupees with Indian grouping, e.g. '₹1,23,456.78', in both
 * languages (Hindi readers get the same digits): every amount on a screen is written by this.
 */
export function formatRupees(paise: number, locale: Locale): string {
  return numberFormat(locale, { style: 'currency', currency: 'INR', numberingSystem: 'latn' }).format(paise / 100);
}

/**
 * Makes the formatters most first screens use, one task each, while the screen's code and data are
 * on the way: making one loads its locale's data (tens of ms on a cheap phone), which would otherwise
 * lengthen the first render's task (Lighthouse's total blocking time, issue #34).
 */
export function warmFormatters(locale: Locale): void {
  const epoch = new Date(0);
  const steps = [
    () => formatDay('2000-01-01', locale),
    () => formatClock('00:00', locale),
    () => formatNumber(0, locale),
    () => formatDateTime(epoch, locale),
    () => formatTime(epoch, locale),
  ];
  const next = () => {
    steps.shift()?.();
    if (steps.length) setTimeout(next, 0);
  };
  setTimeout(next, 0);
}

/** The formatters bound to the current language. */
export function useFormat(timeZone = DEFAULT_TIME_ZONE) {
  const { i18n } = useTranslation();
  const locale = localeOf(i18n.language);
  return {
    locale,
    day: (date: string, style?: 'medium' | 'long') => formatDay(date, locale, style),
    dateTime: (iso: string | Date) => formatDateTime(iso, locale, timeZone),
    time: (iso: string | Date) => formatTime(iso, locale, timeZone),
    clock: (time: string) => formatClock(time, locale),
    number: (value: number, options?: Intl.NumberFormatOptions) => formatNumber(value, locale, options),
    rupees: (paise: number) => formatRupees(paise, locale),
    /** A message with its dates as this reader reads them (readableDates). */
    dates: (text: string) => readableDates(text, locale, timeZone),
  };
}

// 'Just now', then minutes, hours, days; in Hindi 'अभी-अभी', then '5 मिनट पहले'... (Intl, hi-IN).
import { DEFAULT_TIME_ZONE } from '@shared/time';
import type { Locale } from './format';

export function relativeTime(iso: string, locale: Locale = 'en-IN', now = Date.now()): string {
  const minutes = Math.floor((now - new Date(iso).getTime()) / 60000);
  const hours = Math.floor(minutes / 60);
  const days = Math.floor(hours / 24);
  if (locale === 'hi-IN') {
    if (minutes < 1) return 'अभी-अभी';
    const words = new Intl.RelativeTimeFormat('hi-IN', { numeric: 'always' });
    if (minutes < 60) return words.format(-minutes, 'minute');
    if (hours < 24) return words.format(-hours, 'hour');
    return words.format(-days, 'day');
  }
  if (minutes < 1) return 'Just now';
  if (minutes < 60) return `${minutes} min ago`;
  if (hours < 24) return `${hours} h ago`;
  return `${days} day${days === 1 ? '' : 's'} ago`;
}

export function timeOfDay(iso: string, locale: Locale = 'en-IN'): string {
  return new Date(iso).toLocaleTimeString(locale, { hour: '2-digit', minute: '2-digit', timeZone: DEFAULT_TIME_ZONE });
}

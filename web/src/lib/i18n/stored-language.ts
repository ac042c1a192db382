// The language this device reads the app in, remembered in localStorage and mirrored in a cookie the
// CDN reads (LANGUAGE_COOKIE: a Hindi reader's `/` is the app, not the English static landing page).
// Free of the app's other modules: the static landing page's script (features/landing/static-landing.ts)
// uses it too.
import { cookieValue, LANGUAGE_COOKIE } from '@shared/navigation';
import { keepValue, keptValue } from '../device-storage';

export const LANGUAGES = ['en', 'hi'] as const;
export type Language = (typeof LANGUAGES)[number];
const STORAGE_KEY = 'docksaathi.language';

const COOKIE_MAX_AGE_SECONDS = 400 * 24 * 60 * 60; // the longest a browser keeps a cookie

const languageOf = (value: string | null | undefined): Language | null =>
  value === 'hi' || value === 'en' ? value : null;

/**
 * The device's remembered choice: kept in its storage, else in the cookie that mirrors it (a browser that
 * keeps no site storage still keeps the cookie); on a first visit, the browser's language (hi-* gives Hindi).
 */
export function storedLanguage(): Language {
  const browser: Language = (navigator.languages?.[0] ?? navigator.language ?? '').toLowerCase().startsWith('hi')
    ? 'hi'
    : 'en';
  return languageOf(keptValue(STORAGE_KEY)) ?? languageOf(cookieValue(document.cookie, LANGUAGE_COOKIE)) ?? browser;
}

function mirrorInCookie(language: Language) {
  if (cookieValue(document.cookie, LANGUAGE_COOKIE) === language) return;
  const secure = location.protocol === 'https:' ? '; Secure' : '';
  document.cookie = `${LANGUAGE_COOKIE}=${language}; Path=/; Max-Age=${COOKIE_MAX_AGE_SECONDS}; SameSite=Lax${secure}`;
}

export function rememberLanguage(language: Language) {
  keepValue(STORAGE_KEY, language); // where the device keeps nothing, the cookie keeps it
  mirrorInCookie(language);
}

/**
 * Mirrors the language this device reads in (storedLanguage) in the cookie:
 * a choice made before the cookie existed, or a cookie cleared or left from an older choice.
 */
export function mirrorLanguageInCookie() {
  mirrorInCookie(storedLanguage());
}

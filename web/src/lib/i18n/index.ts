// The app's texts in English and Hindi (translator.ts); the choice is remembered in localStorage.
// English ships with the first load; the shell's Hindi catalogue is a chunk of its own, fetched before
// the first render for a Hindi visitor (main.tsx waits for `languageReady`) and when someone switches.
import { en } from './en';
import { i18n, type TFunction } from './translator';
import type { Catalogue } from './catalogue';
import { loadHindiServerMessages } from '../server-text';
import { linkManifestOf } from '../manifest-link';

export const LANGUAGES = ['en', 'hi'] as const;
export type Language = (typeof LANGUAGES)[number];
const STORAGE_KEY = 'docksaathi.language';

/** The device's remembered choice; on a first visit, the browser's language (hi-* gives Hindi). */
function storedLanguage(): Language {
  const browser: Language = (navigator.languages?.[0] ?? navigator.language ?? '').toLowerCase().startsWith('hi')
    ? 'hi'
    : 'en';
  try {
    const value = localStorage.getItem(STORAGE_KEY);
    return value === 'hi' || value === 'en' ? value : browser;
  } catch {
    return browser;
  }
}

let hindi: Promise<void> | undefined;
/** Adds the shell's Hindi catalogue once (features add theirs with registerCatalogue). */
function loadLanguage(language: Language): Promise<void> {
  if (language === 'en') return Promise.resolve();
  return (hindi ??= Promise.all([import('./hi'), loadHindiServerMessages()]).then(([{ hi }]) => i18n.add('hi', hi)));
}

const initial = storedLanguage();
i18n.add('en', en);
i18n.changeLanguage(initial);
document.documentElement.lang = i18n.language;
linkManifestOf(initial);
/** Resolves when the first language's texts are in; the app renders after it. */
export const languageReady = loadLanguage(initial);

export async function setLanguage(language: Language) {
  await loadLanguage(language);
  i18n.changeLanguage(language);
  document.documentElement.lang = language;
  linkManifestOf(language);
  try {
    localStorage.setItem(STORAGE_KEY, language);
  } catch {
    // private mode: the choice lasts for this page only
  }
}

/** Adds a feature's catalogue (web/src/lib/i18n/catalogue.ts) under its namespace, once. */
const registered = new Set<string>();
export function registerCatalogue(catalogue: Catalogue) {
  if (registered.has(catalogue.namespace)) return;
  registered.add(catalogue.namespace);
  i18n.add('en', { [catalogue.namespace]: catalogue.en });
  i18n.add('hi', { [catalogue.namespace]: catalogue.hi });
}

export { i18n };
export type { TFunction };

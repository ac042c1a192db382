// The app's texts in English and Hindi (translator.ts); the choice is remembered in localStorage.
// English ships with the first load; the Hindi texts are chunks of their own, fetched only for a Hindi
// reader: the shell's before the first render (main.tsx waits for `languageReady`), a feature's when its
// code loads (lib/load-later.ts waits for them before showing its screen), all of them on a switch.
import { en } from './en';
import { i18n, type TFunction } from './translator';
import type { Catalogue } from './catalogue';
import { loadHindiServerMessages } from '../server-text';
import { linkManifestOf } from '../manifest-link';
import { mirrorLanguageInCookie, rememberLanguage, storedLanguage, type Language } from './stored-language';

export { LANGUAGES, type Language } from './stored-language';

/** The features' catalogues registered so far (registerCatalogue). */
const registered = new Map<string, Catalogue>();
let hindi: Promise<void> | undefined;
let hindiWanted = false;

/** Fetches a feature's Hindi texts and adds them; `i18n.ready()` waits for them. */
function addHindi(catalogue: Catalogue): Promise<void> {
  const loading = catalogue.loadHindi().then((texts) => i18n.add('hi', { [catalogue.namespace]: texts }));
  i18n.track(loading);
  return loading;
}

/** Adds the Hindi texts once: the shell's, and those of each feature registered before or after. */
function loadLanguage(language: Language): Promise<void> {
  if (language === 'en') return Promise.resolve();
  hindiWanted = true;
  hindi ??= Promise.all([import('./hi'), loadHindiServerMessages()]).then(([{ hi }]) => i18n.add('hi', hi));
  return Promise.all([hindi, ...[...registered.values()].map(addHindi)]).then(() => undefined);
}

const initial = storedLanguage();
mirrorLanguageInCookie();
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
  rememberLanguage(language);
}

/** Adds a feature's catalogue (web/src/lib/i18n/catalogue.ts) under its namespace, once; its Hindi
 * texts are fetched now if Hindi has been chosen, else on the switch. */
export function registerCatalogue(catalogue: Catalogue) {
  if (registered.has(catalogue.namespace)) return;
  registered.set(catalogue.namespace, catalogue);
  i18n.add('en', { [catalogue.namespace]: catalogue.en });
  if (hindiWanted) void addHindi(catalogue).catch(() => undefined);
}

export { i18n };
export type { TFunction };

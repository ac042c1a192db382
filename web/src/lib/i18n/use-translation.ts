// The texts for a component (the one way screens read them): `t` of the current language (a new
// function when the language changes or its texts arrive, so what is memoised on it is made again) and
// the translator. The component renders again on a switch. Free of the browser's globals: Node tests import it.
import { useSyncExternalStore } from 'react';
import { i18n, type TFunction, type Translator } from './translator';

export function useTranslation(): { t: TFunction; i18n: Translator } {
  const state = () => i18n.state;
  // The same snapshot on the server: the static landing page is rendered at build (scripts/landing-page.ts).
  useSyncExternalStore(i18n.subscribe, state, state);
  return { t: i18n.fixedT(i18n.language), i18n };
}

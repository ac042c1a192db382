// A feature's texts in both languages, kept beside the feature (web/src/features/<d>/i18n.ts):
//   export const wmsText = defineCatalogue('wms', { en: {...}, hi: {...} });
// and registered by the feature's screens module with `registerCatalogue(wmsText)` (index.ts), so
// its keys read `t('wms.title')`. The Hindi tree must have exactly the English tree's keys: the
// compiler checks it here and test/unit/i18n.test.ts checks every catalogue on each `npm test`.
// This file is pure data plumbing (no i18next), so the tests can import catalogues in Node.

export type Texts = { readonly [key: string]: string | Texts };

/** The same tree of keys with string leaves (the Hindi side of a catalogue). */
export type SameKeys<T> = { readonly [K in keyof T]: T[K] extends string ? string : SameKeys<T[K]> };

export interface Catalogue<T extends Texts = Texts> {
  namespace: string;
  en: T;
  hi: SameKeys<T>;
}

export function defineCatalogue<const T extends Texts>(
  namespace: string,
  texts: { en: T; hi: SameKeys<T> },
): Catalogue<T> {
  return { namespace, en: texts.en, hi: texts.hi };
}

/** Every key of a tree as a dotted path, e.g. ['title', 'tabs.zones']. */
export function keysOf(tree: Texts, prefix = ''): string[] {
  return Object.entries(tree).flatMap(([key, value]) =>
    typeof value === 'string' ? [`${prefix}${key}`] : keysOf(value, `${prefix}${key}.`),
  );
}

// A feature's texts, kept beside the feature: English in web/src/features/<d>/i18n.ts, Hindi in the
// sibling i18n.hi.ts, a chunk of its own that only a Hindi reader fetches (issue #34: each catalogue's
// Hindi half was more than half of its bytes, in every English reader's first load):
//   export const wmsEn = { ... } as const;
//   export const wmsText = defineCatalogue('wms', wmsEn, () => import('./i18n.hi').then((m) => m.wms));
// registered by the feature's screens module with `registerCatalogue(wmsText)` (index.ts), so its
// keys read `t('wms.title')`. The Hindi tree must have exactly the English tree's keys: the compiler
// checks it (i18n.hi.ts is typed `SameKeys<typeof wmsEn>`) and test/unit/i18n.test.ts checks every
// catalogue on each `npm test`. This file is pure data plumbing, so the tests can import catalogues in Node.

export type Texts = { readonly [key: string]: string | Texts };

/** The same tree of keys with string leaves (the Hindi side of a catalogue). */
export type SameKeys<T> = { readonly [K in keyof T]: T[K] extends string ? string : SameKeys<T[K]> };

export interface Catalogue<T extends Texts = Texts> {
  namespace: string;
  en: T;
  /** Fetches the Hindi texts (the same promise each time). */
  loadHindi: () => Promise<SameKeys<T>>;
}

export function defineCatalogue<T extends Texts>(
  namespace: string,
  en: T,
  hindi: () => Promise<NoInfer<SameKeys<T>>>,
): Catalogue<T> {
  let loading: Promise<SameKeys<T>> | undefined;
  const loadHindi = () =>
    (loading ??= hindi().catch((error: unknown) => {
      loading = undefined; // offline before the chunk was cached: the next switch or screen tries again
      throw error;
    }));
  return { namespace, en, loadHindi };
}

/** Every key of a tree as a dotted path, e.g. ['title', 'tabs.zones']. */
export function keysOf(tree: Texts, prefix = ''): string[] {
  return Object.entries(tree).flatMap(([key, value]) =>
    typeof value === 'string' ? [`${prefix}${key}`] : keysOf(value, `${prefix}${key}.`),
  );
}

// The app's translator: texts by dotted key in the current language, English where a text is missing,
// `{{name}}` filled from the options and plurals by `count` (key_one, key_other... chosen by the
// language's plural rules, Intl.PluralRules). What the app used of i18next and react-i18next, in a
// fraction of their 15 KB (gzip) that every screen's first load carried (issue #34). Pure: the tests
// run it in Node.
import type { Texts } from './catalogue';

export type TOptions = Readonly<Record<string, unknown>> & { count?: number };
/** Looks a text up by key in the language the function was made for (useTranslation's, or the current one). */
export type TFunction = (key: string, options?: TOptions) => string;

const FALLBACK = 'en';
const PLACEHOLDER = /\{\{\s*([^{}\s]+)\s*\}\}/g;

function lookup(tree: Texts | undefined, key: string): string | undefined {
  let node: Texts | string | undefined = tree;
  for (const part of key.split('.')) {
    if (node === undefined || typeof node === 'string') return undefined;
    node = node[part];
  }
  return typeof node === 'string' ? node : undefined;
}

function valueAt(options: TOptions, path: string): unknown {
  let value: unknown = options;
  for (const part of path.split('.')) value = value == null ? undefined : (value as Record<string, unknown>)[part];
  return value;
}

/**
 * `into` with what `from` has and `into` lacks, deeply; a text already there is kept. A tree that gains
 * keys is copied first (the trees given are the catalogues' own objects, shared, never changed).
 */
function withMissing(into: Texts, from: Texts): Texts {
  let merged: Record<string, Texts | string> | undefined;
  for (const [key, value] of Object.entries(from)) {
    const existing = into[key];
    const next =
      existing === undefined
        ? value
        : typeof existing !== 'string' && typeof value !== 'string'
          ? withMissing(existing, value)
          : existing;
    if (next !== existing) (merged ??= { ...into })[key] = next;
  }
  return merged ?? into;
}

export class Translator {
  private readonly texts = new Map<string, Texts>();
  private readonly fixed = new Map<string, TFunction>();
  private readonly listeners = new Set<() => void>();
  private readonly plurals = new Map<string, Intl.PluralRules>();
  private readonly loading = new Set<Promise<void>>();
  /** Grows when texts of the current language arrive: with the language, what useTranslation watches. */
  private revision = 0;
  /** A text of the current language was looked up and missing since the last notice (English stood in). */
  private missed = false;

  constructor(
    public language: string,
    resources: Record<string, Texts> = {},
  ) {
    for (const [language, texts] of Object.entries(resources)) this.add(language, texts);
  }

  /** Adds texts to a language; a key it already has keeps its text. */
  add(language: string, texts: Texts): void {
    const tree = this.texts.get(language);
    const merged = tree ? withMissing(tree, texts) : texts;
    if (merged === tree) return;
    this.texts.set(language, merged);
    // Only texts that something on screen looked for and missed call for a new render: a feature's
    // catalogue added as its code loads, before anything shows it, must not re-render every screen.
    if (language !== this.language || !this.missed) return;
    // Texts of the language on screen arrived after it rendered (a catalogue's Hindi half fetched late):
    // new functions, so what was memoised on the old ones is made again, and the screens render again.
    this.missed = false;
    this.revision += 1;
    this.fixed.delete(language);
    for (const listener of this.listeners) listener();
  }

  /** Texts being fetched (a catalogue's Hindi half, lib/i18n/index.ts); `ready()` waits for them. */
  track(loading: Promise<unknown>): void {
    const settled = loading.then(
      () => undefined,
      () => undefined,
    );
    this.loading.add(settled);
    void settled.then(() => this.loading.delete(settled));
  }

  /** Resolves when the texts being fetched are in (or failed: English stands in for a missing text). */
  ready(): Promise<void> {
    return Promise.all(this.loading).then(() => undefined);
  }

  /** What a screen's texts depend on: the language and the texts it has. */
  get state(): string {
    return `${this.language}#${this.revision}`;
  }

  /** The text of `key` in the current language. */
  t: TFunction = (key, options) => this.translate(this.language, key, options);

  /** A function of one language, the same function each time (a new one when the language changes). */
  fixedT(language: string): TFunction {
    let t = this.fixed.get(language);
    if (!t) {
      t = (key, options) => this.translate(language, key, options);
      this.fixed.set(language, t);
    }
    return t;
  }

  changeLanguage(language: string): void {
    if (language === this.language) return;
    this.language = language;
    for (const listener of this.listeners) listener();
  }

  /** Calls `listener` when the language changes; returns the unsubscribe. */
  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => void this.listeners.delete(listener);
  };

  private translate(language: string, key: string, options?: TOptions): string {
    const count = options?.count;
    const languages = language === FALLBACK ? [language] : [language, FALLBACK];
    for (const lang of languages) {
      const keys = typeof count === 'number' ? [`${key}_${this.pluralOf(lang, count)}`, `${key}_other`, key] : [key];
      for (const candidate of keys) {
        const text = lookup(this.texts.get(lang), candidate);
        if (text !== undefined) {
          if (lang !== language && language === this.language) this.missed = true;
          return options ? this.fill(text, options) : text;
        }
      }
    }
    if (language === this.language) this.missed = true;
    return key;
  }

  private pluralOf(language: string, count: number): Intl.LDMLPluralRule {
    let rules = this.plurals.get(language);
    if (!rules) {
      rules = new Intl.PluralRules(language);
      this.plurals.set(language, rules);
    }
    return rules.select(count);
  }

  /** `{{name}}` (or `{{a.b}}`) from the options; a value not given leaves nothing, as i18next did. */
  private fill(text: string, options: TOptions): string {
    return text.replace(PLACEHOLDER, (_, path: string) => {
      const value = valueAt(options, path);
      return typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean' ? String(value) : '';
    });
  }
}

/** The app's one translator (lib/i18n/index.ts gives it the English texts and the device's language). */
export const i18n = new Translator('en');

// Every `t('some.key')` written in web/src names a text of the catalogues: the core catalogue
// (web/src/lib/i18n/en.ts) or a feature's (web/src/features/<d>/i18n.ts, under its namespace).
// Keys built at run time (`t(\`x.${k}\`)`) come from the catalogues' own trees and are not listed here.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { keysOf, type Catalogue, type Texts } from '../../web/src/lib/i18n/catalogue';
import { en } from '../../web/src/lib/i18n/en';

/** Plural forms (lib/i18n/translator.ts): `t('x', { count })` reads x_one, x_other... */
const PLURAL = /_(zero|one|two|few|many|other)$/;
const WEB = join(import.meta.dirname, '..', '..', 'web', 'src');

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sources(path);
    return /\.tsx?$/.test(name) ? [path] : [];
  });
}

async function knownKeys(): Promise<Set<string>> {
  const keys = new Set(keysOf(en as Texts).map((key) => key.replace(PLURAL, '')));
  const features = join(WEB, 'features');
  for (const feature of readdirSync(features)) {
    const file = join(features, feature, 'i18n.ts');
    if (!existsSync(file)) continue;
    const module = (await import(pathToFileURL(file).href)) as Record<string, unknown>;
    for (const value of Object.values(module)) {
      if (typeof value !== 'object' || value === null || !('namespace' in value)) continue;
      const catalogue = value as Catalogue;
      for (const key of keysOf(catalogue.en)) keys.add(`${catalogue.namespace}.${key.replace(PLURAL, '')}`);
    }
  }
  return keys;
}

/** `t('a.b')`, `t("a.b", ...)` and `i18n.t('a.b')`: the literal keys of the source. */
export function literalKeys(source: string): string[] {
  return [...source.matchAll(/\bt\(\s*(['"])([A-Za-z0-9_.-]+)\1/g)].map((m) => m[2]!);
}

describe('i18n keys used in the code', () => {
  it('finds literal keys the way the SPA writes them', () => {
    expect(literalKeys(`t('common.close'); i18n.t("nav.yard", { x }); t(\`landing.\${k}\`); format('a.b')`)).toEqual([
      'common.close',
      'nav.yard',
    ]);
  });

  it('every literal key in web/src exists in the catalogues', async () => {
    const keys = await knownKeys();
    const missing = sources(WEB).flatMap((file) =>
      literalKeys(readFileSync(file, 'utf8'))
        .filter((key) => !keys.has(key))
        .map((key) => `${relative(WEB, file)}: ${key}`),
    );
    expect(missing).toEqual([]);
  });
});

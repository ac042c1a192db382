// Both languages have the same keys: the core catalogue (web/src/lib/i18n) and every feature's
// catalogue (web/src/features/<d>/i18n.ts, web/src/lib/i18n/catalogue.ts).
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { keysOf, type Catalogue, type Texts } from '../../web/src/lib/i18n/catalogue';
import { en } from '../../web/src/lib/i18n/en';
import { hi } from '../../web/src/lib/i18n/hi';

const FEATURES = join(import.meta.dirname, '..', '..', 'web', 'src', 'features');

async function featureCatalogues(): Promise<Catalogue[]> {
  const files = readdirSync(FEATURES)
    .map((d) => join(FEATURES, d, 'i18n.ts'))
    .filter((f) => existsSync(f));
  const modules = await Promise.all(
    files.map((f) => import(pathToFileURL(f).href) as Promise<Record<string, unknown>>),
  );
  return modules.flatMap((m) =>
    Object.values(m).filter(
      (v): v is Catalogue => typeof v === 'object' && v !== null && 'namespace' in v && 'loadHindi' in v,
    ),
  );
}

describe('i18n catalogues', () => {
  it('the core catalogue has the same keys in English and Hindi', () => {
    expect(keysOf(hi as Texts).sort()).toEqual(keysOf(en as Texts).sort());
  });

  it('every feature catalogue has the same keys in both languages, a namespace of its own and no empty text', async () => {
    const catalogues = await featureCatalogues();
    const namespaces = catalogues.map((c) => c.namespace);
    expect(new Set(namespaces).size).toBe(namespaces.length);
    for (const c of catalogues) {
      const hindi = (await c.loadHindi()) as Texts;
      expect(Object.keys(en), `namespace ${c.namespace} clashes with the core catalogue`).not.toContain(c.namespace);
      expect(keysOf(hindi).sort(), c.namespace).toEqual(keysOf(c.en).sort());
      const leaves = (tree: Texts): string[] =>
        Object.values(tree).flatMap((v) => (typeof v === 'string' ? [v] : leaves(v)));
      expect(
        leaves(c.en).filter((v) => !v.trim()),
        c.namespace,
      ).toEqual([]);
      expect(
        leaves(hindi).filter((v) => !v.trim()),
        c.namespace,
      ).toEqual([]);
    }
  });
});

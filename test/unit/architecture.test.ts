// The layout of docs/architecture.md, checked. Which file may import which is dependency-cruiser's
// (.dependency-cruiser.cjs, run by `npm run deps:check`); here its rules are run over a small tree of
// deliberate violations, so each rule is known to fail when it should. What is about a file's text
// (keys in stores, the zod import, file length) is test/support/boundaries.ts's.
//
// Tests themselves may import a domain's internals (a rule or a store set up directly): they stand
// outside the layers, and nothing in the product imports them (rule product-imports-no-tests).
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { checkBoundaries, oversizedFiles, readSources, type SourceFile } from '../support/boundaries';
import { rankDomains, upwardArrows } from '../../scripts/deps-graph';

const ROOT = resolve(import.meta.dirname, '../..');
const sources = readSources(ROOT, ['functions', 'shared', 'web/src', 'lib', 'bin', 'scripts']);

describe('architecture: the text of the files', () => {
  it('holds over the whole repository', () => {
    expect(checkBoundaries(sources)).toEqual([]);
  });

  it("lists in package.json's sideEffects every module imported for its effect alone, so no bundle drops it", () => {
    // Every other module of ours is free of effects on load: a Lambda bundle leaves out the modules of a
    // domain's index.ts it uses nothing of (issue #60).
    const { sideEffects } = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { sideEffects: string[] };
    const listed = (path: string) =>
      sideEffects.some((p) => (p.endsWith('/**') ? `./${path}`.startsWith(p.slice(0, -2)) : p === `./${path}`));
    const imported = sources.flatMap((file) =>
      [...file.text.matchAll(/^import '(\.[^']+)';/gm)].map((m) => {
        const target = join(dirname(file.path), m[1]!);
        return target.endsWith('.ts') || target.endsWith('.css') ? target : `${target}.ts`;
      }),
    );
    expect(imported.length).toBeGreaterThan(3);
    expect(imported.filter((path) => !path.endsWith('.css') && !listed(path))).toEqual([]);
    expect(sideEffects).toContain('*.css');
  });

  it('keeps every source file outside the text catalogues under 450 lines', () => {
    expect(oversizedFiles(sources)).toEqual([]);
  });

  it('finds a deliberate violation of each rule', () => {
    const broken: SourceFile[] = [
      { path: 'functions/checkins/check-in.ts', text: 'const pk = `TENANT#${tenantId}`;' },
      { path: 'shared/contracts/thing.ts', text: ['import * as z', "from 'zod';"].join(' ') },
      { path: 'shared/contracts/other.ts', text: ['import { z }', "from 'zod/mini';"].join(' ') },
    ];
    expect(checkBoundaries(broken).map((v) => v.rule)).toEqual([
      'keys, TableName and ConditionExpression are spelled only in *.store.ts or functions/lib',
      "zod is imported as `import * as z from 'zod/mini'`",
      "zod is imported as `import * as z from 'zod/mini'`",
    ]);
  });
});

describe("architecture: a domain's index.ts", () => {
  const everything = [...sources, ...readSources(ROOT, ['test'])];
  /** The names a domain's index.ts exports: re-exported lists and its own declarations. */
  const exportsOf = (text: string) => {
    const code = text.replace(/\/\/.*$/gm, '');
    const names = new Set<string>();
    for (const [, , list] of code.matchAll(/export\s*(type\s*)?\{([^}]*)\}/g))
      for (const item of list!.split(',')) {
        const name = item
          .trim()
          .replace(/^type\s+/, '')
          .split(/\s+as\s+/)
          .pop();
        if (name) names.add(name);
      }
    for (const [, name] of code.matchAll(/export\s+(?:async\s+)?(?:function|const|class|type|interface)\s+(\w+)/g))
      names.add(name!);
    return [...names];
  };

  it('exports only what something outside the domain uses', () => {
    const unused = sources
      .filter((f) => /^functions\/[^/]+\/index\.ts$/.test(f.path))
      .flatMap((index) => {
        const domain = index.path.slice(0, index.path.lastIndexOf('/') + 1);
        return exportsOf(index.text)
          .filter((name) => {
            const word = new RegExp(`\\b${name}\\b`);
            return !everything.some((f) => !f.path.startsWith(domain) && word.test(f.text));
          })
          .map((name) => `${index.path}: ${name}`);
      });
    expect(unused).toEqual([]);
  });
});

describe('architecture: the dependency rules (dependency-cruiser)', () => {
  const tree = mkdtempSync(join(tmpdir(), 'deps-'));
  afterAll(() => rmSync(tree, { recursive: true, force: true }));
  const write = (path: string, text: string) => {
    mkdirSync(dirname(join(tree, path)), { recursive: true });
    writeFileSync(join(tree, path), `${text}\nexport const here = 1;\n`);
  };

  it('refuses each kind of wrong import and lets the right ones through', () => {
    // Prepare: the modules imported, then one file per broken rule, then uses that are allowed.
    writeFileSync(
      join(tree, 'tsconfig.base.json'),
      '{ "compilerOptions": { "paths": { "@shared/*": ["./shared/*"] } } }',
    );
    write('functions/auth/index.ts', '');
    write('functions/appointments/index.ts', '');
    write('functions/appointments/appointment.store.ts', '');
    write('functions/checkins/index.ts', '');
    write('functions/lib/config.ts', '');
    write('functions/api.ts', '');
    write('functions/registry.ts', '');
    write('web/src/features/yard/index.ts', '');
    write('web/src/features/checkins/api/checkins.ts', '');
    write('functions/lib/http.ts', "import { here } from '../auth';");
    write('shared/contracts/thing.ts', "import { here } from '../../functions/appointments';");
    write('functions/checkins/check-in.ts', "import { here } from '../appointments/appointment.store';");
    write('functions/appointments/booking.ts', "import { here } from '../checkins';");
    write('functions/appointments/use.ts', "import { here } from '../registry';");
    write('functions/wms/receiving.ts', "import { here } from '../api';");
    write('functions/yard/rules.ts', "import { here as spots } from './spots';");
    write('functions/yard/spots.ts', "import { here as rules } from './rules';");
    write('web/src/lib/thing.ts', "import { here } from '../../../functions/lib/config';");
    write('web/src/components/yard-layout.tsx', "import { here } from '../features/yard';");
    write('web/src/features/yard/routes/yard-route.tsx', "import { here } from '../../checkins/api/checkins';");
    write(
      'functions/checkins/fine.ts',
      "import { here } from '../appointments';\nimport { here as c } from '../lib/config';",
    );
    write('functions/wms/handler.ts', "import { here } from '../api';\nimport { here as a } from '../appointments';");
    write(
      'web/src/features/checkins/fine.tsx',
      "import { here } from '../yard';\nimport { here as s } from '@shared/contracts/thing';",
    );

    // Act
    let report = '';
    try {
      report = execFileSync(
        join(ROOT, 'node_modules/.bin/depcruise'),
        ['functions', 'shared', 'web/src', '--config', join(ROOT, '.dependency-cruiser.cjs'), '-T', 'json'],
        { cwd: tree, encoding: 'utf8' },
      );
    } catch (err) {
      report = (err as { stdout: string }).stdout;
    }
    const found = (
      JSON.parse(report) as { summary: { violations: { from: string; rule: { name: string } }[] } }
    ).summary.violations
      .map((v) => `${v.from}: ${v.rule.name}`)
      .sort();

    // Assess
    expect(found).toEqual([
      'functions/appointments/booking.ts: domain-direction:appointments',
      'functions/appointments/use.ts: domain-imports-no-composition',
      'functions/checkins/check-in.ts: domain-only-through-index',
      'functions/checkins/check-in.ts: store-only-in-own-domain',
      'functions/lib/http.ts: kernel-imports-no-domain',
      'functions/wms/receiving.ts: api-only-from-handlers',
      // A circle is reported once, from its first module.
      'functions/yard/rules.ts: no-circular',
      'shared/contracts/thing.ts: kernel-imports-no-domain',
      'web/src/components/yard-layout.tsx: web-kernel-imports-no-feature',
      'web/src/features/yard/routes/yard-route.tsx: feature-only-through-index',
      'web/src/lib/thing.ts: web-imports-no-server',
    ]);
  }, 60_000);
});

describe('architecture: the domain graph (scripts/deps-graph.ts)', () => {
  it('ranks each domain one above the highest it uses', () => {
    const ranks = rankDomains({ kernelish: [], lower: ['kernelish'], upper: ['lower', 'kernelish'] });
    expect(Object.fromEntries(ranks)).toEqual({ kernelish: 0, lower: 1, upper: 2 });
  });

  it('refuses a written-down circle', () => {
    expect(() => rankDomains({ a: ['b'], b: ['c'], c: ['a'] })).toThrow('DOMAINS has a circle: a -> b -> c -> a');
  });

  it('finds the arrow that points upward or sideways', () => {
    const ranks = new Map([
      ['facilities', 0],
      ['carriers', 0],
      ['appointments', 1],
    ]);
    const arrows = [
      { from: 'appointments', to: 'facilities', imports: 3 },
      { from: 'facilities', to: 'appointments', imports: 1 },
      { from: 'carriers', to: 'facilities', imports: 1 },
    ];
    expect(upwardArrows(arrows, ranks)).toEqual([
      { from: 'facilities', to: 'appointments', imports: 1 },
      { from: 'carriers', to: 'facilities', imports: 1 },
    ]);
  });
});

describe('architecture: docs/architecture.md §1', () => {
  const { DOMAINS } = createRequire(import.meta.url)(join(ROOT, '.dependency-cruiser.cjs')) as {
    DOMAINS: Record<string, string[]>;
  };
  /** The domain table's rows: rank, domain and the domains it may use, as written. */
  const rows = readFileSync(join(ROOT, 'docs', 'architecture.md'), 'utf8')
    .split('\n')
    .filter((line) => /^\| \d+ +\| `/.test(line))
    .map((line) => {
      const [rank, domain, , uses] = line
        .split('|')
        .slice(1)
        .map((cell) => cell.trim());
      return { rank: Number(rank), domain: domain!.replaceAll('`', ''), uses: uses === '—' ? [] : uses!.split(', ') };
    });

  it('lists every server domain once, with the domains DOMAINS lets it use', () => {
    expect(rows.map((r) => r.domain).sort()).toEqual(Object.keys(DOMAINS).sort());
    for (const row of rows) expect(row.uses, row.domain).toEqual([...DOMAINS[row.domain]!].sort());
  });

  it('gives each domain the rank its uses give it, bottom up', () => {
    const ranks = rankDomains(DOMAINS);
    for (const row of rows) expect(row.rank, row.domain).toBe(ranks.get(row.domain));
    expect(rows.map((r) => r.rank)).toEqual([...rows.map((r) => r.rank)].sort((a, b) => a - b));
  });
});

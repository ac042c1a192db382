// The door planner keeps its WebAssembly solver out of request-path bundles (issue #58): `highs` is
// imported by functions/planner/solver.ts alone, which plan.ts loads only when the solver is asked
// for. The planner's HTTP function (functions/planner/handler.ts, the proposals of #58.2) reads and
// checks the day and applies plans, but never imports plan.ts: a proposal is solved by the
// 'planner-proposals' worker (functions/planner/solve.worker.ts). Checked over the import graph every
// Lambda entry bundles (static imports, re-exports and dynamic imports alike, as esbuild inlines them).
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { WORKERS } from '../../functions/workers';

const ROOT = join(import.meta.dirname, '..', '..');
const files = (dir: string): string[] =>
  readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? files(path) : path.endsWith('.ts') ? [path] : [];
  });
const sources = [...files(join(ROOT, 'functions')), ...files(join(ROOT, 'shared'))].map((path) => ({
  path: relative(ROOT, path),
  text: readFileSync(path, 'utf8'),
}));

const IMPORT = /(?:^|\n)\s*(?:import|export)\s[^;]*?from\s+'(\.[^']+)'|import\('(\.[^']+)'\)/g;
function resolve(from: string, spec: string): string | null {
  const base = join(dirname(join(ROOT, from)), spec);
  for (const candidate of [`${base}.ts`, join(base, 'index.ts'), base])
    if (existsSync(candidate) && statSync(candidate).isFile()) return relative(ROOT, candidate);
  return null;
}
/** Every repo module an entry's bundle holds. */
function bundled(entry: string): Set<string> {
  const seen = new Set<string>();
  const stack = [entry];
  while (stack.length) {
    const file = stack.pop()!;
    if (seen.has(file) || !file.endsWith('.ts')) continue;
    seen.add(file);
    const text = readFileSync(join(ROOT, file), 'utf8');
    for (const m of text.matchAll(IMPORT)) {
      const target = resolve(file, (m[1] ?? m[2])!);
      if (target) stack.push(target);
    }
  }
  return seen;
}

describe('planner bundle boundary', () => {
  it('imports highs in the solver module only', () => {
    const importers = sources.filter((f) => /from 'highs'|import\('highs'\)/.test(f.text)).map((f) => f.path);
    expect(importers).toEqual(['functions/planner/solver.ts']);
  });

  it('loads the solver module on demand', () => {
    const plan = sources.find((f) => f.path === 'functions/planner/plan.ts')!.text;
    expect(plan).toMatch(/await import\('\.\/solver'\)/);
    expect(plan).not.toMatch(/^import \{[^}]*\} from '\.\/solver'/m);
  });

  it('bundles the solver in no HTTP function: only the proposals worker plans', () => {
    const handlers = sources.filter((f) => /^functions\/[\w-]+\/handler\.ts$/.test(f.path)).map((f) => f.path);
    expect(handlers).toContain('functions/planner/handler.ts');
    const reaching = handlers.filter((h) => bundled(h).has('functions/planner/plan.ts'));
    expect(reaching).toEqual([]);
    // The planner's function does use the planner's own day reading and rules (no solver there).
    expect(bundled('functions/planner/handler.ts')).toContain('functions/planner/rules.ts');
    const planning = WORKERS.filter((w) => bundled(w.entry).has('functions/planner/solver.ts')).map((w) => w.name);
    expect(planning).toEqual(['planner-proposals']);
    // Deployed, highs is installed beside that worker's bundle, not bundled: its WebAssembly is found by
    // its module's URL, which the CommonJS bundle lacks (bundled, HiGHS fails to load and every plan is greedy).
    expect(WORKERS.find((w) => w.name === 'planner-proposals')?.nodeModules).toEqual(['highs']);
  });
});

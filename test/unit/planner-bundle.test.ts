// The door planner keeps its WebAssembly solver out of request-path bundles (issue #58): `highs` is
// imported by functions/planner/solver.ts alone, which plan.ts loads only when the solver is asked
// for, and no Lambda entry (handler) imports the planner (it will run in a worker).
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

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

describe('planner bundle boundary', () => {
  it('imports highs in the solver module only', () => {
    const importers = sources.filter((f) => /from 'highs'|import\('highs'\)/.test(f.text)).map((f) => f.path);
    expect(importers).toEqual(['functions/planner/solver.ts']);
  });

  it('loads the solver module on demand, and no handler imports the planner', () => {
    const plan = sources.find((f) => f.path === 'functions/planner/plan.ts')!.text;
    expect(plan).toMatch(/await import\('\.\/solver'\)/);
    expect(plan).not.toMatch(/^import \{[^}]*\} from '\.\/solver'/m);
    const handlers = sources.filter((f) => f.path.endsWith('handler.ts') && /planner/.test(f.text));
    expect(handlers.map((f) => f.path)).toEqual([]);
  });
});

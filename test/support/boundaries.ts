// The layout rules of docs/architecture.md as code: which file may import which, and where keys may
// be spelled. `test/unit/architecture.test.ts` runs them over the repository and over deliberate
// violations (so the check itself is known to fail when it should).
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, normalize, relative, sep } from 'node:path';

export interface SourceFile {
  /** Repository-relative path with forward slashes, e.g. `functions/checkins/handler.ts`. */
  path: string;
  text: string;
}

export interface Violation {
  file: string;
  rule: string;
  detail: string;
}

const SOURCE = /\.(ts|tsx)$/;
const IMPORT =
  /(?:import|export)\s[^'"]*?from\s*['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)|^\s*import\s*['"]([^'"]+)['"]/gm;
const KEY_LITERAL = /TENANT#|\bTableName\s*:|\bConditionExpression\s*:/;

export function readSources(root: string, folders: string[]): SourceFile[] {
  const files: SourceFile[] = [];
  const walk = (dir: string) => {
    for (const name of readdirSync(dir)) {
      if (name === 'node_modules' || name.startsWith('dist') || name.startsWith('.')) continue;
      const full = join(dir, name);
      if (statSync(full).isDirectory()) walk(full);
      else if (SOURCE.test(name))
        files.push({ path: relative(root, full).split(sep).join('/'), text: readFileSync(full, 'utf8') });
    }
  };
  for (const folder of folders) walk(join(root, folder));
  return files;
}

/** The repository-relative target of an import, or null for a package. */
export function resolveImport(from: string, specifier: string): string | null {
  if (specifier.startsWith('@shared/')) return `shared/${specifier.slice('@shared/'.length)}`;
  if (!specifier.startsWith('.')) return null;
  return normalize(join(dirname(from), specifier))
    .split(sep)
    .join('/');
}

export function importsOf(file: SourceFile): string[] {
  const targets: string[] = [];
  for (const match of file.text.matchAll(IMPORT)) {
    const specifier = match[1] ?? match[2] ?? match[3];
    const target = specifier && resolveImport(file.path, specifier);
    if (target) targets.push(target);
  }
  return targets;
}

/** `functions/<d>/...` -> d (lib and local are not domains). */
function functionDomain(path: string): string | null {
  const m = /^functions\/([^/.]+)(?:\/|$)/.exec(path);
  return m && !['lib', 'local'].includes(m[1]!) ? m[1]! : null;
}

function webFeature(path: string): string | null {
  return /^web\/src\/features\/([^/]+)(?:\/|$)/.exec(path)?.[1] ?? null;
}

const isIndex = (target: string, base: string) =>
  target === base || target === `${base}/index` || target === `${base}/index.ts`;

const ZOD_NAMED_Z = /import\s*\{[^}]*\bz\b[^}]*\}\s*from\s*'zod'/;

export function checkBoundaries(files: SourceFile[]): Violation[] {
  const violations: Violation[] = [];
  for (const file of files) {
    const own = { fn: functionDomain(file.path), feature: webFeature(file.path) };
    for (const target of importsOf(file)) {
      if (file.path.startsWith('functions/lib/') && functionDomain(target)) {
        violations.push({ file: file.path, rule: 'the kernel (functions/lib) imports no domain', detail: target });
      }
      const targetDomain = functionDomain(target);
      if (
        targetDomain &&
        file.path.startsWith('functions/') &&
        !file.path.startsWith('functions/lib/') &&
        targetDomain !== own.fn &&
        !isIndex(target, `functions/${targetDomain}`) &&
        !['functions/registry', 'functions/workers'].some((p) => file.path.startsWith(p))
      ) {
        violations.push({ file: file.path, rule: 'another domain is used only through its index.ts', detail: target });
      }
      const targetFeature = webFeature(target);
      if (
        targetFeature &&
        own.feature &&
        targetFeature !== own.feature &&
        !isIndex(target, `web/src/features/${targetFeature}`)
      ) {
        violations.push({ file: file.path, rule: 'another feature is used only through its index.ts', detail: target });
      }
      if (file.path.startsWith('web/src/components/') && targetFeature) {
        violations.push({ file: file.path, rule: 'web/src/components imports no feature', detail: target });
      }
      if (file.path.startsWith('web/') && (target.startsWith('functions/') || target.startsWith('lib/'))) {
        violations.push({ file: file.path, rule: 'the SPA imports no server code', detail: target });
      }
      if (
        file.path.startsWith('shared/') &&
        (target.startsWith('functions/') || target.startsWith('web/') || target.startsWith('lib/'))
      ) {
        violations.push({ file: file.path, rule: 'shared/ imports only shared/', detail: target });
      }
    }
    // A named import of z from zod keeps every zod locale in the bundle (~360 KB minified); the namespace
    // import is tree-shaken (docs/performance.md: Lambda bundles and the SPA's first load).
    if (ZOD_NAMED_Z.test(file.text))
      violations.push({
        file: file.path,
        rule: "zod is imported as `import * as z from 'zod'`",
        detail: ZOD_NAMED_Z.exec(file.text)![0],
      });
    const keysAllowed =
      file.path.endsWith('.store.ts') ||
      file.path.startsWith('functions/lib/') ||
      file.path.startsWith('functions/local/') ||
      file.path.startsWith('test/') ||
      file.path.startsWith('scripts/');
    if (!keysAllowed && KEY_LITERAL.test(file.text)) {
      violations.push({
        file: file.path,
        rule: 'keys, TableName and ConditionExpression are spelled only in *.store.ts or functions/lib',
        detail: KEY_LITERAL.exec(file.text)![0],
      });
    }
  }
  return violations;
}

export const MAX_LINES = 350;

export function oversizedFiles(files: SourceFile[]): string[] {
  return files
    .filter((f) => !f.path.includes('/i18n/') && !f.path.startsWith('test/'))
    .filter((f) => f.text.split('\n').length > MAX_LINES)
    .map((f) => `${f.path} (${f.text.split('\n').length} lines)`);
}

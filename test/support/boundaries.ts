// The layout rules of docs/architecture.md that are about a file's text, not its imports: where keys
// may be spelled, how zod is imported, how long a file may grow. Which file may import which is
// dependency-cruiser's (.dependency-cruiser.cjs), not repeated here. `test/unit/architecture.test.ts`
// runs both over the repository and over deliberate violations (so each check is known to fail).
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, sep } from 'node:path';

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

const ZOD_NAMED_Z = /import\s*\{[^}]*\bz\b[^}]*\}\s*from\s*'zod'/;

export function checkBoundaries(files: SourceFile[]): Violation[] {
  const violations: Violation[] = [];
  for (const file of files) {
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

// 350 lines before Prettier (120 columns) formatted the tree in wave 3: it breaks the long lines we
// used to write, and the same code measures about a fifth longer.
export const MAX_LINES = 450;

/** The text catalogues (shared/i18n/, each feature's i18n.ts) grow with the product's words, not its logic. */
const isCatalogue = (path: string) => path.includes('/i18n/') || path.endsWith('/i18n.ts');

export function oversizedFiles(files: SourceFile[]): string[] {
  return files
    .filter((f) => !isCatalogue(f.path) && !f.path.startsWith('test/'))
    .filter((f) => f.text.split('\n').length > MAX_LINES)
    .map((f) => `${f.path} (${f.text.split('\n').length} lines)`);
}

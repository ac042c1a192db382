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

/** zod classic (`'zod'`), or z by name from any entry: either keeps more of zod in a bundle than it uses. */
const ZOD_NOT_MINI = /import\s*\{[^}]*\bz\b[^}]*\}\s*from\s*'zod[^']*'|from\s*'zod(?:\/v4)?'/;

export function checkBoundaries(files: SourceFile[]): Violation[] {
  const violations: Violation[] = [];
  for (const file of files) {
    // zod/mini's functions are tree-shaken to what a bundle uses (~25 KB minified); classic's methods
    // bring all of zod (~100 KB, its JSON Schema code included) into every Lambda (issue #60), and a
    // named import of z every locale (~360 KB). docs/performance.md: Lambda bundles and the SPA's first load.
    if (ZOD_NOT_MINI.test(file.text))
      violations.push({
        file: file.path,
        rule: "zod is imported as `import * as z from 'zod/mini'`",
        detail: ZOD_NOT_MINI.exec(file.text)![0],
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

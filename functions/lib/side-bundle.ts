// Code a function loads only now and then, built as a small bundle of its own beside the function's
// (LAMBDA_BUNDLING.sideBundles in lib/bundling.ts, built by the CDK after the function's bundle) rather
// than inlined into it: esbuild inlines every import() it can follow into a CommonJS bundle, so the
// "lazy" module and its dependencies would still weigh on every cold start of the function. The path
// is computed at run time, which esbuild cannot follow, so the function's bundle carries only its name.
// From source (tests, the local stack) the module itself is imported, so the code has one source.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

export interface SideBundle {
  /** The module's TypeScript source, from the repo's root. */
  readonly source: string;
  /** Its bundle's file name beside the function's bundle (.cjs: CommonJS whatever package.json says). */
  readonly bundled: string;
}

/** Where the module is loaded from: beside the bundle when bundled, else the source. In a bundle
 * import.meta.dirname is the bundle's directory (LAMBDA_BUNDLING defines it as __dirname). */
export function sideBundleFile(side: SideBundle, here = import.meta.dirname): string {
  const beside = join(here, side.bundled);
  return existsSync(beside) ? beside : join(here, '..', '..', side.source);
}

/** The module, loaded once by Node's module cache. Type it with `typeof import('<its path>')`, which
 * the compiler erases and the bundler therefore does not follow. */
export async function loadSideBundle<M>(side: SideBundle): Promise<M> {
  return (await import(pathToFileURL(sideBundleFile(side)).href)) as M;
}

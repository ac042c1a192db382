// The landing page as a static document (issue #34): landing.html, the app's own landing page rendered
// at build, and its script (web/src/features/landing/static-landing.ts, bundled on its own). A
// signed-out visitor's `/` is served it (LANDING_DOCUMENT): the page shows with a few kilobytes instead
// of the app's 110, and the app's code, kept inert in the page, starts only when the visitor needs it.
// web/vite.config.ts runs this with the built index.html on standard input; it prints the files made,
// as JSON { file name: content }.
//   tsx --tsconfig tsconfig.web.json scripts/landing-page.ts < web/dist/index.html
import { readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'esbuild';
import { createElement, type ComponentType } from 'react';
import { renderToString } from 'react-dom/server';
import { MemoryRouter } from 'react-router-dom';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';

const ROOT = join(import.meta.dirname, '..');
const WEB = join(ROOT, 'web', 'src');
const LANDING = join(WEB, 'features', 'landing');
const SCRIPT = join(LANDING, 'static-landing.ts');

/**
 * Modules of the app read the browser's state when imported (the remembered language, the document's
 * language attribute): here they find a first visit in English, signed out, which is what the page shows.
 */
function firstVisitGlobals() {
  Object.assign(globalThis, {
    window: globalThis,
    navigator: { language: 'en', languages: ['en'], onLine: true },
    localStorage: { getItem: () => null, setItem: () => undefined, removeItem: () => undefined },
    document: { documentElement: {}, cookie: '', querySelector: () => null, addEventListener: () => undefined },
    location: { protocol: 'https:', pathname: '/', search: '', hash: '' },
    addEventListener: () => undefined,
  });
}

/** The landing route's markup, as the app renders it for a signed-out visitor at `/`. */
async function landingMarkup(): Promise<string> {
  firstVisitGlobals();
  // Imported by path: the app's modules are type-checked with the DOM's types (tsconfig.web.json).
  const landing = (await import(pathToFileURL(join(LANDING, 'index.ts')).href)) as {
    LandingRoute: ComponentType;
  };
  const page = createElement(MemoryRouter, { initialEntries: ['/'] }, createElement(landing.LandingRoute));
  return renderToString(createElement(QueryClientProvider, { client: new QueryClient() }, page));
}

/** static-landing.ts and the chunk it loads after the page (web vitals), minified, named by content. */
async function landingScripts(): Promise<{ entry: string; files: Record<string, string> }> {
  const result = await build({
    entryPoints: [SCRIPT],
    bundle: true,
    splitting: true,
    format: 'esm',
    minify: true,
    target: 'es2022',
    write: false,
    outdir: join(ROOT, 'assets'),
    entryNames: 'static-landing-[hash]',
    chunkNames: 'static-landing-[name]-[hash]',
    tsconfig: join(ROOT, 'tsconfig.web.json'),
    absWorkingDir: ROOT,
    metafile: true,
    logLevel: 'error',
  });
  const files: Record<string, string> = {};
  let entry = '';
  for (const file of result.outputFiles) {
    const name = relative(ROOT, file.path);
    files[name] = file.text;
    const output = result.metafile.outputs[name];
    if (output?.entryPoint === relative(ROOT, SCRIPT)) entry = name;
  }
  if (!entry) throw new Error('landing-page: esbuild gave no entry file for static-landing.ts');
  return { entry, files };
}

/** A tag of index.html's head that starts or preloads the app's code. */
const APP_CODE_TAG = /^[ \t]*(<script type="module"[^>]*><\/script>|<link rel="modulepreload"[^>]*>)[ \t]*\n/gm;

/** landing.html: index.html with the markup in #root and the app's code inert in a template. */
export async function landingDocument(indexHtml: string, markup: string, script: string): Promise<string> {
  const page = (await import(pathToFileURL(join(LANDING, 'static-page.ts')).href)) as {
    APP_CODE_ID: string;
    STATIC_MARKUP_ATTRIBUTE: string;
  };
  const appCode = [...indexHtml.matchAll(APP_CODE_TAG)].map((m) => m[1]!);
  if (!appCode.some((tag) => tag.startsWith('<script')))
    throw new Error('landing-page: the built index.html has no module script');
  if (!indexHtml.includes('<div id="root"></div>')) throw new Error('landing-page: index.html has no empty #root');
  return indexHtml
    .replace(APP_CODE_TAG, '')
    .replace(
      '</head>',
      `<script type="module" src="/${script}"></script>\n    <template id="${page.APP_CODE_ID}">${appCode.join('')}</template>\n  </head>`,
    )
    .replace('<div id="root"></div>', `<div id="root"><div ${page.STATIC_MARKUP_ATTRIBUTE}>${markup}</div></div>`);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const indexHtml = readFileSync(0, 'utf8');
  const [markup, scripts] = await Promise.all([landingMarkup(), landingScripts()]);
  const files = { ...scripts.files, 'landing.html': await landingDocument(indexHtml, markup, scripts.entry) };
  process.stdout.write(JSON.stringify(files));
}

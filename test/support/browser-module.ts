// A web module run in a real browser (Node has no IndexedDB): bundled as the SPA's build would, as a
// global of a page of its own origin in Chromium, a new browser context (an empty IndexedDB) per page.
import { build } from 'esbuild';
import { chromium, type Browser, type Page } from 'playwright-core';

export interface BrowserModule {
  /** A fresh page (its own context: empty storage) with the module loaded as `window[globalName]`. */
  newPage(): Promise<Page>;
  close(): Promise<void>;
}

export async function browserModule(entryPoint: string, globalName: string, origin: string): Promise<BrowserModule> {
  const built = await build({
    entryPoints: [entryPoint],
    bundle: true,
    write: false,
    format: 'iife',
    globalName,
    target: 'es2022',
  });
  const bundle = built.outputFiles[0]!.text;
  const browser: Browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu'],
  });
  return {
    async newPage() {
      const page = await (await browser.newContext()).newPage();
      await page.route(`${origin}/**`, (route) =>
        route.fulfill({
          contentType: 'text/html',
          body: `<!doctype html><title>${globalName}</title><script>${bundle.replace(/<\/script/g, '<\\/script')}</script>`,
        }),
      );
      await page.goto(`${origin}/`);
      return page;
    },
    close: () => browser.close(),
  };
}

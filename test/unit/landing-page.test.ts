// The static landing page's document (scripts/landing-page.ts, issue #34): the built index.html with
// the landing markup in #root and the app's code kept inert, so the page loads none of it.
import { describe, expect, it } from 'vitest';
import { landingDocument } from '../../scripts/landing-page';

const INDEX = `<!doctype html>
<html lang="en">
  <head>
    <title>DockSaathi</title>
    <script type="module" crossorigin src="/assets/index-A1.js"></script>
    <link rel="modulepreload" crossorigin href="/assets/framework-B2.js">
    <link rel="stylesheet" crossorigin href="/assets/index-C3.css">
  <link rel="manifest" href="/manifest.webmanifest"></head>
  <body>
    <div id="root"></div>
  </body>
</html>
`;

describe('the static landing document', () => {
  it('starts only its own script, keeps the app\u2019s in a template and holds the markup in #root', async () => {
    const html = await landingDocument(INDEX, '<h1>Run every dock</h1>', 'assets/static-landing-X9.js');
    const [head, template] = [
      html.replace(/<template[\s\S]*<\/template>/, ''),
      /<template id="app-code">([\s\S]*)<\/template>/.exec(html)?.[1],
    ];
    expect([...head.matchAll(/<script[^>]*src="([^"]+)"/g)].map((m) => m[1])).toEqual(['/assets/static-landing-X9.js']);
    expect(head).not.toContain('modulepreload');
    expect(template).toBe(
      '<script type="module" crossorigin src="/assets/index-A1.js"></script><link rel="modulepreload" crossorigin href="/assets/framework-B2.js">',
    );
    // The stylesheet and the manifest stay: the page is drawn with the app's own styles.
    expect(head).toContain('<link rel="stylesheet" crossorigin href="/assets/index-C3.css">');
    expect(head).toContain('<link rel="manifest" href="/manifest.webmanifest">');
    expect(html).toContain('<div id="root"><div data-static-landing><h1>Run every dock</h1></div></div>');
  });

  it('refuses an index.html it cannot make the page from, rather than a page without the app', async () => {
    await expect(landingDocument(INDEX.replace(/<script[^\n]*\n/, ''), '<h1/>', 'a.js')).rejects.toThrow(
      'the built index.html has no module script',
    );
    await expect(
      landingDocument(INDEX.replace('<div id="root"></div>', '<main></main>'), '<h1/>', 'a.js'),
    ).rejects.toThrow('index.html has no empty #root');
  });
});

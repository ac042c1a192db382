// Which paths CloudFront answers with the app (issue #33: a reslot link's token has a dot, and must
// still open the page) and which it leaves to the files of the build.
import { describe, expect, it } from 'vitest';
import { spaRoutingCode } from '../../lib/web';
import { servesLanding } from '../../shared/navigation';

type Request = {
  uri: string;
  cookies?: Record<string, { value: string }>;
  headers?: Record<string, { value: string }>;
};
// The function as CloudFront runs it: a handler of a viewer-request event.
// eslint-disable-next-line @typescript-eslint/no-implied-eval
const handler = new Function(`${spaRoutingCode()}; return handler;`)() as (e: { request: Request }) => Request;
const served = (uri: string, cookies: Request['cookies'] = {}, headers: Request['headers'] = {}) =>
  handler({ request: { uri, cookies, headers } }).uri;

describe('CloudFront SPA routing', () => {
  it('a signed-out English visitor\u2019s / is the static landing page; any other / is the app', () => {
    const language = (value: string) => ({ 'accept-language': { value } });
    expect(served('/')).toBe('/landing.html');
    expect(served('/', { dy_signed_in: { value: '' } })).toBe('/landing.html');
    expect(served('/', { other: { value: 'driver' } })).toBe('/landing.html');
    expect(served('/', {}, language('en-IN,en;q=0.9,hi;q=0.8'))).toBe('/landing.html');
    expect(served('/', { dy_signed_in: { value: 'driver' } })).toBe('/index.html');
    expect(served('/', { dy_signed_in: { value: 'staff' } })).toBe('/index.html');
    expect(served('/', {}, language('hi-IN,hi;q=0.9,en;q=0.8'))).toBe('/index.html');
    expect(served('/', {}, language('hi'))).toBe('/index.html');
    expect(served('/', { dy_lang: { value: 'hi' } })).toBe('/index.html');
    // The remembered choice wins over the browser's language.
    expect(served('/', { dy_lang: { value: 'en' } }, language('hi-IN'))).toBe('/landing.html');
    expect(served('/', { dy_lang: { value: 'hi' } }, language('en'))).toBe('/index.html');
  });

  it('decides as the local server does (servesLanding) for every mix of cookies and browser language', () => {
    // The same rule in CloudFront's JavaScript and in shared/navigation.ts: they must never disagree.
    const hints = [undefined, '', 'driver', 'staff', 'admin'];
    const languages = [undefined, '', 'en', 'hi', 'xx'];
    const accepted = [undefined, '', 'hi', 'hi-IN,en;q=0.8', 'en-IN,hi;q=0.9', 'HI', 'hil', ' hi-IN'];
    for (const path of ['/', '/login', '/landing'])
      for (const hint of hints)
        for (const language of languages)
          for (const acceptLanguage of accepted) {
            const cookies: Record<string, { value: string }> = {};
            if (hint !== undefined) cookies.dy_signed_in = { value: hint };
            if (language !== undefined) cookies.dy_lang = { value: language };
            const header = Object.entries(cookies)
              .map(([name, { value }]) => `${name}=${value}`)
              .join('; ');
            const expected = servesLanding(path, header, acceptLanguage) ? '/landing.html' : '/index.html';
            const headers: Request['headers'] =
              acceptLanguage === undefined ? {} : { 'accept-language': { value: acceptLanguage } };
            expect(served(path, cookies, headers), JSON.stringify({ path, cookies, acceptLanguage })).toBe(expected);
          }
  });

  it.each([
    '/scheduling',
    '/gate',
    '/book/3f2a9c',
    '/reslot/01JDK8Q3ZP.Yk3mB9xq2LrT0v8sWc1nD4fGh6jK7lP9oR2sU5wX8zA1',
    '/pass/01JDK8Q3ZP~Yk3mB9xq2LrT0v8sWc1nD4fGh6jK7lP9oR2sU5wX8zA1',
  ])('%s is a screen of the app', (uri) => expect(served(uri)).toBe('/index.html'));

  it.each([
    '/sw.js',
    '/manifest-hi.webmanifest',
    '/assets/index-1a2b3c.js',
    '/assets/noto-devanagari.woff2',
    '/icons/icon-192.png',
    '/openapi.json',
    '/sitemap.xml',
    '/robots.txt',
  ])('%s is a file', (uri) => expect(served(uri)).toBe(uri));
});

// Which paths CloudFront answers with the app (issue #33: a reslot link's token has a dot, and must
// still open the page) and which it leaves to the files of the build.
import { describe, expect, it } from 'vitest';
import { spaRoutingCode } from '../../lib/web';

type Request = { uri: string };
// The function as CloudFront runs it: a handler of a viewer-request event.
// eslint-disable-next-line @typescript-eslint/no-implied-eval
const handler = new Function(`${spaRoutingCode()}; return handler;`)() as (e: { request: Request }) => Request;
const served = (uri: string) => handler({ request: { uri } }).uri;

describe('CloudFront SPA routing', () => {
  it.each([
    '/',
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

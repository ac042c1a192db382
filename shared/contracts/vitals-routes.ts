// The screens a web vitals report may name (issue #34), without zod: the SPA's reporter imports this
// after the first paint, and must not bring the contracts' schema library with it (web/src/lib/web-vitals.ts).
import { PATHS, STATIC_PAGES } from '../navigation';

/** A screen whose address holds more than its name (`/invite/<token>`, `/wms/<tab>`) is reported as its first segment. */
export const OTHER_ROUTE = '/*';
export const VITALS_ROUTES: readonly string[] = [
  ...new Set([...Object.values(PATHS), ...STATIC_PAGES.map((slug) => `/${slug}`), '/legal', OTHER_ROUTE]),
];

/** The route pattern of an address: the longest known screen path it starts with, else OTHER_ROUTE. */
export function routePatternOf(pathname: string): string {
  const path = pathname.replace(/\/+$/, '') || '/';
  let best: string | null = null;
  for (const route of VITALS_ROUTES) {
    if (route === OTHER_ROUTE) continue;
    const matches = route === '/' ? path === '/' : path === route || path.startsWith(`${route}/`);
    if (matches && (!best || route.length > best.length)) best = route;
  }
  return best ?? OTHER_ROUTE;
}

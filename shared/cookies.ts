// The product's cookies read the same way by the API (functions/lib/http.ts), the CDN and the SPA: the
// signed-in hint and the language, and the reading of a Cookie header. Apart from the screens'
// navigation (navigation.ts), so a Lambda bundle that reads cookies carries no screen list.
/**
 * The cookie the API sets beside the session (functions/lib/http.ts) that says, to scripts and to the
 * CDN, that this browser is signed in and as whom ('driver' or 'staff'); it holds no secret.
 */
export const SIGNED_IN_COOKIE = 'dy_signed_in';

/** What a Cookie header (or `document.cookie`) says of the signed-in hint: null when signed out. */
export function signedInHintOf(cookies: string | undefined): 'driver' | 'staff' | null {
  const hint = cookieValue(cookies, SIGNED_IN_COOKIE);
  return hint === 'driver' || hint === 'staff' ? hint : null;
}

/**
 * The language the app was last shown in on this browser ('en' or 'hi'), as a cookie beside the
 * device's remembered choice (web/src/lib/i18n/stored-language.ts), so the CDN knows it too.
 */
export const LANGUAGE_COOKIE = 'dy_lang';

/** The cookies of a request's parts ("name=value"), the first of each name (the API's and the CDN's reading). */
export function cookieJar(parts: readonly string[]): Record<string, string> {
  const jar: Record<string, string> = {};
  for (const part of parts) {
    const eq = part.indexOf('=');
    if (eq < 0) continue;
    const name = part.slice(0, eq).trim();
    if (name && !(name in jar)) jar[name] = decoded(part.slice(eq + 1).trim());
  }
  return jar;
}

/** A cookie's value decoded; one that is not valid percent-encoding is kept as sent, never an error. */
function decoded(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}

/** The value of a cookie in a Cookie header (or `document.cookie`). */
export function cookieValue(cookies: string | undefined, name: string): string | undefined {
  return cookieJar(cookies?.split(';') ?? [])[name];
}

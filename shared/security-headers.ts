// Response security headers for the SPA and the API. CloudFront's response headers policy (lib/)
// and the local emulator both apply this list, so the browser sees the same rules everywhere.
/** The policy; `connectSources` adds origins the page may call (the uploads bucket). */
export function contentSecurityPolicy(connectSources: readonly string[] = []) {
  return [
    "default-src 'self'",
    "script-src 'self'",
    // React sets inline style attributes; no inline scripts are allowed.
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self' data:",
    `connect-src 'self'${connectSources.map((c) => ` ${c}`).join('')}`,
    "media-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}

export const HSTS_MAX_AGE_SECONDS = 63072000; // two years, as hstspreload.org asks

export const PERMISSIONS_POLICY = 'camera=(self), microphone=(self), geolocation=(self)';

export function securityHeaders(connectSources: readonly string[] = []): Record<string, string> {
  return {
    'content-security-policy': contentSecurityPolicy(connectSources),
    'strict-transport-security': `max-age=${HSTS_MAX_AGE_SECONDS}; includeSubDomains; preload`,
    'x-content-type-options': 'nosniff',
    'x-frame-options': 'DENY',
    'referrer-policy': 'strict-origin-when-cross-origin',
    'permissions-policy': PERMISSIONS_POLICY,
  };
}

/** The headers every API response carries (the Lambda kernel sets them; the local emulator and
 * CloudFront's policy add the same): a JSON answer is never sniffed, framed, leaked by referrer or
 * allowed to load anything. */
export function apiSecurityHeaders(): Record<string, string> {
  return {
    'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
    'strict-transport-security': `max-age=${HSTS_MAX_AGE_SECONDS}; includeSubDomains; preload`,
    'x-content-type-options': 'nosniff',
    'x-frame-options': 'DENY',
    'referrer-policy': 'strict-origin-when-cross-origin',
    'permissions-policy': PERMISSIONS_POLICY,
    'cross-origin-resource-policy': 'same-origin',
  };
}

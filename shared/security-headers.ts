// Response security headers for the SPA and the API. CloudFront's response headers policy (lib/)
// and the local emulator both apply this list, so the browser sees the same rules everywhere.
export const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  // React sets inline style attributes; no inline scripts are allowed.
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "media-src 'self'",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

export const HSTS_MAX_AGE_SECONDS = 63072000; // two years, as hstspreload.org asks

export const SECURITY_HEADERS: Record<string, string> = {
  'content-security-policy': CONTENT_SECURITY_POLICY,
  'strict-transport-security': `max-age=${HSTS_MAX_AGE_SECONDS}; includeSubDomains; preload`,
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
  'referrer-policy': 'strict-origin-when-cross-origin',
  'permissions-policy': 'camera=(self), microphone=(self), geolocation=(self)',
};

// Runtime configuration, read from the environment on each use so that the local stack and the
// tests can point the same code at their own table, bucket and endpoints.
function required(name: string): string {
  const value = process.env[name];
  if (!value) throw new Error(`Missing environment variable ${name}`);
  return value;
}

export const config = {
  get tableName() {
    return required('TABLE_NAME');
  },
  get uploadsBucket() {
    return required('UPLOADS_BUCKET');
  },
  /** Local mode (no origin secret, passphrase-sealed secrets, loopback fakes) is asked for, never
   * assumed: a function without STAGE runs as deployed and fails closed. */
  get localMode() {
    return process.env.STAGE === 'local';
  },
  /** Loopback addresses the outbound port may call (outbound.ts): the local fakes, in local mode only. */
  get outboundAllowedAddresses(): string[] {
    if (process.env.STAGE !== 'local') return [];
    return (process.env.OUTBOUND_ALLOW_ADDRESSES ?? '')
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean);
  },
  /** Secure cookies everywhere but plain-http localhost. */
  get secureCookies() {
    return process.env.COOKIE_SECURE !== 'false';
  },
  /** Extra origins allowed to send mutating requests (comma separated), besides the request's own host. */
  get allowedOrigins(): string[] {
    return (process.env.ALLOWED_ORIGINS ?? '')
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean);
  },
  get eventBusName() {
    return process.env.EVENT_BUS_NAME;
  },
  /** 'tenantId/facilityId' of the facility guests book at when their link names none. */
  get guestFacility() {
    return process.env.GUEST_FACILITY;
  },
  /** The secret CloudFront sends to the API, proving it forwarded the viewer's address (client-address.ts). */
  get originVerifySecret() {
    return process.env.ORIGIN_VERIFY_SECRET || undefined;
  },
  /** Multiplies every per-address request limit (rateLimit); the browser journeys raise it so that
   * `--repeat-each` runs from one address are not refused. Sign-in throttling is not affected. */
  get rateLimitFactor() {
    const factor = Number(process.env.RATE_LIMIT_FACTOR ?? 1);
    return Number.isFinite(factor) && factor >= 1 ? factor : 1;
  },
  get sessionTtlSeconds() {
    return Number(process.env.SESSION_TTL_SECONDS ?? 12 * 60 * 60);
  },
};

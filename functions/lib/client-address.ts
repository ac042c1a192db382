// The client address that rate limits key on (sign-in, guest booking, registration, QR check-in).
// Behind CloudFront, API Gateway sees an edge server's address, shared by many people; the
// viewer-request function (lib/web.ts) forwards the viewer's own as `x-viewer-address`, and CloudFront
// adds `x-origin-verify` (a secret, as an origin custom header), so the header is believed only on
// requests that came through CloudFront. Anywhere else (a direct call, the local stack) the socket's.
// Deployed (stage other than local), a request without that proof did not come through CloudFront (its
// WAF, headers and logging) and is refused with 403 (docs/decisions.md, Security).
import { createHash, timingSafeEqual } from 'node:crypto';
import { isIP } from 'node:net';
import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import { config } from './config';
import { ForbiddenError } from './errors';

export const VIEWER_ADDRESS_HEADER = 'x-viewer-address';
export const ORIGIN_VERIFY_HEADER = 'x-origin-verify';

/** Compares in constant time (over digests, so the length of the secret does not show either). */
function sameSecret(given: string, secret: string): boolean {
  const digest = (v: string) => createHash('sha256').update(v).digest();
  return timingSafeEqual(digest(given), digest(secret));
}

export function clientAddress(event: APIGatewayProxyEventV2): string {
  const source = event.requestContext.http.sourceIp;
  const secret = config.originVerifySecret;
  const viewer = event.headers?.[VIEWER_ADDRESS_HEADER]?.trim();
  const proof = event.headers?.[ORIGIN_VERIFY_HEADER];
  if (!secret || !viewer || !proof || !sameSecret(proof, secret) || !isIP(viewer)) return source;
  return viewer;
}

/** Deployed, only CloudFront may call the API: the execute-api address stays on (CloudFront's origin),
 * but a request there without the origin secret is refused. The local stack has no CloudFront. */
export function requireOriginProof(event: APIGatewayProxyEventV2): void {
  if (config.localMode) return;
  const secret = config.originVerifySecret;
  const proof = event.headers?.[ORIGIN_VERIFY_HEADER];
  if (!secret || !proof || !sameSecret(proof, secret))
    throw new ForbiddenError("This API is reached only through the application's own address.");
}

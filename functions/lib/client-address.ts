// The client address that rate limits key on (sign-in, guest booking, registration, QR check-in).
// Behind CloudFront, API Gateway sees an edge server's address, shared by many people; the
// viewer-request function (lib/web.ts) forwards the viewer's own as `x-viewer-address`, and CloudFront
// adds `x-origin-verify` (a secret, as an origin custom header), so the header is believed only on
// requests that came through CloudFront. Anywhere else (a direct call, the local stack) the socket's.
import { createHash, timingSafeEqual } from 'node:crypto';
import { isIP } from 'node:net';
import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import { config } from './config';

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

// The gate's QR check-in code (issue #28.5; one signed-link scheme since #52.10): a signed link
// (functions/lib/signed-link.ts) whose id is the facility's revocable link token, not its tenant and
// facility ids, so scanning it reveals nothing a guest could book with beyond that link; valid
// QR_LINK_HOURS. A code made before #52.10 (`<payload>.<signature>`, signed with the tenant's unsealed
// QRKEY) is still read until its own expiry, at most QR_LINK_HOURS after this release; none is made.
import { createHmac, timingSafeEqual } from 'node:crypto';
import { BadRequestError } from '../lib/errors';
import { checkLink, linkIdOf, signLink } from '../lib/signed-link';
import { ensureFacilityLink, facilityOfLink, type Facility } from '../facilities';
import { findTenantSecret } from '../tenancy';
import { GATE_QR_LINK } from './qr-link.store';

export const QR_LINK_HOURS = 24;

const signedFields = (facility: Facility) => [facility.tenantId, facility.id];

/** The gate QR's link, valid QR_LINK_HOURS from now. */
export async function createQrLink(facility: Facility, origin: string, now = new Date()) {
  const expiresAt = new Date(now.getTime() + QR_LINK_HOURS * 3600 * 1000);
  const link = await ensureFacilityLink(facility.tenantId, facility.id);
  const token = await signLink(GATE_QR_LINK, facility.tenantId, link.token, signedFields(facility), expiresAt, now);
  return { token, url: `${origin}/checkin/qr?t=${token}`, expiresAt: expiresAt.toISOString() };
}

const invalidQr = () =>
  new BadRequestError('This check-in code is not valid or has expired. Please scan the code at the gate again.');

/** The facility a QR token names, if its signature holds and it has not expired. */
export async function verifyQrToken(token: string, now = new Date()): Promise<Facility> {
  const linkToken = linkIdOf(token);
  if (!linkToken) return legacyQrFacility(token, now);
  // Read-only: a forged or revoked link, or a tenant without a key, is simply invalid.
  const facility = await facilityOfLink(linkToken).catch(() => null);
  if (!facility || (await checkLink(GATE_QR_LINK, facility.tenantId, token, signedFields(facility), now)) !== 'valid')
    throw invalidQr();
  return facility;
}

/** A code of the scheme before #52.10, until its own expiry. */
async function legacyQrFacility(token: string, now: Date): Promise<Facility> {
  const [payload, signature] = token.split('.');
  if (!payload || !signature) throw invalidQr();
  let claims: { l?: string; exp?: number };
  try {
    claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as typeof claims;
  } catch {
    throw invalidQr();
  }
  if (typeof claims.l !== 'string' || typeof claims.exp !== 'number') throw invalidQr();
  if (claims.exp * 1000 < now.getTime() || claims.exp * 1000 > now.getTime() + QR_LINK_HOURS * 3600 * 1000)
    throw invalidQr();
  const facility = await facilityOfLink(claims.l).catch(() => null);
  const key = facility && (await findTenantSecret(facility.tenantId, 'QRKEY'));
  if (!facility || !key) throw invalidQr();
  const expected = Buffer.from(createHmac('sha256', key).update(payload).digest('base64url'));
  const given = Buffer.from(signature);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) throw invalidQr();
  return facility;
}

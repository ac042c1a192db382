// Facility links (issue #18): the public booking and registration link of one facility. Guest
// booking, the Create Account form and the /book/<link> page resolve the tenant and facility from it,
// never from anything else the visitor sends.
import { NotFoundError } from '../lib/errors';
import { getFacility, resolveFacility, type Facility } from '../facilities';
import { getTenant } from './tenant.store';
import { ensureFacilityLink, findFacilityLink, rotateFacilityLinkToken } from './facility-link.store';
import type { Actor } from '../lib/audit';
import { TENANCY_TEXTS, type FacilityLinkInfo, type FacilityLinkView } from '../../shared/contracts/tenancy';

export const FACILITY_LINK_PATTERN = /^[A-Za-z0-9_-]{8,64}$/;

/** The active facility a link names; a forged link or one of a removed or deactivated facility is refused. */
export async function facilityOfLink(token: string): Promise<Facility> {
  const link = FACILITY_LINK_PATTERN.test(token) ? await findFacilityLink(token) : null;
  const facility = link ? await getFacility(link.tenantId, link.facilityId) : null;
  if (!facility || !facility.isActive) throw new NotFoundError(TENANCY_TEXTS.linkInvalid);
  return facility;
}

export async function facilityLinkInfo(token: string): Promise<FacilityLinkInfo> {
  const facility = await facilityOfLink(token);
  const tenant = await getTenant(facility.tenantId);
  return {
    token,
    tenantName: tenant?.name ?? '',
    facilityName: facility.name,
    city: facility.city,
    state: facility.state,
    timeZone: facility.timeZone,
  };
}

/** A facility of the signed-in user's tenant and its link (made on first use). */
export async function facilityLinkOf(tenantId: string, facilityId: string): Promise<FacilityLinkView> {
  const facility = await resolveFacility(tenantId, facilityId);
  const link = await ensureFacilityLink(tenantId, facility.id);
  return { facilityId: facility.id, token: link.token };
}

/** Revokes the facility's link and gives it a new one: whoever holds the old link or its QR code is refused from now on. */
export async function rotateFacilityLink(
  tenantId: string,
  facilityId: string,
  actor: Actor,
): Promise<FacilityLinkView> {
  const facility = await resolveFacility(tenantId, facilityId);
  const link = await rotateFacilityLinkToken(await ensureFacilityLink(tenantId, facility.id), actor);
  return { facilityId: facility.id, token: link.token };
}

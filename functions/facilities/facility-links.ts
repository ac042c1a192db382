// Facility links (issue #18): the public booking and registration link of one facility. Guest
// booking, the Create Account form and the /book/<link> page resolve the tenant and facility from it,
// never from anything else the visitor sends. Facilities owns the link (its store is here); tenancy
// shows and rotates it.
import { NotFoundError } from '../lib/errors';
import { TENANCY_TEXTS } from '../../shared/contracts/tenancy';
import { getFacility, type Facility } from './facility.store';
import { findFacilityLink } from './facility-link.store';

export const FACILITY_LINK_PATTERN = /^[A-Za-z0-9_-]{8,64}$/;

/** The active facility a link names; a forged link or one of a removed or deactivated facility is refused. */
export async function facilityOfLink(token: string): Promise<Facility> {
  const link = FACILITY_LINK_PATTERN.test(token) ? await findFacilityLink(token) : null;
  const facility = link ? await getFacility(link.tenantId, link.facilityId) : null;
  if (!facility || !facility.isActive) throw new NotFoundError(TENANCY_TEXTS.linkInvalid);
  return facility;
}

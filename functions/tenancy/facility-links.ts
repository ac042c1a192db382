// Facility links (issue #18): the public booking and registration link of one facility. Guest
// booking, the Create Account form and the /book/<link> page resolve the tenant and facility from it,
// never from anything else the visitor sends. The link itself is the facilities domain's; tenancy
// shows it with the tenant's name and rotates it.
import { ensureFacilityLink, facilityOfLink, resolveFacility, rotateFacilityLinkToken } from '../facilities';
import { getTenant } from './tenant.store';
import { findByBookingReference } from '../appointments';
import { guestConfirmationDelivery } from '../messaging';
import { NotFoundError } from '../lib/errors';
import type { ConfirmationDelivery } from '../../shared/contracts/tenancy-setup';
import type { Actor } from '../lib/audit';
import type { FacilityLinkInfo, FacilityLinkView } from '../../shared/contracts/tenancy';

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
    privacyContact: facility.contactPhone ?? facility.contactEmail ?? null,
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

/**
 * How the confirmation of a guest booking made through the facility's link went (issue #53): the
 * guest's page asks until it is sent or not sent. A booking of another facility, or one made through a
 * booking link (its own page asks), is not found.
 */
export async function facilityLinkDelivery(token: string, reference: string): Promise<ConfirmationDelivery> {
  const facility = await facilityOfLink(token);
  const appointment = await findByBookingReference(facility.tenantId, reference);
  if (
    !appointment ||
    appointment.facilityId !== facility.id ||
    appointment.bookingType !== 'guest' ||
    appointment.bookingLinkId
  )
    throw new NotFoundError('Booking not found');
  return guestConfirmationDelivery(appointment);
}

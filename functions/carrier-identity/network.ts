// "My hubs" of a platform carrier (issue #59): each linked hub with what its booking form needs; one
// day's bookings across hubs; booking and cancelling at a hub through that hub's own appointment use
// cases, acting as a carrier-side booker of the hub's linked carrier record, so the hub's rules, cut-offs,
// approval and the carrier-only view (shared/access.ts) apply unchanged; the driver's pass wallet.
// Each request reads the hub's copy of the link: no link, no access (an unlink ends it at once).
import { ForbiddenError, NotFoundError } from '../lib/errors';
import {
  bookAppointment,
  bookingRulesOf,
  cancelAppointment,
  findAppointment,
  listAppointmentsByDate,
  listDriverAppointments,
  requestReschedule,
} from '../appointments';
import { bookingSetup } from '../appointment-types';
import { createDriver, getDriver } from '../carriers';
import { listFacilities, resolveFacility } from '../facilities';
import { issueGatePass } from '../passes';
import { permissionsFor, canAccessFor } from '../../shared/roles';
import { driverInputSchema } from '../../shared/contracts/carriers';
import type { SessionUser } from '../../shared/contracts/auth';
import {
  CARRIER_IDENTITY_TEXTS as T,
  type HubCarrierLink,
  type MyHub,
  type NetworkBooking,
  type WalletPass,
} from '../../shared/contracts/carrier-identity';
import { getHubLink, getPerson, listIdentityLinks } from './identity.store';

/** The role a carrier's person acts in at a hub: a carrier-side booker of the hub's carrier record. */
const HUB_ROLE = 'transporter_company';

/** The hub's link with the caller's carrier, or the refusal: a hub not linked (any more) is refused. */
async function linkedHub(user: SessionUser, hubId: string): Promise<HubCarrierLink & { carrierId: string }> {
  const link = await getHubLink(hubId, user.carrierId!);
  if (link?.status !== 'linked' || !link.carrierId) throw new ForbiddenError(T.notLinked);
  return link as HubCarrierLink & { carrierId: string };
}

/** The caller as the hub's appointments see it: its tenant, a booker of its carrier record only. */
export function atHub(user: SessionUser, link: { tenantId: string; carrierId: string }): SessionUser {
  const permissions = permissionsFor([HUB_ROLE]);
  return {
    ...user,
    tenantId: link.tenantId,
    role: HUB_ROLE,
    roles: [HUB_ROLE],
    permissions,
    canAccess: canAccessFor(permissions),
    carrierId: link.carrierId,
    driverId: null,
  };
}

export const linkedHubs = async (identityId: string) =>
  (await listIdentityLinks(identityId)).filter(
    (l): l is HubCarrierLink & { carrierId: string } => l.status === 'linked' && Boolean(l.carrierId),
  );

export async function myHubs(user: SessionUser): Promise<MyHub[]> {
  return Promise.all(
    (await linkedHubs(user.carrierId!)).map(async (link) => {
      const facilities = await listFacilities(link.tenantId);
      const [rules, setups] = await Promise.all([
        Promise.all(facilities.map((f) => bookingRulesOf(link.tenantId, f.id))),
        Promise.all(facilities.map((f) => bookingSetup(f))),
      ]);
      return {
        tenantId: link.tenantId,
        hubName: link.hubName,
        carrierId: link.carrierId,
        linkedAt: link.linkedAt!,
        facilities: facilities.map((f) => ({ id: f.id, name: f.name, timeZone: f.timeZone })),
        bookingRules: Object.fromEntries(facilities.map((f, i) => [f.id, rules[i]])),
        appointmentTypes: setups.flatMap((s) =>
          s.types.map((t) => ({ id: t.id, facilityId: s.facilityId, name: t.name })),
        ),
      };
    }),
  );
}

/** One day's bookings of the carrier at every linked hub (or the one named), by status if asked. */
export async function listBookings(
  user: SessionUser,
  filter: { date: string; hubId?: string; status?: string },
): Promise<NetworkBooking[]> {
  const hubs = (await linkedHubs(user.carrierId!)).filter((l) => !filter.hubId || l.tenantId === filter.hubId);
  const perHub = await Promise.all(
    hubs.map(async (link) =>
      (await listAppointmentsByDate(link.tenantId, filter.date))
        .filter((a) => a.carrierId === link.carrierId && (!filter.status || a.status === filter.status))
        .map((appointment) => ({ tenantId: link.tenantId, hubName: link.hubName, appointment })),
    ),
  );
  return perHub.flat();
}

/**
 * The hub's driver record of one of the carrier's drivers, made at the hub on first use (the same id at
 * every hub), so a driver is assigned at any linked hub and the hub holds its own copy as fiduciary.
 */
async function hubDriver(user: SessionUser, link: { tenantId: string; carrierId: string }, personId: string) {
  // The carrier's driver still (one removed is booked nowhere, the hub's copy of them notwithstanding).
  const [person, existing] = await Promise.all([
    getPerson(user.carrierId!, personId),
    getDriver(link.tenantId, link.carrierId, personId),
  ]);
  if (person?.role !== 'driver') throw new NotFoundError('Driver not found');
  if (existing) return existing.id;
  const fields = driverInputSchema.parse({
    carrierId: link.carrierId,
    name: person.name,
    phone: person.phoneNumber,
    licenseNumber: person.licenseNumber ?? '-',
    // The hub messages the driver (passes, calls forward) in the language the carrier chose for them.
    preferredLanguage: person.language ?? 'en',
  });
  const actor = { userId: user.id, username: user.username };
  return (await createDriver(link.tenantId, fields, actor, { id: person.id })).id;
}

export async function book(
  user: SessionUser,
  hubId: string,
  input: Record<string, unknown>,
  parse: (body: unknown) => Parameters<typeof bookAppointment>[1],
): Promise<NetworkBooking> {
  const link = await linkedHub(user, hubId);
  const body = parse({ ...input, carrierId: link.carrierId });
  const driverId = body.driverId ? await hubDriver(user, link, body.driverId) : null;
  const appointment = await bookAppointment(atHub(user, link), { ...body, driverId });
  return { tenantId: hubId, hubName: link.hubName, appointment };
}

/** `reason` is read once the hub is known to be linked (a hub not linked is refused whatever the body). */
export async function cancelBooking(user: SessionUser, hubId: string, id: string, reason: () => string) {
  const link = await linkedHub(user, hubId);
  const appointment = await cancelAppointment(atHub(user, link), id, { reason: reason(), overrideCutoff: false });
  return { tenantId: hubId, hubName: link.hubName, appointment };
}

/** A new time asked of the hub under its rules (its reschedule flow: staff decide, as for its own bookers). */
export async function askReschedule(
  user: SessionUser,
  hubId: string,
  id: string,
  wish: () => Parameters<typeof requestReschedule>[2],
) {
  const link = await linkedHub(user, hubId);
  const request = await requestReschedule(atHub(user, link), id, { ...wish(), overrideCutoff: false });
  return { tenantId: hubId, hubName: link.hubName, request };
}

/** A driver's gate passes of the scheduled bookings at every linked hub. */
export async function wallet(user: SessionUser, now = new Date()): Promise<WalletPass[]> {
  const hubs = await linkedHubs(user.carrierId!);
  const perHub = await Promise.all(
    hubs.map(async (link) => {
      const own = (await listDriverAppointments(link.tenantId, user.id)).filter(
        (a) => a.carrierId === link.carrierId && a.status === 'scheduled',
      );
      // Read as the hub shows its carrier (shared/access.ts), then issued with the facility's key.
      const seen = await Promise.all(own.map((a) => findAppointment(atHub(user, link), a.id)));
      return Promise.all(
        seen.map(async (a) => {
          const facility = await resolveFacility(link.tenantId, a.facilityId);
          const pass = await issueGatePass(a, facility, now);
          return {
            tenantId: link.tenantId,
            hubName: link.hubName,
            appointmentId: a.id,
            bookingReference: a.bookingReference ?? null,
            scheduledDate: a.scheduledDate,
            scheduledTimeStart: a.scheduledTimeStart,
            facilityId: a.facilityId,
            facilityName: facility.name,
            status: a.status,
            token: pass.token,
          };
        }),
      );
    }),
  );
  return perHub.flat();
}

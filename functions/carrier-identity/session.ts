// The sessions of a platform carrier's people (issue #59): the auth domain's session, made by its sign-in
// code flow, acting in the carrier's own space (`carrier~<identityId>`) rather than in a hub. The
// composition (functions/api.ts) hands such a token here; a hub's routes see a caller with none of
// their permissions. What the person may do at a hub is decided per request by the hub's link
// (hub-access.ts), so a hub that unlinks the carrier ends its access at once, sessions included.
import { requestCodeFor, sessionKeys, sessionLocator, sessionOf, signInWithCodeFor, type CodeAccount } from '../auth';
import { batchGet } from '../lib/dynamo';
import type { SessionResolver } from '../lib/http';
import { canAccessFor, CARRIER_IDENTITY_ROLE_PERMISSIONS, type Permission } from '../../shared/roles';
import type { SessionUser } from '../../shared/contracts/auth';
import type { CarrierPerson } from '../../shared/contracts/carrier-identity';
import { getPerson, identityKeys, identityTenant, IDENTITY_TENANT_PREFIX, personOfPhone } from './identity.store';

const identityOfToken = (token: string): { identityId: string; personId: string } | null => {
  const where = sessionLocator(token);
  if (!where?.tenantId.startsWith(IDENTITY_TENANT_PREFIX) || where.homeTenantId !== where.tenantId) return null;
  return { identityId: where.tenantId.slice(IDENTITY_TENANT_PREFIX.length), personId: where.userId };
};

/** Whether a session token is a carrier person's (read from the token alone, no database read). */
export const isCarrierSessionToken = (token: string) => identityOfToken(token) !== null;

export function carrierSessionUser(person: CarrierPerson): SessionUser {
  const permissions: Permission[] = [...CARRIER_IDENTITY_ROLE_PERMISSIONS[person.role]];
  return {
    id: person.id,
    tenantId: identityTenant(person.identityId),
    username: person.name,
    firstName: person.name,
    lastName: null,
    email: null,
    phoneNumber: person.phoneNumber,
    profileImageUrl: null,
    role: person.role,
    roles: [person.role],
    permissions,
    canAccess: canAccessFor(permissions),
    userType: 'carrier_identity',
    isVerified: true,
    driverId: person.role === 'driver' ? person.id : null,
    carrierId: person.identityId,
    status: 'active',
    // Chosen at registration, when the owner added them, or on a screen since: their screens follow it.
    language: person.language ?? null,
  };
}

export const resolveCarrierSession: SessionResolver = async (token) => {
  const ids = identityOfToken(token);
  if (!ids) return null;
  const [sessionItem, personItem] = await batchGet<Record<string, unknown>>([
    sessionKeys.key(token),
    identityKeys.person(ids.identityId, ids.personId),
  ]);
  const session = sessionOf(sessionItem ?? null);
  if (!session || !personItem) return null;
  return {
    session: { ...session, token, readOnly: null, defaultFacilityId: null },
    user: carrierSessionUser(personItem as unknown as CarrierPerson),
  };
};

/** The carrier person a number signs in as, for the auth domain's code flow. */
async function personAccount(phone: string): Promise<CodeAccount | null> {
  const claim = await personOfPhone(phone);
  // A second read either way, so the answer's time does not tell a held number from another (issue #52).
  const person = await getPerson(claim?.identityId ?? '-', claim?.personId ?? '-');
  if (!person) return null;
  return {
    tenantId: identityTenant(person.identityId),
    userId: person.id,
    username: person.name,
    language: person.language,
  };
}

export const requestPersonCode = (phoneNumber: string, ip: string) => requestCodeFor(phoneNumber, ip, personAccount);
export const signInPerson = (input: { phoneNumber: string; code: string }, ip: string) =>
  signInWithCodeFor(input, ip, personAccount);

// A carrier's links with hubs (issue #59): registration of the platform carrier; a hub invites a
// carrier by GSTIN or mobile number naming its own carrier record, the carrier accepts; a carrier asks a
// hub, the hub approves naming its record; the hub unlinks, which ends the carrier's access at once.
// Every step writes both copies of the link with the hub's and the carrier's audit records. An
// invitation is told to the carrier's owner by SMS, in the owner's language (the platform's text).
import { ConflictError, NotFoundError } from '../lib/errors';
import { getTenant } from '../lib/tenants';
import { logger } from '../lib/logger';
import { appOrigin } from '../lib/signed-link';
import type { Actor } from '../lib/audit';
import { getCarrier } from '../carriers';
import { sendMessage } from '../messaging';
import { normalizePhone } from '../users';
import { clipVariable, type Language } from '../../shared/contracts/messaging';
import { PATHS } from '../../shared/navigation';
import {
  CARRIER_IDENTITY_TEXTS as T,
  type CarrierInvitation,
  type HubCarrierLink,
} from '../../shared/contracts/carrier-identity';
import {
  carrierRecordClaimedBy,
  createIdentity,
  deleteLink,
  getHubLink,
  getIdentity,
  identityOfGstin,
  identityTenant,
  listIdentityLinks,
  listPeople,
  personOfPhone,
  writeLink,
} from './identity.store';

/** The hub is the fiduciary of what the carrier gives it (DPDP Act 2023), written on each link. */
const FIDUCIARY_NOTE =
  'Personal data of this carrier’s drivers given to this hub is held by the hub as its own data fiduciary.';

interface Who {
  actor: Actor;
  ip: string;
}

export function registerCarrier(
  input: { gstin: string; name: string; ownerName: string; phoneNumber: string; language?: Language },
  ip: string,
) {
  return createIdentity({ ...input, phone: normalizePhone(input.phoneNumber)! }, ip);
}

const hubName = async (tenantId: string) => (await getTenant(tenantId))?.name ?? null;

/**
 * The carrier's owner hears of a hub's invitation by SMS, in the owner's language, with the link to the
 * "My hubs" screen where it is accepted. A system SMS of the platform logged in the carrier's own space
 * (the owner's number is not the hub's to see). The invitation holds whatever becomes of the SMS: a
 * refusal is logged by messaging as failed, anything else here.
 */
async function tellOwner(link: HubCarrierLink, origin: string | null, now: Date): Promise<void> {
  const about = { tenantId: link.tenantId, identityId: link.identityId };
  try {
    const owner = (await listPeople(link.identityId)).find((p) => p.role === 'owner');
    if (!owner || !origin) {
      logger.warn('Carrier invitation SMS not sent', { ...about, reason: owner ? 'no site origin' : 'no owner' });
      return;
    }
    await sendMessage(
      {
        channel: 'sms',
        tenantId: identityTenant(link.identityId),
        to: owner.phoneNumber,
        template: 'carrier_invitation',
        values: { hub: clipVariable(link.hubName), inviteLink: `${origin}${PATHS.myHubs}` },
        language: owner.language,
      },
      now,
    );
  } catch (err) {
    logger.error('Carrier invitation SMS not sent', { ...about, err: String(err) });
  }
}

/**
 * The hub invites the carrier that holds the GSTIN or the mobile number. `origin` is the site the
 * request came through, for the owner's link (the deployment's app origin when none is given).
 */
export async function inviteCarrier(
  tenantId: string,
  input: { gstin?: string; phoneNumber?: string; carrierId: string },
  who: Who & { origin?: string },
  now = new Date(),
): Promise<HubCarrierLink> {
  const phone = input.phoneNumber ? normalizePhone(input.phoneNumber)! : null;
  const identityId = input.gstin ? await identityOfGstin(input.gstin) : (await personOfPhone(phone!))?.identityId;
  const [identity, carrier, name] = await Promise.all([
    identityId ? getIdentity(identityId) : null,
    getCarrier(tenantId, input.carrierId),
    hubName(tenantId),
  ]);
  if (!identity) throw new NotFoundError(T.noCarrier);
  if (!carrier || !name) throw new NotFoundError(T.carrierRecordNotFound);
  const existing = await getHubLink(tenantId, identity.id);
  if (existing?.status === 'linked') throw new ConflictError(T.alreadyLinked);
  if (existing?.status === 'invited') throw new ConflictError(T.alreadyInvited);
  const claimedBy = await carrierRecordClaimedBy(tenantId, carrier.id);
  if (claimedBy && claimedBy !== identity.id) throw new ConflictError(T.carrierTaken);
  const link: HubCarrierLink = {
    identityId: identity.id,
    gstin: identity.gstin,
    identityName: identity.name,
    tenantId,
    hubName: name,
    carrierId: carrier.id,
    status: 'invited',
    invitedBy: input.gstin ? { gstin: input.gstin } : { phoneNumber: phone! },
    message: null,
    fiduciary: FIDUCIARY_NOTE,
    createdAt: now.toISOString(),
    linkedAt: null,
  };
  // A carrier that had asked this hub is invited in its request's place.
  await writeLink(
    link,
    existing?.status ?? null,
    { actor: who.actor, ip: who.ip, action: 'carrier-link.invited' },
    now,
  );
  await tellOwner(link, who.origin ?? appOrigin(), now);
  return link;
}

export async function listInvitations(identityId: string): Promise<CarrierInvitation[]> {
  const links = await listIdentityLinks(identityId);
  return links
    .filter((l) => l.status === 'invited')
    .map((l) => ({ tenantId: l.tenantId, hubName: l.hubName, createdAt: l.createdAt }));
}

/** The carrier's owner accepts a hub's invitation: the link holds from now on. */
export async function acceptInvitation(identityId: string, tenantId: string, who: Who, now = new Date()) {
  const invited = await getHubLink(tenantId, identityId);
  if (invited?.status !== 'invited') throw new NotFoundError(T.noInvitation);
  const link: HubCarrierLink = { ...invited, status: 'linked', linkedAt: now.toISOString() };
  await writeLink(link, 'invited', { ...who, action: 'carrier-link.accepted' }, now);
  return link;
}

/** The carrier asks a hub to link; the hub approves naming its own carrier record. */
export async function askToLink(
  identityId: string,
  input: { hubId: string; message?: string },
  who: Who,
  now = new Date(),
): Promise<HubCarrierLink> {
  const [identity, name, existing] = await Promise.all([
    getIdentity(identityId),
    hubName(input.hubId),
    getHubLink(input.hubId, identityId),
  ]);
  if (!identity || !name) throw new NotFoundError(T.hubNotFound);
  if (existing?.status === 'linked') throw new ConflictError(T.alreadyLinked);
  if (existing) throw new ConflictError(T.alreadyAsked);
  const link: HubCarrierLink = {
    identityId,
    gstin: identity.gstin,
    identityName: identity.name,
    tenantId: input.hubId,
    hubName: name,
    carrierId: null,
    status: 'requested',
    invitedBy: null,
    message: input.message ?? null,
    fiduciary: FIDUCIARY_NOTE,
    createdAt: now.toISOString(),
    linkedAt: null,
  };
  await writeLink(link, null, { ...who, action: 'carrier-link.requested' }, now);
  return link;
}

export async function approveRequest(
  tenantId: string,
  identityId: string,
  carrierId: string,
  who: Who,
  now = new Date(),
): Promise<HubCarrierLink> {
  const [requested, carrier] = await Promise.all([getHubLink(tenantId, identityId), getCarrier(tenantId, carrierId)]);
  if (requested?.status !== 'requested') throw new NotFoundError(T.noRequest);
  if (!carrier) throw new NotFoundError(T.carrierRecordNotFound);
  const link: HubCarrierLink = { ...requested, carrierId, status: 'linked', linkedAt: now.toISOString() };
  await writeLink(link, 'requested', { ...who, action: 'carrier-link.approved' }, now);
  return link;
}

/** The hub ends the link (or withdraws an invitation, or turns a request down). */
export async function unlinkCarrier(tenantId: string, identityId: string, who: Who, now = new Date()) {
  const link = await getHubLink(tenantId, identityId);
  if (!link) throw new NotFoundError(T.noLink);
  await deleteLink(link, { ...who, action: 'carrier-link.unlinked' }, now);
}

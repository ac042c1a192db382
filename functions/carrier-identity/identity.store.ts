// A platform carrier's records (issue #59). Outside every tenant: the identity and its people in the
// carrier's own partition (CARRIERID#<id>), a claim per GSTIN and per mobile number so each names one
// carrier at most, and one copy of each hub link. Inside each hub's tenant: the hub's copy of the link
// (its list of platform carriers) and a claim on the hub's carrier record (one identity per record).
// A link's two copies are always written in one transaction with the hub's audit record.
import { randomUUID } from 'node:crypto';
import { auditPut, type Actor } from '../lib/audit';
import { config } from '../lib/config';
import { getItem, queryPrefix, transact } from '../lib/dynamo';
import { ConflictError, NotFoundError } from '../lib/errors';
import { tenantPk } from '../lib/table';
import { CARRIER_IDENTITY_TEXTS as T } from '../../shared/contracts/carrier-identity-texts';
import type { CarrierIdentity, CarrierPerson, HubCarrierLink } from '../../shared/contracts/carrier-identity';
import type { Language } from '../../shared/contracts/messaging';

export const identityKeys = {
  identity: (id: string) => ({ PK: `CARRIERID#${id}`, SK: 'IDENTITY' }),
  person: (id: string, personId: string) => ({ PK: `CARRIERID#${id}`, SK: `PERSON#${personId}` }),
  hubCopy: (id: string, tenantId: string) => ({ PK: `CARRIERID#${id}`, SK: `HUB#${tenantId}` }),
  gstin: (gstin: string) => ({ PK: `CARRIERGSTIN#${gstin}`, SK: 'CLAIM' }),
  phone: (phone: string) => ({ PK: `CARRIERPHONE#${phone}`, SK: 'CLAIM' }),
  hubLink: (tenantId: string, id: string) => ({ PK: tenantPk(tenantId, 'CARRIERLINK'), SK: id }),
  recordClaim: (tenantId: string, carrierId: string) => ({
    PK: tenantPk(tenantId, 'CARRIERLINKOF', carrierId),
    SK: 'CLAIM',
  }),
};

/** The session's tenant of a carrier's people: no hub's id can take this form (ids are UUIDs or slugs). */
export const IDENTITY_TENANT_PREFIX = 'carrier~';
export const identityTenant = (identityId: string) => `${IDENTITY_TENANT_PREFIX}${identityId}`;

const absent = 'attribute_not_exists(PK)';
const put = (Item: Record<string, unknown>, ConditionExpression?: string) => ({
  Put: { TableName: config.tableName, Item, ...(ConditionExpression ? { ConditionExpression } : {}) },
});

export const getIdentity = (id: string) => getItem<CarrierIdentity>(identityKeys.identity(id));
/** A person as read: one written before people had a language reads as English. */
const withLanguage = (person: CarrierPerson): CarrierPerson => ({ ...person, language: person.language ?? 'en' });

export async function getPerson(id: string, personId: string): Promise<CarrierPerson | null> {
  const person = await getItem<CarrierPerson>(identityKeys.person(id, personId));
  return person && withLanguage(person);
}
export const listPeople = async (id: string) =>
  (await queryPrefix<CarrierPerson>(`CARRIERID#${id}`, 'PERSON#')).map(withLanguage);

export async function identityOfGstin(gstin: string): Promise<string | null> {
  return (await getItem<{ identityId: string }>(identityKeys.gstin(gstin)))?.identityId ?? null;
}

export async function personOfPhone(phone: string): Promise<{ identityId: string; personId: string } | null> {
  return getItem<{ identityId: string; personId: string }>(identityKeys.phone(phone), true);
}

/** The new carrier, its owner, and the claims on its GSTIN and the owner's number, all or nothing. */
export async function createIdentity(
  input: { gstin: string; name: string; ownerName: string; phone: string; language?: Language },
  ip: string,
  now = new Date(),
): Promise<{ identity: CarrierIdentity; person: CarrierPerson }> {
  const at = now.toISOString();
  const identity: CarrierIdentity = { id: randomUUID(), gstin: input.gstin, name: input.name, createdAt: at };
  const person = newPerson(
    identity.id,
    { name: input.ownerName, phoneNumber: input.phone, role: 'owner', language: input.language },
    at,
  );
  const actor = { userId: person.id, username: person.name };
  await transact(
    [
      put({ ...identityKeys.gstin(input.gstin), entity: 'carrier-gstin', identityId: identity.id }, absent),
      put({ ...identityKeys.identity(identity.id), entity: 'carrier-identity', ...identity }, absent),
      ...personPuts(person),
      auditPut(
        {
          tenantId: identityTenant(identity.id),
          actor,
          action: 'carrier-identity.registered',
          entityType: 'carrier-identity',
          entityId: identity.id,
          after: { gstin: identity.gstin, name: identity.name },
          ip,
        },
        now,
      ),
    ],
    (index) => new ConflictError(index === 0 ? T.gstinTaken : T.phoneTaken),
  );
  return { identity, person };
}

interface PersonInput {
  name: string;
  phoneNumber: string;
  role: CarrierPerson['role'];
  licenseNumber?: string;
  id?: string;
  language?: Language;
}

function newPerson(identityId: string, input: PersonInput, at: string): CarrierPerson {
  return {
    id: input.id ?? randomUUID(),
    identityId,
    name: input.name,
    phoneNumber: input.phoneNumber,
    role: input.role,
    ...(input.role === 'driver' ? { licenseNumber: input.licenseNumber ?? null } : {}),
    language: input.language ?? 'en',
    createdAt: at,
  };
}

const personPuts = (person: CarrierPerson) => [
  put(
    {
      ...identityKeys.phone(person.phoneNumber),
      entity: 'carrier-phone',
      identityId: person.identityId,
      personId: person.id,
    },
    absent,
  ),
  put({ ...identityKeys.person(person.identityId, person.id), entity: 'carrier-person', ...person }, absent),
];

/** A dispatcher or driver added by the owner (or a hub's account moved over); the number must be no other carrier person's. */
export async function addPerson(
  identityId: string,
  input: PersonInput,
  actor: Actor,
  now = new Date(),
): Promise<CarrierPerson> {
  const person = newPerson(identityId, input, now.toISOString());
  await transact(
    [
      ...personPuts(person),
      auditPut(
        {
          tenantId: identityTenant(identityId),
          actor,
          action: `carrier-identity.${input.role}-added`,
          entityType: 'carrier-person',
          entityId: person.id,
        },
        now,
      ),
    ],
    () => new ConflictError(T.phoneTaken),
  );
  return person;
}

/**
 * A dispatcher or driver who left, removed by the owner: their record and the claim on their number go in
 * one transaction with the audit record, so the number signs in no more (the session lookup reads the
 * record) and may join another carrier. The owner stays. Their bookings at hubs keep the hubs' own copies.
 */
export async function removePerson(identityId: string, personId: string, actor: Actor, now = new Date()) {
  const person = await getPerson(identityId, personId);
  if (!person) throw new NotFoundError(T.personNotFound);
  if (person.role === 'owner') throw new ConflictError(T.ownerStays);
  await transact(
    [
      {
        Delete: {
          TableName: config.tableName,
          Key: identityKeys.person(identityId, personId),
          ConditionExpression: 'attribute_exists(PK)',
        },
      },
      {
        Delete: {
          TableName: config.tableName,
          Key: identityKeys.phone(person.phoneNumber),
          ConditionExpression: 'personId = :personId',
          ExpressionAttributeValues: { ':personId': personId },
        },
      },
      auditPut(
        {
          tenantId: identityTenant(identityId),
          actor,
          action: `carrier-identity.${person.role}-removed`,
          entityType: 'carrier-person',
          entityId: personId,
          before: { name: person.name, role: person.role },
        },
        now,
      ),
    ],
    () => new NotFoundError(T.personNotFound),
  );
}

/**
 * The language a person reads the product and gets messages in, as they chose it on a screen; audited, and
 * refused (not found) for a person who is no longer there.
 */
export async function setPersonLanguage(
  identityId: string,
  personId: string,
  language: Language,
  actor: Actor,
  now = new Date(),
): Promise<CarrierPerson> {
  const before = await getPerson(identityId, personId);
  if (!before) throw new NotFoundError(T.personNotFound);
  if (before.language === language) return before;
  await transact(
    [
      {
        Update: {
          TableName: config.tableName,
          Key: identityKeys.person(identityId, personId),
          UpdateExpression: 'SET #language = :language',
          ConditionExpression: 'attribute_exists(PK)',
          ExpressionAttributeNames: { '#language': 'language' },
          ExpressionAttributeValues: { ':language': language },
        },
      },
      auditPut(
        {
          tenantId: identityTenant(identityId),
          actor,
          action: 'carrier-identity.language-changed',
          entityType: 'carrier-person',
          entityId: personId,
          before: { language: before.language },
          after: { language },
        },
        now,
      ),
    ],
    () => new NotFoundError(T.personNotFound),
  );
  return { ...before, language };
}

/**
 * A carrier made by the move from per-hub carriers (migration.ts): no owner yet (the hub's accounts are
 * added as its people), its GSTIN claimed when it has one. False when it exists already.
 */
export async function putMigratedIdentity(identity: CarrierIdentity): Promise<boolean> {
  try {
    await transact(
      [
        ...(identity.gstin
          ? [put({ ...identityKeys.gstin(identity.gstin), entity: 'carrier-gstin', identityId: identity.id }, absent)]
          : []),
        put({ ...identityKeys.identity(identity.id), entity: 'carrier-identity', ...identity }, absent),
      ],
      () => new ConflictError(T.gstinTaken),
    );
    return true;
  } catch (err) {
    if (err instanceof ConflictError) return false;
    throw err;
  }
}

// ---- links

export const getHubLink = (tenantId: string, identityId: string) =>
  getItem<HubCarrierLink>(identityKeys.hubLink(tenantId, identityId), true);
export const listHubLinks = (tenantId: string) =>
  queryPrefix<HubCarrierLink>(identityKeys.hubLink(tenantId, '').PK, '', { consistent: true });
export const listIdentityLinks = (identityId: string) =>
  queryPrefix<HubCarrierLink>(`CARRIERID#${identityId}`, 'HUB#', { consistent: true });

export async function carrierRecordClaimedBy(tenantId: string, carrierId: string): Promise<string | null> {
  return (
    (await getItem<{ identityId: string }>(identityKeys.recordClaim(tenantId, carrierId), true))?.identityId ?? null
  );
}

/**
 * Writes a link's new state on both sides, with the hub's audit record and the identity's. `expected`
 * is the status the hub's copy must hold now (null: none), so two racing changes cannot both win.
 * A link that becomes 'linked' claims the hub's carrier record; one that ends releases it.
 */
export async function writeLink(
  link: HubCarrierLink,
  expected: HubCarrierLink['status'] | null,
  audit: { action: string; actor: Actor; ip: string },
  now = new Date(),
): Promise<void> {
  const condition = expected
    ? {
        ConditionExpression: '#s = :s',
        ExpressionAttributeNames: { '#s': 'status' },
        ExpressionAttributeValues: { ':s': expected },
      }
    : { ConditionExpression: absent };
  const claim =
    link.status === 'linked' && link.carrierId
      ? [
          put(
            {
              ...identityKeys.recordClaim(link.tenantId, link.carrierId),
              entity: 'carrier-link-claim',
              identityId: link.identityId,
            },
            'attribute_not_exists(PK) OR identityId = :me',
          ),
        ]
      : [];
  if (claim[0]) Object.assign(claim[0].Put, { ExpressionAttributeValues: { ':me': link.identityId } });
  await transact(
    [
      {
        Put: {
          TableName: config.tableName,
          Item: { ...identityKeys.hubLink(link.tenantId, link.identityId), entity: 'carrier-link', ...link },
          ...condition,
        },
      },
      put({ ...identityKeys.hubCopy(link.identityId, link.tenantId), entity: 'carrier-link-copy', ...link }),
      ...claim,
      ...linkAudits(link, audit, now),
    ],
    (index) => new ConflictError(index === 2 && claim.length ? T.carrierTaken : expected ? T.noLink : T.alreadyInvited),
  );
}

/** Ends a link (or refuses an invitation or request): both copies and the record's claim go, at once. */
export async function deleteLink(
  link: HubCarrierLink,
  audit: { action: string; actor: Actor; ip: string },
  now = new Date(),
): Promise<void> {
  const del = (Key: { PK: string; SK: string }) => ({ Delete: { TableName: config.tableName, Key } });
  await transact(
    [
      {
        Delete: {
          TableName: config.tableName,
          Key: identityKeys.hubLink(link.tenantId, link.identityId),
          ConditionExpression: '#s = :s',
          ExpressionAttributeNames: { '#s': 'status' },
          ExpressionAttributeValues: { ':s': link.status },
        },
      },
      del(identityKeys.hubCopy(link.identityId, link.tenantId)),
      ...(link.status === 'linked' && link.carrierId
        ? [del(identityKeys.recordClaim(link.tenantId, link.carrierId))]
        : []),
      ...linkAudits(link, audit, now),
    ],
    () => new ConflictError(T.noLink),
  );
}

function linkAudits(link: HubCarrierLink, audit: { action: string; actor: Actor; ip: string }, now: Date) {
  const entry = {
    actor: audit.actor,
    action: audit.action,
    entityType: 'carrier-link',
    entityId: link.identityId,
    after: { status: link.status, carrierId: link.carrierId, gstin: link.gstin, hub: link.tenantId },
    ip: audit.ip,
  };
  return [
    auditPut({ ...entry, tenantId: link.tenantId }, now),
    auditPut({ ...entry, tenantId: identityTenant(link.identityId) }, now),
  ];
}

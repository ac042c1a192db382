// The move from per-hub carriers to platform carriers (issue #59.5): a one-off, idempotent pass over
// every tenant (its list, GSI3), each hub's carrier records and its carrier-side accounts. A record with
// a valid GSTIN joins the platform carrier of that GSTIN (made when none exists): records of one carrier
// at several hubs become one carrier, linked to each. A record without one becomes a carrier of its own
// (its id derived from the hub and the record, so a second run finds it). Each record is linked to its
// carrier as the hub's record; each active account of the carrier with a mobile number becomes one of
// the carrier's people: a driver account as a driver with the id of its hub driver record, the first
// other account as owner, the rest as dispatchers, each in the account's language (English when it has
// none). Nothing is deleted or changed at the hub; a number
// already a carrier person's, or an account without one, is counted and left.
import { createHash } from 'node:crypto';
import { getTenant, listTenantIds } from '../lib/tenants';
import { listCarriers } from '../carriers';
import { listUsers, normalizePhone, type User } from '../users';
import { bookingLinkFor } from '../../shared/roles';
import { isValidGstin } from '../../shared/gstin';
import type { CarrierIdentity, CarrierPerson, HubCarrierLink } from '../../shared/contracts/carrier-identity';
import {
  addPerson,
  carrierRecordClaimedBy,
  getHubLink,
  getIdentity,
  identityOfGstin,
  listPeople,
  personOfPhone,
  putMigratedIdentity,
  writeLink,
} from './identity.store';

export interface MigrationReport {
  tenants: number;
  carrierRecords: number;
  carriersMade: number;
  linksMade: number;
  peopleMade: number;
  /** Accounts left: no mobile number, or a number already a carrier person's. */
  accountsLeft: number;
}

const SYSTEM = { actor: { userId: 'migration', username: 'carrier-identity migration' }, ip: '127.0.0.1' };
const derivedId = (text: string) => `m-${createHash('sha256').update(text).digest('hex').slice(0, 32)}`;

async function identityFor(
  tenantId: string,
  record: { id: string; name: string; gstin?: string | null },
  report: MigrationReport,
  now: Date,
): Promise<string> {
  const claimed = await carrierRecordClaimedBy(tenantId, record.id);
  if (claimed) return claimed;
  const gstin = record.gstin && isValidGstin(record.gstin) ? record.gstin.trim().toUpperCase() : null;
  const existing = gstin ? await identityOfGstin(gstin) : null;
  if (existing) return existing;
  const id = derivedId(gstin ? `gstin:${gstin}` : `record:${tenantId}:${record.id}`);
  const identity: CarrierIdentity = { id, gstin, name: record.name, createdAt: now.toISOString() };
  if (await putMigratedIdentity(identity)) report.carriersMade++;
  // Someone else claimed the GSTIN meanwhile (a registration): that carrier is the one.
  return gstin ? ((await identityOfGstin(gstin)) ?? id) : id;
}

async function linkRecord(
  tenantId: string,
  hubName: string,
  carrierId: string,
  identityId: string,
  report: MigrationReport,
  now: Date,
) {
  if (await getHubLink(tenantId, identityId)) return;
  const identity = (await getIdentity(identityId))!;
  const link: HubCarrierLink = {
    identityId,
    gstin: identity.gstin,
    identityName: identity.name,
    tenantId,
    hubName,
    carrierId,
    status: 'linked',
    invitedBy: null,
    message: null,
    fiduciary:
      'Personal data of this carrier’s drivers given to this hub is held by the hub as its own data fiduciary.',
    createdAt: now.toISOString(),
    linkedAt: now.toISOString(),
  };
  await writeLink(link, null, { ...SYSTEM, action: 'carrier-link.migrated' }, now);
  report.linksMade++;
}

async function movePeople(identityId: string, accounts: User[], report: MigrationReport) {
  const people: CarrierPerson[] = await listPeople(identityId);
  let hasOwner = people.some((p) => p.role === 'owner');
  for (const user of accounts) {
    const phone = user.phoneNumber ? normalizePhone(user.phoneNumber) : null;
    if (!phone || (await personOfPhone(phone))) {
      report.accountsLeft++;
      continue;
    }
    const role = user.driverId ? 'driver' : hasOwner ? 'dispatcher' : 'owner';
    const name = [user.firstName, user.lastName].filter(Boolean).join(' ') || user.username;
    await addPerson(
      identityId,
      {
        name,
        phoneNumber: phone,
        role,
        language: user.language ?? 'en',
        ...(user.driverId ? { id: user.driverId } : {}),
      },
      SYSTEM.actor,
    );
    hasOwner ||= role === 'owner';
    report.peopleMade++;
  }
}

export async function linkExistingCarriers(now = new Date()): Promise<MigrationReport> {
  const report: MigrationReport = {
    tenants: 0,
    carrierRecords: 0,
    carriersMade: 0,
    linksMade: 0,
    peopleMade: 0,
    accountsLeft: 0,
  };
  for (const tenantId of await listTenantIds()) {
    const [tenant, records, users] = await Promise.all([
      getTenant(tenantId),
      listCarriers(tenantId),
      listUsers(tenantId),
    ]);
    if (!tenant) continue;
    report.tenants++;
    const carrierAccounts = users.filter(
      (u) => u.carrierId && u.status === 'active' && bookingLinkFor([u.role, ...(u.extraRoles ?? [])]) !== null,
    );
    for (const record of records) {
      report.carrierRecords++;
      const identityId = await identityFor(tenantId, record, report, now);
      await linkRecord(tenantId, tenant.name, record.id, identityId, report, now);
      await movePeople(
        identityId,
        carrierAccounts.filter((u) => u.carrierId === record.id),
        report,
      );
    }
  }
  return report;
}

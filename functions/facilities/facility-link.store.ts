// Facility links: each facility's shareable booking and registration link is an opaque token (it names
// neither the tenant nor the facility). One global item resolves the token with a GetItem; one item in
// the tenant's partition finds the facility's token. Both are written together, once per facility.
import { randomBytes } from 'node:crypto';
import { config } from '../lib/config';
import { getItem, transact } from '../lib/dynamo';
import { ConflictError } from '../lib/errors';
import { auditPut, type Actor } from '../lib/audit';
import { TENANCY_TEXTS } from '../../shared/contracts/tenancy';
import { tenantPk } from '../lib/table';

export interface FacilityLink {
  token: string;
  tenantId: string;
  facilityId: string;
  createdAt: string;
}

export const facilityLinkKeys = {
  token: (token: string) => ({ PK: `FACILITY-LINK#${token}`, SK: 'LINK' }),
  ofFacility: (tenantId: string, facilityId: string) => ({ PK: tenantPk(tenantId), SK: `FACILITY-LINK#${facilityId}` }),
};

export const newFacilityLinkToken = () => randomBytes(12).toString('base64url');

export function findFacilityLink(token: string): Promise<FacilityLink | null> {
  return getItem<FacilityLink>(facilityLinkKeys.token(token));
}

export function linkOfFacility(tenantId: string, facilityId: string): Promise<FacilityLink | null> {
  return getItem<FacilityLink>(facilityLinkKeys.ofFacility(tenantId, facilityId), true);
}

export function newFacilityLinkPuts(link: FacilityLink) {
  return [
    {
      Put: {
        TableName: config.tableName,
        Item: { ...facilityLinkKeys.ofFacility(link.tenantId, link.facilityId), entity: 'facility-link', ...link },
        ConditionExpression: 'attribute_not_exists(PK)',
      },
    },
    {
      Put: {
        TableName: config.tableName,
        Item: { ...facilityLinkKeys.token(link.token), entity: 'facility-link', ...link },
        ConditionExpression: 'attribute_not_exists(PK)',
      },
    },
  ];
}

/** The facility's link, made on first use (when two requests make it at once, the first one wins). */
export async function ensureFacilityLink(
  tenantId: string,
  facilityId: string,
  token = newFacilityLinkToken(),
  now = new Date(),
): Promise<FacilityLink> {
  const existing = await linkOfFacility(tenantId, facilityId);
  if (existing) return existing;
  const link = { token, tenantId, facilityId, createdAt: now.toISOString() };
  try {
    await transact(newFacilityLinkPuts(link), () => new ConflictError('link exists'));
    return link;
  } catch (err) {
    const raced = err instanceof ConflictError ? await linkOfFacility(tenantId, facilityId) : null;
    if (raced) return raced;
    throw err;
  }
}

/**
 * Replaces the facility's link with a new token in one transaction: the old token's item is deleted
 * (so the old link, its QR code and any gate QR made from it stop working at once) and the
 * facility's item names the new one, conditioned on still naming the old (two rotations at once:
 * one wins, the other is a conflict).
 */
export async function rotateFacilityLinkToken(
  old: FacilityLink,
  actor: Actor,
  token = newFacilityLinkToken(),
  now = new Date(),
): Promise<FacilityLink> {
  const link = { token, tenantId: old.tenantId, facilityId: old.facilityId, createdAt: now.toISOString() };
  await transact(
    [
      {
        Put: {
          TableName: config.tableName,
          Item: { ...facilityLinkKeys.ofFacility(link.tenantId, link.facilityId), entity: 'facility-link', ...link },
          ConditionExpression: '#token = :old',
          ExpressionAttributeNames: { '#token': 'token' },
          ExpressionAttributeValues: { ':old': old.token },
        },
      },
      {
        Put: {
          TableName: config.tableName,
          Item: { ...facilityLinkKeys.token(link.token), entity: 'facility-link', ...link },
          ConditionExpression: 'attribute_not_exists(PK)',
        },
      },
      { Delete: { TableName: config.tableName, Key: facilityLinkKeys.token(old.token) } },
      auditPut(
        {
          tenantId: link.tenantId,
          actor,
          action: 'facility-link.rotated',
          entityType: 'facility',
          entityId: link.facilityId,
          before: { createdAt: old.createdAt },
          after: { createdAt: link.createdAt },
        },
        now,
      ),
    ],
    () => new ConflictError(TENANCY_TEXTS.linkReplaced),
  );
  return link;
}

// Booking links (issue #32): one item per link in its own partition (BOOKING-LINK#<id>: the public page
// knows no tenant before it reads it), listed per facility through GSI1; the tenant's key signs the
// link's token and hashes its access code; the code itself is kept only sealed (functions/lib/secrets.ts,
// bound to the tenant), for sending the link again (issue #53). Wrong codes are counted on the link's item itself.
import { randomBytes } from 'node:crypto';
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { ddb } from '../lib/aws';
import { config } from '../lib/config';
import { getItem, queryPrefix, transact } from '../lib/dynamo';
import { auditPut, type Actor } from '../lib/audit';
import { ConflictError } from '../lib/errors';
import { linkSigningKey } from '../lib/signed-link';
import { revisionCondition, revisionOf } from '../lib/revision';
import { tenantPk } from '../lib/table';
import { BOOKING_LINK_TEXTS } from '../../shared/contracts/booking-links';

export interface StoredBookingLink {
  id: string;
  tenantId: string;
  facilityId: string;
  label: string;
  carrierId: string | null;
  carrierName: string | null;
  /** HMAC of the id and the code with the tenant's booking-link key: what the page's code is checked against. */
  codeHash: string;
  /** The code sealed for the tenant, so staff can send the link again; never answered. Absent on links made before issue #53. */
  codeSealed?: string | null;
  expiresAt: string;
  revokedAt: string | null;
  /** Wrong codes since the last right one (or the last lock); the link is refused until `lockedUntil`. */
  failedAttempts: number;
  lockedUntil: string | null;
  createdAt: string;
  createdBy: string | null;
  revision: number;
}

const linkKey = (id: string) => ({ PK: `BOOKING-LINK#${id}`, SK: 'LINK' });
const facilityIndex = (link: Pick<StoredBookingLink, 'tenantId' | 'facilityId' | 'createdAt' | 'id'>) => ({
  GSI1PK: tenantPk(link.tenantId, 'BOOKING-LINKS', link.facilityId),
  GSI1SK: `${link.createdAt}#${link.id}`,
});

export const newBookingLinkId = () => randomBytes(12).toString('base64url');

/** The tenant's key for booking links: signs their tokens and hashes their codes. */
export const bookingLinkKey = (tenantId: string) =>
  linkSigningKey(tenantId, { PK: tenantPk(tenantId, 'BOOKING-LINKS'), SK: 'SIGNING-KEY' }, 'booking-link-key');

export function getBookingLink(id: string): Promise<StoredBookingLink | null> {
  return getItem<StoredBookingLink>(linkKey(id), true);
}

export async function listFacilityBookingLinks(tenantId: string, facilityId: string): Promise<StoredBookingLink[]> {
  const links = await queryPrefix<StoredBookingLink>(tenantPk(tenantId, 'BOOKING-LINKS', facilityId), '', {
    index: 'GSI1',
  });
  return links.reverse();
}

export async function putNewBookingLink(link: StoredBookingLink, actor: Actor, now: Date): Promise<void> {
  const { codeHash: _secret, codeSealed: _sealed, ...shown } = link;
  await transact(
    [
      {
        Put: {
          TableName: config.tableName,
          Item: { ...linkKey(link.id), ...facilityIndex(link), entity: 'booking-link', ...link },
          ConditionExpression: 'attribute_not_exists(PK)',
        },
      },
      auditPut(
        {
          tenantId: link.tenantId,
          actor,
          action: 'booking-link.created',
          entityType: 'booking-link',
          entityId: link.id,
          after: shown,
        },
        now,
      ),
    ],
    () => new ConflictError('Please try again'),
  );
}

/** Revokes the link or gives it a new code, at the revision read, audited in the same transaction. */
export async function changeBookingLink(
  before: StoredBookingLink,
  change: { revokedAt: string } | { codeHash: string; codeSealed: string },
  actor: Actor,
  now: Date,
): Promise<StoredBookingLink> {
  const seen = revisionOf(before);
  const after: StoredBookingLink = { ...before, ...change, failedAttempts: 0, lockedUntil: null, revision: seen + 1 };
  const revoking = 'revokedAt' in change;
  await transact(
    [
      {
        Put: {
          TableName: config.tableName,
          Item: { ...linkKey(after.id), ...facilityIndex(after), entity: 'booking-link', ...after },
          ...notRevokedAt(seen),
        },
      },
      auditPut(
        {
          tenantId: after.tenantId,
          actor,
          action: revoking ? 'booking-link.revoked' : 'booking-link.code-regenerated',
          entityType: 'booking-link',
          entityId: after.id,
          before: { revokedAt: before.revokedAt, revision: seen },
          after: { revokedAt: after.revokedAt, revision: after.revision },
        },
        now,
      ),
    ],
    () => new ConflictError(BOOKING_LINK_TEXTS.alreadyRevoked),
  );
  return after;
}

/** The condition of a change of the link read at revision `seen`: it must still be in force. */
function notRevokedAt(seen: number) {
  const condition = revisionCondition(seen, 'revokedAt = :notRevoked');
  return { ...condition, ExpressionAttributeValues: { ...condition.ExpressionAttributeValues, ':notRevoked': null } };
}

/** Counts a wrong code; the one that reaches `attempts` locks the link until `lockUntil` and starts the count again. */
export async function countWrongCode(id: string, attempts: number, lockUntil: string): Promise<boolean> {
  const counted = await ddb().send(
    new UpdateCommand({
      TableName: config.tableName,
      Key: linkKey(id),
      UpdateExpression: 'ADD failedAttempts :one',
      ConditionExpression: 'attribute_exists(PK)',
      ExpressionAttributeValues: { ':one': 1 },
      ReturnValues: 'UPDATED_NEW',
    }),
  );
  if (Number(counted.Attributes?.failedAttempts ?? 0) < attempts) return false;
  await ddb().send(
    new UpdateCommand({
      TableName: config.tableName,
      Key: linkKey(id),
      UpdateExpression: 'SET lockedUntil = :until, failedAttempts = :zero',
      ExpressionAttributeValues: { ':until': lockUntil, ':zero': 0 },
    }),
  );
  return true;
}

/** A right code clears the count of wrong ones. */
export async function clearWrongCodes(id: string): Promise<void> {
  await ddb().send(
    new UpdateCommand({
      TableName: config.tableName,
      Key: linkKey(id),
      UpdateExpression: 'SET failedAttempts = :zero',
      ConditionExpression: 'attribute_exists(PK)',
      ExpressionAttributeValues: { ':zero': 0 },
    }),
  );
}

// Invitations: one item keyed by the SHA-256 of its single-use token (the token itself is only in the
// message sent to the invitee), listed per tenant through GSI1. Accepting and revoking are
// conditional on the invitation still being pending, so a link works once.
import { createHash, randomBytes } from 'node:crypto';
import { config } from '../lib/config';
import { getItem, queryPrefix } from '../lib/dynamo';
import { tenantPk } from '../lib/table';
import type { InvitableRole, InvitationStatus } from '../../shared/contracts/tenancy';

export interface Invitation {
  id: string;
  tenantId: string;
  tenantName: string;
  email: string | null;
  phoneNumber: string | null;
  role: InvitableRole;
  status: InvitationStatus;
  tokenHash: string;
  invitedBy: string;
  createdAt: string;
  expiresAt: string;
  acceptedAt?: string | null;
  acceptedBy?: string | null;
}

export const tokenHashOf = (token: string) => createHash('sha256').update(token).digest('hex');
export const newInvitationToken = () => randomBytes(32).toString('base64url');

export const invitationKeys = {
  key: (tokenHash: string) => ({ PK: `INVITATION#${tokenHash}`, SK: 'INVITATION' }),
  byTenant: (tenantId: string) => tenantPk(tenantId, 'INVITATIONS'),
  sortKey: (id: string) => `INVITATION#${id}`,
};

export function findInvitation(token: string): Promise<Invitation | null> {
  return getItem<Invitation>(invitationKeys.key(tokenHashOf(token)), true);
}

export function listInvitations(tenantId: string): Promise<Invitation[]> {
  return queryPrefix<Invitation>(invitationKeys.byTenant(tenantId), 'INVITATION#', { index: 'GSI1' });
}

/** One invitation of the tenant by id (a Query on the tenant's GSI1 key), or null. */
export async function getInvitation(tenantId: string, id: string): Promise<Invitation | null> {
  const found = await queryPrefix<Invitation>(invitationKeys.byTenant(tenantId), invitationKeys.sortKey(id), {
    index: 'GSI1',
  });
  return found.find((i) => i.id === id && i.tenantId === tenantId) ?? null;
}

export function newInvitationPut(invitation: Invitation) {
  return {
    Put: {
      TableName: config.tableName,
      Item: {
        ...invitationKeys.key(invitation.tokenHash),
        GSI1PK: invitationKeys.byTenant(invitation.tenantId),
        GSI1SK: invitationKeys.sortKey(invitation.id),
        entity: 'invitation',
        ...invitation,
      },
      ConditionExpression: 'attribute_not_exists(PK)',
    },
  };
}

/** Closes a pending, unexpired invitation of its tenant: accepted (by the user) or revoked. */
export function closeInvitationUpdate(
  invitation: Invitation,
  status: 'accepted' | 'revoked',
  now: Date,
  acceptedBy: string | null = null,
) {
  return {
    Update: {
      TableName: config.tableName,
      Key: invitationKeys.key(invitation.tokenHash),
      UpdateExpression: 'SET #status = :status, acceptedAt = :at, acceptedBy = :by',
      ConditionExpression:
        '#status = :pending AND tenantId = :tenant' + (status === 'accepted' ? ' AND expiresAt > :at' : ''),
      ExpressionAttributeNames: { '#status': 'status' },
      ExpressionAttributeValues: {
        ':status': status,
        ':pending': 'pending',
        ':tenant': invitation.tenantId,
        ':at': now.toISOString(),
        ':by': status === 'accepted' ? acceptedBy : null,
      },
    },
  };
}

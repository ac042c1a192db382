// Memberships: a login that belongs to more than one tenant (a carrier's dispatcher, a 3PL's manager).
// The user record stays in its home tenant; each further tenant it may enter is one item under the
// user's own partition, read with one GetItem on every request made in that tenant and listed with
// one Query for the tenant switch.
import { config } from '../lib/config';
import { getItem, queryPrefix } from '../lib/dynamo';
import { tenantPk } from '../lib/table';

export interface Membership {
  userId: string;
  tenantId: string;
  tenantName: string;
  role: string;
  createdAt: string;
  invitationId: string | null;
}

export const membershipKeys = {
  key: (userId: string, tenantId: string) => ({ PK: `MEMBERSHIP#${userId}`, SK: `OF#${tenantId}` }),
  /** The tenant's side (GSI1), so a tenant can list who entered through invitations. */
  members: (tenantId: string) => tenantPk(tenantId, 'MEMBERS'),
};

export function getMembership(userId: string, tenantId: string): Promise<Membership | null> {
  return getItem<Membership>(membershipKeys.key(userId, tenantId));
}

export function membershipsOf(userId: string): Promise<Membership[]> {
  return queryPrefix<Membership>(`MEMBERSHIP#${userId}`, 'OF#', { consistent: true });
}

/** The TransactWriteItems element of a new membership; refused when the user is a member already. */
export function newMembershipPut(membership: Membership) {
  return {
    Put: {
      TableName: config.tableName,
      Item: {
        ...membershipKeys.key(membership.userId, membership.tenantId),
        GSI1PK: membershipKeys.members(membership.tenantId),
        GSI1SK: `USER#${membership.userId}`,
        entity: 'membership',
        ...membership,
      },
      ConditionExpression: 'attribute_not_exists(PK)',
    },
  };
}

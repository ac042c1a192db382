// The decision on a registration (issue #29.2): the approver grants a role they may grant
// (shared/roles.ts grantableRoles) and links what the account books for; or rejects with a reason.
// Either is taken on the account as the administrator loaded it, and the applicant hears of it.
import { ConflictError, BadRequestError, NotFoundError, RevisionConflictError } from '../lib/errors';
import { changeAtRevision } from '../lib/revision';
import { sendMessage } from '../messaging';
import { domainEventItem } from '../lib/events';
import type { Actor } from '../lib/audit';
import { getUser, saveUser, type User } from './user.store';
import { PRODUCT_NAME } from '../../shared/product';
import { USERS_TEXTS } from '../../shared/contracts/users';
import { planCarrierLink, planDriverLink, type Applicant, type LinkRequest } from '../carriers';
import { bookingLinkFor, grantableRoles, type Permission, type Role } from '../../shared/roles';
import { adminView } from './service';
/** A decision on a registration: taken on the account as the administrator loaded it (`seen`), if still pending. */
function decide<T>(
  tenantId: string,
  userId: string,
  seen: number | undefined,
  apply: (pending: User) => Promise<T>,
): Promise<T> {
  return changeAtRevision({
    read: () => getUser(tenantId, userId, true),
    seen,
    view: adminView,
    apply: (user) => {
      if (!user) throw new NotFoundError('User not found');
      if (user.status !== 'pending')
        throw new ConflictError(`This registration was already ${user.status === 'active' ? 'approved' : 'rejected'}`);
      return apply(user);
    },
  });
}

/** The decision by e-mail (the text) and by SMS (the registered template of the same words). */
async function tell(
  user: User,
  text: string,
  sms: { template: 'registration_approved' | 'registration_rejected'; values?: { reason: string } },
) {
  const messages = [];
  if (user.email)
    messages.push(
      sendMessage({ channel: 'email', to: user.email, subject: `${PRODUCT_NAME}: your registration`, text }),
    );
  if (user.phoneNumber)
    messages.push(sendMessage({ channel: 'sms', tenantId: user.tenantId, to: user.phoneNumber, ...sms }));
  await Promise.all(messages);
}

/** The approver and what they may grant (shared/roles.ts grantableRoles). */
export interface Approver extends Actor {
  permissions: readonly Permission[];
}

/**
 * Approves a registration with a role the approver may grant. An account that books without
 * appointments:write is linked in the same transaction to what it books for
 * (functions/carriers/account-link.ts): a driver to a driver record, anyone else to a carrier; the
 * answer says what was linked.
 */
export async function approveUser(
  tenantId: string,
  userId: string,
  approver: Approver,
  request: LinkRequest & { revision?: number; role?: Role } = { carrierId: null, driverId: null },
  now = new Date(),
) {
  const actor: Actor = { userId: approver.userId, username: approver.username };
  const { user: after, link } = await decide(tenantId, userId, request.revision, async (asked) => {
    const before = { ...asked, role: request.role ?? asked.role };
    if (!(grantableRoles(approver.permissions) as string[]).includes(before.role))
      throw new BadRequestError(USERS_TEXTS.roleNotGrantable, { role: USERS_TEXTS.roleNotGrantable });
    const planned = await planLink(before, request, actor, now);
    const link = planned?.link ?? null;
    if (!planned && (request.carrierId || request.driverId))
      throw new BadRequestError('This account books for anyone and is not linked to a carrier or driver', {
        carrierId: 'Not linked for this role',
      });
    const changed: User = {
      ...before,
      status: 'active',
      isVerified: true,
      decidedAt: now.toISOString(),
      decidedBy: actor.username,
      ...(link ? { carrierId: link.carrierId, driverId: link.driverId } : {}),
    };
    const refused = () =>
      new ConflictError(
        'The carrier or driver to link changed meanwhile (the driver may be linked to another account). Refresh and try again.',
      );
    const event = domainEventItem(
      {
        type: 'user.approved',
        tenantId,
        detail: { userId, role: before.role, carrierId: link?.carrierId ?? null, driverId: link?.driverId ?? null },
      },
      now,
    );
    return {
      user: await saveUser(asked, changed, actor, 'user.approved', now, {
        items: [...(planned?.items ?? []), event],
        refused,
      }),
      link,
    };
  });
  await tell(after, `Your ${PRODUCT_NAME} account has been approved. You can now sign in.`, {
    template: 'registration_approved',
  });
  return { user: after, link };
}

/** Drivers link to a driver record; other roles that book but do not act for everyone, to a carrier. */
function planLink(user: User, request: LinkRequest, actor: Actor, now: Date) {
  const linksTo = bookingLinkFor([user.role, ...user.extraRoles]);
  if (!linksTo) return null;
  const profile = user.profile ?? {};
  const applicant: Applicant = {
    id: user.id,
    firstName: user.firstName,
    lastName: user.lastName,
    email: user.email,
    phoneNumber: user.phoneNumber,
    companyName: (profile.companyName as string | undefined) ?? null,
    driverLicense: (profile.driverLicense as string | undefined) ?? null,
  };
  return linksTo === 'driver'
    ? planDriverLink(user.tenantId, applicant, request, actor, now)
    : planCarrierLink(user.tenantId, applicant, request, actor, now);
}

export async function rejectUser(
  tenantId: string,
  userId: string,
  reason: string,
  actor: Actor,
  seen?: number,
  now = new Date(),
) {
  const after = await decide(tenantId, userId, seen, (before) => {
    const event = domainEventItem(
      { type: 'user.rejected', tenantId, detail: { userId, role: before.role, reason } },
      now,
    );
    const changed: User = {
      ...before,
      status: 'rejected',
      isVerified: false,
      rejectionReason: reason,
      decidedAt: now.toISOString(),
      decidedBy: actor.username,
    };
    return saveUser(before, changed, actor, 'user.rejected', now, {
      items: [event],
      refused: () => new RevisionConflictError(),
    });
  });
  await tell(after, `Your ${PRODUCT_NAME} registration was not approved. Reason: ${reason}`, {
    template: 'registration_rejected',
    values: { reason },
  });
  return after;
}

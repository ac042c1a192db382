// Invitations (issue #18): a tenant admin invites staff by e-mail or mobile with a role; the message
// carries a single-use link that expires after 7 days. A new invitee sets a password and gets an
// account in the inviting tenant; someone who already signs in (another hub's staff) proves the
// password and gets a membership instead, so one login reaches several hubs.
import { randomUUID } from 'node:crypto';
import type * as z from 'zod/mini';
import { auditPut, type Actor } from '../lib/audit';
import { transact } from '../lib/dynamo';
import { BadRequestError, ConflictError, HttpError, NotFoundError, UnauthorizedError } from '../lib/errors';
import { hashPassword, verifyPassword } from '../lib/passwords';
import { rateLimit } from '../lib/throttle';
import { sendMessage } from '../messaging';
import { findUserByIdentifier, newUserPuts, normalizePhone, type User } from '../users';
import { getTenant } from './tenant.store';
import { getMembership, newMembershipPut } from './membership.store';
import {
  closeInvitationUpdate,
  findInvitation,
  getInvitation,
  listInvitations,
  newInvitationPut,
  newInvitationToken,
  tokenHashOf,
  type Invitation,
} from './invitation.store';
import { PRODUCT_NAME } from '../../shared/product';
import {
  strongPassword,
  TENANCY_TEXTS,
  type acceptInvitationSchema,
  type InvitationPreview,
  type invitationSchema,
  type InvitationView,
} from '../../shared/contracts/tenancy';

export const INVITATION_DAYS = 7;
const PASSWORD_TRIES = { limit: 5, windowSeconds: 3600 };
const ROLE_NAMES: Record<string, string> = {
  admin: 'Admin',
  operations: 'Operations',
  yard_manager: 'Yard Manager',
  operations_manager: 'Operations Manager',
  warehouse_manager: 'Warehouse Manager',
  security_officer: 'Security Officer',
  spectator: 'Spectator',
};

const isExpired = (invitation: Invitation, now: Date) => invitation.expiresAt <= now.toISOString();

export function invitationView(invitation: Invitation, now = new Date()): InvitationView {
  const status = invitation.status === 'pending' && isExpired(invitation, now) ? 'expired' : invitation.status;
  const { id, email, phoneNumber, role, invitedBy, createdAt, expiresAt } = invitation;
  return { id, email, phoneNumber, role, status, invitedBy, createdAt, expiresAt };
}

export async function tenantInvitations(tenantId: string, now = new Date()): Promise<InvitationView[]> {
  const invitations = await listInvitations(tenantId);
  return invitations.sort((a, b) => b.createdAt.localeCompare(a.createdAt)).map((i) => invitationView(i, now));
}

/** The existing login an invitation is addressed to, if any. */
async function inviteeAccount(invitation: Pick<Invitation, 'email' | 'phoneNumber'>): Promise<User | null> {
  if (invitation.email) return findUserByIdentifier(invitation.email);
  return invitation.phoneNumber ? findUserByIdentifier(invitation.phoneNumber) : null;
}

async function isMember(user: User, tenantId: string) {
  return user.tenantId === tenantId || Boolean(await getMembership(user.id, tenantId));
}

export async function invite(
  tenantId: string,
  input: z.output<typeof invitationSchema>,
  actor: Actor,
  origin: string,
  now = new Date(),
): Promise<InvitationView> {
  const tenant = await getTenant(tenantId);
  if (!tenant) throw new NotFoundError('Organisation not found');
  const phoneNumber = input.phoneNumber ? normalizePhone(input.phoneNumber) : null;
  const existing = await inviteeAccount({ email: input.email, phoneNumber });
  if (existing && (await isMember(existing, tenantId)))
    throw new ConflictError('This person already belongs to your organisation', {
      email: 'Already a member of your organisation',
    });
  const token = newInvitationToken();
  const invitation: Invitation = {
    id: randomUUID(),
    tenantId,
    tenantName: tenant.name,
    email: input.email,
    phoneNumber,
    role: input.role,
    status: 'pending',
    tokenHash: tokenHashOf(token),
    invitedBy: actor.username,
    createdAt: now.toISOString(),
    expiresAt: new Date(now.getTime() + INVITATION_DAYS * 24 * 3600 * 1000).toISOString(),
  };
  const { tokenHash: _secret, ...audited } = invitation;
  await transact(
    [
      newInvitationPut(invitation),
      auditPut(
        {
          tenantId,
          actor,
          action: 'invitation.created',
          entityType: 'invitation',
          entityId: invitation.id,
          after: audited,
        },
        now,
      ),
    ],
    () => new ConflictError('The invitation could not be created. Please try again.'),
  );
  const link = `${origin}/invite/${token}`;
  const text = `${actor.username} invited you to join ${tenant.name} on ${PRODUCT_NAME} as ${ROLE_NAMES[input.role] ?? input.role}. Open ${link} to accept. The link works once and expires in ${INVITATION_DAYS} days.`;
  if (invitation.email)
    await sendMessage(
      { channel: 'email', to: invitation.email, subject: `${PRODUCT_NAME}: invitation to ${tenant.name}`, text },
      now,
    );
  else
    await sendMessage(
      {
        channel: 'sms',
        tenantId,
        to: phoneNumber!,
        template: 'hub_invitation',
        values: { hub: tenant.name, inviteLink: link },
      },
      now,
    );
  return invitationView(invitation, now);
}

export async function revokeInvitation(
  tenantId: string,
  id: string,
  actor: Actor,
  now = new Date(),
): Promise<InvitationView> {
  const invitation = await getInvitation(tenantId, id);
  if (!invitation) throw new NotFoundError('Invitation not found');
  if (invitation.status !== 'pending') throw new ConflictError(`This invitation was already ${invitation.status}`);
  await transact(
    [
      closeInvitationUpdate(invitation, 'revoked', now),
      auditPut(
        {
          tenantId,
          actor,
          action: 'invitation.revoked',
          entityType: 'invitation',
          entityId: id,
          before: { status: 'pending' },
          after: { status: 'revoked' },
        },
        now,
      ),
    ],
    () => new ConflictError('This invitation was already used or revoked'),
  );
  return invitationView({ ...invitation, status: 'revoked' }, now);
}

/** The invitation a link names while it can still be accepted; otherwise the clear reason why not. */
async function openInvitation(token: string, now: Date): Promise<Invitation> {
  const invitation = await findInvitation(token);
  if (!invitation) throw new NotFoundError(TENANCY_TEXTS.invitationInvalid);
  if (invitation.status === 'accepted') throw new ConflictError(TENANCY_TEXTS.invitationUsed);
  if (invitation.status === 'revoked') throw new HttpError(410, TENANCY_TEXTS.invitationRevoked);
  if (isExpired(invitation, now)) throw new HttpError(410, TENANCY_TEXTS.invitationExpired);
  return invitation;
}

export async function previewInvitation(token: string, now = new Date()): Promise<InvitationPreview> {
  const invitation = await openInvitation(token, now);
  const existing = await inviteeAccount(invitation);
  return {
    tenantName: invitation.tenantName,
    role: invitation.role,
    email: invitation.email,
    phoneNumber: invitation.phoneNumber,
    existingAccount: Boolean(existing),
  };
}

const ALREADY_USED = () => new ConflictError(TENANCY_TEXTS.invitationUsed);

export async function acceptInvitation(
  input: z.output<typeof acceptInvitationSchema>,
  now = new Date(),
): Promise<{ message: string; username: string; tenantName: string }> {
  const invitation = await openInvitation(input.token, now);
  const existing = await inviteeAccount(invitation);
  const done = { message: 'Invitation accepted. Sign in to continue.', tenantName: invitation.tenantName };
  if (existing) {
    // The link must not become a way around sign-in throttling: 5 password tries per invitation an hour.
    await rateLimit(
      `invitation-password:${invitation.id}`,
      PASSWORD_TRIES,
      'Too many password attempts for this invitation. Please try again later.',
    );
    if (!(await verifyPassword(input.password, existing.passwordHash)))
      throw new UnauthorizedError(`Enter the password of your existing ${PRODUCT_NAME} account to accept.`);
    const actor = { userId: existing.id, username: existing.username };
    const membership = {
      userId: existing.id,
      tenantId: invitation.tenantId,
      tenantName: invitation.tenantName,
      role: invitation.role,
      createdAt: now.toISOString(),
      invitationId: invitation.id,
    };
    const already = await isMember(existing, invitation.tenantId);
    await transact(
      [
        closeInvitationUpdate(invitation, 'accepted', now, existing.id),
        ...(already ? [] : [newMembershipPut(membership)]),
        auditPut(
          {
            tenantId: invitation.tenantId,
            actor,
            action: 'invitation.accepted',
            entityType: 'invitation',
            entityId: invitation.id,
            after: { userId: existing.id, role: invitation.role, membership: !already },
          },
          now,
        ),
      ],
      (index) => (index === 0 ? ALREADY_USED() : new ConflictError('You are already a member of this organisation')),
    );
    return { ...done, username: existing.username };
  }

  const checked = strongPassword.safeParse(input.password);
  if (!checked.success)
    throw new BadRequestError(checked.error.issues[0]!.message, { password: checked.error.issues[0]!.message });
  const password = checked.data;
  if (!input.firstName || !input.lastName)
    throw new BadRequestError('First name and last name are required', {
      ...(input.firstName ? {} : { firstName: 'First name is required' }),
      ...(input.lastName ? {} : { lastName: 'Last name is required' }),
    });
  const user: User = {
    id: randomUUID(),
    tenantId: invitation.tenantId,
    username: invitation.email ?? invitation.phoneNumber!,
    email: invitation.email,
    phoneNumber: invitation.phoneNumber,
    firstName: input.firstName,
    lastName: input.lastName,
    profileImageUrl: null,
    role: invitation.role,
    extraRoles: [],
    userType: 'dockyard_employee',
    status: 'active',
    isVerified: true,
    // The link reached the invitee at this address, which proves it.
    emailVerified: Boolean(invitation.email),
    emailVerification: null,
    passwordHash: await hashPassword(password),
    createdAt: now.toISOString(),
    decidedAt: now.toISOString(),
    decidedBy: invitation.invitedBy,
  };
  const actor = { userId: user.id, username: user.username };
  const { passwordHash: _hash, ...created } = user;
  await transact(
    [
      closeInvitationUpdate(invitation, 'accepted', now, user.id),
      ...newUserPuts(user),
      auditPut(
        {
          tenantId: invitation.tenantId,
          actor,
          action: 'invitation.accepted',
          entityType: 'user',
          entityId: user.id,
          after: { ...created, invitationId: invitation.id },
        },
        now,
      ),
    ],
    (index) =>
      index === 0 ? ALREADY_USED() : new ConflictError(TENANCY_TEXTS.emailTaken, { email: TENANCY_TEXTS.emailTaken }),
  );
  return { ...done, username: user.username };
}

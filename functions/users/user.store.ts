// Users: one item per user under its tenant, plus one login alias item per username, email and
// mobile number (global, so sign-in finds the tenant from the identifier and aliases stay unique).
import { randomUUID } from 'node:crypto';
import { GetCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { ddb } from '../lib/aws';
import { config } from '../lib/config';
import { cancellationCodes, queryPrefix, transact, withoutKeys } from '../lib/dynamo';
import { ConflictError, RevisionConflictError } from '../lib/errors';
import { nextRevision, revisionCondition, revisionOf } from '../lib/revision';
import { auditPut, type Actor } from '../lib/audit';
import { canAccessFor, permissionsFor } from '../../shared/roles';
import type { SessionUser } from '../../shared/contracts/auth';
import { tenantPk } from '../lib/table';

export type UserStatus = 'pending' | 'active' | 'rejected';

export interface User {
  id: string;
  tenantId: string;
  username: string;
  email: string | null;
  phoneNumber: string | null;
  firstName: string | null;
  lastName: string | null;
  profileImageUrl: string | null;
  role: string;
  extraRoles: string[];
  userType: string | null;
  status: UserStatus;
  isVerified: boolean;
  passwordHash: string;
  createdAt: string;
  /** For drivers: their driver record and carrier, so they see and book their own appointments. */
  driverId?: string | null;
  carrierId?: string | null;
  /** Registration: the user type's own fields, the kept documents, e-mail verification. */
  profile?: Record<string, unknown>;
  documents?: UserDocument[];
  emailVerified?: boolean;
  emailVerification?: { codeHash: string; expiresAt: string; attempts: number } | null;
  decidedAt?: string | null;
  decidedBy?: string | null;
  rejectionReason?: string | null;
  /** Raised by every save; a save is refused when someone saved in between. */
  revision?: number;
  /** The language the user chose to read the product in (issue #19). */
  language?: 'en' | 'hi';
}

export interface UserDocument {
  documentType: string;
  key: string;
  contentType: string;
  size: number;
  uploadedAt: string;
}

type AliasKind = 'username' | 'email' | 'phone';

/** +91 followed by 10 digits for Indian mobile numbers; other digit strings keep their digits. */
export function normalizePhone(value: string): string | null {
  const digits = value.replace(/[\s()-]/g, '');
  if (!/^\+?\d{10,15}$/.test(digits)) return null;
  const bare = digits.replace(/^\+/, '');
  if (bare.length === 10) return `+91${bare}`;
  if (bare.length === 12 && bare.startsWith('91')) return `+${bare}`;
  return `+${bare}`;
}

/** Which alias an identifier typed at sign-in names. */
export function aliasOf(identifier: string): { kind: AliasKind; value: string } {
  const trimmed = identifier.trim();
  if (trimmed.includes('@')) return { kind: 'email', value: trimmed.toLowerCase() };
  const phone = normalizePhone(trimmed);
  if (phone) return { kind: 'phone', value: phone };
  return { kind: 'username', value: trimmed.toLowerCase() };
}

export const userKeys = {
  pk: (tenantId: string) => tenantPk(tenantId),
  sk: (userId: string) => `USER#${userId}`,
  key: (tenantId: string, userId: string) => ({ PK: userKeys.pk(tenantId), SK: userKeys.sk(userId) }),
  alias: (kind: AliasKind, value: string) => ({ PK: `LOGIN#${kind}#${value}`, SK: 'LOGIN' }),
};

function aliasesOf(user: Pick<User, 'username' | 'email' | 'phoneNumber'>) {
  const list: { kind: AliasKind; value: string }[] = [{ kind: 'username', value: user.username.toLowerCase() }];
  if (user.email) list.push({ kind: 'email', value: user.email.toLowerCase() });
  if (user.phoneNumber) {
    const phone = normalizePhone(user.phoneNumber);
    if (phone) list.push({ kind: 'phone', value: phone });
  }
  return list;
}

function toItem(user: User) {
  return { PK: userKeys.pk(user.tenantId), SK: userKeys.sk(user.id), entity: 'user', ...user };
}

const fromItem = (item: Record<string, unknown>) => withoutKeys<User>(item);

export async function getUser(tenantId: string, userId: string, consistent = false): Promise<User | null> {
  const res = await ddb().send(
    new GetCommand({ TableName: config.tableName, Key: userKeys.key(tenantId, userId), ConsistentRead: consistent }),
  );
  return res.Item ? fromItem(res.Item) : null;
}

export async function findUserByIdentifier(identifier: string): Promise<User | null> {
  const { kind, value } = aliasOf(identifier);
  const res = await ddb().send(new GetCommand({ TableName: config.tableName, Key: userKeys.alias(kind, value) }));
  if (!res.Item) return null;
  return getUser(String(res.Item.tenantId), String(res.Item.userId));
}

/** The first of a would-be user's login aliases (username, email, mobile) that an account holds already. */
export async function takenAlias(
  user: Pick<User, 'username' | 'email' | 'phoneNumber'>,
): Promise<{ kind: AliasKind; holder: User } | null> {
  const holders = await Promise.all(
    aliasesOf(user).map(async (a) => {
      const res = await ddb().send(
        new GetCommand({ TableName: config.tableName, Key: userKeys.alias(a.kind, a.value), ConsistentRead: true }),
      );
      const holder = res.Item ? await getUser(String(res.Item.tenantId), String(res.Item.userId)) : null;
      return holder ? { kind: a.kind, holder } : null;
    }),
  );
  return holders.find((h) => h !== null) ?? null;
}

export type NewUser = Omit<User, 'id' | 'createdAt'> & { id?: string };

/** The TransactWriteItems elements of a new user and its login aliases (user first), each refused when taken. */
export function newUserPuts(user: User) {
  return [
    { Put: { TableName: config.tableName, Item: toItem(user), ConditionExpression: 'attribute_not_exists(PK)' } },
    ...aliasesOf(user).map((a) => ({
      Put: {
        TableName: config.tableName,
        Item: { ...userKeys.alias(a.kind, a.value), tenantId: user.tenantId, userId: user.id },
        ConditionExpression: 'attribute_not_exists(PK)',
      },
    })),
  ];
}

/** Creates the user and its login aliases in one transaction; a taken alias refuses the whole write. */
export async function createUser(input: NewUser, actor: Actor | null, now = new Date()): Promise<User> {
  const user: User = { ...input, id: input.id ?? randomUUID(), createdAt: now.toISOString() };
  const aliases = aliasesOf(user);
  try {
    await ddb().send(
      new TransactWriteCommand({
        TransactItems: [
          ...newUserPuts(user),
          auditPut(
            {
              tenantId: user.tenantId,
              actor,
              action: 'user.created',
              entityType: 'user',
              entityId: user.id,
              after: { ...user },
            },
            now,
          ),
        ],
      }),
    );
  } catch (err) {
    const codes = cancellationCodes(err);
    if (codes) {
      const taken = aliases.find((_, i) => codes[i + 1] === 'ConditionalCheckFailed');
      const field = taken?.kind === 'phone' ? 'phoneNumber' : (taken?.kind ?? 'username');
      throw new ConflictError('An account with this email, username or mobile number already exists', {
        [field]: `This ${taken?.kind === 'phone' ? 'mobile number' : (taken?.kind ?? 'username')} is already registered`,
      });
    }
    throw err;
  }
  return user;
}

export function toSessionUser(user: User): SessionUser {
  const roles = [...new Set([user.role, ...user.extraRoles])];
  // A registration waiting for approval (or rejected) may sign in but holds no permission yet.
  const permissions = user.status === 'active' ? permissionsFor(roles) : [];
  return {
    id: user.id,
    tenantId: user.tenantId,
    username: user.username,
    firstName: user.firstName,
    lastName: user.lastName,
    email: user.email,
    phoneNumber: user.phoneNumber,
    profileImageUrl: user.profileImageUrl,
    role: user.role,
    roles,
    permissions,
    canAccess: canAccessFor(permissions),
    userType: user.userType,
    isVerified: user.isVerified,
    driverId: user.driverId ?? null,
    carrierId: user.carrierId ?? null,
    status: user.status,
    language: user.language ?? null,
  };
}

export async function listUsers(tenantId: string): Promise<User[]> {
  const users = await queryPrefix<User>(userKeys.pk(tenantId), 'USER#');
  return users.sort((a, b) => b.createdAt.localeCompare(a.createdAt));
}

/** Other writes that belong in the same transaction (an approval's carrier/driver link) and the error when one is refused. */
export interface LinkedWrites {
  items: Parameters<typeof transact>[0];
  refused: (index: number) => Error;
}

/** Replaces the user item, only if nobody saved it since `before` was read (its revision); audited. */
export async function saveUser(
  before: User,
  changed: User,
  actor: Actor | null,
  action: string,
  now = new Date(),
  withItems: LinkedWrites = { items: [], refused: () => new ConflictError('') },
): Promise<User> {
  const seen = revisionOf(before);
  const after: User = { ...changed, revision: nextRevision(seen) };
  await transact(
    [
      { Put: { TableName: config.tableName, Item: toItem(after), ...revisionCondition(seen) } },
      auditPut(
        {
          tenantId: after.tenantId,
          actor,
          action,
          entityType: 'user',
          entityId: after.id,
          before: { ...before },
          after: { ...after },
        },
        now,
      ),
      ...withItems.items,
    ],
    (index) => (index < 2 ? new RevisionConflictError() : withItems.refused(index - 2)),
  );
  return after;
}

// Registrations waiting for approval, written through the users store (the registration path itself,
// with its documents, is covered by users-registration.test.ts), for the tests that approve them.
import { randomUUID } from 'node:crypto';
import { createUser, type User } from '../../functions/users';
import { hashPassword } from '../../functions/lib/passwords';

export const APPLICANT_PASSWORD = 'Strong#Pass1';

/** A pending account of the tenant that asked for `asked`; signs in as its e-mail with APPLICANT_PASSWORD. */
export async function pendingRegistration(
  tenantId: string,
  asked: string,
  over: Partial<Pick<User, 'userType' | 'lastName' | 'documents'>> = {},
) {
  const email = `${asked}.${randomUUID().slice(0, 8)}@example.in`;
  const user = await createUser(
    {
      tenantId,
      username: email,
      email,
      phoneNumber: null,
      firstName: 'Asha',
      lastName: asked,
      profileImageUrl: null,
      role: asked,
      extraRoles: [],
      userType: 'dockyard_employee',
      status: 'pending',
      isVerified: false,
      passwordHash: await hashPassword(APPLICANT_PASSWORD),
      profile: {},
      ...over,
    },
    null,
  );
  return { id: user.id, email };
}

// The language a signed-in user reads the product in ('en' or 'hi'), kept on their user record so it
// follows them to every device; the SPA applies it after sign-in (issue #19).
import type { Actor } from '../lib/audit';
import { NotFoundError } from '../lib/errors';
import { getUser, saveUser } from './user.store';
import type { UserLanguage } from '../../shared/contracts/users';

export async function setUserLanguage(
  tenantId: string,
  userId: string,
  language: UserLanguage,
  actor: Actor,
  now = new Date(),
): Promise<{ language: UserLanguage }> {
  const before = await getUser(tenantId, userId);
  if (!before) throw new NotFoundError('User not found');
  if (before.language !== language) await saveUser(before, { ...before, language }, actor, 'user.language', now);
  return { language };
}

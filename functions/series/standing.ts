// Who books a standing appointment's dates today (issue #52.9). The horizon worker runs without a
// session, so on every run it reads what a request's session lookup reads (auth/resolve-session.ts): the
// creator's user record in the login's home tenant, the series' tenant and, for a member acting away
// from home, the membership, in one BatchGetItem. The series books with the rights the creator holds
// now: a tenant that may not change data (trial ended, closed) books nothing until it may again;
// a creator who no longer books for every carrier (removed, deactivated, given another role, no longer
// a member) pauses the series with the reason its staff see.
import { batchGet } from '../lib/dynamo';
import { actsForAll } from '../../shared/access';
import type { SessionUser } from '../../shared/contracts/auth';
import { SERIES_PAUSED_TEXTS, type Series } from '../../shared/contracts/series';
import { toSessionUser, userKeys, type User } from '../users';
import { actingUser, tenantAccessKeys, tenantAccessOf } from '../tenancy';

export type Standing =
  /** The creator as they act in the series' tenant today: the booker of its dates. */
  | { books: SessionUser }
  /** The creator lost the right to book for every carrier: the series is paused with this reason. */
  | { paused: string }
  /** The tenant may not change data now: nothing is booked, the series waits as it is. */
  | { held: string };

export async function standingOf(series: Series, now: Date): Promise<Standing> {
  const home = series.createdByHomeTenantId ?? series.tenantId;
  const [userItem, ...accessItems] = await batchGet<Record<string, unknown>>([
    userKeys.key(home, series.createdById),
    ...tenantAccessKeys(series.createdById, home, series.tenantId),
  ]);
  const access = tenantAccessOf(accessItems, home, series.tenantId, now);
  if (access?.readOnly) return { held: access.readOnly };
  const name = series.createdBy;
  const user = userItem as User | null;
  if (!user) return { paused: SERIES_PAUSED_TEXTS.noAccount(name) };
  if (!access) return { paused: SERIES_PAUSED_TEXTS.notMember(name) };
  if (user.status !== 'active') return { paused: SERIES_PAUSED_TEXTS.inactive(name) };
  const booker = actingUser(toSessionUser(user), access);
  // A series books for its carrier whoever drives: only staff who book for every carrier create one (its route).
  if (!actsForAll(booker)) return { paused: SERIES_PAUSED_TEXTS.mayNotBook(name) };
  return { books: booker };
}

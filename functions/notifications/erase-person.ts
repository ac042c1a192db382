// A driver's erasure (issue #36), the feed's side: feed items that name the person keep their type and
// time, with the person replaced by the pseudonym.
import { scrubPartition } from '../lib/erase';
import type { PersonTraces } from '../lib/personal-data-mask';
import { notificationsPartition } from './notification.store';

export const eraseDriverFromNotifications = (tenantId: string, person: PersonTraces, pseudonym: string) =>
  scrubPartition({ pk: notificationsPartition(tenantId) }, person, pseudonym);

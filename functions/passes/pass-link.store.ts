// Gate pass links (issue #31): the short link of the booking message and the guest's confirmation to
// the public pass page. One item per link in its own partition (PASSLINK#<id>: the page knows no
// tenant before it reads it), signed with the tenant's pass-link keys (functions/lib/signed-link.ts).
import { config } from '../lib/config';
import { getItem } from '../lib/dynamo';
import type { LinkKind } from '../lib/signed-link';
import { tenantPk } from '../lib/table';
import type { Language } from '../../shared/contracts/messaging-templates';

export interface PassLink {
  id: string;
  tenantId: string;
  appointmentId: string;
  facilityId: string;
  /** The end of the appointment's pass (ISO instant): the link opens nothing after it. */
  validUntil: string;
  /** The language the page opens in (the guest's booking language), null: the browser's. */
  language: Language | null;
  /**
   * The appointment's reschedule count when the link was made: a link of an earlier time answers that
   * the booking moved (its page would otherwise show another time's pass). Absent on older links.
   */
  rescheduleCount?: number;
  createdAt: string;
}

const linkKey = (id: string) => ({ PK: `PASSLINK#${id}`, SK: 'LINK' });

export async function getPassLink(id: string): Promise<PassLink | null> {
  const item = await getItem<PassLink & { expiresAt?: number }>(linkKey(id));
  if (!item) return null;
  const { expiresAt: _ttl, ...link } = item;
  return link;
}

export function newPassLinkPut(link: PassLink) {
  return {
    Put: {
      TableName: config.tableName,
      Item: {
        ...linkKey(link.id),
        entity: 'gate-pass-link',
        ...link,
        // Kept a week past its end (a late tap is answered "expired", not "not valid"), then dropped.
        expiresAt: Math.floor(Date.parse(link.validUntil) / 1000) + 7 * 86400,
      },
      ConditionExpression: 'attribute_not_exists(PK)',
    },
  };
}

/** Pass links as signed links: the tenant's keys; a link of the old scheme lives at most as long as a booking ahead. */
export const PASS_LINK: LinkKind = {
  name: 'pass-link',
  keysAt: (tenantId) => ({ PK: tenantPk(tenantId, 'PASSES'), SK: 'PASS-LINK-KEY' }),
  entity: 'gate-pass-link-key',
  legacyOverlapDays: 120,
};

// Reslot links (issue #33): one item per link in its own partition (RESLOT#<id>: the public page
// knows no tenant before it reads it), signed with the tenant's reslot keys (functions/lib/signed-link.ts).
// The link's single use is a conditional update in the move's transaction.
import { config } from '../lib/config';
import { getItem } from '../lib/dynamo';
import type { LinkKind } from '../lib/signed-link';
import { tenantPk } from '../lib/table';
import type { ReslotSlot } from '../../shared/contracts/trips';
import type { Language } from '../../shared/contracts/messaging-templates';
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { ddb } from '../lib/aws';

export interface ReslotLink {
  id: string;
  tenantId: string;
  appointmentId: string;
  facilityId: string;
  /** The estimate the offer starts after, and the end of the facility's day (ISO instants). */
  eta: string;
  validUntil: string;
  /** The window the appointment had when the link was made: a link for a time since moved is refused. */
  window: ReslotSlot;
  usedAt: string | null;
  createdAt: string;
  /** The language the driver was messaged in (the page opens in it); null until the message went. */
  language: Language | null;
}

const linkKey = (id: string) => ({ PK: `RESLOT#${id}`, SK: 'LINK' });
const signingKeyKey = (tenantId: string) => ({ PK: tenantPk(tenantId, 'TRIPS'), SK: 'RESLOT-KEY' });

export async function getReslotLink(id: string): Promise<ReslotLink | null> {
  const item = await getItem<ReslotLink & { expiresAt?: number }>(linkKey(id), true);
  if (!item) return null;
  const { expiresAt: _ttl, ...link } = item;
  return link;
}

export function newReslotLinkPut(link: ReslotLink) {
  return {
    Put: {
      TableName: config.tableName,
      Item: {
        ...linkKey(link.id),
        entity: 'reslot-link',
        ...link,
        // Kept a week past its end (a late tap is answered "expired", not "not valid"), then dropped.
        expiresAt: Math.floor(Date.parse(link.validUntil) / 1000) + 7 * 86400,
      },
      ConditionExpression: 'attribute_not_exists(PK)',
    },
  };
}

/** The link's single use: fails (ConditionalCheckFailed) once it was used. */
export function useReslotLinkUpdate(id: string, now: Date) {
  return {
    Update: {
      TableName: config.tableName,
      Key: linkKey(id),
      UpdateExpression: 'SET usedAt = :now',
      ConditionExpression: 'attribute_exists(PK) AND usedAt = :unused',
      ExpressionAttributeValues: { ':now': now.toISOString(), ':unused': null },
    },
  };
}

/** Reslot links as signed links: the tenant's keys; a link of the old scheme lived to the end of its day. */
export const RESLOT_LINK: LinkKind = {
  name: 'reslot',
  keysAt: signingKeyKey,
  entity: 'reslot-signing-key',
  legacyOverlapDays: 2,
};

export async function setReslotLanguage(id: string, language: Language): Promise<void> {
  await ddb().send(
    new UpdateCommand({
      TableName: config.tableName,
      Key: linkKey(id),
      UpdateExpression: 'SET #language = :language',
      ExpressionAttributeNames: { '#language': 'language' },
      ExpressionAttributeValues: { ':language': language },
    }),
  );
}

// Reslot links (issue #33): one item per link in its own partition (RESLOT#<id>: the public page
// knows no tenant before it reads it), and the tenant's signing key, sealed like every tenant secret
// (functions/lib/secrets.ts). The link's single use is a conditional update in the move's transaction.
import { randomBytes } from 'node:crypto';
import { config } from '../lib/config';
import { getItem, putIfAbsent } from '../lib/dynamo';
import { openSecret, sealSecret } from '../lib/secrets';
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

/** The tenant's key for signing reslot links: made once (the first alert), sealed, then reused. */
export async function reslotSigningKey(tenantId: string): Promise<Buffer> {
  const key = signingKeyKey(tenantId);
  let stored = await getItem<{ sealed: string }>(key, true);
  if (!stored) {
    await putIfAbsent({
      ...key,
      entity: 'reslot-signing-key',
      sealed: await sealSecret(tenantId, randomBytes(32).toString('base64')),
    });
    stored = (await getItem<{ sealed: string }>(key, true))!;
  }
  return Buffer.from(await openSecret(tenantId, stored.sealed), 'base64');
}

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

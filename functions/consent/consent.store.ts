// Consent records (issue #36): per person, keyed by tenant and a hash of the mobile number, the
// history (one item per consent given or withdrawn) and the current choices, written in one
// transaction with the audit record; the person's choices link (its own partition: the public page
// knows no tenant before it reads it) and the tenant's key that signs it.
import { auditPut, type Actor } from '../lib/audit';
import { config } from '../lib/config';
import { getItem, putIfAbsent, queryAll, queryPrefix, transact, unchangedCondition, withoutKeys } from '../lib/dynamo';
import type { LinkKind } from '../lib/signed-link';
import { tenantPk } from '../lib/table';
import type { ConsentChoices, ConsentPurpose, ConsentRecord } from '../../shared/contracts/privacy-notice';
import type { Language } from '../../shared/contracts/messaging-templates';

export interface CurrentChoices {
  choices: ConsentChoices;
  /** Purposes withdrawn and not given again: an SMS withdrawn stops every SMS of the channel choice. */
  withdrawn: ConsentPurpose[];
  language: Language;
  updatedAt: string;
}

const keys = {
  person: (tenantId: string, person: string) => tenantPk(tenantId, 'CONSENT', person),
  record: (at: string, id: string) => `RECORD#${at}#${id}`,
  current: 'CURRENT',
  linkRef: 'CHOICES-LINK',
  link: (id: string) => ({ PK: `CONSENTLINK#${id}`, SK: 'LINK' }),
  signingKey: (tenantId: string) => ({ PK: tenantPk(tenantId, 'CONSENT'), SK: 'CHOICES-LINK-KEY' }),
};

export const getCurrentChoices = (tenantId: string, person: string) =>
  getItem<CurrentChoices>({ PK: keys.person(tenantId, person), SK: keys.current }, true).then(
    (item) =>
      item && {
        choices: item.choices,
        withdrawn: item.withdrawn ?? [],
        language: item.language,
        updatedAt: item.updatedAt,
      },
  );

/** The person's consent history, oldest first. */
export async function listConsentRecords(tenantId: string, person: string): Promise<ConsentRecord[]> {
  const items = await queryPrefix<Record<string, unknown>>(keys.person(tenantId, person), 'RECORD#', {
    consistent: true,
  });
  return items.map((i) => {
    const { id: _id, entity: _entity, ...record } = withoutKeys<ConsentRecord & { id: string; entity: string }>(i);
    return record;
  });
}

/** A record, the choices it leaves current and its audit record: items of the transaction of the change that took the data. */
export function consentItems(
  tenantId: string,
  person: string,
  record: ConsentRecord,
  current: CurrentChoices,
  actor: Actor | null,
  id: string,
) {
  const pk = keys.person(tenantId, person);
  return [
    {
      Put: {
        TableName: config.tableName,
        Item: { PK: pk, SK: keys.record(record.at, id), entity: 'consent', id, ...record },
      },
    },
    { Put: { TableName: config.tableName, Item: { PK: pk, SK: keys.current, entity: 'consent-current', ...current } } },
    auditPut(
      {
        tenantId,
        actor,
        action: record.withdrawn.length ? 'consent.withdrawn' : 'consent.given',
        entityType: 'consent',
        entityId: person,
        after: { ...record },
      },
      new Date(record.at),
    ),
  ];
}

/** Writes a record on its own (a withdrawal), with its audit record. */
export const saveConsent = (...args: Parameters<typeof consentItems>) =>
  transact(consentItems(...args), () => new Error('A consent record has no condition'));

export interface ChoicesLink {
  id: string;
  tenantId: string;
  person: string;
}

export const getChoicesLink = (id: string) => getItem<ChoicesLink & { PK: string; SK: string }>(keys.link(id));

/** The person's one choices link: made on first use (a race keeps the first), then reused. */
export async function ensureChoicesLink(tenantId: string, person: string, newId: string): Promise<string> {
  const ref = { PK: keys.person(tenantId, person), SK: keys.linkRef };
  const existing = await getItem<{ linkId: string }>(ref, true);
  if (existing) return existing.linkId;
  if (await putIfAbsent({ ...ref, entity: 'consent-link-ref', linkId: newId })) {
    await putIfAbsent({ ...keys.link(newId), entity: 'consent-link', id: newId, tenantId, person });
    return newId;
  }
  return (await getItem<{ linkId: string }>(ref, true))!.linkId;
}

/** Choices links as signed links (issue #52.10): the tenant's keys; a token of the old scheme (no expiry) lives 30 days more. */
export const CHOICES_LINK: LinkKind = {
  name: 'choices',
  keysAt: keys.signingKey,
  entity: 'consent-link-key',
  legacyOverlapDays: 30,
};

// --- A person's erasure (issue #52) -------------------------------------------------------------------

type StoredConsentItem = Record<string, unknown> & { PK: string; SK: string };

/** Every item of the person's consent partition, with its keys: the history, the current choices, the link's reference. */
export const consentPartition = (tenantId: string, person: string) =>
  queryAll({
    KeyConditionExpression: 'PK = :pk',
    ExpressionAttributeValues: { ':pk': keys.person(tenantId, person) },
    ConsistentRead: true,
  }) as Promise<StoredConsentItem[]>;

export const isConsentRecord = (item: StoredConsentItem) => item.SK.startsWith('RECORD#');
export const isChoicesLinkRef = (item: StoredConsentItem) => item.SK === keys.linkRef;

class Changed extends Error {}

async function writeIf(items: Parameters<typeof transact>[0]): Promise<boolean> {
  try {
    await transact(items, () => new Changed());
    return true;
  } catch (err) {
    if (err instanceof Changed) return false;
    throw err;
  }
}

/** Moves a record of the history to another person's key, only as it was read; false when it changed or went. */
export function moveConsentRecord(tenantId: string, item: StoredConsentItem, to: string): Promise<boolean> {
  return writeIf([
    {
      Put: {
        TableName: config.tableName,
        Item: { ...item, PK: keys.person(tenantId, to) },
        ConditionExpression: 'attribute_not_exists(PK)',
      },
    },
    { Delete: { TableName: config.tableName, Key: { PK: item.PK, SK: item.SK }, ...unchangedCondition(item) } },
  ]);
}

/** Deletes an item of the partition (the current choices, the link's reference with the link), only as read. */
export function deleteConsentItem(item: StoredConsentItem): Promise<boolean> {
  const linkId = isChoicesLinkRef(item) ? String(item.linkId) : null;
  return writeIf([
    { Delete: { TableName: config.tableName, Key: { PK: item.PK, SK: item.SK }, ...unchangedCondition(item) } },
    ...(linkId ? [{ Delete: { TableName: config.tableName, Key: keys.link(linkId) } }] : []),
  ]);
}

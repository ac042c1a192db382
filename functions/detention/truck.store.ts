// A truck's detention records (issue #57), one partition per appointment in the tenant's: a head item
// whose revision orders the writes (two corrections landing together are checked against each other),
// the events and corrections staff record (each its own item, written once and never overwritten: the
// timeline keeps the first original beside the latest time), and the evidence packs issued for it, one
// per set of facts (so the same facts are always the same pack, with the same hash and issue time), and
// a marker per domain event sent about the truck (detention started, closed with given figures), written
// with the event so each is sent once.
import { config } from '../lib/config';
import { queryAll, withoutKeys } from '../lib/dynamo';
import { nextRevision, revisionCondition } from '../lib/revision';
import { tenantPk } from '../lib/table';
import type { DocumentsParty, TimelineEvent } from '../../shared/contracts/detention';

/** An event staff recorded, or a correction of an event's time. */
export interface DetentionEntry {
  id: string;
  kind: 'event' | 'correction';
  event: TimelineEvent;
  /** ISO instant the event happened, as staff say. */
  at: string;
  /** Who recorded it (their name), and their user id. */
  by: string;
  byUserId: string;
  reason: string;
  /** ISO instant it was recorded. */
  correctedAt: string;
  /** For documents done: who was late with them (null: nobody). */
  lateParty?: DocumentsParty | null;
}

/** An evidence pack issued for the truck: the facts' own hash (the pack without its issue time) names it. */
export interface DetentionIssue {
  factsHash: string;
  hash: string;
  issuedAt: string;
}

export interface TruckRecords {
  /** The head's revision; null: nothing recorded yet. */
  revision: number | null;
  entries: DetentionEntry[];
  issues: DetentionIssue[];
  /** The events sent about the truck, by their marker (`started`, `closed#<figures>`). */
  sent: string[];
  /** Where the truck's figures stand in the read model (figures.store.ts), once written. */
  figures: FiguresMark | null;
}

/** The truck's item in the figures read model: its facility's day and the hash of what it holds. */
export interface FiguresMark {
  facilityId: string;
  day: string;
  hash: string;
}

const pk = (tenantId: string, appointmentId: string) => tenantPk(tenantId, 'DETENTION', appointmentId);
const HEAD = 'CASE';
const ENTRY = 'ENTRY#';
const ISSUE = 'ISSUED#';
const SENT = 'SENT#';
const FIGURES = 'FIGURES';

/** Everything recorded of the truck, in one consistent query of its partition. */
export async function truckRecords(tenantId: string, appointmentId: string): Promise<TruckRecords> {
  const items = await queryAll({
    KeyConditionExpression: 'PK = :pk',
    ExpressionAttributeValues: { ':pk': pk(tenantId, appointmentId) },
    ConsistentRead: true,
  });
  const kind = (prefix: string) => items.filter((i) => String(i.SK).startsWith(prefix));
  const head = items.find((i) => i.SK === HEAD);
  const figures = items.find((i) => i.SK === FIGURES);
  return {
    revision: head ? Number(head.revision ?? 0) : null,
    entries: kind(ENTRY).map((i) => withoutKeys<DetentionEntry & { tenantId: string }>(i)),
    issues: kind(ISSUE).map((i) => withoutKeys<DetentionIssue>(i)),
    sent: kind(SENT).map((i) => String(i.SK).slice(SENT.length)),
    figures: figures
      ? { facilityId: String(figures.facilityId), day: String(figures.day), hash: String(figures.hash) }
      : null,
  };
}

/**
 * The transaction items that record an entry over the records read at `seenRevision` (null: none yet):
 * the head moves to the next revision on that condition, and the entry is put where none can be.
 */
export function entryPuts(tenantId: string, appointmentId: string, seenRevision: number | null, entry: DetentionEntry) {
  const head = {
    PK: pk(tenantId, appointmentId),
    SK: HEAD,
    entity: 'detention-case',
    tenantId,
    appointmentId,
    revision: nextRevision(seenRevision ?? 0),
    updatedAt: entry.correctedAt,
  };
  return [
    {
      Put: {
        TableName: config.tableName,
        Item: head,
        ...(seenRevision === null
          ? { ConditionExpression: 'attribute_not_exists(PK)' }
          : revisionCondition(seenRevision)),
      },
    },
    {
      Put: {
        TableName: config.tableName,
        Item: {
          PK: pk(tenantId, appointmentId),
          SK: `${ENTRY}${entry.correctedAt}#${entry.id}`,
          entity: 'detention-entry',
          tenantId,
          appointmentId,
          ...entry,
        },
        ConditionExpression: 'attribute_not_exists(PK)',
      },
    },
  ];
}

/** The transaction item that records an issued pack, once: a second issue of the same facts finds it there. */
export function issuePut(tenantId: string, appointmentId: string, issue: DetentionIssue) {
  return {
    Put: {
      TableName: config.tableName,
      Item: {
        PK: pk(tenantId, appointmentId),
        SK: `${ISSUE}${issue.factsHash}`,
        entity: 'detention-issue',
        tenantId,
        appointmentId,
        ...issue,
      },
      ConditionExpression: 'attribute_not_exists(PK)',
    },
  };
}

/** The transaction item that marks an event sent about the truck, once: a second sender finds it there. */
export function sentPut(tenantId: string, appointmentId: string, marker: string, sentAt: string) {
  return {
    Put: {
      TableName: config.tableName,
      Item: {
        PK: pk(tenantId, appointmentId),
        SK: `${SENT}${marker}`,
        entity: 'detention-sent',
        tenantId,
        appointmentId,
        sentAt,
      },
      ConditionExpression: 'attribute_not_exists(PK)',
    },
  };
}

/**
 * The transaction item that records where the truck's figures now stand, on the condition that they
 * stood as read (`seen`; null: never written), so two writers of the same truck's figures do not cross.
 */
export function figuresMarkPut(tenantId: string, appointmentId: string, mark: FiguresMark, seen: FiguresMark | null) {
  return {
    Put: {
      TableName: config.tableName,
      Item: {
        PK: pk(tenantId, appointmentId),
        SK: FIGURES,
        entity: 'detention-figures-mark',
        tenantId,
        appointmentId,
        ...mark,
      },
      ...(seen
        ? {
            ConditionExpression: '#hash = :seen',
            ExpressionAttributeNames: { '#hash': 'hash' },
            ExpressionAttributeValues: { ':seen': seen.hash },
          }
        : { ConditionExpression: 'attribute_not_exists(PK)' }),
    },
  };
}

// Carriers' monthly detention statements (issue #57.3). Each statement is one partition in the tenant's:
// its head (what the list shows, its status and revision), its lines in pages of LINES_PER_PAGE (written
// once with the head, never changed: the statement is immutable once issued), and one item per disputed
// line. The head is listed through GSI1 by carrier (TENANT#t#DETSTATEMENTS#<carrier>, by month) and GSI2
// by tenant (TENANT#t#DETSTATEMENTS, by month). One guard per carrier and month names its statement
// (a second issue of the month replaces an open one and is refused for a closed one); one counter per
// month gives the running number.
import { config } from '../lib/config';
import { getItem, queryAll, queryPrefix, withoutKeys } from '../lib/dynamo';
import { nextRevision, revisionCondition } from '../lib/revision';
import { tenantPk } from '../lib/table';
import type {
  DetentionStatementLine,
  DetentionStatementSummary,
  DetentionStatementView,
  StatementDispute,
} from '../../shared/contracts/detention';

/** The stored head: the summary the list shows (its revision orders every change of the statement). */
export type StatementHead = DetentionStatementSummary & { tenantId: string };

export interface StoredStatement {
  head: StatementHead;
  lines: DetentionStatementLine[];
  byFacility: DetentionStatementView['byFacility'];
  byCause: DetentionStatementView['byCause'];
  /** Disputes by the line's appointment id. */
  disputes: Map<string, StatementDispute>;
}

/** Lines per page item: a few hundred bytes each, a page far below DynamoDB's 400 KB item. */
export const LINES_PER_PAGE = 150;
/** Pages one issuing transaction can hold beside the head, guard, counter, audit and event (100 items at most). */
export const MAX_PAGES = 90;

const pk = (tenantId: string, id: string) => tenantPk(tenantId, 'DETSTATEMENT', id);
const HEAD = 'STATEMENT';
const PAGE = 'LINES#';
const DISPUTE = 'DISPUTE#';
const byCarrier = (tenantId: string, carrierId: string) => tenantPk(tenantId, 'DETSTATEMENTS', carrierId);
const byTenant = (tenantId: string) => tenantPk(tenantId, 'DETSTATEMENTS');
const guardKey = (tenantId: string, carrierId: string, month: string) => ({
  PK: tenantPk(tenantId, 'DETSTATEMENTOF', carrierId),
  SK: month,
});
const counterKey = (tenantId: string, month: string) => ({ PK: tenantPk(tenantId, 'DETSTATEMENTNO'), SK: month });

/** The statement whole, in one consistent query of its partition; null when the tenant has none by that id. */
export async function readStatement(tenantId: string, id: string): Promise<StoredStatement | null> {
  const items = await queryAll({
    KeyConditionExpression: 'PK = :pk',
    ExpressionAttributeValues: { ':pk': pk(tenantId, id) },
    ConsistentRead: true,
  });
  const head = items.find((i) => i.SK === HEAD);
  if (!head) return null;
  const pages = items
    .filter((i) => String(i.SK).startsWith(PAGE))
    .sort((a, b) => String(a.SK).localeCompare(String(b.SK)));
  const disputes = items.filter((i) => String(i.SK).startsWith(DISPUTE));
  return {
    head: withoutKeys<StatementHead>(head),
    lines: pages.flatMap((p) => p.lines as DetentionStatementLine[]),
    byFacility: head.byFacility as StoredStatement['byFacility'],
    byCause: head.byCause as StoredStatement['byCause'],
    disputes: new Map(
      disputes.map((d) => {
        const { tenantId: _t, ...dispute } = withoutKeys<StatementDispute & { tenantId: string }>(d);
        return [String(d.SK).slice(DISPUTE.length), dispute] as const;
      }),
    ),
  };
}

const summaryOf = (item: Record<string, unknown>): DetentionStatementSummary => {
  const { tenantId: _t, byFacility: _f, byCause: _c, ...summary } = item as StatementHead & Record<string, unknown>;
  return summary;
};

/** A carrier's statements (of a month when given), through GSI1. */
export async function listCarrierStatements(tenantId: string, carrierId: string, month?: string) {
  const items = await queryPrefix<Record<string, unknown>>(byCarrier(tenantId, carrierId), month ? `${month}#` : '', {
    index: 'GSI1',
  });
  return items.map(summaryOf);
}

/** The tenant's statements (of a month when given), through GSI2. */
export async function listTenantStatements(tenantId: string, month?: string) {
  const items = await queryPrefix<Record<string, unknown>>(byTenant(tenantId), month ? `${month}#` : '', {
    index: 'GSI2',
  });
  return items.map(summaryOf);
}

/** The statement the carrier's month names (null: none issued yet), and the month's last number. */
export async function monthOf(tenantId: string, carrierId: string, month: string) {
  const [guard, counter] = await Promise.all([
    getItem<{ statementId: string }>(guardKey(tenantId, carrierId, month), true),
    getItem<{ last: number }>(counterKey(tenantId, month), true),
  ]);
  return { statementId: guard?.statementId ?? null, lastNumber: counter?.last ?? 0 };
}

const headItem = (head: StatementHead, byFacility: unknown, byCause: unknown) => ({
  PK: pk(head.tenantId, head.id),
  SK: HEAD,
  GSI1PK: byCarrier(head.tenantId, head.carrierId),
  GSI1SK: `${head.month}#${head.issuedAt}#${head.id}`,
  GSI2PK: byTenant(head.tenantId),
  GSI2SK: `${head.month}#${head.carrierId}#${head.issuedAt}#${head.id}`,
  entity: 'detention-statement',
  ...head,
  byFacility,
  byCause,
});

/**
 * The transaction items that issue a statement: the carrier's month now names it (on the condition that
 * it named `replaced` as read), the month's number taken (on the condition it was still `lastNumber`),
 * the head and its pages put where none can be.
 */
export function issuePuts(
  statement: Omit<StoredStatement, 'disputes'>,
  seen: { replaced: string | null; lastNumber: number },
) {
  const { head } = statement;
  const pages: DetentionStatementLine[][] = [];
  for (let i = 0; i < statement.lines.length; i += LINES_PER_PAGE)
    pages.push(statement.lines.slice(i, i + LINES_PER_PAGE));
  const put = (Item: Record<string, unknown>, condition: Record<string, unknown>) => ({
    Put: { TableName: config.tableName, Item, ...condition },
  });
  const absent = { ConditionExpression: 'attribute_not_exists(PK)' };
  return [
    put(
      {
        ...guardKey(head.tenantId, head.carrierId, head.month),
        entity: 'detention-statement-month',
        statementId: head.id,
      },
      seen.replaced
        ? { ConditionExpression: 'statementId = :seen', ExpressionAttributeValues: { ':seen': seen.replaced } }
        : absent,
    ),
    put(
      { ...counterKey(head.tenantId, head.month), entity: 'detention-statement-number', last: seen.lastNumber + 1 },
      seen.lastNumber
        ? {
            ConditionExpression: '#last = :seen',
            ExpressionAttributeNames: { '#last': 'last' },
            ExpressionAttributeValues: { ':seen': seen.lastNumber },
          }
        : absent,
    ),
    put(headItem(head, statement.byFacility, statement.byCause), absent),
    ...pages.map((lines, i) =>
      put(
        {
          PK: pk(head.tenantId, head.id),
          SK: `${PAGE}${String(i + 1).padStart(4, '0')}`,
          entity: 'detention-statement-lines',
          tenantId: head.tenantId,
          lines,
        },
        absent,
      ),
    ),
  ];
}

/** The Update of a statement's head read at `seen`: the fields given, the next revision. */
export function headUpdate(tenantId: string, id: string, seen: number, changes: Partial<StatementHead>) {
  const names: Record<string, string> = {};
  const values: Record<string, unknown> = {};
  const sets = Object.entries(changes).map(([field, value]) => {
    names[`#${field}`] = field;
    values[`:${field}`] = value;
    return `#${field} = :${field}`;
  });
  const condition = revisionCondition(seen);
  return {
    Update: {
      TableName: config.tableName,
      Key: { PK: pk(tenantId, id), SK: HEAD },
      UpdateExpression: `SET ${[...sets, '#revision = :nextRevision'].join(', ')}`,
      ConditionExpression: condition.ConditionExpression,
      ExpressionAttributeNames: { ...names, ...condition.ExpressionAttributeNames },
      ExpressionAttributeValues: {
        ...values,
        ':nextRevision': nextRevision(seen),
        ...condition.ExpressionAttributeValues,
      },
    },
  };
}

/** The Put of a line's dispute: a new one where none is, a changed one on the revision read (`seen`). */
export function disputePut(
  tenantId: string,
  id: string,
  appointmentId: string,
  dispute: StatementDispute,
  seen: number | null,
) {
  return {
    Put: {
      TableName: config.tableName,
      Item: {
        PK: pk(tenantId, id),
        SK: `${DISPUTE}${appointmentId}`,
        entity: 'detention-dispute',
        tenantId,
        ...dispute,
      },
      ...(seen === null ? { ConditionExpression: 'attribute_not_exists(PK)' } : revisionCondition(seen)),
    },
  };
}

// Contact inquiries: one item per inquiry in the tenant's inquiry partition, newest first by sort key.
import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { auditPut } from '../lib/audit';
import { ddb } from '../lib/aws';
import { config } from '../lib/config';
import { transact, withoutKeys } from '../lib/dynamo';
import { BadRequestError } from '../lib/errors';
import { tenantPk } from '../lib/table';
import type { ContactInquiry, InquiryPage } from '../../shared/contracts/contact';

export const inquiryKeys = {
  pk: (tenantId: string) => tenantPk(tenantId, 'INQUIRY'),
  item: (tenantId: string, inquiry: Pick<ContactInquiry, 'id' | 'createdAt'>) => ({
    PK: inquiryKeys.pk(tenantId),
    SK: `${inquiry.createdAt}#${inquiry.id}`,
  }),
};

/** Stores the inquiry with its audit record (no actor: the sender is a visitor), in one transaction. */
export async function putInquiry(tenantId: string, inquiry: ContactInquiry, ip: string): Promise<void> {
  const item = { ...inquiryKeys.item(tenantId, inquiry), entity: 'contact-inquiry', tenantId, ...inquiry };
  await transact(
    [
      { Put: { TableName: config.tableName, Item: item, ConditionExpression: 'attribute_not_exists(PK)' } },
      auditPut(
        {
          tenantId,
          actor: null,
          action: 'contact.inquiry.received',
          entityType: 'contact-inquiry',
          entityId: inquiry.id,
          after: { ...inquiry },
          ip,
        },
        new Date(inquiry.createdAt),
      ),
    ],
    () => new Error('inquiry id clash'),
  );
}

const encodeCursor = (key: Record<string, unknown>) =>
  Buffer.from(JSON.stringify({ SK: key.SK })).toString('base64url');

function decodeCursor(tenantId: string, cursor: string): Record<string, unknown> {
  try {
    const { SK } = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as { SK?: unknown };
    if (typeof SK !== 'string') throw new Error('no SK');
    return { PK: inquiryKeys.pk(tenantId), SK };
  } catch {
    throw new BadRequestError('This page link is not valid', { cursor: 'This page link is not valid' });
  }
}

/** The tenant's inquiries, newest first, a page at a time. */
export async function listInquiries(tenantId: string, limit: number, cursor?: string): Promise<InquiryPage> {
  const res = await ddb().send(
    new QueryCommand({
      TableName: config.tableName,
      KeyConditionExpression: 'PK = :pk',
      ExpressionAttributeValues: { ':pk': inquiryKeys.pk(tenantId) },
      ScanIndexForward: false,
      Limit: limit,
      ExclusiveStartKey: cursor ? decodeCursor(tenantId, cursor) : undefined,
    }),
  );
  const data = (res.Items ?? []).map((item) => {
    const {
      entity: _entity,
      tenantId: _tenant,
      ...inquiry
    } = withoutKeys<ContactInquiry & { entity: string; tenantId: string }>(item);
    return inquiry;
  });
  return { data, nextCursor: res.LastEvaluatedKey ? encodeCursor(res.LastEvaluatedKey) : null };
}

// Facilities: one record per site, shared by dock scheduling and the warehouse module.
import { GetCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { ddb } from '../lib/aws';
import { config } from '../lib/config';
import { putIfAbsent, withoutKeys } from '../lib/dynamo';

export interface Facility {
  id: string;
  tenantId: string;
  name: string;
  address: string;
  city: string;
  state: string;
  country: string;
  zipCode: string;
  contactEmail: string | null;
  contactPhone: string | null;
  operatingHoursStart: string;
  operatingHoursEnd: string;
  timeZone: string;
  totalDockDoors: number;
  isActive: boolean;
  createdAt: string;
}

export const facilityKeys = {
  pk: (tenantId: string) => `TENANT#${tenantId}`,
  sk: (facilityId: string) => `FACILITY#${facilityId}`,
};

const fromItem = (item: Record<string, unknown>) => withoutKeys<Facility>(item);

export async function getFacility(tenantId: string, facilityId: string): Promise<Facility | null> {
  const res = await ddb().send(new GetCommand({ TableName: config.tableName, Key: { PK: facilityKeys.pk(tenantId), SK: facilityKeys.sk(facilityId) } }));
  return res.Item ? fromItem(res.Item) : null;
}

export async function listFacilities(tenantId: string): Promise<Facility[]> {
  const res = await ddb().send(
    new QueryCommand({
      TableName: config.tableName,
      KeyConditionExpression: 'PK = :pk AND begins_with(SK, :sk)',
      ExpressionAttributeValues: { ':pk': facilityKeys.pk(tenantId), ':sk': 'FACILITY#' },
    }),
  );
  return (res.Items ?? []).map(fromItem);
}

export function putFacilityIfAbsent(facility: Facility): Promise<boolean> {
  return putIfAbsent({ PK: facilityKeys.pk(facility.tenantId), SK: facilityKeys.sk(facility.id), entity: 'facility', ...facility });
}

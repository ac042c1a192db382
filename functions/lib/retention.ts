// The tenant's retention policy as every store that writes personal data reads it (issue #36): the
// key of the policy item and `retentionExpiry`, the one place that turns the policy into an item's
// TTL (`expiresAt`, functions/lib/table.ts), so DynamoDB deletes whole items when their time is up.
// Kernel, because messaging and trips write those items and sit below privacy, which saves the policy.
import { DEFAULT_RETENTION, RETENTION_LIMITS, type RetentionPeriods } from '../../shared/contracts/privacy-retention';
import { getItem } from './dynamo';
import { tenantPk } from './table';

export interface StoredRetentionPolicy extends Partial<RetentionPeriods> {
  tenantId: string;
  revision?: number;
  updatedAt: string;
}

export const retentionPolicyKey = (tenantId: string) => ({ PK: tenantPk(tenantId), SK: 'RETENTION-POLICY' });

export const getStoredRetentionPolicy = (tenantId: string) =>
  getItem<StoredRetentionPolicy>(retentionPolicyKey(tenantId), true);

/** The periods in force: the tenant's where it set one, the default elsewhere. */
export const periodsOf = (stored: Partial<RetentionPeriods> | null): RetentionPeriods => ({
  checkinPhotos: stored?.checkinPhotos ?? DEFAULT_RETENTION.checkinPhotos,
  licenceImages: stored?.licenceImages ?? DEFAULT_RETENTION.licenceImages,
  messageBodies: stored?.messageBodies ?? DEFAULT_RETENTION.messageBodies,
  fastagCrossings: stored?.fastagCrossings ?? DEFAULT_RETENTION.fastagCrossings,
  closedAppointments: stored?.closedAppointments ?? DEFAULT_RETENTION.closedAppointments,
});

/** A kind's period in milliseconds. */
export const periodMs = (periods: RetentionPeriods, kind: keyof RetentionPeriods): number =>
  periods[kind] * (RETENTION_LIMITS[kind].unit === 'hours' ? 3600_000 : 86_400_000);

/** The `expiresAt` (epoch seconds) of an item of the kind written at `fromMs`, by the tenant's policy. */
export async function retentionExpiry(
  tenantId: string,
  kind: 'messageBodies' | 'fastagCrossings',
  fromMs: number,
): Promise<number> {
  const periods = periodsOf(await getStoredRetentionPolicy(tenantId));
  return Math.floor((fromMs + periodMs(periods, kind)) / 1000);
}

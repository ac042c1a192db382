// Yard spots (the waiting area) of a facility. A spot is found by its id alone through GSI1 (the
// PATCH route names only the spot); moving an asset to a spot frees the spot it was on, atomically.
// One truck stands on one spot: a YARDASSET# item per parked asset names its spot and is written in
// the same transaction as the spot, so two writers can never park one truck twice.
import { randomUUID } from 'node:crypto';
import { auditPut, type Actor } from '../lib/audit';
import { config } from '../lib/config';
import { getItem, queryPrefix, transact } from '../lib/dynamo';
import { ConflictError, NotFoundError } from '../lib/errors';
import { facilityKeys } from '../facilities';
import type { YARD_SPOT_STATUSES } from '../../shared/contracts/yard';
import { tenantPk } from '../lib/table';

export type YardSpotStatus = (typeof YARD_SPOT_STATUSES)[number];
type TransactItem = Parameters<typeof transact>[0][number];

export interface YardSpot {
  id: string;
  tenantId: string;
  facilityId: string;
  spotNumber: string;
  status: YardSpotStatus;
  currentAssetId: string | null;
  updatedAt: string;
}

export const yardSpotKeys = {
  key: (tenantId: string, facilityId: string, spotId: string) => ({
    PK: facilityKeys.partition(tenantId, facilityId),
    SK: `SPOT#${spotId}`,
  }),
  byId: (tenantId: string, spotId: string) => ({ GSI1PK: tenantPk(tenantId, 'YARDSPOT', spotId), GSI1SK: 'SPOT' }),
  /** The spot an asset (truck) stands on, by asset. */
  asset: (tenantId: string, facilityId: string, assetId: string) => ({
    PK: facilityKeys.partition(tenantId, facilityId),
    SK: `YARDASSET#${assetId}`,
  }),
};

/** The spot is still as it was read (no one changed it meanwhile). */
const unchanged = (s: YardSpot) => ({
  ConditionExpression: 'updatedAt = :seen',
  ExpressionAttributeValues: { ':seen': s.updatedAt },
});

/** Parks the asset on the spot: allowed when the asset stands nowhere, or on `holder` (moving away). */
function assetParkPut(spot: YardSpot, assetId: string, holder: string | null, now: Date): TransactItem {
  return {
    Put: {
      TableName: config.tableName,
      Item: {
        ...yardSpotKeys.asset(spot.tenantId, spot.facilityId, assetId),
        entity: 'yard-asset',
        assetId,
        spotId: spot.id,
        updatedAt: now.toISOString(),
      },
      ConditionExpression: holder ? 'attribute_not_exists(PK) OR spotId = :holder' : 'attribute_not_exists(PK)',
      ...(holder ? { ExpressionAttributeValues: { ':holder': holder } } : {}),
    },
  };
}

/** The asset leaves the spot (spots parked before the marker existed have none, which is fine). */
function assetLeaveDelete(spot: YardSpot, assetId: string): TransactItem {
  return {
    Delete: {
      TableName: config.tableName,
      Key: yardSpotKeys.asset(spot.tenantId, spot.facilityId, assetId),
      ConditionExpression: 'attribute_not_exists(PK) OR spotId = :spot',
      ExpressionAttributeValues: { ':spot': spot.id },
    },
  };
}

function toItem(spot: YardSpot) {
  return {
    ...yardSpotKeys.key(spot.tenantId, spot.facilityId, spot.id),
    ...yardSpotKeys.byId(spot.tenantId, spot.id),
    entity: 'yard-spot',
    ...spot,
  };
}

export async function listYardSpots(tenantId: string, facilityId: string): Promise<YardSpot[]> {
  const spots = await queryPrefix<YardSpot>(facilityKeys.partition(tenantId, facilityId), 'SPOT#', {
    consistent: true,
  });
  return spots.sort((a, b) => a.spotNumber.localeCompare(b.spotNumber, 'en', { numeric: true }));
}

export async function findYardSpot(tenantId: string, spotId: string): Promise<YardSpot | null> {
  const [hit] = await queryPrefix<YardSpot>(yardSpotKeys.byId(tenantId, spotId).GSI1PK, 'SPOT', { index: 'GSI1' });
  return hit ?? null;
}

export async function createYardSpot(
  tenantId: string,
  facilityId: string,
  spotNumber: string,
  actor: Actor | null,
  init: Partial<Pick<YardSpot, 'status' | 'currentAssetId' | 'id'>> = {},
  now = new Date(),
): Promise<YardSpot> {
  const spot: YardSpot = {
    id: init.id ?? randomUUID(),
    tenantId,
    facilityId,
    spotNumber,
    status: init.status ?? 'empty',
    currentAssetId: init.currentAssetId ?? null,
    updatedAt: now.toISOString(),
  };
  await transact(
    [
      { Put: { TableName: config.tableName, Item: toItem(spot), ConditionExpression: 'attribute_not_exists(PK)' } },
      ...(spot.status === 'occupied' && spot.currentAssetId
        ? [assetParkPut(spot, spot.currentAssetId, null, now)]
        : []),
      auditPut(
        {
          tenantId,
          actor,
          action: 'yard-spot.created',
          entityType: 'yard-spot',
          entityId: spot.id,
          after: { ...spot },
        },
        now,
      ),
    ],
    () => new ConflictError('Yard spot already exists'),
  );
  return spot;
}

/**
 * Sets a spot's status. Occupying a spot with an asset that stands on another spot of the facility
 * frees that spot in the same transaction. Each write is conditioned on the spot's last update and
 * the asset's YARDASSET# item, so two people dragging (or Assign Spots) at once cannot leave one
 * truck on two spots.
 */
export async function setYardSpotStatus(
  tenantId: string,
  spotId: string,
  status: YardSpotStatus,
  assetId: string | null,
  actor: Actor,
  now = new Date(),
): Promise<YardSpot> {
  const spot = await findYardSpot(tenantId, spotId);
  if (!spot) throw new NotFoundError('Yard spot not found');
  if (status === 'occupied' && spot.status === 'maintenance')
    throw new ConflictError(`Spot ${spot.spotNumber} is under maintenance`);
  if (status === 'occupied' && spot.status === 'occupied' && spot.currentAssetId !== assetId)
    throw new ConflictError(`Spot ${spot.spotNumber} is already occupied by ${spot.currentAssetId}`);
  const updated: YardSpot = {
    ...spot,
    status,
    currentAssetId: status === 'occupied' ? assetId : null,
    updatedAt: now.toISOString(),
  };
  const previous =
    status === 'occupied' && assetId
      ? (await listYardSpots(tenantId, spot.facilityId)).find((s) => s.id !== spot.id && s.currentAssetId === assetId)
      : undefined;
  const freed = previous && {
    ...previous,
    status: 'empty' as const,
    currentAssetId: null,
    updatedAt: now.toISOString(),
  };
  const items: TransactItem[] = [
    { Put: { TableName: config.tableName, Item: toItem(updated), ...unchanged(spot) } },
    ...(freed && previous
      ? [{ Put: { TableName: config.tableName, Item: toItem(freed), ...unchanged(previous) } }]
      : []),
  ];
  const assetItem = items.length;
  if (updated.currentAssetId) items.push(assetParkPut(spot, updated.currentAssetId, previous?.id ?? spot.id, now));
  else if (spot.currentAssetId) items.push(assetLeaveDelete(spot, spot.currentAssetId));
  items.push(
    auditPut(
      {
        tenantId,
        actor,
        action: 'yard-spot.status-changed',
        entityType: 'yard-spot',
        entityId: spot.id,
        before: { ...spot },
        after: { ...updated, freedSpotId: freed?.id ?? null },
      },
      now,
    ),
  );
  await transact(items, (index) =>
    index === assetItem && updated.currentAssetId
      ? new ConflictError(`${updated.currentAssetId} is already on another spot. Refresh and try again.`)
      : new ConflictError('The yard changed while you were updating it. Refresh and try again.'),
  );
  return updated;
}

export interface SpotPlacement {
  spot: YardSpot;
  assetId: string;
  /** Why the asset is placed (the waiting check-in), kept in the audit record. */
  reason: Record<string, unknown>;
}

/**
 * Transaction items that park each asset on its free spot: the spot still as read, the asset on no
 * spot yet, and an audit record per spot. Returns the items and the placed spots as written.
 */
export function placementItems(tenantId: string, placements: SpotPlacement[], actor: Actor, now = new Date()) {
  const placed = placements.map(({ spot, assetId }) => ({
    ...spot,
    status: 'occupied' as const,
    currentAssetId: assetId,
    updatedAt: now.toISOString(),
  }));
  const items: TransactItem[] = placements.flatMap(({ spot, assetId, reason }, i) => [
    { Put: { TableName: config.tableName, Item: toItem(placed[i]!), ...unchanged(spot) } },
    assetParkPut(spot, assetId, null, now),
    auditPut(
      {
        tenantId,
        actor,
        action: 'yard-spot.auto-assigned',
        entityType: 'yard-spot',
        entityId: spot.id,
        before: { ...spot },
        after: { ...placed[i]!, ...reason },
      },
      now,
    ),
  ]);
  return { items, placed };
}

/** The spot the asset stands on (its YARDASSET# item names it), or null. */
export async function spotOfAsset(tenantId: string, facilityId: string, assetId: string): Promise<YardSpot | null> {
  const parked = await getItem<{ spotId: string }>(yardSpotKeys.asset(tenantId, facilityId, assetId), true);
  if (!parked) return null;
  const spot = await getItem<YardSpot>(yardSpotKeys.key(tenantId, facilityId, parked.spotId), true);
  return spot?.currentAssetId === assetId ? spot : null;
}

/**
 * Transaction items that take the asset off its spot (a yard move to a door): the spot still as read
 * and empty after, the asset's YARDASSET# item gone, an audit record. Returns the items and the spot.
 */
export function leaveItems(spot: YardSpot, actor: Actor, reason: Record<string, unknown>, now = new Date()) {
  const freed: YardSpot = { ...spot, status: 'empty', currentAssetId: null, updatedAt: now.toISOString() };
  const items: TransactItem[] = [
    { Put: { TableName: config.tableName, Item: toItem(freed), ...unchanged(spot) } },
    ...(spot.currentAssetId ? [assetLeaveDelete(spot, spot.currentAssetId)] : []),
    auditPut(
      {
        tenantId: spot.tenantId,
        actor,
        action: 'yard-spot.status-changed',
        entityType: 'yard-spot',
        entityId: spot.id,
        before: { ...spot },
        after: { ...freed, ...reason },
      },
      now,
    ),
  ];
  return { items, freed };
}

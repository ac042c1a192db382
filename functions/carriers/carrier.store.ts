// Carriers (TENANT#<t>, CARRIER#<id>) with their performance counters, and their drivers in the
// carrier's own partition. The counters are changed only with atomic ADDs (recordCarrierOutcome).
import { randomUUID } from 'node:crypto';
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { auditPut, type Actor } from '../lib/audit';
import { ddb } from '../lib/aws';
import { config } from '../lib/config';
import { getItem, queryPrefix, transact } from '../lib/dynamo';
import { ConflictError, NotFoundError } from '../lib/errors';
import type {
  carrierInputSchema,
  carrierUpdateSchema,
  driverInputSchema,
  driverUpdateSchema,
} from '../../shared/contracts/carriers';
import { editFields } from '../lib/revision';
import type * as z from 'zod/mini';
import { tenantPk } from '../lib/table';
import { isPunctual, type ArrivalOutcome } from '../../shared/contracts/appointments';

export type CarrierFields = z.output<typeof carrierInputSchema>;
export type DriverFields = z.output<typeof driverInputSchema>;

interface CarrierRecord extends CarrierFields {
  id: string;
  tenantId: string;
  isActive: boolean;
  totalAppointments: number;
  onTimeAppointments: number;
  lateAppointments: number;
  noShowAppointments: number;
  createdAt: string;
  /** functions/lib/revision.ts; a carrier from before revisions has none (revision 0). */
  revision?: number;
}

export interface Carrier extends CarrierRecord {
  /** On-time share of the appointments with a known outcome; null before the first one. */
  onTimePercentage: number | null;
}

export interface Driver extends DriverFields {
  id: string;
  tenantId: string;
  createdAt: string;
  /** The account that drives as this driver (set when its registration is approved). */
  userId?: string;
  /** functions/lib/revision.ts; a driver from before revisions has none (revision 0). */
  revision?: number;
}

export const carrierKeys = {
  key: (tenantId: string, carrierId: string) => ({ PK: tenantPk(tenantId), SK: `CARRIER#${carrierId}` }),
  drivers: (tenantId: string, carrierId: string) => tenantPk(tenantId, 'CARRIER', carrierId),
  driver: (tenantId: string, carrierId: string, driverId: string) => ({
    PK: carrierKeys.drivers(tenantId, carrierId),
    SK: `DRIVER#${driverId}`,
  }),
};

export function withOnTimePercentage(record: CarrierRecord): Carrier {
  const decided = record.onTimeAppointments + record.lateAppointments + record.noShowAppointments;
  return {
    ...record,
    onTimePercentage: decided === 0 ? null : Math.round((record.onTimeAppointments / decided) * 1000) / 10,
  };
}

export async function listCarriers(tenantId: string): Promise<Carrier[]> {
  const records = await queryPrefix<CarrierRecord>(tenantPk(tenantId), 'CARRIER#');
  return records.map(withOnTimePercentage).sort((a, b) => a.name.localeCompare(b.name));
}

export async function getCarrier(tenantId: string, carrierId: string): Promise<Carrier | null> {
  const record = await getItem<CarrierRecord>(carrierKeys.key(tenantId, carrierId));
  return record && withOnTimePercentage(record);
}

function newCarrierRecord(tenantId: string, input: CarrierFields, id: string, now: Date): CarrierRecord {
  return {
    ...input,
    id,
    tenantId,
    isActive: true,
    totalAppointments: 0,
    onTimeAppointments: 0,
    lateAppointments: 0,
    noShowAppointments: 0,
    createdAt: now.toISOString(),
  };
}

/** The new carrier's put and audit record, for a transaction of the caller's (a user's approval). */
export function carrierPuts(
  tenantId: string,
  input: CarrierFields,
  actor: Actor | null,
  options: { id?: string } = {},
  now = new Date(),
) {
  const record = newCarrierRecord(tenantId, input, options.id ?? randomUUID(), now);
  return {
    carrier: withOnTimePercentage(record),
    items: [
      {
        Put: {
          TableName: config.tableName,
          Item: { ...carrierKeys.key(tenantId, record.id), entity: 'carrier', ...record },
          ConditionExpression: 'attribute_not_exists(PK)',
        },
      },
      auditPut(
        {
          tenantId,
          actor,
          action: 'carrier.created',
          entityType: 'carrier',
          entityId: record.id,
          after: { ...record },
        },
        now,
      ),
    ],
  };
}

export async function createCarrier(
  tenantId: string,
  input: CarrierFields,
  actor: Actor | null,
  options: { id?: string } = {},
  now = new Date(),
): Promise<Carrier> {
  const { carrier, items } = carrierPuts(tenantId, input, actor, options, now);
  await transact(items, () => new ConflictError('Carrier already exists'));
  return carrier;
}

export type CarrierOutcome = 'booked' | ArrivalOutcome | 'noShow';
/** The carrier's counter an outcome adds to: an arrival is on time or late by the one punctuality rule. */
const counterOf = (outcome: CarrierOutcome): keyof CarrierRecord =>
  outcome === 'booked'
    ? 'totalAppointments'
    : outcome === 'noShow'
      ? 'noShowAppointments'
      : isPunctual(outcome)
        ? 'onTimeAppointments'
        : 'lateAppointments';

/** Counts an appointment outcome for the carrier (atomic, safe under concurrency). */
export function carrierOutcomeUpdate(tenantId: string, carrierId: string, outcome: CarrierOutcome) {
  return {
    Update: {
      TableName: config.tableName,
      Key: carrierKeys.key(tenantId, carrierId),
      UpdateExpression: 'ADD #counter :one',
      ConditionExpression: 'attribute_exists(PK)',
      ExpressionAttributeNames: { '#counter': counterOf(outcome) },
      ExpressionAttributeValues: { ':one': 1 },
    },
  };
}

export async function recordCarrierOutcome(tenantId: string, carrierId: string, outcome: CarrierOutcome) {
  await ddb().send(new UpdateCommand(carrierOutcomeUpdate(tenantId, carrierId, outcome).Update));
}

export async function listDrivers(tenantId: string, carrierId: string): Promise<Driver[]> {
  const drivers = await queryPrefix<Driver>(carrierKeys.drivers(tenantId, carrierId), 'DRIVER#');
  return drivers.sort((a, b) => a.name.localeCompare(b.name));
}

export function getDriver(tenantId: string, carrierId: string, driverId: string) {
  return getItem<Driver>(carrierKeys.driver(tenantId, carrierId, driverId));
}

/**
 * The new driver's put (its carrier must exist) and audit record; `userId` links the driver record to
 * the account that drives as it, for a transaction of the caller's.
 */
export function driverPuts(
  tenantId: string,
  input: DriverFields,
  actor: Actor | null,
  options: { id?: string; userId?: string; carrierIsNew?: boolean } = {},
  now = new Date(),
) {
  const driver: Driver = {
    ...input,
    id: options.id ?? randomUUID(),
    tenantId,
    createdAt: now.toISOString(),
    ...(options.userId ? { userId: options.userId } : {}),
  };
  return {
    driver,
    items: [
      // A carrier put in the same transaction cannot be checked there too (one operation per item).
      ...(options.carrierIsNew
        ? []
        : [
            {
              ConditionCheck: {
                TableName: config.tableName,
                Key: carrierKeys.key(tenantId, input.carrierId),
                ConditionExpression: 'attribute_exists(PK)',
              },
            },
          ]),
      {
        Put: {
          TableName: config.tableName,
          Item: { ...carrierKeys.driver(tenantId, input.carrierId, driver.id), entity: 'driver', ...driver },
          ConditionExpression: 'attribute_not_exists(PK)',
        },
      },
      auditPut(
        { tenantId, actor, action: 'driver.created', entityType: 'driver', entityId: driver.id, after: { ...driver } },
        now,
      ),
    ],
  };
}

export async function createDriver(
  tenantId: string,
  input: DriverFields,
  actor: Actor | null,
  options: { id?: string } = {},
  now = new Date(),
): Promise<Driver> {
  const { driver, items } = driverPuts(tenantId, input, actor, options, now);
  await transact(items, (index) =>
    index === 0 ? new NotFoundError('Carrier not found') : new ConflictError('Driver already exists'),
  );
  return driver;
}

/**
 * Links an existing driver record to the account that drives as it, with its audit record: only if
 * the driver still exists and no other account is linked to it (one account per driver).
 */
export function driverLinkItems(
  tenantId: string,
  driver: Driver,
  userId: string,
  actor: Actor | null,
  now = new Date(),
) {
  return [
    {
      Update: {
        TableName: config.tableName,
        Key: carrierKeys.driver(tenantId, driver.carrierId, driver.id),
        UpdateExpression: 'SET userId = :user',
        ConditionExpression: 'attribute_exists(PK) AND (attribute_not_exists(userId) OR userId = :user)',
        ExpressionAttributeValues: { ':user': userId },
      },
    },
    auditPut(
      {
        tenantId,
        actor,
        action: 'driver.linked',
        entityType: 'driver',
        entityId: driver.id,
        before: { ...driver },
        after: { ...driver, userId },
      },
      now,
    ),
  ];
}

/** An edit of a carrier's details from the revision its form loaded; its counters are left as they are. */
export function updateCarrier(
  tenantId: string,
  carrierId: string,
  edit: z.output<typeof carrierUpdateSchema>,
  actor: Actor,
  now = new Date(),
): Promise<Carrier> {
  const { revision: seen, ...changes } = edit;
  const key = carrierKeys.key(tenantId, carrierId);
  return editFields(
    {
      key,
      read: () => getItem<CarrierRecord>(key, true),
      seen,
      changes,
      view: withOnTimePercentage,
      missing: () => new NotFoundError('Carrier not found'),
      audit: { tenantId, actor, action: 'carrier.updated', entityType: 'carrier', entityId: carrierId },
    },
    now,
  );
}

/** An edit of a driver's details from the revision its form loaded; the linked account is left as it is. */
export function updateDriver(
  tenantId: string,
  carrierId: string,
  driverId: string,
  edit: z.output<typeof driverUpdateSchema>,
  actor: Actor,
  now = new Date(),
): Promise<Driver> {
  const { revision: seen, ...changes } = edit;
  const key = carrierKeys.driver(tenantId, carrierId, driverId);
  return editFields(
    {
      key,
      read: () => getItem<Driver>(key, true),
      seen,
      changes,
      view: (driver) => driver,
      missing: () => new NotFoundError('Driver not found'),
      audit: { tenantId, actor, action: 'driver.updated', entityType: 'driver', entityId: driverId },
    },
    now,
  );
}

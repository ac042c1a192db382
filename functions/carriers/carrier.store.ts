// Carriers (TENANT#<t>, CARRIER#<id>) with their performance counters, and their drivers in the
// carrier's own partition. The counters are changed only with atomic ADDs (recordCarrierOutcome).
import { randomUUID } from 'node:crypto';
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { auditPut, type Actor } from '../lib/audit';
import { ddb } from '../lib/aws';
import { config } from '../lib/config';
import { getItem, queryPrefix, transact } from '../lib/dynamo';
import { ConflictError, NotFoundError } from '../lib/errors';
import type { carrierInputSchema, driverInputSchema } from '../../shared/contracts/carriers';
import type { z } from 'zod';
import { tenantPk } from '../lib/table';

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
}

export interface Carrier extends CarrierRecord {
  /** On-time share of the appointments with a known outcome; null before the first one. */
  onTimePercentage: number | null;
}

export interface Driver extends DriverFields {
  id: string;
  tenantId: string;
  createdAt: string;
}

export const carrierKeys = {
  key: (tenantId: string, carrierId: string) => ({ PK: tenantPk(tenantId), SK: `CARRIER#${carrierId}` }),
  drivers: (tenantId: string, carrierId: string) => tenantPk(tenantId, 'CARRIER', carrierId),
  driver: (tenantId: string, carrierId: string, driverId: string) => ({ PK: carrierKeys.drivers(tenantId, carrierId), SK: `DRIVER#${driverId}` }),
};

export function withOnTimePercentage(record: CarrierRecord): Carrier {
  const decided = record.onTimeAppointments + record.lateAppointments + record.noShowAppointments;
  return { ...record, onTimePercentage: decided === 0 ? null : Math.round((record.onTimeAppointments / decided) * 1000) / 10 };
}

export async function listCarriers(tenantId: string): Promise<Carrier[]> {
  const records = await queryPrefix<CarrierRecord>(tenantPk(tenantId), 'CARRIER#');
  return records.map(withOnTimePercentage).sort((a, b) => a.name.localeCompare(b.name));
}

export async function getCarrier(tenantId: string, carrierId: string): Promise<Carrier | null> {
  const record = await getItem<CarrierRecord>(carrierKeys.key(tenantId, carrierId));
  return record && withOnTimePercentage(record);
}

export async function createCarrier(tenantId: string, input: CarrierFields, actor: Actor | null, options: { id?: string } = {}, now = new Date()): Promise<Carrier> {
  const record: CarrierRecord = {
    ...input,
    id: options.id ?? randomUUID(),
    tenantId,
    isActive: true,
    totalAppointments: 0,
    onTimeAppointments: 0,
    lateAppointments: 0,
    noShowAppointments: 0,
    createdAt: now.toISOString(),
  };
  await transact(
    [
      { Put: { TableName: config.tableName, Item: { ...carrierKeys.key(tenantId, record.id), entity: 'carrier', ...record }, ConditionExpression: 'attribute_not_exists(PK)' } },
      auditPut({ tenantId, actor, action: 'carrier.created', entityType: 'carrier', entityId: record.id, after: { ...record } }, now),
    ],
    () => new ConflictError('Carrier already exists'),
  );
  return withOnTimePercentage(record);
}

export type CarrierOutcome = 'booked' | 'early' | 'onTime' | 'late' | 'noShow';
// An early arrival kept the appointment: it counts as on time for the carrier (isPunctual).
const COUNTER: Record<CarrierOutcome, keyof CarrierRecord> = { booked: 'totalAppointments', early: 'onTimeAppointments', onTime: 'onTimeAppointments', late: 'lateAppointments', noShow: 'noShowAppointments' };

/** Counts an appointment outcome for the carrier (atomic, safe under concurrency). */
export function carrierOutcomeUpdate(tenantId: string, carrierId: string, outcome: CarrierOutcome) {
  return {
    Update: {
      TableName: config.tableName,
      Key: carrierKeys.key(tenantId, carrierId),
      UpdateExpression: 'ADD #counter :one',
      ConditionExpression: 'attribute_exists(PK)',
      ExpressionAttributeNames: { '#counter': COUNTER[outcome] },
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

export async function createDriver(tenantId: string, input: DriverFields, actor: Actor | null, options: { id?: string } = {}, now = new Date()): Promise<Driver> {
  const driver: Driver = { ...input, id: options.id ?? randomUUID(), tenantId, createdAt: now.toISOString() };
  await transact(
    [
      { ConditionCheck: { TableName: config.tableName, Key: carrierKeys.key(tenantId, input.carrierId), ConditionExpression: 'attribute_exists(PK)' } },
      { Put: { TableName: config.tableName, Item: { ...carrierKeys.driver(tenantId, input.carrierId, driver.id), entity: 'driver', ...driver }, ConditionExpression: 'attribute_not_exists(PK)' } },
      auditPut({ tenantId, actor, action: 'driver.created', entityType: 'driver', entityId: driver.id, after: { ...driver } }, now),
    ],
    (index) => (index === 0 ? new NotFoundError('Carrier not found') : new ConflictError('Driver already exists')),
  );
  return driver;
}

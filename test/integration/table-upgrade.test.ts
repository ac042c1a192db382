// A table kept from an earlier version (npm start's data folder) gets the indexes added since, and
// the items already there are indexed: the live yard finds a truck that was at its door before the
// at-door index (GSI3) existed.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { randomUUID } from 'node:crypto';
import { CreateTableCommand, DeleteTableCommand, DescribeTableCommand, DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { ensureTable, LOCAL_CREDENTIALS, LOCAL_REGION, useLocalEnvironment } from '../../functions/local/services';
import { createTableInput } from '../../functions/lib/table';
import { ddb } from '../../functions/lib/aws';
import { appointmentItem, listAppointmentsAtDoors } from '../../functions/appointments';
import { reindexAppointments } from '../../functions/local/reindex';
import type { Appointment } from '../../shared/contracts/appointments';

const endpoint = inject('dynamoDbEndpoint');
const client = new DynamoDBClient({ endpoint, region: LOCAL_REGION, credentials: LOCAL_CREDENTIALS });
const tableName = `test-upgrade-${randomUUID().slice(0, 8)}`;

beforeAll(async () => {
  // The table as an earlier version made it: without GSI3.
  const now = createTableInput(tableName);
  const earlier = { ...now, GlobalSecondaryIndexes: now.GlobalSecondaryIndexes!.filter((g) => g.IndexName !== 'GSI3'), AttributeDefinitions: now.AttributeDefinitions!.filter((a) => !a.AttributeName!.startsWith('GSI3')) };
  await client.send(new CreateTableCommand(earlier));
  useLocalEnvironment({ dynamoDbEndpoint: endpoint, s3Endpoint: inject('s3Endpoint'), tableName, uploadsBucket: 'unused' });
});
afterAll(async () => {
  await client.send(new DeleteTableCommand({ TableName: tableName })).catch(() => undefined);
  client.destroy();
});

async function indexes() {
  const { Table } = await client.send(new DescribeTableCommand({ TableName: tableName }));
  return (Table?.GlobalSecondaryIndexes ?? []).map((g) => g.IndexName).sort();
}

describe('a table from an earlier version', () => {
  it('gets the missing index, and the appointments already there are found through it', async () => {
    // Prepare: an appointment on site at a door, written before the index existed (no GSI3 keys)
    const at = sampleAppointment();
    const { GSI3PK: _pk, GSI3SK: _sk, ...older } = appointmentItem(at) as Record<string, unknown>;
    await ddb().send(new PutCommand({ TableName: tableName, Item: older }));
    // Act
    const added = await ensureTable(endpoint, tableName);
    const written = await reindexAppointments();
    // Assess
    expect(added).toEqual(['GSI3']);
    expect(await indexes()).toEqual(['GSI1', 'GSI2', 'GSI3']);
    expect(written).toBe(1);
    expect((await listAppointmentsAtDoors('upgrade', 'facility-1', at.scheduledDate)).map((a) => a.id)).toEqual([at.id]);
    expect(await ensureTable(endpoint, tableName), 'nothing to add the second time').toEqual([]);
  });
});

function sampleAppointment(): Appointment {
  return {
    id: 'upgrade-appointment-1', tenantId: 'upgrade', facilityId: 'facility-1', bookingReference: 'UPG0001', carrierId: 'carrier-ganga', carrierName: 'Ganga Logistics', driverId: null, driverName: null, driverPhone: null,
    dockDoorId: 'door-05', doorNumber: 'D05', laborInchargeId: null, scheduledDate: '2026-11-23', scheduledTimeStart: '10:00', scheduledTimeEnd: '11:00', loadType: 'inbound', priority: 'normal', status: 'arrived',
    bookedBy: 'staff', poNumber: null, bolNumber: null, palletCount: null, cartonCount: null, estimatedDuration: 60, specialInstructions: null, handlingEquipmentNotes: null,
    arrivedAt: '2026-11-23T04:30:00.000Z', departedAt: null, arrivalOutcome: 'on_time', createdAt: '2026-11-23T00:00:00.000Z', updatedAt: '2026-11-23T00:00:00.000Z', createdBy: 'test',
  } as unknown as Appointment;
}

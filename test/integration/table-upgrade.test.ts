// A table kept from an earlier version (npm start's data folder) gets the indexes added since, and
// the items already there are indexed: the live yard finds a truck that was at its door before the
// at-door index (GSI3) existed. Which indexes are missing is checked here without DynamoDB; adding
// one to DynamoDB Local while the whole suite loads it can take longer than a test may wait, so the
// item is written without its GSI3 keys into a table that has the index, as an earlier version wrote it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { randomUUID } from 'node:crypto';
import { CreateTableCommand, DeleteTableCommand, DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { LOCAL_CREDENTIALS, LOCAL_REGION, missingIndexes, useLocalEnvironment } from '../../functions/local/services';
import { createTableInput } from '../../functions/lib/table';
import { ddb } from '../../functions/lib/aws';
import { appointmentItem, listAppointmentsAtDoors, reindexAppointments } from '../../functions/appointments';
import type { Appointment } from '../../shared/contracts/appointments';

const endpoint = inject('dynamoDbEndpoint');
const client = new DynamoDBClient({ endpoint, region: LOCAL_REGION, credentials: LOCAL_CREDENTIALS });
const tableName = `test-upgrade-${randomUUID().slice(0, 8)}`;

beforeAll(async () => {
  await client.send(new CreateTableCommand(createTableInput(tableName)));
  useLocalEnvironment({
    dynamoDbEndpoint: endpoint,
    s3Endpoint: inject('s3Endpoint'),
    tableName,
    uploadsBucket: 'unused',
  });
});
afterAll(async () => {
  await client.send(new DeleteTableCommand({ TableName: tableName })).catch(() => undefined);
  client.destroy();
});

describe('a table from an earlier version', () => {
  it('lacks exactly the indexes added since', () => {
    const wanted = createTableInput(tableName);
    const earlier = {
      GlobalSecondaryIndexes: wanted
        .GlobalSecondaryIndexes!.filter((g) => g.IndexName !== 'GSI3')
        .map((g) => ({ IndexName: g.IndexName })),
    };
    expect(missingIndexes(earlier, wanted).map((g) => g.IndexName)).toEqual(['GSI3']);
    expect(
      missingIndexes(
        { GlobalSecondaryIndexes: wanted.GlobalSecondaryIndexes!.map((g) => ({ IndexName: g.IndexName })) },
        wanted,
      ),
    ).toEqual([]);
  });

  it('has its appointments indexed again, so the ones already at a door are found through the new index', async () => {
    // Prepare: an appointment on site at a door, written before the index existed (no GSI3 keys)
    const at = sampleAppointment();
    const { GSI3PK: _pk, GSI3SK: _sk, ...older } = appointmentItem(at) as Record<string, unknown>;
    await ddb().send(new PutCommand({ TableName: tableName, Item: older }));
    expect(await listAppointmentsAtDoors('upgrade', 'facility-1', at.scheduledDate)).toEqual([]);
    // Act
    const report = await reindexAppointments();
    // Assess
    expect(report).toEqual({ appointments: 1, rewritten: 1, changedMeanwhile: 0 });
    expect((await listAppointmentsAtDoors('upgrade', 'facility-1', at.scheduledDate)).map((a) => a.id)).toEqual([
      at.id,
    ]);
  });
});

function sampleAppointment(): Appointment {
  return {
    id: 'upgrade-appointment-1',
    tenantId: 'upgrade',
    facilityId: 'facility-1',
    bookingReference: 'UPG0001',
    carrierId: 'carrier-ganga',
    carrierName: 'Ganga Logistics',
    driverId: null,
    driverName: null,
    driverPhone: null,
    dockDoorId: 'door-05',
    doorNumber: 'D05',
    laborInchargeId: null,
    scheduledDate: '2026-11-23',
    scheduledTimeStart: '10:00',
    scheduledTimeEnd: '11:00',
    loadType: 'inbound',
    priority: 'normal',
    status: 'arrived',
    bookedBy: 'staff',
    poNumber: null,
    bolNumber: null,
    palletCount: null,
    cartonCount: null,
    estimatedDuration: 60,
    specialInstructions: null,
    handlingEquipmentNotes: null,
    arrivedAt: '2026-11-23T04:30:00.000Z',
    departedAt: null,
    arrivalOutcome: 'on_time',
    createdAt: '2026-11-23T00:00:00.000Z',
    updatedAt: '2026-11-23T00:00:00.000Z',
    createdBy: 'test',
  } as unknown as Appointment;
}

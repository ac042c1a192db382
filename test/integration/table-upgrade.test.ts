// A table kept from an earlier version (npm start's data folder) gets the indexes added since, and
// the items already there are indexed: the live yard finds a truck that was at its door before the
// at-door index (GSI3) existed.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { DescribeTableCommand, DynamoDBClient, UpdateTableCommand } from '@aws-sdk/client-dynamodb';
import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { startTestApi, type TestApi } from '../support/api';
import { ensureTable, LOCAL_CREDENTIALS, LOCAL_REGION } from '../../functions/local/services';
import { ddb } from '../../functions/lib/aws';
import { appointmentItem, listAppointmentsAtDoors } from '../../functions/appointments';
import { reindexAppointments } from '../../functions/local/reindex';
import { DEMO_FACILITY_ID } from '../../functions/local/seed';
import type { Appointment } from '../../shared/contracts/appointments';

let api: TestApi;
const endpoint = inject('dynamoDbEndpoint');
const client = new DynamoDBClient({ endpoint, region: LOCAL_REGION, credentials: LOCAL_CREDENTIALS });

beforeAll(async () => {
  api = await startTestApi();
});
afterAll(async () => {
  client.destroy();
  await api.close();
});

async function indexes() {
  const { Table } = await client.send(new DescribeTableCommand({ TableName: api.tableName }));
  return (Table?.GlobalSecondaryIndexes ?? []).map((g) => g.IndexName).sort();
}

describe('a table from an earlier version', () => {
  it('gets the missing index, and the appointments already there are found through it', async () => {
    // Prepare: the table as it was before GSI3, holding an appointment on site at a door
    await client.send(new UpdateTableCommand({ TableName: api.tableName, GlobalSecondaryIndexUpdates: [{ Delete: { IndexName: 'GSI3' } }] }));
    for (let i = 0; i < 100 && (await indexes()).includes('GSI3'); i++) await new Promise((r) => setTimeout(r, 100));
    const at: Appointment = { ...(sampleAppointment()), status: 'arrived', dockDoorId: 'door-05', doorNumber: 'D05' };
    const { GSI3PK: _pk, GSI3SK: _sk, ...older } = appointmentItem(at) as Record<string, unknown>;
    await ddb().send(new PutCommand({ TableName: api.tableName, Item: older }));
    // Act
    const added = await ensureTable(endpoint, api.tableName);
    const written = await reindexAppointments();
    // Assess
    expect(added).toEqual(['GSI3']);
    expect(await indexes()).toEqual(['GSI1', 'GSI2', 'GSI3']);
    expect(written).toBeGreaterThan(0);
    expect((await listAppointmentsAtDoors('demo', DEMO_FACILITY_ID, at.scheduledDate)).map((a) => a.id)).toContain(at.id);
    expect(await ensureTable(endpoint, api.tableName), 'nothing to add the second time').toEqual([]);
  });
});

function sampleAppointment(): Appointment {
  return {
    id: 'upgrade-appointment-1', tenantId: 'demo', facilityId: DEMO_FACILITY_ID, bookingReference: 'UPG0001', carrierId: 'carrier-ganga', carrierName: 'Ganga Logistics', driverId: null, driverName: null, driverPhone: null,
    dockDoorId: null, doorNumber: null, laborInchargeId: null, scheduledDate: '2026-11-23', scheduledTimeStart: '10:00', scheduledTimeEnd: '11:00', loadType: 'inbound', priority: 'normal', status: 'scheduled',
    bookedBy: 'staff', poNumber: null, bolNumber: null, palletCount: null, cartonCount: null, estimatedDuration: 60, specialInstructions: null, handlingEquipmentNotes: null,
    arrivedAt: null, departedAt: null, arrivalOutcome: null, createdAt: '2026-11-23T00:00:00.000Z', updatedAt: '2026-11-23T00:00:00.000Z', createdBy: 'test',
  } as unknown as Appointment;
}

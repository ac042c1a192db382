// batchGet with DynamoDB mocked: BatchGetItem refuses a call that names a key twice ("Provided list of
// item keys contains duplicates"), which a list of today's appointments sharing a driver did (a 500).
import { beforeEach, describe, expect, it } from 'vitest';
import { mockClient } from 'aws-sdk-client-mock';
import { BatchGetCommand, DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';

process.env.TABLE_NAME = 'unit';
process.env.AWS_REGION = 'ap-south-1';
const { batchGet } = await import('../../functions/lib/dynamo');
const ddbMock = mockClient(DynamoDBDocumentClient);

beforeEach(() => ddbMock.reset());

describe('batchGet', () => {
  it('asks for a key named twice once, and answers it in both places', async () => {
    ddbMock.on(BatchGetCommand).resolves({
      Responses: { unit: [{ PK: 'T#t#DRIVER#ravi', SK: 'DRIVER', name: 'Ravi Kumar' }] },
    });
    const ravi = { PK: 'T#t#DRIVER#ravi', SK: 'DRIVER' };
    const nobody = { PK: 'T#t#DRIVER#none', SK: 'DRIVER' };

    const found = await batchGet<{ name: string }>([ravi, nobody, ravi]);

    const sent = ddbMock.commandCalls(BatchGetCommand).map((c) => c.args[0].input.RequestItems!.unit!.Keys);
    expect(sent).toEqual([[ravi, nobody]]);
    expect(found).toEqual([{ name: 'Ravi Kumar' }, null, { name: 'Ravi Kumar' }]);
  });

  it('sends at most 100 distinct keys a call', async () => {
    ddbMock.on(BatchGetCommand).resolves({ Responses: { unit: [] } });
    const keys = Array.from({ length: 250 }, (_, i) => ({ PK: `T#t#A#${i % 150}`, SK: 'A' }));

    await batchGet(keys);

    const sizes = ddbMock.commandCalls(BatchGetCommand).map((c) => c.args[0].input.RequestItems!.unit!.Keys!.length);
    expect(sizes).toEqual([100, 50]);
  });
});

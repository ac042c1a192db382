// A stalled database through the real local HTTP path (#14.7): the API answers 503 with Retry-After
// within a bounded time instead of hanging, and works again once the database answers.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { Client } from '../support/api';
import { startStallProxy, type StallProxy } from '../support/stall-proxy';
import { ensureBucket, ensureTable, useLocalEnvironment } from '../../functions/local/services';

let proxy: StallProxy;
let url: string;
let closeApi: () => Promise<void>;

beforeAll(async () => {
  // Prepare: the handlers talk to DynamoDB Local through the proxy (set before any client is made).
  const dynamoDbEndpoint = inject('dynamoDbEndpoint');
  const s3Endpoint = inject('s3Endpoint');
  proxy = await startStallProxy(dynamoDbEndpoint);
  const suffix = randomUUID().slice(0, 8);
  useLocalEnvironment({ dynamoDbEndpoint: proxy.endpoint, s3Endpoint, tableName: `test-${suffix}`, uploadsBucket: `uploads-${suffix}` });
  await Promise.all([ensureTable(dynamoDbEndpoint, `test-${suffix}`), ensureBucket(s3Endpoint, `uploads-${suffix}`)]);
  const { seedDemoData } = await import('../../functions/local/seed');
  await seedDemoData();
  const { startApiServer } = await import('../../functions/local/api-emulator');
  const api = await startApiServer({ port: 0 });
  url = api.url;
  closeApi = api.close;
});
afterAll(async () => {
  await closeApi?.();
  await proxy?.close();
});

const signIn = (from: string) => new Client(url).post('/api/auth/login', { identifier: 'operations', password: 'Demo@12345' }, { localAddress: from });

describe('a stalled DynamoDB', () => {
  it('answers 503 with Retry-After within the SDK timeouts, for every parallel request, then recovers', async () => {
    expect((await signIn('127.0.0.2')).status).toBe(200);

    // Act: the database stops answering; 6 requests arrive at once.
    proxy.freeze();
    const started = Date.now();
    const answers = await Promise.all(Array.from({ length: 6 }, (_, i) => signIn(`127.0.0.${10 + i}`).then((res) => ({ res, ms: Date.now() - started }))));
    proxy.thaw();

    // Assess: 3 attempts x 3 s request timeout plus back-off, well inside the Lambda's 15 s.
    for (const { res, ms } of answers) {
      expect(res.status).toBe(503);
      expect(Number(res.headers['retry-after'])).toBeGreaterThanOrEqual(1);
      expect(res.body.message).toMatch(/try again/i);
      expect(res.text).not.toMatch(/TimeoutError|at .*\.ts/);
      expect(ms).toBeLessThan(12_000);
    }
    expect((await signIn('127.0.0.3')).status).toBe(200);
  }, 25_000);
});

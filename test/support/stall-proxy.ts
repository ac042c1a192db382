// A TCP proxy in front of a service (DynamoDB Local) that can be frozen: while frozen it still
// accepts connections and takes requests but answers nothing, like a database that stalled. It can
// also stall only chosen DynamoDB operations, losing their answers (the request reaches the table) or
// holding the requests themselves, or answering them late (the request reaches the table at once), and
// it counts the requests of each operation it saw. `startApiBehindStallProxy` runs the local API with
// its handlers talking to DynamoDB Local through one.
import { randomUUID } from 'node:crypto';
import { createServer, connect, type Socket } from 'node:net';
import { inject } from 'vitest';
import { ensureBucket, ensureTable, useLocalEnvironment } from '../../functions/local/services';

export interface StallProxy {
  endpoint: string;
  freeze: () => void;
  /** Requests of these operations (e.g. 'TransactWriteItems') reach the service; their answers are swallowed. */
  loseAnswersOf: (operations: string[]) => void;
  /** Requests of these operations never reach the service (nor does anything after them on the connection). */
  holdRequestsOf: (operations: string[]) => void;
  /** Requests of these operations reach the service at once; their answers come back `ms` late. */
  answerLate: (operations: string[], ms: number) => void;
  thaw: () => void;
  /** How many requests of the operation the proxy took since the stall began. */
  seen: (operation: string) => number;
  close: () => Promise<void>;
}

const TARGET = /x-amz-target:\s*DynamoDB_\d+\.(\w+)/gi;

export async function startStallProxy(target: string): Promise<StallProxy> {
  const { hostname, port } = new URL(target);
  let frozen = false;
  let losing = new Set<string>();
  let holding = new Set<string>();
  let late = new Set<string>();
  let lateMs = 0;
  let counts = new Map<string, number>();
  const sockets = new Set<Socket>();
  const track = (s: Socket) => {
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
    s.on('error', () => s.destroy());
  };
  const server = createServer((client) => {
    const upstream = connect(Number(port), hostname);
    let answersLost = false;
    let held = false;
    // The wait before the next answer on this connection, and the answers handed back so far, in order.
    let delayNextAnswer = 0;
    let handedBack = Promise.resolve();
    track(client);
    track(upstream);
    client.on('data', (chunk: Buffer) => {
      // Bytes that arrive while frozen are swallowed: the caller waits for an answer that never comes.
      if (frozen || held) return;
      for (const [, operation] of chunk.toString('latin1').matchAll(TARGET)) {
        counts.set(operation!, (counts.get(operation!) ?? 0) + 1);
        if (losing.has(operation!)) answersLost = true;
        if (holding.has(operation!)) held = true;
        if (late.has(operation!)) delayNextAnswer = lateMs;
      }
      if (!held) upstream.write(chunk);
    });
    upstream.on('data', (chunk: Buffer) => {
      if (frozen || answersLost) return;
      const wait = delayNextAnswer;
      delayNextAnswer = 0;
      handedBack = handedBack
        .then(() => (wait ? new Promise((r) => setTimeout(r, wait)) : undefined))
        .then(() => void (client.destroyed || client.write(chunk)));
    });
    client.on('close', () => upstream.destroy());
    upstream.on('close', () => void handedBack.then(() => client.destroy()));
  });
  await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok));
  const address = server.address();
  const endpoint = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  return {
    endpoint,
    freeze: () => {
      frozen = true;
      counts = new Map();
    },
    loseAnswersOf: (operations) => {
      losing = new Set(operations);
      counts = new Map();
    },
    holdRequestsOf: (operations) => {
      holding = new Set(operations);
      counts = new Map();
    },
    answerLate: (operations, ms) => {
      late = new Set(operations);
      lateMs = ms;
      counts = new Map();
    },
    thaw: () => {
      frozen = false;
      losing = new Set();
      holding = new Set();
      late = new Set();
      // Connections that swallowed bytes are out of step with the server: drop them.
      for (const s of sockets) s.destroy();
    },
    seen: (operation) => counts.get(operation) ?? 0,
    close: () =>
      new Promise((ok) => {
        for (const s of sockets) s.destroy();
        server.close(() => ok());
      }),
  };
}

/**
 * The local API with its handlers talking to DynamoDB Local through a stall proxy (set before any
 * client is made), on a table and bucket of its own with the demo data; `close` stops both.
 */
export async function startApiBehindStallProxy(): Promise<{
  proxy: StallProxy;
  url: string;
  close: () => Promise<void>;
}> {
  const dynamoDbEndpoint = inject('dynamoDbEndpoint');
  const s3Endpoint = inject('s3Endpoint');
  const proxy = await startStallProxy(dynamoDbEndpoint);
  const suffix = randomUUID().slice(0, 8);
  useLocalEnvironment({
    dynamoDbEndpoint: proxy.endpoint,
    s3Endpoint,
    tableName: `test-${suffix}`,
    uploadsBucket: `uploads-${suffix}`,
  });
  await Promise.all([ensureTable(dynamoDbEndpoint, `test-${suffix}`), ensureBucket(s3Endpoint, `uploads-${suffix}`)]);
  const { seedDemoData } = await import('../../functions/local/seed');
  await seedDemoData();
  const { startApiServer } = await import('../../functions/local/api-emulator');
  const api = await startApiServer({ port: 0 });
  return {
    proxy,
    url: api.url,
    close: async () => {
      await api.close();
      await proxy.close();
    },
  };
}

// A TCP proxy in front of a service (DynamoDB Local) that can be frozen: while frozen it still
// accepts connections and takes requests but answers nothing, like a database that stalled. It can
// also stall only chosen DynamoDB operations, losing their answers (the request reaches the table) or
// holding the requests themselves, and it counts the requests of each operation it saw.
import { createServer, connect, type Socket } from 'node:net';

export interface StallProxy {
  endpoint: string;
  freeze: () => void;
  /** Requests of these operations (e.g. 'TransactWriteItems') reach the service; their answers are swallowed. */
  loseAnswersOf: (operations: string[]) => void;
  /** Requests of these operations never reach the service (nor does anything after them on the connection). */
  holdRequestsOf: (operations: string[]) => void;
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
    track(client);
    track(upstream);
    client.on('data', (chunk: Buffer) => {
      // Bytes that arrive while frozen are swallowed: the caller waits for an answer that never comes.
      if (frozen || held) return;
      for (const [, operation] of chunk.toString('latin1').matchAll(TARGET)) {
        counts.set(operation!, (counts.get(operation!) ?? 0) + 1);
        if (losing.has(operation!)) answersLost = true;
        if (holding.has(operation!)) held = true;
      }
      if (!held) upstream.write(chunk);
    });
    upstream.on('data', (chunk) => void (frozen || answersLost || client.write(chunk)));
    client.on('close', () => upstream.destroy());
    upstream.on('close', () => client.destroy());
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
    thaw: () => {
      frozen = false;
      losing = new Set();
      holding = new Set();
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

// A TCP proxy in front of a service (DynamoDB Local) that can be frozen: while frozen it still
// accepts connections and takes requests but answers nothing, like a database that stalled.
import { createServer, connect, type Socket } from 'node:net';

export interface StallProxy {
  endpoint: string;
  freeze: () => void;
  thaw: () => void;
  close: () => Promise<void>;
}

export async function startStallProxy(target: string): Promise<StallProxy> {
  const { hostname, port } = new URL(target);
  let frozen = false;
  const sockets = new Set<Socket>();
  const track = (s: Socket) => {
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
    s.on('error', () => s.destroy());
  };
  const server = createServer((client) => {
    const upstream = connect(Number(port), hostname);
    track(client);
    track(upstream);
    // Bytes that arrive while frozen are swallowed: the caller waits for an answer that never comes.
    client.on('data', (chunk) => void (frozen || upstream.write(chunk)));
    upstream.on('data', (chunk) => void (frozen || client.write(chunk)));
    client.on('close', () => upstream.destroy());
    upstream.on('close', () => client.destroy());
  });
  await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok));
  const address = server.address();
  const endpoint = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  return {
    endpoint,
    freeze: () => void (frozen = true),
    thaw: () => {
      frozen = false;
      // Connections that swallowed bytes are out of step with the server: drop them.
      for (const s of sockets) s.destroy();
    },
    close: () => new Promise((ok) => { for (const s of sockets) s.destroy(); server.close(() => ok()); }),
  };
}

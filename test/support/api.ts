// Integration test harness: a fresh table and bucket, the demo data, and the API Gateway emulator
// on a free port, all in this test file's process; plus an HTTP client with a cookie jar.
import { randomUUID } from 'node:crypto';
import { request as httpRequest } from 'node:http';
import { inject } from 'vitest';
import { ensureBucket, ensureTable, useLocalEnvironment } from '../../functions/local/services';
import { copyTable, seededTemplate } from './seed-template';

export interface TestApi {
  url: string;
  tableName: string;
  close: () => Promise<void>;
  /** With `workers: true`: stops the workers (as a crash would) and starts them again on demand. */
  stopWorkers: () => Promise<void>;
  startWorkers: () => Promise<void>;
  /** With `workers: true`: resolves once the stream workers have handled every change made before the call
   * (and the changes their handling made), or after `withinMs` at the latest (false then). */
  workersCaughtUp: (withinMs: number) => Promise<boolean>;
}

export interface TestApiOptions {
  /** Runs the workers of functions/workers.ts (all, or those named) on the table's stream and scheduler (off by default: slower). */
  workers?: boolean | string[];
}

export async function startTestApi(options: TestApiOptions = {}): Promise<TestApi> {
  const dynamoDbEndpoint = inject('dynamoDbEndpoint');
  const s3Endpoint = inject('s3Endpoint');
  const suffix = randomUUID().slice(0, 8);
  const tableName = `test-${suffix}`;
  const uploadsBucket = `uploads-${suffix}`;
  useLocalEnvironment({ dynamoDbEndpoint, s3Endpoint, tableName, uploadsBucket });
  // The demo data: a copy of this run's seeded template (test/support/seed-template.ts).
  const [template] = await Promise.all([
    seededTemplate(dynamoDbEndpoint, s3Endpoint, inject('testRunId')),
    ensureTable(dynamoDbEndpoint, tableName),
    ensureBucket(s3Endpoint, uploadsBucket),
  ]);
  await copyTable(dynamoDbEndpoint, template, tableName);
  const { startApiServer } = await import('../../functions/local/api-emulator');
  const api = await startApiServer({ port: 0 });
  let workers: { stop: () => Promise<void>; caughtUp: (withinMs?: number) => Promise<boolean> } | undefined;
  const startWorkers = async () => {
    if (workers) return;
    const [{ WORKERS }, { startLocalWorkers }] = await Promise.all([
      import('../../functions/workers'),
      import('../../functions/local/workers'),
    ]);
    const chosen = Array.isArray(options.workers)
      ? WORKERS.filter((w) => (options.workers as string[]).includes(w.name))
      : WORKERS;
    workers = await startLocalWorkers({ workers: chosen, dynamoDbEndpoint, tableName, pollIntervalMs: 200 });
  };
  const stopWorkers = async () => {
    await workers?.stop();
    workers = undefined;
  };
  if (options.workers) await startWorkers();
  return {
    url: api.url,
    tableName,
    stopWorkers,
    startWorkers,
    workersCaughtUp: (withinMs) => workers?.caughtUp(withinMs) ?? Promise.resolve(true),
    close: async () => {
      await stopWorkers();
      await api.close();
    },
  };
}

export interface HttpResponse<T = any> {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: T;
  text: string;
}

export interface RequestOptions {
  body?: unknown;
  rawBody?: string;
  headers?: Record<string, string>;
  /** Local address to send from (127.0.0.x), to act as another client IP. */
  localAddress?: string;
}

/** A minimal HTTP client that keeps cookies like a browser would. */
export class Client {
  private cookies = new Map<string, string>();
  /**
   * How many times a 503 (the request's deadline passed on a loaded test machine: it says nothing of the
   * rules) is asked again, 2 s apart; 0 (the default) hands every answer back as it came.
   */
  busyRetries = 0;
  constructor(private readonly baseUrl: string) {}

  get hasSession() {
    return this.cookies.has('dy_session');
  }

  async request<T = any>(method: string, path: string, options: RequestOptions = {}): Promise<HttpResponse<T>> {
    let res = await this.send<T>(method, path, options);
    for (let again = 1; res.status === 503 && again <= this.busyRetries; again++) {
      await new Promise((resolve) => setTimeout(resolve, 2000));
      res = await this.send<T>(method, path, options);
    }
    return res;
  }

  private send<T>(method: string, path: string, options: RequestOptions): Promise<HttpResponse<T>> {
    const url = new URL(path, this.baseUrl);
    const payload = options.rawBody ?? (options.body === undefined ? undefined : JSON.stringify(options.body));
    const headers: Record<string, string> = {
      ...(payload !== undefined && options.rawBody === undefined ? { 'content-type': 'application/json' } : {}),
      ...options.headers,
    };
    if (this.cookies.size) headers.cookie = [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    // Node sends a DELETE's body without a length unless told, which no server can frame.
    if (payload !== undefined) headers['content-length'] = String(Buffer.byteLength(payload));
    return new Promise((resolve, reject) => {
      const req = httpRequest(url, { method, headers, localAddress: options.localAddress }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c) => chunks.push(c));
        res.on('end', () => {
          for (const line of res.headers['set-cookie'] ?? []) {
            const [pair, ...attrs] = line.split(';');
            const [name, value = ''] = pair!.split('=');
            const expired = attrs.some((a) => /max-age=0/i.test(a.trim()));
            if (expired || !value) this.cookies.delete(name!.trim());
            else this.cookies.set(name!.trim(), value);
          }
          const text = Buffer.concat(chunks).toString('utf8');
          let body: any = text;
          try {
            body = text ? JSON.parse(text) : undefined;
          } catch {
            // not JSON
          }
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body, text });
        });
      });
      req.on('error', reject);
      if (payload !== undefined) req.write(payload);
      req.end();
    });
  }

  get<T = any>(path: string, options?: RequestOptions) {
    return this.request<T>('GET', path, options);
  }
  post<T = any>(path: string, body?: unknown, options?: RequestOptions) {
    return this.request<T>('POST', path, { ...options, body });
  }

  async signIn(identifier: string, password = 'Demo@12345') {
    const res = await this.post('/api/auth/login', { identifier, password });
    if (res.status !== 200) throw new Error(`sign-in as ${identifier} failed: ${res.status} ${res.text}`);
    return res.body.user;
  }
}

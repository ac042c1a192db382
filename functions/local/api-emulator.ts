// A small API Gateway (HTTP API, payload 2.0) emulator: turns each request into the event the Lambda
// receives, matched against the route table, and calls the same handler. Optionally serves the built
// SPA from the same origin with the security headers and compression CloudFront adds (static-files.ts).
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { randomUUID } from 'node:crypto';
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2, Context } from 'aws-lambda';
import { matchRoute, routeKey } from '../../shared/routes';
import { apiSecurityHeaders, securityHeaders } from '../../shared/security-headers';
import { FUNCTIONS } from '../registry';
import { DEV_OUTBOX_PATH, outboxListing } from './outbox';
import { drawFault } from './faults';
import { serveStatic } from './static-files';

const MAX_PAYLOAD_BYTES = 10 * 1024 * 1024; // API Gateway's own limit
const TEXT_TYPES = /^(application\/(json|x-www-form-urlencoded|xml)|text\/)/i;

export interface ApiServerOptions {
  port: number;
  host?: string;
  /** Folder of the built SPA; when absent only /api is served. */
  staticDir?: string;
  /** Origins the SPA may call besides its own (the local S3 for document uploads). */
  connectSources?: string[];
  /** Serve GET /api/dev/outbox, the messages the product sent (local stack only, not in AWS). */
  devOutbox?: boolean;
  /** POST hooks of the local stack by path (e.g. functions/local/dev-trips.ts), from this machine only. */
  devRoutes?: Record<string, (body: unknown) => Promise<unknown>>;
  /** GET pages of the local stack by path (e.g. the WhatsApp page, functions/local/dev-whatsapp.ts), from this machine only. */
  devPages?: Record<
    string,
    (url: URL) => Promise<{ contentType: string; body: string; headers?: Record<string, string> }>
  >;
}

/** A local POST hook: its JSON body in, its answer out; a body it refuses is a 400. */
async function runDevRoute(req: IncomingMessage, res: ServerResponse, route: (body: unknown) => Promise<unknown>) {
  const raw = await readBody(req);
  const json = { 'content-type': 'application/json', 'cache-control': 'no-store' };
  try {
    const body: unknown = raw === 'too-large' || !raw.length ? {} : JSON.parse(raw.toString('utf8'));
    send(res, 200, json, JSON.stringify((await route(body)) ?? {}));
  } catch (err) {
    send(res, 400, json, JSON.stringify({ message: err instanceof Error ? err.message : String(err) }));
  }
}

async function readBody(req: IncomingMessage): Promise<Buffer | 'too-large'> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > MAX_PAYLOAD_BYTES) return 'too-large';
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks);
}

function send(res: ServerResponse, status: number, headers: Record<string, string | string[]>, body: string | Buffer) {
  res.writeHead(status, headers);
  res.end(body);
}

function toEvent(
  req: IncomingMessage,
  url: URL,
  key: string,
  pathParameters: Record<string, string>,
  body: Buffer,
): APIGatewayProxyEventV2 {
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(req.headers)) {
    if (value === undefined || name === 'cookie') continue;
    headers[name] = Array.isArray(value) ? value.join(',') : value;
  }
  const query: Record<string, string> = {};
  for (const [name, value] of url.searchParams) query[name] = name in query ? `${query[name]},${value}` : value;
  const cookies = req.headers.cookie
    ?.split(';')
    .map((c) => c.trim())
    .filter(Boolean);
  const contentType = headers['content-type'] ?? '';
  const isText = body.length === 0 || TEXT_TYPES.test(contentType);
  const now = Date.now();
  const sourceIp = (req.socket.remoteAddress ?? '127.0.0.1').replace(/^::ffff:/, '');
  return {
    version: '2.0',
    routeKey: key,
    rawPath: url.pathname,
    rawQueryString: url.search.replace(/^\?/, ''),
    cookies,
    headers,
    queryStringParameters: Object.keys(query).length ? query : undefined,
    pathParameters: Object.keys(pathParameters).length ? pathParameters : undefined,
    requestContext: {
      accountId: 'local',
      apiId: 'local',
      domainName: headers.host ?? 'localhost',
      domainPrefix: 'localhost',
      http: {
        method: req.method ?? 'GET',
        path: url.pathname,
        protocol: `HTTP/${req.httpVersion}`,
        sourceIp,
        userAgent: headers['user-agent'] ?? '',
      },
      requestId: randomUUID(),
      routeKey: key,
      stage: '$default',
      time: new Date(now).toUTCString(),
      timeEpoch: now,
    },
    body: body.length ? (isText ? body.toString('utf8') : body.toString('base64')) : undefined,
    isBase64Encoded: body.length > 0 && !isText,
  };
}

function lambdaContext(fn: string): Context {
  return {
    callbackWaitsForEmptyEventLoop: false,
    functionName: fn,
    functionVersion: '$LATEST',
    invokedFunctionArn: `arn:aws:lambda:local:000000000000:function:${fn}`,
    memoryLimitInMB: '512',
    awsRequestId: randomUUID(),
    logGroupName: `/aws/lambda/${fn}`,
    logStreamName: 'local',
    getRemainingTimeInMillis: () => 29_000,
    done: () => undefined,
    fail: () => undefined,
    succeed: () => undefined,
  };
}

/** Calls a route's function with its event, as Lambda would. */
async function callFunction(fn: string, event: APIGatewayProxyEventV2): Promise<APIGatewayProxyStructuredResultV2> {
  const { handler } = FUNCTIONS[fn as keyof typeof FUNCTIONS];
  return (
    (await (handler as (e: unknown, c: Context) => Promise<APIGatewayProxyStructuredResultV2>)(
      event,
      lambdaContext(fn),
    )) ?? {}
  );
}

/**
 * Calls the function of `method path` with the event this emulator would build for it, in this process
 * and without the HTTP hop: what Lambda itself runs for the request (the bench's function figures,
 * scripts/bench/hot-paths.ts). Headers as sent (`cookie` among them); the caller is 127.0.0.1.
 */
export async function invokeRoute(
  method: string,
  path: string,
  headers: Record<string, string> = {},
  body: Buffer = Buffer.alloc(0),
): Promise<APIGatewayProxyStructuredResultV2> {
  const url = new URL(path, 'http://localhost');
  const match = matchRoute(method, url.pathname);
  if (!match) throw new Error(`no route ${method} ${url.pathname}`);
  const req = {
    method,
    headers,
    httpVersion: '1.1',
    socket: { remoteAddress: '127.0.0.1' },
  } as unknown as IncomingMessage;
  return callFunction(match.route.fn, toEvent(req, url, routeKey(match.route), match.pathParameters, body));
}

/** What CloudFront's response headers policy adds to /api answers in AWS, here for every answer. */
const API_HEADERS = apiSecurityHeaders();

async function handleApi(req: IncomingMessage, res: ServerResponse, url: URL) {
  const match = matchRoute(req.method ?? 'GET', url.pathname);
  if (!match)
    return send(
      res,
      404,
      { ...API_HEADERS, 'content-type': 'application/json' },
      JSON.stringify({ message: 'Not Found' }),
    );
  const body = await readBody(req);
  if (body === 'too-large')
    return send(
      res,
      413,
      { ...API_HEADERS, 'content-type': 'application/json' },
      JSON.stringify({ message: 'Request Entity Too Large' }),
    );
  const { route, pathParameters } = match;
  const result = await callFunction(route.fn, toEvent(req, url, routeKey(route), pathParameters, body));
  // An injected fault (faults.ts): the function stopped after its writes and before its answer, which
  // API Gateway reports as a timed-out integration.
  if (req.method !== 'GET' && req.method !== 'HEAD' && drawFault('api.drop'))
    return send(
      res,
      504,
      { ...API_HEADERS, 'content-type': 'application/json' },
      JSON.stringify({ message: 'Endpoint request timed out' }),
    );
  const headers: Record<string, string | string[]> = { ...API_HEADERS, ...(result.headers as Record<string, string>) };
  if (result.cookies?.length) headers['set-cookie'] = result.cookies;
  const payload = result.isBase64Encoded ? Buffer.from(result.body ?? '', 'base64') : (result.body ?? '');
  send(res, result.statusCode ?? 200, headers, payload);
}

/**
 * How long an idle kept-alive connection stays open. Node's 5 s default is about as long as clients
 * keep one for reuse, so a request sent on a connection the server was closing at that moment got
 * "socket hang up" (a journey's booking, on a busy machine). The server now outlasts its clients, as
 * a load balancer's 60 s idle timeout does.
 */
const KEEP_ALIVE_MS = 65_000;

export function createApiServer(options: Omit<ApiServerOptions, 'port'>): Server {
  const headers = securityHeaders(options.connectSources);
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', `http://${req.headers.host ?? 'localhost'}`);
    // The outbox holds verification codes: only this machine may read it, even with HOST=0.0.0.0.
    const fromThisMachine = /^(127\.|::1$|::ffff:127\.)/.test(req.socket.remoteAddress ?? '');
    const devRoute = req.method === 'POST' && fromThisMachine ? options.devRoutes?.[url.pathname] : undefined;
    const devPage = req.method === 'GET' && fromThisMachine ? options.devPages?.[url.pathname] : undefined;
    const work = devRoute
      ? runDevRoute(req, res, devRoute)
      : devPage
        ? devPage(url).then((page) =>
            send(
              res,
              200,
              { 'content-type': page.contentType, 'cache-control': 'no-store', ...page.headers },
              page.body,
            ),
          )
        : options.devOutbox && req.method === 'GET' && url.pathname === DEV_OUTBOX_PATH && fromThisMachine
          ? outboxListing(url.searchParams.get('to') ?? undefined).then((messages) =>
              send(
                res,
                200,
                { 'content-type': 'application/json', 'cache-control': 'no-store' },
                JSON.stringify(messages, null, 2),
              ),
            )
          : url.pathname.startsWith('/api/') || url.pathname === '/api'
            ? handleApi(req, res, url)
            : options.staticDir
              ? serveStatic(res, url, options.staticDir, headers, req.headers['accept-encoding'], {
                  cookie: req.headers.cookie,
                  acceptLanguage: req.headers['accept-language'],
                })
              : Promise.resolve(send(res, 404, { 'content-type': 'text/plain' }, 'Not Found'));
    work.catch((err) => {
      console.error(err);
      if (!res.headersSent)
        send(
          res,
          502,
          { ...API_HEADERS, 'content-type': 'application/json' },
          JSON.stringify({ message: 'Bad Gateway' }),
        );
    });
  });
  server.keepAliveTimeout = KEEP_ALIVE_MS;
  // A request's headers may take as long as the connection may idle, or Node cuts it first.
  server.headersTimeout = KEEP_ALIVE_MS + 1000;
  return server;
}

export async function startApiServer(
  options: ApiServerOptions,
): Promise<{ server: Server; url: string; close: () => Promise<void> }> {
  const server = createApiServer(options);
  const host = options.host ?? '127.0.0.1';
  await new Promise<void>((ok, fail) => server.once('error', fail).listen(options.port, host, ok));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : options.port;
  return {
    server,
    url: `http://${host === '0.0.0.0' ? 'localhost' : host}:${port}`,
    close: () =>
      new Promise((ok) => {
        server.closeAllConnections();
        server.close(() => ok());
      }),
  };
}

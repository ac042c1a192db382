// Handler invocation for the modelled day (day.ts): the model's clock, which moves the process clock
// (Date) to each action's instant, and the call of a route's function in-process as API Gateway would
// make it, with the Lambda context and the model's call context (recorder.ts), timed for the report.
import { randomUUID } from 'node:crypto';
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2, Context } from 'aws-lambda';
import { matchRoute, routeKey } from '../../shared/routes';
import { withRequestBudget } from '../../functions/lib/deadline';
import { contextStore, type CallContext } from './accesses';

/**
 * Each request's budget in the model (the product's is 4.5 s, functions/lib/deadline.ts): the model
 * counts what a request reads and writes, so a test machine under load must not cut its requests off
 * (a cut-off write may land, and the client's retry is then refused: a truck's day broken).
 */
const MODEL_BUDGET_MS = 60_000;

export interface Invocation {
  fn: string;
  ms: number;
  memoryMb: number;
  weight: number;
  kind: 'truck' | 'time';
  truck?: string;
  bucket: number;
}

const RealDate = Date;
let clockOffset = 0;

/** Moves the process clock (Date) to `instant`; time runs on from there. */
export function setClock(instant: number) {
  clockOffset = instant - RealDate.now();
}
/** Date, shifted by the model's clock. */
class ModelDate extends RealDate {
  constructor(...args: unknown[]) {
    if (args.length === 0) super(RealDate.now() + clockOffset);
    else super(...(args as [number]));
  }
  static override now() {
    return RealDate.now() + clockOffset;
  }
}
export function useModelClock(): () => void {
  globalThis.Date = ModelDate as DateConstructor;
  return () => {
    globalThis.Date = RealDate;
    clockOffset = 0;
  };
}

function lambdaContext(fn: string): Context {
  return {
    callbackWaitsForEmptyEventLoop: false,
    functionName: fn,
    functionVersion: '$LATEST',
    invokedFunctionArn: `arn:aws:lambda:local:000000000000:function:${fn}`,
    memoryLimitInMB: fn === 'auth' ? '1024' : '512',
    awsRequestId: randomUUID(),
    logGroupName: `/aws/lambda/${fn}`,
    logStreamName: 'capacity',
    getRemainingTimeInMillis: () => MODEL_BUDGET_MS + 1_000,
    done: () => undefined,
    fail: () => undefined,
    succeed: () => undefined,
  };
}

export type Functions = Record<string, { handler: unknown }>;

export interface Session {
  cookies: string[];
}

export interface InvokeOptions {
  body?: unknown;
  session?: Session;
  ip?: string;
}

export interface InvokeResult {
  status: number;
  body: any;
  cookies: string[];
}

/** Calls the route's function in-process as API Gateway would, with the model's context. */
export async function invoke(
  functions: Functions,
  record: { invocations: Invocation[] },
  ctx: Omit<CallContext, 'fn'>,
  method: string,
  path: string,
  options: InvokeOptions = {},
): Promise<InvokeResult> {
  const url = new URL(path, 'http://localhost');
  const match = matchRoute(method, url.pathname);
  if (!match) throw new Error(`no route ${method} ${path}`);
  const query: Record<string, string> = {};
  for (const [k, v] of url.searchParams) query[k] = v;
  const body = options.body === undefined ? undefined : JSON.stringify(options.body);
  const now = Date.now();
  const event: APIGatewayProxyEventV2 = {
    version: '2.0',
    routeKey: routeKey(match.route),
    rawPath: url.pathname,
    rawQueryString: url.search.replace(/^\?/, ''),
    cookies: options.session?.cookies,
    headers: {
      host: 'localhost',
      'user-agent': 'capacity-model',
      ...(body ? { 'content-type': 'application/json' } : {}),
    },
    queryStringParameters: Object.keys(query).length ? query : undefined,
    pathParameters: Object.keys(match.pathParameters).length ? match.pathParameters : undefined,
    requestContext: {
      accountId: 'local',
      apiId: 'local',
      domainName: 'localhost',
      domainPrefix: 'localhost',
      http: {
        method,
        path: url.pathname,
        protocol: 'HTTP/1.1',
        sourceIp: options.ip ?? '127.0.0.1',
        userAgent: 'capacity',
      },
      requestId: randomUUID(),
      routeKey: routeKey(match.route),
      stage: '$default',
      time: new Date(now).toUTCString(),
      timeEpoch: now,
    },
    body,
    isBase64Encoded: false,
  };
  const fn = match.route.fn;
  const handler = functions[fn]!.handler as (e: unknown, c: Context) => Promise<APIGatewayProxyStructuredResultV2>;
  const full: CallContext = { ...ctx, fn };
  const t0 = performance.now();
  const result =
    (await contextStore.run(full, () => withRequestBudget(MODEL_BUDGET_MS, () => handler(event, lambdaContext(fn))))) ??
    {};
  record.invocations.push({
    fn,
    ms: performance.now() - t0,
    memoryMb: fn === 'auth' ? 1024 : 512,
    weight: ctx.weight,
    kind: ctx.kind,
    truck: ctx.truck,
    bucket: ctx.bucket,
  });
  let parsed: any = result.body;
  try {
    parsed = result.body ? JSON.parse(result.body) : undefined;
  } catch {
    // not JSON
  }
  return {
    status: result.statusCode ?? 200,
    body: parsed,
    cookies: (result.cookies ?? []).map((c) => c.split(';')[0]!),
  };
}

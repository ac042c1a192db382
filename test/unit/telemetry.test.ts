// Powertools in the kernel: what the logger prints in Lambda and locally, and the one metric per
// request, published only where the stack configured a namespace. Each test loads the kernel afresh
// with its own environment, as a new Lambda or a local process would.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { APIGatewayProxyEventV2, Context, DynamoDBRecord } from 'aws-lambda';

const ENV = { ...process.env };
let output: string[] = [];

function event(
  routeKey: string,
  init: { headers?: Record<string, string>; cookies?: string[] } = {},
): APIGatewayProxyEventV2 {
  const [method, path] = routeKey.split(' ');
  return {
    version: '2.0',
    routeKey,
    rawPath: path!,
    rawQueryString: '',
    headers: { host: 'app.example.in', ...init.headers },
    cookies: init.cookies,
    requestContext: {
      requestId: 'apigw-request-1',
      http: { method: method!, path: path!, sourceIp: '10.0.0.1', protocol: 'HTTP/1.1', userAgent: 'unit' },
    } as APIGatewayProxyEventV2['requestContext'],
    isBase64Encoded: false,
  };
}

const lambdaContext = {
  functionName: 'docksaathi-platform',
  awsRequestId: 'lambda-request-1',
  getRemainingTimeInMillis: () => 15_000,
} as Context;

/** The platform function's handler, loaded with `env` as a fresh process would see it. */
async function platformHandler(env: Record<string, string | undefined>) {
  process.env = { ...ENV, ...env };
  vi.resetModules();
  const { handler } = await import('../../functions/platform/handler');
  return (e: APIGatewayProxyEventV2) => handler(e, lambdaContext);
}

const jsonLines = () =>
  output
    .flatMap((chunk) => chunk.split('\n'))
    .filter((l) => l.startsWith('{'))
    .map((l) => JSON.parse(l) as Record<string, any>);

beforeEach(() => {
  output = [];
  const capture = (chunk: string | Uint8Array) => (output.push(String(chunk)), true);
  vi.spyOn(process.stdout, 'write').mockImplementation(capture);
  vi.spyOn(process.stderr, 'write').mockImplementation(capture);
});

afterEach(() => {
  vi.restoreAllMocks();
  process.env = { ...ENV };
});

/** A well-formed session cookie (random part, then the ids it names), so the kernel goes to the table for it. */
const SESSION_COOKIE = `dy_session=${'c'.repeat(43)}.${Buffer.from(JSON.stringify(['t', 'u', 't'])).toString('base64url')}`;

describe('kernel logger', () => {
  it("prints JSON in Lambda with the service, request id and the caller's correlation id", async () => {
    // Prepare: no table configured, so reading the session fails inside the kernel.
    const call = await platformHandler({
      AWS_LAMBDA_FUNCTION_NAME: 'docksaathi-platform',
      POWERTOOLS_SERVICE_NAME: 'platform',
      LOG_LEVEL: 'info',
      TABLE_NAME: undefined,
    });
    // Act
    const res = await call(
      event('GET /api/health', { headers: { 'x-correlation-id': 'support-ticket-42' }, cookies: [SESSION_COOKIE] }),
    );
    // Assess
    expect(res.statusCode).toBe(500);
    const [line] = jsonLines().filter((l) => l.message === 'unhandled error');
    expect(line).toMatchObject({
      level: 'ERROR',
      service: 'platform',
      function_request_id: 'lambda-request-1',
      correlation_id: 'support-ticket-42',
      routeKey: 'GET /api/health',
    });
  });

  it('falls back to the API Gateway request id when the caller sends no usable correlation id', async () => {
    const call = await platformHandler({
      AWS_LAMBDA_FUNCTION_NAME: 'docksaathi-platform',
      LOG_LEVEL: 'info',
      TABLE_NAME: undefined,
    });
    await call(
      event('GET /api/health', { headers: { 'x-correlation-id': 'two words\ninjected' }, cookies: [SESSION_COOKIE] }),
    );
    expect(jsonLines().find((l) => l.message === 'unhandled error')).toMatchObject({
      correlation_id: 'apigw-request-1',
    });
  });

  it('prints one readable line per entry outside Lambda, and nothing at LOG_LEVEL=silent', async () => {
    // Prepare
    process.env = { ...ENV, AWS_LAMBDA_FUNCTION_NAME: undefined, LOG_LEVEL: 'warn' };
    vi.resetModules();
    const { logger, applyLogLevelFromEnv } = await import('../../functions/lib/logger');
    // Act
    logger.info('not shown at warn');
    logger.warn('slot capacity low', { facilityId: 'f-1', note: 'two words', left: 2 });
    process.env.LOG_LEVEL = 'silent';
    applyLogLevelFromEnv();
    logger.error('muted');
    // Assess
    expect(output).toHaveLength(1);
    expect(output[0]).toMatch(
      /^\d\d:\d\d:\d\d\.\d{3} {2}WARN {3}docksaathi {2}slot capacity low {2}facilityId=f-1 {2}note="two words" {2}left=2\n$/,
    );
  });
});

describe('metrics', () => {
  it('counts each request by route and status class where a namespace is configured', async () => {
    // Prepare
    const call = await platformHandler({
      POWERTOOLS_METRICS_NAMESPACE: 'DockSaathi',
      POWERTOOLS_SERVICE_NAME: 'platform',
      LOG_LEVEL: 'silent',
    });
    // Act
    await call(event('GET /api/health'));
    await call(event('GET /api/health', { headers: { origin: 'https://app.example.in' } }));
    // Assess
    const requests = jsonLines().filter((l) => l.requests !== undefined);
    expect(requests).toHaveLength(2);
    expect(requests[0]).toMatchObject({ route: 'GET /api/health', status: '2xx', service: 'platform', requests: 1 });
    expect(requests[0]!._aws.CloudWatchMetrics[0]).toMatchObject({
      Namespace: 'DockSaathi',
      Dimensions: [expect.arrayContaining(['service', 'route', 'status'])],
    });
  });

  it('counts an error with the status it was answered with', async () => {
    const call = await platformHandler({ POWERTOOLS_METRICS_NAMESPACE: 'DockSaathi', LOG_LEVEL: 'silent' });
    await call(event('GET /api/auth/user'));
    expect(jsonLines().filter((l) => l.requests !== undefined)).toEqual([
      expect.objectContaining({ route: 'GET /api/auth/user', status: '4xx' }),
    ]);
  });

  it("counts a stream worker's processed and failed records", async () => {
    // Prepare
    process.env = {
      ...ENV,
      POWERTOOLS_METRICS_NAMESPACE: 'DockSaathi',
      POWERTOOLS_SERVICE_NAME: 'test-changes',
      LOG_LEVEL: 'silent',
    };
    vi.resetModules();
    const { handler } = await import('../support/workers/changes.worker');
    const record = (sequence: string, failures: number) =>
      ({
        eventName: 'INSERT',
        dynamodb: { SequenceNumber: sequence, NewImage: { failures: { N: String(failures) } } },
      }) as DynamoDBRecord;
    // Act
    await handler({ Records: [record('1', 0), record('2', 0), record('3', 1)] }, lambdaContext);
    // Assess
    expect(jsonLines().find((l) => l.processedRecords !== undefined)).toMatchObject({
      service: 'test-changes',
      processedRecords: 2,
      failedRecords: 1,
    });
  });

  it('prints no metric locally and in tests (no namespace)', async () => {
    const call = await platformHandler({ POWERTOOLS_METRICS_NAMESPACE: undefined, LOG_LEVEL: 'silent' });
    const res = await call(event('GET /api/health'));
    expect(res.statusCode).toBe(200);
    expect(output).toEqual([]);
  });
});

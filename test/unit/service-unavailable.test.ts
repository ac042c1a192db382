// The one error mapper (functions/lib/http.ts + errors.ts): a stalled, throttled or unavailable AWS
// service is a 503 with Retry-After (#14.7), anything else unexpected stays a 500.
import { beforeEach, describe, expect, it } from 'vitest';
import { mockClient } from 'aws-sdk-client-mock';
import { DynamoDBDocumentClient, GetCommand } from '@aws-sdk/lib-dynamodb';
import { ProvisionedThroughputExceededException } from '@aws-sdk/client-dynamodb';
import type { Context } from 'aws-lambda';
import { asServiceUnavailable, ConflictError, ServiceUnavailableError } from '../../functions/lib/errors';

process.env.TABLE_NAME = 'unit';
process.env.AWS_REGION = 'ap-south-1';
const { handler } = await import('../../functions/auth/handler');
const ddbMock = mockClient(DynamoDBDocumentClient);

const named = (name: string, extra: Record<string, unknown> = {}) =>
  Object.assign(new Error(`${name} happened`), { name, ...extra });

const login = () =>
  handler(
    {
      version: '2.0',
      routeKey: 'POST /api/auth/login',
      rawPath: '/api/auth/login',
      rawQueryString: '',
      headers: { host: 'app.example.in', 'content-type': 'application/json' },
      body: JSON.stringify({ identifier: 'operations', password: 'Demo@12345' }),
      requestContext: {
        http: {
          method: 'POST',
          path: '/api/auth/login',
          sourceIp: '10.0.0.1',
          protocol: 'HTTP/1.1',
          userAgent: 'unit',
        },
      },
      isBase64Encoded: false,
    } as unknown as never,
    {} as Context,
  );

describe('asServiceUnavailable', () => {
  it.each([
    'TimeoutError',
    'ProvisionedThroughputExceededException',
    'ThrottlingException',
    'RequestLimitExceeded',
    'ServiceUnavailable',
    'InternalServerError',
  ])('maps %s to a 503 with Retry-After', (name) => {
    const mapped = asServiceUnavailable(named(name));
    expect(mapped).toBeInstanceOf(ServiceUnavailableError);
    expect(mapped!.status).toBe(503);
    expect(Number(mapped!.headers!['retry-after'])).toBeGreaterThanOrEqual(1);
  });

  it.each(['ECONNRESET', 'ECONNREFUSED', 'EPIPE', 'ETIMEDOUT'])('maps the socket error %s to 503', (code) => {
    expect(asServiceUnavailable(named('Error', { code }))?.status).toBe(503);
  });

  it('maps any AWS answer with HTTP status 503', () => {
    expect(asServiceUnavailable(named('SomethingNew', { $metadata: { httpStatusCode: 503 } }))?.status).toBe(503);
  });

  it('maps a library error caused by a stalled call (the idempotency record timed out) to 503', () => {
    const stalled = named('IdempotencyPersistenceLayerError', { cause: named('TimeoutError') });
    expect(asServiceUnavailable(stalled)?.status).toBe(503);
    expect(asServiceUnavailable(named('Wrapper', { cause: stalled }))?.status).toBe(503);
    expect(asServiceUnavailable(named('IdempotencyPersistenceLayerError', { cause: new TypeError('x') }))).toBeNull();
  });

  it('leaves programming errors, validation errors and our own HTTP errors alone', () => {
    expect(asServiceUnavailable(new TypeError('x is undefined'))).toBeNull();
    expect(asServiceUnavailable(named('ValidationException', { $metadata: { httpStatusCode: 400 } }))).toBeNull();
    expect(asServiceUnavailable(new ConflictError('taken'))).toBeNull();
    expect(asServiceUnavailable(undefined)).toBeNull();
  });
});

describe('http kernel on a busy or stalled DynamoDB', () => {
  beforeEach(() => ddbMock.reset());

  it('answers 503 with Retry-After and a clear message when DynamoDB throttles', async () => {
    // Prepare
    ddbMock.on(GetCommand).rejects(new ProvisionedThroughputExceededException({ message: 'slow down', $metadata: {} }));
    // Act
    const res = await login();
    // Assess
    expect(res.statusCode).toBe(503);
    expect(res.headers!['retry-after']).toBe('5');
    expect(JSON.parse(res.body!)).toEqual({
      message: 'The service is busy right now. Please try again in a few seconds.',
    });
  });

  it('answers 503 when the SDK gives up on a timed-out request', async () => {
    ddbMock.on(GetCommand).rejects(named('TimeoutError'));
    expect((await login()).statusCode).toBe(503);
  });

  it('still answers 500 without details for an unexpected failure', async () => {
    ddbMock.on(GetCommand).rejects(new TypeError('boom'));
    const res = await login();
    expect(res.statusCode).toBe(500);
    expect(res.headers!['retry-after']).toBeUndefined();
    expect(res.body).not.toMatch(/boom/);
  });
});

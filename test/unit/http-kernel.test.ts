// The shared HTTP kernel with DynamoDB mocked: what every route answers before its action runs.
import { beforeEach, describe, expect, it } from 'vitest';
import { mockClient } from 'aws-sdk-client-mock';
import { BatchGetCommand, DynamoDBDocumentClient, GetCommand } from '@aws-sdk/lib-dynamodb';
import type { APIGatewayProxyEventV2, Context } from 'aws-lambda';

process.env.TABLE_NAME = 'unit';
process.env.AWS_REGION = 'ap-south-1';
const { handler } = await import('../../functions/auth/handler');
const { newSession, sessionKeys } = await import('../../functions/auth/session.store');
/** A well-formed session token (it names tenant t, user u); whether it is known is up to the mocked table. */
const token = newSession('t', 'u').token;
const ddbMock = mockClient(DynamoDBDocumentClient);

function event(routeKey: string, init: Partial<APIGatewayProxyEventV2> = {}): APIGatewayProxyEventV2 {
  const [method, path] = routeKey.split(' ');
  return {
    version: '2.0',
    routeKey,
    rawPath: path!,
    rawQueryString: '',
    headers: { host: 'app.example.in', ...(init.headers ?? {}) },
    requestContext: {
      http: { method: method!, path: path!, sourceIp: '10.0.0.1', protocol: 'HTTP/1.1', userAgent: 'unit' },
    } as APIGatewayProxyEventV2['requestContext'],
    isBase64Encoded: false,
    ...init,
  };
}

const call = (e: APIGatewayProxyEventV2) => handler(e, {} as Context);

describe('http kernel', () => {
  beforeEach(() => ddbMock.reset());

  it('answers 401 without a session cookie', async () => {
    const res = await call(event('GET /api/auth/user'));
    expect(res.statusCode).toBe(401);
    expect(JSON.parse(res.body!)).toEqual({ message: 'Authentication required. Please sign in.' });
  });

  it('answers 401 for a session whose item has expired but not yet been deleted by TTL', async () => {
    // Prepare
    const user = {
      PK: 'TENANT#t',
      SK: 'USER#u',
      id: 'u',
      tenantId: 't',
      username: 'u',
      role: 'admin',
      extraRoles: [],
      status: 'active',
    };
    ddbMock.on(BatchGetCommand).resolves({
      Responses: {
        unit: [
          {
            ...sessionKeys.key(token),
            tenantId: 't',
            userId: 'u',
            createdAt: '2026-01-01T00:00:00Z',
            expiresAt: Math.floor(Date.now() / 1000) - 5,
          },
          user,
          { PK: 'TENANT#t', SK: 'TENANT', id: 't' },
        ],
      },
    });
    // Act
    const res = await call(event('GET /api/auth/user', { cookies: ['dy_session=' + token] }));
    // Assess
    expect(res.statusCode).toBe(401);
  });

  it('answers 400 with a clear message for malformed JSON, without touching the table', async () => {
    const res = await call(
      event('POST /api/auth/login', {
        body: '{"identifier":',
        headers: { host: 'app.example.in', 'content-type': 'application/json' },
      }),
    );
    expect(res.statusCode).toBe(400);
    expect(JSON.parse(res.body!).message).toBe('Request body is not valid JSON');
    expect(ddbMock.commandCalls(GetCommand)).toHaveLength(0);
  });

  it('refuses a mutating request from another origin with 403', async () => {
    const res = await call(
      event('POST /api/auth/login', {
        body: '{}',
        headers: { host: 'app.example.in', origin: 'https://evil.example.com', 'content-type': 'application/json' },
      }),
    );
    expect(res.statusCode).toBe(403);
    expect(JSON.parse(res.body!).message).toBe('Cross-origin request refused');
  });

  it('hides internal failures behind a 500 without a stack trace', async () => {
    // Prepare
    ddbMock.on(BatchGetCommand).rejects(new Error('socket hang up at secret/path.ts:12'));
    // Act
    const res = await call(event('GET /api/auth/user', { cookies: ['dy_session=' + token] }));
    // Assess
    expect(res.statusCode).toBe(500);
    expect(res.body).not.toContain('secret/path');
  });
});

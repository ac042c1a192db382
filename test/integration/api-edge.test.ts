// What every API answer carries and who may call the API, through the real local HTTP path (#14.9):
// the security headers on every /api response, and, deployed, only requests CloudFront vouches for.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, startTestApi, type TestApi } from '../support/api';

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi();
});
afterAll(() => api.close());

const expectSecurityHeaders = (headers: Record<string, unknown>) => {
  expect(headers['x-content-type-options']).toBe('nosniff');
  expect(headers['x-frame-options']).toBe('DENY');
  expect(headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
  expect(headers['content-security-policy']).toMatch(/default-src 'none'.*frame-ancestors 'none'/);
  expect(headers['strict-transport-security']).toMatch(/max-age=\d+/);
  expect(headers['cache-control']).toBe('no-store');
};

describe('API responses', () => {
  it('carry the security headers on success, refusal, validation errors and unknown paths', async () => {
    const client = new Client(api.url);
    const answers = await Promise.all([
      client.get('/api/health'),
      client.get('/api/auth/user'),
      client.post('/api/auth/login', undefined, {
        rawBody: '{"identifier":',
        headers: { 'content-type': 'application/json' },
      }),
      client.get('/api/no-such-thing'),
    ]);
    expect(answers.map((r) => r.status)).toEqual([200, 401, 400, 404]);
    for (const res of answers.slice(0, 3)) expectSecurityHeaders(res.headers);
    expect(answers[3].headers['x-content-type-options']).toBe('nosniff');
    expect(answers[3].headers['x-frame-options']).toBe('DENY');
  });
});

describe('a deployed stage', () => {
  it("refuses with 403 every request without CloudFront's origin secret, and serves those with it", async () => {
    // Prepare: the handlers read the stage and secret on each request
    Object.assign(process.env, { STAGE: 'prod', ORIGIN_VERIFY_SECRET: 'edge-secret-for-test' });
    try {
      const client = new Client(api.url);
      // Act
      const [none, wrong, right, signIn] = await Promise.all([
        client.get('/api/health'),
        client.get('/api/health', { headers: { 'x-origin-verify': 'guessed' } }),
        client.get('/api/health', { headers: { 'x-origin-verify': 'edge-secret-for-test' } }),
        new Client(api.url).post('/api/auth/login', { identifier: 'operations', password: 'Demo@12345' }),
      ]);
      // Assess
      expect(none.status).toBe(403);
      expect(none.body.message).toMatch(/only through the application/);
      expectSecurityHeaders(none.headers);
      expect(wrong.status).toBe(403);
      expect(signIn.status).toBe(403);
      expect(signIn.headers['set-cookie']).toBeUndefined();
      expect(right.status).toBe(200);
    } finally {
      Object.assign(process.env, { STAGE: 'local' });
      delete process.env.ORIGIN_VERIFY_SECRET;
    }
  });

  it('refuses everything when the stage has no secret configured (fails closed)', async () => {
    process.env.STAGE = 'prod';
    try {
      expect((await new Client(api.url).get('/api/health', { headers: { 'x-origin-verify': '' } })).status).toBe(403);
    } finally {
      process.env.STAGE = 'local';
    }
  });
});

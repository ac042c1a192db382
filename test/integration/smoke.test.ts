// The post-deploy smoke test (scripts/smoke.ts) against the local stack, so it cannot rot: the stack
// runs as a deployed stage (an origin secret, STAGE other than local) behind a stand-in for CloudFront
// that adds the secret, as lib/web.ts's origin does; the smoke signs in with the seeded smoke account.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, request, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApi, type TestApi } from '../support/api';
import { runSmoke, type SmokeReport } from '../../scripts/smoke';

const ORIGIN_SECRET = 'smoke-test-origin-secret';
let api: TestApi;
let site: { url: string; close: () => Promise<void> };
let edge: { url: string; close: () => Promise<void> };
let spaDir: string;

/** CloudFront's part: forwards every request to the site with the origin secret added. */
async function startEdge(target: string) {
  const to = new URL(target);
  const server: Server = createServer((req, res) => {
    const upstream = request(
      {
        host: to.hostname,
        port: to.port,
        path: req.url,
        method: req.method,
        headers: { ...req.headers, 'x-origin-verify': ORIGIN_SECRET },
      },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    upstream.on('error', () => res.writeHead(502).end());
    req.pipe(upstream);
  });
  await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok));
  const address = server.address() as { port: number };
  return {
    url: `http://127.0.0.1:${address.port}`,
    close: () => new Promise<void>((ok) => (server.closeAllConnections(), server.close(() => ok()))),
  };
}

const smoke = () =>
  runSmoke({ url: edge.url, apiUrl: site.url, username: 'smoke', password: 'Smoke@12345', timeoutMs: 15_000 });

/** Runs with the handlers reading a deployed stage's settings, as api-edge.test.ts does. */
async function asDeployed<T>(work: () => Promise<T>): Promise<T> {
  Object.assign(process.env, { STAGE: 'prod', ORIGIN_VERIFY_SECRET: ORIGIN_SECRET });
  try {
    return await work();
  } finally {
    process.env.STAGE = 'local';
    delete process.env.ORIGIN_VERIFY_SECRET;
  }
}

const resultOf = (report: SmokeReport, step: string) => report.steps.find((s) => s.step === step)?.result;

beforeAll(async () => {
  api = await startTestApi();
  spaDir = mkdtempSync(join(tmpdir(), 'smoke-spa-'));
  writeFileSync(
    join(spaDir, 'index.html'),
    '<!doctype html><html><head><title>DockSaathi</title></head><body><div id="root"></div></body></html>',
  );
  const { startApiServer } = await import('../../functions/local/api-emulator');
  site = await startApiServer({ port: 0, staticDir: spaDir });
  edge = await startEdge(site.url);
});

afterAll(async () => {
  await edge?.close();
  await site?.close();
  await api?.close();
  if (spaDir) rmSync(spaDir, { recursive: true, force: true });
});

describe('npm run smoke against the local stack', () => {
  it('passes every step: headers, the origin refusal, sign-in, each domain, booking and cancel', async () => {
    // Act
    const report = await asDeployed(smoke);
    // Assess
    expect(report.firstFailure).toBeNull();
    expect(report.steps.filter((s) => s.result !== 'pass')).toEqual([]);
    expect(report.ok).toBe(true);
    expect(report.steps.map((s) => s.step)).toEqual(
      expect.arrayContaining([
        'web app: index and security headers',
        'api: refuses a request without the origin proof',
        'auth: sign in',
        'facilities: list',
        'yard: overview',
        'wms: dashboard',
        'messaging: status (refused)',
        'appointments: book',
        'appointments: cancel',
      ]),
    );
  }, 90_000);

  it('fails naming the step whose route answers 500, and still runs the others', async () => {
    // Prepare: the yard overview's action throws, as a broken deploy of that function would
    const { FUNCTIONS } = await import('../../functions/registry');
    const actions = FUNCTIONS.yard.actions as Record<string, unknown>;
    const working = actions.yardOverview;
    actions.yardOverview = async () => {
      throw new Error('yard overview broken for the smoke test');
    };
    try {
      // Act
      const report = await asDeployed(smoke);
      // Assess
      expect(report.ok).toBe(false);
      expect(report.firstFailure?.step).toBe('yard: overview');
      expect(report.firstFailure?.detail).toMatch(/GET \/api\/yard\/overview answered 500/);
      expect(resultOf(report, 'insights: dashboard')).toBe('pass');
      expect(resultOf(report, 'appointments: cancel')).toBe('pass');
    } finally {
      actions.yardOverview = working;
    }
  }, 90_000);

  it('fails at once naming the first step when the address is not this product', async () => {
    // Prepare: a server that answers every request with its own page
    const stranger = createServer((_req, res) =>
      res.writeHead(200, { 'content-type': 'text/html' }).end('<h1>Hello</h1>'),
    );
    await new Promise<void>((ok) => stranger.listen(0, '127.0.0.1', ok));
    const url = `http://127.0.0.1:${(stranger.address() as { port: number }).port}`;
    try {
      // Act
      const started = Date.now();
      const report = await runSmoke({ url, username: 'smoke', password: 'x', timeoutMs: 2_000 });
      // Assess
      expect(report.ok).toBe(false);
      expect(report.firstFailure?.step).toBe('web app: index and security headers');
      expect(report.firstFailure?.detail).toMatch(/not DockSaathi's web app/);
      expect(resultOf(report, 'auth: sign in')).toBe('FAIL');
      expect(resultOf(report, 'yard: overview')).toBe('skip');
      expect(Date.now() - started).toBeLessThan(10_000);
    } finally {
      stranger.closeAllConnections();
      stranger.close();
    }
  });

  it('gives up on a step after its timeout instead of hanging', async () => {
    // Prepare: a server that takes requests and never answers
    const silent = createServer(() => undefined);
    await new Promise<void>((ok) => silent.listen(0, '127.0.0.1', ok));
    const url = `http://127.0.0.1:${(silent.address() as { port: number }).port}`;
    try {
      // Act
      const report = await runSmoke({ url, username: 'smoke', password: 'x', timeoutMs: 500 });
      // Assess
      expect(report.firstFailure?.step).toBe('web app: index and security headers');
      expect(report.firstFailure?.detail).toMatch(/gave no answer within 500 ms/);
    } finally {
      silent.closeAllConnections();
      silent.close();
    }
  });
});

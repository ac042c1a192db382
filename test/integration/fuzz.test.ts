// Hostile input on every route of the route table (new routes are covered by walking the table),
// as an admin (who passes every permission check, so validation is reached) and anonymously:
// malformed JSON, wrong types, missing and oversized fields, prototype keys, control characters,
// deep nesting, hostile path ids and query strings. Never a 5xx; every refusal in the error format
// ({ message, errors? }) with the field's own message rather than zod's generic text; and a refused
// request writes nothing (the table is compared before and after each route's requests).
import fc from 'fast-check';
import { createHash } from 'node:crypto';
import { ScanCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, startTestApi, type HttpResponse, type TestApi } from '../support/api';
import { ROUTES, routeKey, type ApiRoute } from '../../shared/routes';

// Hundreds of requests from one address: the per-address limits (tested elsewhere) are raised.
process.env.RATE_LIMIT_FACTOR = '1000';

let api: TestApi;
let admin: Client;

beforeAll(async () => {
  api = await startTestApi();
  admin = new Client(api.url);
  await admin.signIn('admin');
}, 120_000);
afterAll(() => api.close());

/** Items a refused request may write: per-address request windows and sign-in streaks. */
const BOOKKEEPING = /^(THROTTLE#|IDEMPOTENCY)/;

async function tableDigest(): Promise<string> {
  const { ddb } = await import('../../functions/lib/aws');
  const hash = createHash('sha256');
  const items: string[] = [];
  let start: Record<string, unknown> | undefined;
  do {
    // A test-only Scan of the test's own table (the product never scans).
    const page = await ddb().send(
      new ScanCommand({ TableName: api.tableName, ExclusiveStartKey: start, ConsistentRead: true }),
    );
    for (const item of page.Items ?? [])
      if (!BOOKKEEPING.test(String(item.PK))) items.push(JSON.stringify(item, Object.keys(item).sort()));
    start = page.LastEvaluatedKey;
  } while (start);
  for (const item of items.sort()) hash.update(item);
  return hash.digest('hex');
}

const HOSTILE_IDS = [
  'does-not-exist',
  '..%2F..%2Fetc%2Fpasswd',
  '%00',
  'x'.repeat(600),
  "' OR '1'='1",
  '%F0%9F%9A%9A',
  'TENANT%23other%23APPT%23a1',
];
const HOSTILE_QUERIES = [
  '',
  '?page=-1&limit=1000000',
  '?date=2026-13-45&days=abc',
  '?status=%3Cscript%3E&cursor=not-base64!!',
  '?facilityId=../x&from=2026-01-01&to=1999-01-01',
  `?q=${'%E0%A4%95'.repeat(300)}`,
];

/** Bodies every route must survive: malformed, wrong shapes, hostile values. */
const fixedBodies: { label: string; raw?: string; body?: unknown; headers?: Record<string, string> }[] = [
  { label: 'malformed JSON', raw: '{"a":', headers: { 'content-type': 'application/json' } },
  { label: 'not an object', body: [1, 2, 3] },
  { label: 'null', raw: 'null', headers: { 'content-type': 'application/json' } },
  { label: 'a string', body: 'hello' },
  {
    label: 'prototype keys',
    raw: '{"__proto__":{"isAdmin":true},"constructor":{"prototype":{"role":"admin"}}}',
    headers: { 'content-type': 'application/json' },
  },
  {
    label: 'deep nesting',
    raw: `${'{"a":'.repeat(2000)}1${'}'.repeat(2000)}`,
    headers: { 'content-type': 'application/json' },
  },
  { label: '1 MB field', body: { name: 'x'.repeat(1024 * 1024), message: 'y', email: 'a@b.in' } },
  { label: 'form encoded', raw: 'a=1&b=2', headers: { 'content-type': 'application/x-www-form-urlencoded' } },
  {
    label: 'control characters',
    body: { name: '\u0000\u001b[31m\u202e', email: 'x@y.z\r\nBcc: z@z.z', status: '\u0000' },
  },
];

/** Values of every JSON kind for any field name (fast-check), plus the field names the API uses most. */
const FIELDS = [
  'name',
  'email',
  'status',
  'facilityId',
  'date',
  'scheduledDate',
  'quantity',
  'phone',
  'to',
  'message',
  'channel',
  'password',
  'role',
  'code',
  'id',
  'page',
  'capacity',
  'reason',
  'baseUrl',
  'sku',
];
const anyValue = fc.oneof(
  fc.string({ maxLength: 40 }),
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.array(fc.string({ maxLength: 5 }), { maxLength: 3 }),
  fc.dictionary(fc.string({ maxLength: 5 }), fc.string({ maxLength: 5 }), { maxKeys: 3 }),
  fc.constantFrom(-1, 1e308, '1e999', '<script>alert(1)</script>', '=cmd|calc', '../../', ''),
);
const randomBodies = fc.sample(fc.dictionary(fc.constantFrom(...FIELDS), anyValue, { maxKeys: 6 }), {
  numRuns: 6,
  seed: 42,
});

const isErrorShape = (res: HttpResponse) =>
  typeof res.body === 'object' &&
  res.body !== null &&
  typeof res.body.message === 'string' &&
  res.body.message.length > 0 &&
  (res.body.errors === undefined ||
    (typeof res.body.errors === 'object' && Object.values(res.body.errors).every((v) => typeof v === 'string')));
const GENERIC_ZOD = /^Invalid input|expected (string|number|object|array|boolean), received/;

const concrete = (route: ApiRoute, id: string) => route.path.replace(/\{[^}]+\}/g, id);
const mutating = (route: ApiRoute) => route.method !== 'GET';
// Sign-out and tenant switching change the session the rest of the run uses.
const SESSION_CHANGING = new Set(['logout', 'switchTenant']);

describe('hostile input on every route', () => {
  it("never answers 5xx, answers refusals in the error format with the field's own message, and writes nothing when it refuses", async () => {
    const problems: string[] = [];
    const anonymous = new Client(api.url);
    // The table's digest as the last route left it, when that route refused everything (its digest
    // after is the next one's before: one Scan of the table a route instead of two, issue #54).
    let unchanged: string | undefined;
    for (const route of ROUTES as readonly ApiRoute[]) {
      if (SESSION_CHANGING.has(route.action)) continue;
      const before = unchanged ?? (await tableDigest());
      unchanged = undefined;
      let succeeded = false;
      const attempts: { client: Client; path: string; options: Parameters<Client['request']>[2]; label: string }[] = [];
      for (const [i, id] of HOSTILE_IDS.entries()) {
        const path = concrete(route, id) + (HOSTILE_QUERIES[i % HOSTILE_QUERIES.length] ?? '');
        attempts.push({
          client: admin,
          path,
          options: mutating(route) ? { body: {} } : {},
          label: `id ${id.slice(0, 20)}`,
        });
      }
      if (mutating(route)) {
        const path = concrete(route, 'does-not-exist');
        for (const b of fixedBodies)
          attempts.push({
            client: admin,
            path,
            options: b.raw !== undefined ? { rawBody: b.raw, headers: b.headers } : { body: b.body },
            label: b.label,
          });
        for (const [i, body] of randomBodies.entries())
          attempts.push({ client: admin, path, options: { body }, label: `random body ${i}` });
        attempts.push({ client: anonymous, path, options: { body: randomBodies[0] }, label: 'anonymous' });
      }
      for (const a of attempts) {
        const res = await a.client.request(route.method, a.path, a.options);
        const where = `${routeKey(route)} [${a.label}] -> ${res.status}`;
        if (res.status >= 500) problems.push(`${where}: ${res.text.slice(0, 160)}`);
        else if (res.status >= 400 && res.status !== 413 && !isErrorShape(res))
          problems.push(`${where}: not in the error format: ${res.text.slice(0, 160)}`);
        else if (
          res.status >= 400 &&
          [res.body.message, ...Object.values(res.body.errors ?? {})].some((m) => GENERIC_ZOD.test(String(m)))
        )
          problems.push(`${where}: generic validation text: ${JSON.stringify(res.body).slice(0, 200)}`);
        if (res.status < 400) succeeded = true;
      }
      // A route that accepted some of it may have written; a route that refused everything must not have.
      if (!succeeded) {
        const after = await tableDigest();
        if (after !== before) problems.push(`${routeKey(route)}: refused every request but the table changed`);
        unchanged = after;
      }
    }
    expect(problems).toEqual([]);
  }, 600_000);
});

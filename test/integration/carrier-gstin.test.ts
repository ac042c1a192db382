// A carrier's GSTIN (issue #29): optional, checked by the GSTIN rule under its own field in English
// and Hindi, stored when valid, and a refusal writes nothing.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, startTestApi, type TestApi } from '../support/api';

let api: TestApi;
let ops: Client;

beforeAll(async () => {
  api = await startTestApi();
  ops = new Client(api.url);
  await ops.signIn('operations');
});
afterAll(() => api.close());

const carrier = (name: string, gstin?: string) => ({
  name,
  contactEmail: '',
  contactPhone: '',
  serviceTypes: ['FTL'],
  ...(gstin === undefined ? {} : { gstin }),
});
const names = async () => ((await ops.get('/api/carriers')).body as { name: string }[]).map((c) => c.name);

describe('carrier GSTIN', () => {
  it('refuses a GSTIN with a wrong check character under gstin, in English and Hindi, and writes nothing', async () => {
    const english = await ops.request('POST', '/api/carriers', {
      body: carrier('Sahyadri Roadlines', '27AAPFU0939F1ZA'),
    });
    expect(english.status).toBe(400);
    expect(english.body.errors.gstin).toBe(
      'GSTIN check digit does not match. Please check the number for typing mistakes',
    );
    const hindi = await ops.request('POST', '/api/carriers', {
      body: carrier('Sahyadri Roadlines', '27AAPFU0939F1Z'),
      headers: { 'accept-language': 'hi' },
    });
    expect(hindi.status).toBe(400);
    expect(hindi.body.errors.gstin).toBe('GSTIN ठीक 15 अक्षरों का होना चाहिए');
    expect(await names()).not.toContain('Sahyadri Roadlines');
  });

  it('refuses a state code outside the list', async () => {
    const res = await ops.request('POST', '/api/carriers', { body: carrier('Konkan Movers', '45AAPFU0939F1ZV') });
    expect(res.status).toBe(400);
    expect(res.body.errors.gstin).toBe('GSTIN must start with a valid state code (01-38, 97 or 99)');
  });

  it('stores a valid GSTIN upper-cased, none when blank, and changes it with an edit', async () => {
    const created = await ops.request('POST', '/api/carriers', {
      body: carrier('Deccan Freight', ' 27aapfu0939f1zv '),
    });
    expect(created.status).toBe(201);
    expect(created.body.gstin).toBe('27AAPFU0939F1ZV');
    const blank = await ops.request('POST', '/api/carriers', { body: carrier('Malwa Carriers', '') });
    expect(blank.status).toBe(201);
    expect(blank.body.gstin).toBeNull();

    const listed = ((await ops.get('/api/carriers')).body as { id: string; gstin: string | null }[]).find(
      (c) => c.id === created.body.id,
    );
    expect(listed?.gstin).toBe('27AAPFU0939F1ZV');

    const badEdit = await ops.request('PATCH', `/api/carriers/${created.body.id}`, {
      body: { gstin: '27AAPFU0939F1Z!', revision: created.body.revision ?? 0 },
      headers: { 'accept-language': 'hi' },
    });
    expect(badEdit.status).toBe(400);
    expect(badEdit.body.errors.gstin).toBe(
      'GSTIN 27AAPFU0939F1ZV जैसा होना चाहिए: राज्य कोड, PAN, इकाई संख्या, Z और एक जाँच अक्षर',
    );
    const edited = await ops.request('PATCH', `/api/carriers/${created.body.id}`, {
      body: { gstin: '29AABCU9603R1ZJ', revision: created.body.revision ?? 0 },
    });
    expect(edited.status).toBe(200);
    expect(edited.body.gstin).toBe('29AABCU9603R1ZJ');
  });
});

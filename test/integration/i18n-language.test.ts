// The language of a signed-in user (PATCH /api/auth/user/language) and the API answering every
// domain's messages in the language of Accept-Language, through the real local HTTP path.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, startTestApi, type TestApi } from '../support/api';

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi();
});
afterAll(() => api.close());

describe('the user’s language', () => {
  it('is kept on the user and comes back with the session, on any device', async () => {
    const phone = new Client(api.url);
    await phone.signIn('driver');
    expect((await phone.get('/api/auth/user')).body.language).toBeNull();
    const set = await phone.request('PATCH', '/api/auth/user/language', { body: { language: 'hi' } });
    expect(set.status, set.text).toBe(200);
    expect(set.body).toEqual({ language: 'hi' });
    const laptop = new Client(api.url);
    expect((await laptop.signIn('driver')).language).toBe('hi');
    expect((await laptop.get('/api/auth/user')).body.language).toBe('hi');
    expect((await laptop.request('PATCH', '/api/auth/user/language', { body: { language: 'en' } })).status).toBe(200);
    expect((await phone.get('/api/auth/user')).body.language).toBe('en');
  });

  it('accepts only English or Hindi, and only from a signed-in user', async () => {
    const client = new Client(api.url);
    expect((await client.request('PATCH', '/api/auth/user/language', { body: { language: 'hi' } })).status).toBe(401);
    await client.signIn('spectator');
    const wrong = await client.request('PATCH', '/api/auth/user/language', {
      body: { language: 'fr' },
      headers: { 'accept-language': 'hi' },
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body.errors).toEqual({ language: 'अंग्रेज़ी या हिंदी चुनें' });
    expect((await client.get('/api/auth/user')).body.language).toBeNull();
  });
});

describe('messages in the language the client asks for', () => {
  it('answers other domains’ errors in Hindi for hi and in the spec’s English otherwise', async () => {
    const client = new Client(api.url);
    const unauthorized = await client.get('/api/yard/overview', { headers: { 'accept-language': 'hi-IN,hi;q=0.9' } });
    expect(unauthorized.status).toBe(401);
    expect(unauthorized.body.message).toBe('प्रमाणीकरण आवश्यक है। कृपया साइन इन करें।');
    await client.signIn('operations');
    const carrier = await client.post('/api/carriers', { name: '' }, { headers: { 'accept-language': 'hi' } });
    expect(carrier.status).toBe(400);
    expect(carrier.body.errors.name).toBe('कैरियर का नाम आवश्यक है');
    const english = await client.post('/api/carriers', { name: '' }, { headers: { 'accept-language': 'en-IN' } });
    expect(english.body.errors.name).toBe('Carrier name is required');
    const none = await client.post('/api/carriers', { name: '' });
    expect(none.body.errors.name).toBe('Carrier name is required');
  });
});

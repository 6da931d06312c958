/** §5 Authentication; DECISIONS D28, D29, D35, D36, D51. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { KEYS, startTestServer, type TestServer } from './harness.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

describe('authentication', () => {
  it('answers 401 authentication_required without an Authorization header', async () => {
    const response = await server.get('/games', { key: null });
    expect([response.status, response.body.error.code]).toEqual([401, 'authentication_required']);
  });

  it('sends the Bearer challenge with the Mudverse realm on 401', async () => {
    const response = await server.get('/games', { key: null });
    expect(response.headers['www-authenticate']).toBe('Bearer realm="Mudverse API"');
  });

  it('puts a request id in the 401 body but no X-Request-ID or rate-limit headers', async () => {
    const response = await server.get('/tags', { key: null });
    expect(response.body.request_id).toMatch(/^[0-9a-f-]{36}$/);
    expect(response.headers['x-request-id']).toBeUndefined();
    expect(response.headers['x-ratelimit-limit']).toBeUndefined();
  });

  it.each([
    ['an unknown key', 'Bearer not-a-known-key'],
    ['a revoked key', `Bearer ${KEYS.revoked.key}`],
    ['the Basic scheme', `Basic ${Buffer.from('user:pass').toString('base64')}`],
    ['Bearer without a token', 'Bearer'],
    ['an empty header', ''],
    ['a token with a non-ASCII character', 'Bearer ké'],
    ['a token followed by another word', `Bearer ${KEYS.demo.key} extra`],
  ])('answers 401 invalid_api_key for %s', async (_name, value) => {
    const response = await server.get('/tags', { key: null, headers: ['authorization', value] });
    expect([response.status, response.body.error.code]).toEqual([401, 'invalid_api_key']);
  });

  it('answers 401 invalid_api_key for two Authorization headers, even both valid', async () => {
    const header = `Bearer ${KEYS.demo.key}`;
    const response = await server.get('/tags', {
      key: null,
      headers: ['authorization', header, 'authorization', header],
    });
    expect([response.status, response.body.error.code]).toEqual([401, 'invalid_api_key']);
  });

  it('accepts a valid key', async () => {
    const response = await server.get('/tags', { key: KEYS.demo });
    expect(response.status).toBe(200);
  });

  it('authenticates before the method check (D28)', async () => {
    const response = await server.get('/games', { key: null, method: 'POST' });
    expect(response.status).toBe(401);
  });

  it('authenticates before routing (D29)', async () => {
    const response = await server.get('/no-such-route', { key: null });
    expect(response.status).toBe(401);
  });
});

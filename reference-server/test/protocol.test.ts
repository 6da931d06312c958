/** §1, §4 (methods, unknown paths), §7 (errors and headers); DECISIONS D27, D30, D37, D38, D46. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { KEYS, startTestServer, type TestServer } from './harness.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

describe('methods', () => {
  it.each(['POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'])(
    'answers %s with 405 method_not_allowed and Allow: GET',
    async (method) => {
      const response = await server.get('/games', { method });
      expect([response.status, response.body.error.code, response.headers.allow]).toEqual([
        405,
        'method_not_allowed',
        'GET',
      ]);
    },
  );

  it('answers HEAD with 405 and Allow: GET (D27)', async () => {
    const response = await server.get('/games/1', { method: 'HEAD' });
    expect([response.status, response.headers.allow]).toEqual([405, 'GET']);
  });

  it('answers a non-GET on an unknown path with 405 (the method check precedes routing)', async () => {
    const response = await server.get('/nowhere', { method: 'DELETE' });
    expect(response.status).toBe(405);
  });

  it("answers a method Node's parser does not know (FOO) as any other: 405 with Allow and the rate-limit headers", async () => {
    const response = await server.get('/games?per_page=2', { method: 'FOO' });
    expect([response.status, response.body.error.code, response.headers.allow]).toEqual([
      405,
      'method_not_allowed',
      'GET',
    ]);
    expect(response.headers['x-ratelimit-limit']).toBeDefined();
    expect(response.headers['x-request-id']).toBeDefined();
  });

  it('answers an unknown method without a key with 401, as any other method (D28)', async () => {
    const response = await server.get('/games', { method: 'PURGEALL', key: null });
    expect([response.status, response.body.error.code]).toEqual([401, 'authentication_required']);
  });

  it('survives an unknown method pipelined behind a GET on one connection (no response can be assigned yet)', async () => {
    const { connect } = await import('node:net');
    const { port, hostname } = new URL(server.url);
    const key = KEYS.high.key;
    const head = (method: string) =>
      `${method} /api/v1/games?per_page=50 HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${key}\r\n\r\n`;
    const answer = await new Promise<string>((resolve) => {
      const socket = connect(Number(port), hostname, () => socket.write(head('GET') + head('FOO')));
      let text = '';
      socket.on('data', (chunk: Buffer) => (text += chunk.toString('latin1')));
      socket.on('close', () => resolve(text));
      socket.on('error', () => resolve(text));
    });
    expect(answer).toMatch(/^HTTP\/1\.1 200 OK\r\n/);
    // The server is still up.
    expect((await server.get('/tags')).status).toBe(200);
  });

  it('keeps the bare 400 for a request line that is not HTTP', async () => {
    const { connect } = await import('node:net');
    const { port, hostname } = new URL(server.url);
    const answer = await new Promise<string>((resolve, reject) => {
      const socket = connect(Number(port), hostname, () =>
        socket.write('F@O /api/v1/games HTTP/1.1\r\n\r\n'),
      );
      let text = '';
      socket.on('data', (chunk: Buffer) => (text += chunk.toString('latin1')));
      socket.on('close', () => resolve(text));
      socket.on('error', reject);
    });
    expect(answer).toMatch(/^HTTP\/1\.1 400 Bad Request\r\n/);
  });
});

describe('unknown paths', () => {
  it('answers an unknown path under the base with 404 route_not_found', async () => {
    const response = await server.get('/nowhere');
    expect([response.status, response.body.error.code]).toEqual([404, 'route_not_found']);
  });

  it('matches paths case-sensitively (D46)', async () => {
    const response = await server.get('/Games');
    expect(response.body.error.code).toBe('route_not_found');
  });

  it('treats one trailing slash as the same route (D46)', async () => {
    const response = await server.get('/games/');
    expect(response.status).toBe(200);
  });

  it('answers a path outside /api/v1 with a JSON 404 route_not_found without a key', async () => {
    const response = await server.request('/', { key: null });
    expect([response.status, response.body.error.code]).toEqual([404, 'route_not_found']);
  });

  it('answers a broken escape in the path under the base with 404 route_not_found', async () => {
    const response = await server.get('/%zz/%E0%A4%A');
    expect(response.body.error.code).toBe('route_not_found');
  });

  it('answers a broken escape in a path outside the base with 404 route_not_found', async () => {
    const response = await server.request('/%zz', { key: null });
    expect(response.body.error.code).toBe('route_not_found');
  });

  it('answers a differently cased base path with 404 route_not_found', async () => {
    const response = await server.request('/API/v1/games');
    expect(response.body.error.code).toBe('route_not_found');
  });
});

describe('legacy /json.php', () => {
  it('answers 410 endpoint_retired at the origin root without a key (D30)', async () => {
    const response = await server.request('/json.php?game=1', { key: null });
    expect([response.status, response.body.error.code]).toEqual([410, 'endpoint_retired']);
  });

  it('answers 410 at the origin root with a trailing slash too, as under the base', async () => {
    const response = await server.request('/json.php/', { key: null });
    expect([response.status, response.body.error.code]).toEqual([410, 'endpoint_retired']);
  });

  it('answers 410 under the base after authentication (D30)', async () => {
    const response = await server.get('/json.php');
    expect([response.status, response.body.error.code]).toEqual([410, 'endpoint_retired']);
  });

  it('requires a key under the base', async () => {
    const response = await server.get('/json.php', { key: null });
    expect(response.status).toBe(401);
  });
});

describe('headers', () => {
  it('sends the rate-limit headers and X-Request-ID on 200', async () => {
    const response = await server.get('/tags');
    for (const name of ['x-ratelimit-limit', 'x-ratelimit-remaining', 'x-ratelimit-reset', 'x-request-id']) {
      expect(response.headers[name], name).toBeDefined();
    }
  });

  it('ignores a client-sent X-Request-ID (D38)', async () => {
    const response = await server.get('/tags', { headers: ['x-request-id', 'client-chosen'] });
    expect(response.headers['x-request-id']).not.toBe('client-chosen');
  });

  it('issues a fresh request id per request', async () => {
    const [a, b] = await Promise.all([server.get('/tags'), server.get('/tags')]);
    expect(a.headers['x-request-id']).not.toBe(b.headers['x-request-id']);
  });

  it('dates responses with the injected clock', async () => {
    const response = await server.get('/tags');
    expect(response.headers.date).toBe(new Date(server.clock.now()).toUTCString());
  });

  it('sends no CORS headers even to a browser origin', async () => {
    const response = await server.get('/tags', { headers: ['origin', 'https://example.com'] });
    expect(Object.keys(response.headers).filter((h) => h.startsWith('access-control-'))).toEqual([]);
  });
});

describe('tags', () => {
  it('lists every tag group of the taxonomy with its values', async () => {
    const response = await server.get('/tags');
    expect(response.body.data).toHaveLength(server.dataset.taxonomy.groups.length);
  });
});

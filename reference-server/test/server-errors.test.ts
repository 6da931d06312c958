/** §7: 500 internal_error with X-Request-ID and no internals; what happens past the request-head limit. */
import { request } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_HEADER_BYTES } from '../src/server.ts';
import { ManualClock, startTestServer, type TestServer } from './harness.ts';

/** A clock that breaks on demand, to drive a request into the error handler. */
class BreakableClock extends ManualClock {
  broken = false;

  override now(): number {
    if (this.broken) throw new Error('clock failure: secret internals');
    return super.now();
  }
}

let server: TestServer;
const clock = new BreakableClock();
beforeAll(async () => {
  server = await startTestServer({ clock });
});
afterAll(() => server.close());

describe('unexpected failures', () => {
  it('answers 500 internal_error with X-Request-ID and no internals', async () => {
    clock.broken = true;
    const response = await server.get('/games/1');
    clock.broken = false;
    expect([
      response.status,
      response.body.error.code,
      JSON.stringify(response.body).includes('secret'),
    ]).toEqual([500, 'internal_error', false]);
  });

  it('keeps serving after a 500', async () => {
    clock.broken = true;
    await server.get('/tags');
    clock.broken = false;
    const response = await server.get('/tags');
    expect(response.status).toBe(200);
  });
});

describe('request-head limit', () => {
  it('lets Node refuse a request head beyond the limit with a bare 431', async () => {
    const response = await request(`${server.baseUrl}/games?q=${'a'.repeat(MAX_HEADER_BYTES)}`);
    await response.body.dump();
    expect(response.statusCode).toBe(431);
  });
});

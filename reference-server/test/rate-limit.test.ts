/** §7 rate-limit headers and 429, §8 limits; DECISIONS D31–D33. Each test gets a fresh server (fresh budgets). */
import { request } from 'undici';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { KEYS, ManualClock, startTestServer, type TestServer } from './harness.ts';

// 2026-11-22T08:30:00Z, a minute boundary; KEYS.low allows 5 per minute and 20 per UTC day.
const MINUTE = Date.UTC(2026, 10, 22, 8, 30, 0);
const MIDNIGHT = Date.UTC(2026, 10, 23);

let server: TestServer;
beforeEach(async () => {
  server = await startTestServer({ clock: new ManualClock(MINUTE) });
});
afterEach(() => server.close());

async function spend(times: number, atMs: number) {
  server.clock.set(atMs);
  for (let i = 0; i < times; i++) await server.get('/tags', { key: KEYS.low });
}

describe('rate limiting', () => {
  it('reports the per-minute limit and the smaller remaining budget', async () => {
    const response = await server.get('/tags', { key: KEYS.low });
    expect([response.headers['x-ratelimit-limit'], response.headers['x-ratelimit-remaining']]).toEqual([
      '5',
      '4',
    ]);
  });

  it('reports the next minute boundary as the reset while the minute binds', async () => {
    server.clock.set(MINUTE + 12_345);
    const response = await server.get('/tags', { key: KEYS.low });
    expect(response.headers['x-ratelimit-reset']).toBe(String((MINUTE + 60_000) / 1000));
  });

  it('refuses the request after the minute limit with 429 rate_limit_exceeded', async () => {
    await spend(5, MINUTE);
    const response = await server.get('/tags', { key: KEYS.low });
    expect([response.status, response.body.error.code, response.headers['x-ratelimit-remaining']]).toEqual([
      429,
      'rate_limit_exceeded',
      '0',
    ]);
  });

  it('sets Retry-After to the seconds until the minute resets', async () => {
    await spend(5, MINUTE);
    server.clock.set(MINUTE + 45_200);
    const response = await server.get('/tags', { key: KEYS.low });
    expect(response.headers['retry-after']).toBe('15');
  });

  it('still refuses one millisecond before the minute boundary', async () => {
    await spend(5, MINUTE);
    server.clock.set(MINUTE + 59_999);
    const response = await server.get('/tags', { key: KEYS.low });
    expect([response.status, response.headers['retry-after']]).toEqual([429, '1']);
  });

  it('admits again exactly at the minute boundary', async () => {
    await spend(5, MINUTE);
    server.clock.set(MINUTE + 60_000);
    const response = await server.get('/tags', { key: KEYS.low });
    expect(response.status).toBe(200);
  });

  it('counts 404, 405 and 422 answers against the budget', async () => {
    await server.get('/nowhere', { key: KEYS.low });
    await server.get('/tags', { key: KEYS.low, method: 'POST' });
    const response = await server.get('/games?page=0', { key: KEYS.low });
    expect(response.headers['x-ratelimit-remaining']).toBe('2');
  });

  it('does not count refused requests (D31)', async () => {
    await spend(5, MINUTE);
    await spend(3, MINUTE + 1000); // refused
    server.clock.set(MINUTE + 60_000);
    const response = await server.get('/tags', { key: KEYS.low });
    expect(response.headers['x-ratelimit-remaining']).toBe('4'); // minute 4, day 20 − 6 = 14
  });

  it('does not count unauthenticated requests (D31)', async () => {
    for (let i = 0; i < 3; i++) await server.get('/tags', { key: null });
    const response = await server.get('/tags', { key: KEYS.low });
    expect(response.headers['x-ratelimit-remaining']).toBe('4');
  });

  it('reports UTC midnight as the reset once the day binds (D32)', async () => {
    for (let minute = 0; minute < 4; minute++) await spend(5, MINUTE + minute * 60_000); // 20 = the day limit
    server.clock.set(MINUTE + 4 * 60_000);
    const response = await server.get('/tags', { key: KEYS.low });
    expect([response.status, response.headers['x-ratelimit-reset']]).toEqual([429, String(MIDNIGHT / 1000)]);
  });

  it('refuses until the last millisecond of the UTC day and admits at midnight', async () => {
    for (let minute = 4; minute >= 1; minute--) await spend(5, MIDNIGHT - minute * 60_000);
    server.clock.set(MIDNIGHT - 1);
    const before = await server.get('/tags', { key: KEYS.low });
    server.clock.set(MIDNIGHT);
    const after = await server.get('/tags', { key: KEYS.low });
    expect([before.status, before.headers['retry-after'], after.status]).toEqual([429, '1', 200]);
  });

  it('admits exactly the limit of concurrent requests', async () => {
    const responses = await Promise.all(
      Array.from({ length: 25 }, () =>
        request(`${server.baseUrl}/tags`, { headers: { authorization: `Bearer ${KEYS.low.key}` } }).then(
          async (r) => {
            await r.body.dump();
            return r.statusCode;
          },
        ),
      ),
    );
    expect(responses.filter((status) => status === 200)).toHaveLength(5);
  });

  it('keeps separate budgets per key', async () => {
    await spend(5, MINUTE);
    const response = await server.get('/tags', { key: KEYS.demo });
    expect(response.status).toBe(200);
  });
});

/**
 * The response cache changes no answer: two servers on one dataset and one hand-moved
 * clock, one keeping 200 bodies for their clock second (the default) and one computing
 * every answer, get the same generated requests between generated clock moves — within
 * a second, across seconds, across crawl-grid points and UTC midnights, and backwards —
 * and must answer each with the same status and the same bytes.
 */
import fc from 'fast-check';
import { request } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DOORKEEPER_KEYS, ResponseCache } from '../src/response-cache.ts';
import { startServer, type RunningServer } from '../src/server.ts';
import { ANCHOR_SECONDS, KEYS, ManualClock, testDataset } from './harness.ts';

const clock = new ManualClock();
let cached: RunningServer;
let computed: RunningServer;

beforeAll(async () => {
  const options = { dataset: testDataset(), keys: Object.values(KEYS), clock };
  cached = await startServer(options);
  computed = await startServer({ ...options, responseCache: false });
});

afterAll(async () => {
  await Promise.all([cached?.close(), computed?.close()]);
});

const dataset = testDataset();
const gameId = fc.constantFrom(...dataset.games.slice(0, 40).map((g) => g.id), 999_999);
const reviewId = fc.constantFrom(...dataset.reviews.slice(0, 20).map((r) => r.id));
const day = fc
  .integer({ min: -40, max: 3 })
  .map((offset) => new Date((ANCHOR_SECONDS + offset * 86_400) * 1000).toISOString().slice(0, 10));
const flag = fc.constantFrom('', '0', '1');

const gamesQuery = fc
  .record(
    {
      sort: fc.constantFrom(
        'top_voted',
        'newest',
        'oldest',
        'last_updated',
        'most_reviewed',
        'recently_online',
      ),
      online_recently: flag,
      recently_updated: flag,
      has_reviews: flag,
      page: fc.integer({ min: 1, max: 4 }).map(String),
      per_page: fc.constantFrom('1', '5', '20'),
      q: fc.constantFrom('dragon', 'realm war', 'mud'),
    },
    { requiredKeys: [] },
  )
  .map((params) => `/games?${new URLSearchParams(params as Record<string, string>).toString()}`);

const path = fc.oneof(
  gamesQuery,
  gameId.map((id) => `/games/${id}`),
  gameId.map((id) => `/games/${id}/mssp`),
  fc
    .tuple(gameId, fc.constantFrom('daily', 'raw'), day, day)
    .map(
      ([id, granularity, from, to]) =>
        `/games/${id}/players?granularity=${granularity}&from=${from}&to=${to}`,
    ),
  gameId.map((id) => `/games/${id}/players`),
  fc
    .tuple(gameId, fc.constantFrom('raw', 'hourly', 'daily', 'weekly', 'monthly'), day)
    .map(([id, resolution, to]) => `/games/${id}/statistics?resolution=${resolution}&to=${to}`),
  gameId.map((id) => `/games/${id}/activity-pattern`),
  gameId.map((id) => `/reviews?game_id=${id}`),
  reviewId.map((id) => `/reviews/${id}`),
  fc.constant('/reviews?sort=newest&per_page=3'),
  fc.constant('/tags'),
  fc.constant('/games?per_page=0'),
);

/** Clock moves in milliseconds: within a second, to the next, past a crawl-grid point or a day, back. */
const move = fc.oneof(
  fc.constant(0),
  fc.integer({ min: 1, max: 999 }),
  fc.integer({ min: 1000, max: 5000 }),
  fc.constantFrom(30 * 60_000, 48 * 3_600_000, 86_400_000),
  fc.integer({ min: -120_000, max: -1 }),
);

async function get(server: RunningServer, target: string): Promise<{ status: number; body: string }> {
  const response = await request(`${server.baseUrl}${target}`, {
    headers: { authorization: `Bearer ${KEYS.high.key}` },
  });
  // Links are absolute (D40): the two servers differ only in their port.
  return {
    status: response.statusCode,
    body: (await response.body.text()).replaceAll(server.baseUrl, '{base}'),
  };
}

describe('response cache (response-cache.ts)', () => {
  it('answers every request as a server without it, whatever the clock does in between', async () => {
    let hits = 0;
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.tuple(path, move, fc.boolean()), { minLength: 1, maxLength: 12 }),
        async (steps) => {
          clock.set(ANCHOR_SECONDS * 1000 + 250);
          for (const [target, ms, repeated] of steps) {
            clock.advance(ms);
            // A body is kept from its second answer within a second: the third is the cache's.
            for (let round = 0; round < (repeated ? 3 : 1); round++) {
              const [a, b] = [await get(cached, target), await get(computed, target)];
              expect(a.status, target).toBe(b.status);
              if (a.status === 200) expect(a.body, target).toBe(b.body);
              if (round === 2 && a.status === 200) hits += 1;
            }
          }
        },
      ),
      { numRuns: 60 },
    );
    // The property compared cached answers, not only first computations.
    expect(hits).toBeGreaterThan(20);
  });

  it('forgets a body once the clock leaves its second, and keeps within its byte bound', () => {
    const cache = new ResponseCache(10);
    expect(cache.get(100, 'k')).toBeUndefined();
    cache.set(100, 'k', Buffer.from('abcdef')); // asked once: not kept yet
    expect(cache.get(100, 'k')).toBeUndefined();
    cache.set(100, 'k', Buffer.from('abcdef')); // asked again within the second: kept
    expect(cache.get(100, 'k')?.toString()).toBe('abcdef');
    cache.set(100, 'big', Buffer.from('abcdef'));
    cache.set(100, 'big', Buffer.from('abcdef')); // 12 bytes > 10: not kept
    expect(cache.get(100, 'big')).toBeUndefined();
    expect(cache.get(101, 'k')).toBeUndefined();
    cache.set(100, 'k', Buffer.from('stale')); // computed in a second the clock has left
    cache.set(100, 'k', Buffer.from('stale'));
    expect(cache.get(101, 'k')).toBeUndefined();
    expect(cache.get(100, 'k')).toBeUndefined(); // back to 100: emptied, not the old body
  });

  it('keeps no body of a key asked for once in its second (distinct traffic makes no garbage)', () => {
    const cache = new ResponseCache();
    expect(cache.get(7, 'q0')).toBeUndefined(); // the clock is in second 7
    for (let i = 0; i < 100; i += 1) cache.set(7, `q${i}`, Buffer.from('x'.repeat(1000)));
    for (let i = 0; i < 100; i += 1) expect(cache.get(7, `q${i}`)).toBeUndefined();
    // A new second forgets what was seen: once is once again.
    cache.get(8, 'q0');
    cache.set(8, 'q0', Buffer.from('y'));
    expect(cache.get(8, 'q0')).toBeUndefined();
  });

  it('notes at most DOORKEEPER_KEYS keys a second: past them a new key is never kept, the noted ones still are', () => {
    const cache = new ResponseCache();
    cache.get(9, 'first'); // the clock is in second 9
    for (let i = 0; i < DOORKEEPER_KEYS; i += 1)
      expect(cache.admits(9, `/games?page=${i}`), `${i}`).toBe(false);
    expect(cache.admits(9, 'late')).toBe(false);
    expect(cache.admits(9, 'late')).toBe(false); // not noted: the table is full
    cache.set(9, 'late', Buffer.from('x'));
    expect(cache.get(9, 'late')).toBeUndefined();
    cache.set(9, '/games?page=5', Buffer.from('kept'));
    expect(cache.get(9, '/games?page=5')?.toString()).toBe('kept');
    cache.get(10, 'late'); // a new second empties the table
    expect(cache.admits(10, 'late')).toBe(false);
    expect(cache.admits(10, 'late')).toBe(true);
  });

  it('admits a key asked for a second time within its second, so a first answer need not be encoded for it', () => {
    const cache = new ResponseCache();
    cache.get(5, 'a'); // the clock is in second 5
    expect(cache.admits(5, 'a')).toBe(false); // first: noted, not kept
    expect(cache.admits(5, 'a')).toBe(true);
    cache.set(5, 'a', Buffer.from('body'));
    expect(cache.get(5, 'a')?.toString()).toBe('body');
    expect(cache.admits(4, 'b')).toBe(false); // a second the clock has left
    cache.get(6, 'a');
    expect(cache.admits(6, 'a')).toBe(false); // a new second: once is once again
  });
});

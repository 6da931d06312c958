/**
 * The control interface's plain modules (admin/): the adjustable clock, the chaos rules and the
 * rate-limit counters' controls, on their own; and that the interface is off unless asked for.
 */
import { describe, expect, it } from 'vitest';
import { AdjustableClock } from '../src/admin/adjustable-clock.ts';
import { ChaosRules, globToRegExp, matchedPath } from '../src/admin/chaos.ts';
import { startReferenceServer } from '../src/launch.ts';
import { RateLimiter, type RateLimitCounters, type RateLimitStore } from '../src/rate-limiter.ts';
import { RedisRateLimiter } from '../src/redis-rate-limiter.ts';
import { ANCHOR_SECONDS, KEYS, startRedisServer, testDataset } from './harness.ts';

const NOON = Date.parse('2026-11-22T12:00:00Z');

describe('AdjustableClock', () => {
  it('stays frozen, or runs with the elapsed source, from the instant it is set to', () => {
    let elapsed = 1_000;
    const clock = new AdjustableClock(NOON, false, () => elapsed);
    elapsed += 5_000;
    expect(clock.now()).toBe(NOON);
    clock.set(NOON, true);
    elapsed += 2_500;
    expect(clock.now()).toBe(NOON + 2_500);
    clock.advance(60_000);
    expect(clock.now()).toBe(NOON + 62_500);
    expect(clock.running).toBe(true);
  });

  it('moves to the next minute and the next UTC midnight', () => {
    const clock = new AdjustableClock(NOON + 30_500, false);
    clock.toNextMinute();
    expect(new Date(clock.now()).toISOString()).toBe('2026-11-22T12:01:00.000Z');
    clock.toNextUtcDay();
    expect(new Date(clock.now()).toISOString()).toBe('2026-11-23T00:00:00.000Z');
  });
});

describe('AdjustableClock.reset', () => {
  it('goes back to its launch setting: frozen, running from its first instant, or the real time', () => {
    let elapsed = 0;
    const frozen = new AdjustableClock(NOON, false, () => elapsed);
    const startedAt = new AdjustableClock(NOON, true, () => elapsed);
    const real = AdjustableClock.realTime(() => elapsed);
    for (const clock of [frozen, startedAt, real]) clock.set(NOON + 86_400_000, false);
    elapsed += 5_000;

    for (const clock of [frozen, startedAt, real]) clock.reset();
    const realNow = Date.now();
    elapsed += 1_000;

    expect([frozen.now(), frozen.running]).toEqual([NOON, false]);
    expect([startedAt.now(), startedAt.running]).toEqual([NOON + 1_000, true]);
    expect(real.running).toBe(true);
    expect(Math.abs(real.now() - (realNow + 1_000))).toBeLessThan(1_000);
  });
});

describe('ChaosRules', () => {
  it('matches path globs: * within a segment, ** across, the query and a trailing slash ignored', () => {
    const games = globToRegExp('/api/v1/games/*');
    expect(games.test(matchedPath('/api/v1/games/12?x=1'))).toBe(true);
    expect(games.test(matchedPath('/api/v1/games/12/'))).toBe(true);
    expect(games.test(matchedPath('/api/v1/games/12/players'))).toBe(false);
    const under = globToRegExp('/api/v1/games/**');
    expect(['/api/v1/games/12/players', '/api/v1/games'].map((path) => under.test(path))).toEqual([
      true,
      true,
    ]);
    expect(under.test('/api/v1/gamesx')).toBe(false);
    expect(globToRegExp('/api/v1/**/players').test('/api/v1/games/3/players')).toBe(true);
    expect(globToRegExp('/api/v1/games.json').test('/api/v1/gamesXjson')).toBe(false);
  });

  it('lapses after its number of requests or its seconds, and adds up the latencies of every matching rule', () => {
    let elapsed = 0;
    const rules = new ChaosRules(() => elapsed);
    rules.add({ path: '/**', latency_ms: 10, requests: 2 });
    rules.add({ path: '/api/v1/tags', latency_ms: 5, duration_seconds: 1 });
    expect(rules.decide('/api/v1/tags')).toEqual({ delayMs: 15, failure: undefined });
    expect(rules.decide('/api/v1/games')).toEqual({ delayMs: 10, failure: undefined });
    expect(rules.list().map((rule) => rule.id)).toEqual(['chaos-2']);
    elapsed = 1_000;
    expect(rules.decide('/api/v1/tags')).toBeUndefined();
  });

  it('draws failures from a seeded generator: the same seed fails the same requests', () => {
    const failures = (seed: number) => {
      const rules = new ChaosRules();
      rules.add({ path: '/**', error_rate: 0.3, seed });
      return Array.from({ length: 50 }, () => rules.decide('/x')?.failure ?? 'ok');
    };
    expect(failures(3)).toEqual(failures(3));
    expect(failures(3)).not.toEqual(failures(4));
  });

  it('refuses a rule with a message naming the field', () => {
    const rules = new ChaosRules();
    expect(() => rules.add({ path: '/**', latency_ms: { min: 5, max: 1 } })).toThrow(/latency_ms/);
    expect(() => rules.add({ path: '/**', error_rate: 2 })).toThrow(/error_rate/);
    expect(() => rules.add({ path: '/**', error_rate: 1, error: 'timeout' })).toThrow(/error: expected/);
    expect(() => rules.add({ path: '/**', latency_ms: 1, requests: 0 })).toThrow(/requests/);
    expect(() => rules.add({ path: '/**', latency: 1 })).toThrow(/unknown field/);
  });
});

/** Both stores: spending and resetting act on the windows containing the given instant. */
async function spendAndReset(limiter: RateLimitStore & RateLimitCounters): Promise<void> {
  const limits = { perMinute: 5, perDay: 20 };
  await limiter.spend('k', { minute: 4, day: 19 }, NOON);
  expect((await limiter.consume('k', limits, NOON)).remaining).toBe(0);
  expect((await limiter.consume('k', limits, NOON)).allowed).toBe(false);
  await limiter.resetCounts('k', { minute: true, day: false }, NOON);
  expect(await limiter.counts('k', NOON)).toEqual({ minute: 0, day: 20 });
  expect((await limiter.consume('k', limits, NOON)).allowed).toBe(false); // the day still binds
  await limiter.resetCounts('k', { minute: false, day: true }, NOON);
  expect((await limiter.consume('k', limits, NOON)).remaining).toBe(4);
  // Another minute of the same day: its own count, the day's carried.
  expect(await limiter.counts('k', NOON + 60_000)).toEqual({ minute: 0, day: 1 });
}

describe('the rate-limit counters, spent and reset', () => {
  it('in memory', () => spendAndReset(new RateLimiter()));

  it('in Redis', async () => {
    const redis = await startRedisServer();
    const limiter = new RedisRateLimiter({ url: redis.url });
    try {
      await limiter.ready({ attempts: 3, intervalMs: 200 });
      await spendAndReset(limiter);
    } finally {
      await limiter.close();
      redis.process.kill();
    }
  });
});

describe('the control interface is off by default', () => {
  it('starts no admin server unless asked for', async () => {
    const server = await startReferenceServer({ dataset: testDataset(), keys: Object.values(KEYS) });
    try {
      expect(server.adminUrl).toBeUndefined();
    } finally {
      await server.close();
    }
  });

  it('listens on 127.0.0.1 at another port than the API when asked for, and stops with it', async () => {
    const server = await startReferenceServer({
      dataset: testDataset(),
      keys: Object.values(KEYS),
      clock: new AdjustableClock(ANCHOR_SECONDS * 1000, false),
      admin: { port: 0 },
    });
    try {
      expect(server.adminUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
      expect(server.adminUrl).not.toBe(server.url);
      const clock = await fetch(`${server.adminUrl!}/clock`).then((response) => response.json());
      expect(clock).toEqual({
        now: '2026-11-22T12:00:00.000Z',
        now_ms: ANCHOR_SECONDS * 1000,
        running: false,
      });
      // The API's port has no controls.
      expect((await fetch(`${server.url}/clock`)).status).toBe(404);
    } finally {
      await server.close();
    }
    await expect(fetch(`${server.adminUrl!}/clock`)).rejects.toThrow();
  });

  it('keeps moving data where it stood when a switch rebuilds the app', async () => {
    const server = await startReferenceServer({
      dataset: testDataset(),
      keys: Object.values(KEYS),
      clock: new AdjustableClock(ANCHOR_SECONDS * 1000, false),
      movingData: { periodSeconds: 1 },
      admin: { port: 0 },
    });
    const post = (path: string, body: unknown) =>
      fetch(`${server.adminUrl!}${path}`, { method: 'POST', body: JSON.stringify(body) });
    const reviews = async () => {
      const response = await fetch(`${server.baseUrl}/reviews`, {
        headers: { authorization: `Bearer ${KEYS.high.key}` },
      });
      return ((await response.json()) as { meta: { total: number } }).meta.total;
    };
    try {
      const before = await reviews();
      await post('/clock/advance', { seconds: 20 });
      const moved = await reviews();
      expect(moved).toBeGreaterThan(before);
      expect((await post('/faults/cors-enabled', {})).status).toBe(200);
      expect(await reviews()).toBe(moved);
    } finally {
      await server.close();
    }
  });

  it('starts moving data again from the launch data on reset', async () => {
    const server = await startReferenceServer({
      dataset: testDataset(),
      keys: Object.values(KEYS),
      clock: new AdjustableClock(ANCHOR_SECONDS * 1000, false),
      movingData: { periodSeconds: 1 },
      admin: { port: 0 },
    });
    const post = (path: string, body?: unknown) =>
      fetch(`${server.adminUrl!}${path}`, { method: 'POST', body: JSON.stringify(body ?? {}) });
    const reviews = async () => {
      const response = await fetch(`${server.baseUrl}/reviews`, {
        headers: { authorization: `Bearer ${KEYS.high.key}` },
      });
      return ((await response.json()) as { meta: { total: number } }).meta.total;
    };
    try {
      const launched = await reviews();
      await post('/clock/advance', { seconds: 20 });
      expect(await reviews()).toBeGreaterThan(launched);

      expect((await post('/reset')).status).toBe(200);

      expect(await reviews()).toBe(launched);
    } finally {
      await server.close();
    }
  });
});

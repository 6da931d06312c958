/**
 * Several reference instances, one limit: two servers keep their counters in one real Redis
 * (Debian's redis-server, started here on a free port), and a burst spread over both is
 * admitted exactly as one server would admit it — minute and UTC day alike, with exact
 * rate-limit headers. Redis stopped mid-run: the instances fail closed (500 internal_error
 * with X-Request-ID), never unlimited.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { request } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiKeyRecord } from '../../fixtures/src/model.ts';
import { RedisRateLimiter } from '../src/redis-rate-limiter.ts';
import { startServer, type RunningServer } from '../src/server.ts';
import { freePort, ManualClock, startCli, testDataset } from './harness.ts';

const REDIS_SERVER = process.env.REDIS_SERVER ?? '/usr/bin/redis-server';

const MINUTE_KEY: ApiKeyRecord = {
  key: 'test-minute-key-0005',
  label: 'minute',
  per_minute: 60,
  per_day: 10_000,
  revoked: false,
};
const DAY_KEY: ApiKeyRecord = {
  key: 'test-day-key-0006',
  label: 'day',
  per_minute: 1_000,
  per_day: 40,
  revoked: false,
};

let redis: ChildProcess;
let redisUrl: string;
const stores: RedisRateLimiter[] = [];
const servers: RunningServer[] = [];
// Mid-minute, mid-day: a burst cannot straddle a window.
const clock = new ManualClock(Date.parse('2026-11-22T12:00:20Z'));

async function startRedis(): Promise<void> {
  const port = await freePort();
  redis = spawn(REDIS_SERVER, [
    '--port',
    String(port),
    '--bind',
    '127.0.0.1',
    '--save',
    '',
    '--appendonly',
    'no',
  ]);
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('redis-server did not start')), 10_000);
    redis.stdout!.on('data', (chunk: Buffer) => {
      if (chunk.toString().includes('Ready to accept connections')) {
        clearTimeout(timer);
        resolve();
      }
    });
    redis.once('error', reject);
  });
  redisUrl = `redis://127.0.0.1:${port}`;
}

async function startInstance(): Promise<RunningServer> {
  const store = new RedisRateLimiter({ url: redisUrl, commandTimeoutMs: 500 });
  await store.ready();
  stores.push(store);
  const server = await startServer({
    port: 0,
    dataset: testDataset(),
    keys: [MINUTE_KEY, DAY_KEY],
    clock,
    rateLimitStore: store,
  });
  servers.push(server);
  return server;
}

async function get(server: RunningServer, key: ApiKeyRecord) {
  const response = await request(`${server.baseUrl}/tags`, {
    headers: { authorization: `Bearer ${key.key}` },
  });
  const body = (await response.body.json()) as { error?: { code: string } };
  return { status: response.statusCode, headers: response.headers, code: body.error?.code };
}

beforeAll(async () => {
  await startRedis();
  await startInstance();
  await startInstance();
}, 30_000);

afterAll(async () => {
  await Promise.all(servers.map((s) => s.close()));
  await Promise.all(stores.map((s) => s.close()));
  redis?.kill('SIGKILL');
});

describe('two instances sharing one Redis', () => {
  it('admit exactly 60 of 500 concurrent requests at a 60/min key, the rest 429 with Retry-After', async () => {
    const replies = await Promise.all(
      Array.from({ length: 500 }, (_, i) => get(servers[i % 2]!, MINUTE_KEY)),
    );
    const admitted = replies.filter((r) => r.status === 200);
    const refused = replies.filter((r) => r.status === 429);
    expect(admitted.length).toBe(60);
    expect(refused.length).toBe(440);
    expect(refused.every((r) => r.code === 'rate_limit_exceeded' && r.headers['retry-after'] === '40')).toBe(
      true,
    );
    // Exact headers: the admitted requests saw each Remaining from 59 down to 0 once.
    const remaining = admitted.map((r) => Number(r.headers['x-ratelimit-remaining'])).sort((a, b) => a - b);
    expect(remaining).toEqual(Array.from({ length: 60 }, (_, i) => i));
    const reset = String(Date.parse('2026-11-22T12:01:00Z') / 1000);
    expect(admitted.every((r) => r.headers['x-ratelimit-reset'] === reset)).toBe(true);
  });

  it('start a new minute together when the clock crosses it', async () => {
    clock.set(Date.parse('2026-11-22T12:01:05Z'));
    const [a, b] = [await get(servers[0]!, MINUTE_KEY), await get(servers[1]!, MINUTE_KEY)];
    expect([a.status, b.status]).toEqual([200, 200]);
    expect([a.headers['x-ratelimit-remaining'], b.headers['x-ratelimit-remaining']]).toEqual(['59', '58']);
  });

  it('enforce one UTC-day limit: 40 of 150 across minutes, refused until midnight', async () => {
    const replies = [];
    for (let minute = 0; minute < 3; minute += 1) {
      clock.set(Date.parse(`2026-11-22T13:0${minute}:10Z`));
      replies.push(
        ...(await Promise.all(Array.from({ length: 50 }, (_, i) => get(servers[i % 2]!, DAY_KEY)))),
      );
    }
    expect(replies.filter((r) => r.status === 200).length).toBe(40);
    const last = replies.at(-1)!;
    expect(last.status).toBe(429);
    expect(last.headers['x-ratelimit-reset']).toBe(String(Date.parse('2026-11-23T00:00:00Z') / 1000));
    expect(Number(last.headers['retry-after'])).toBe(
      (Date.parse('2026-11-23T00:00:00Z') - clock.now()) / 1000,
    );
    clock.set(Date.parse('2026-11-23T00:00:01Z'));
    expect((await get(servers[1]!, DAY_KEY)).status).toBe(200);
  });

  it('share one limit between two server CLIs started with --redis-url', async () => {
    const work = mkdtempSync(join(tmpdir(), 'gamedir-redis-cli-'));
    const key: ApiKeyRecord = {
      key: `gd_live_${'7'.repeat(32)}`,
      label: 'cli',
      per_minute: 5,
      per_day: 100,
      revoked: false,
    };
    writeFileSync(join(work, 'keys.json'), JSON.stringify([key]));
    const clis: ChildProcess[] = [];
    try {
      const urls: string[] = [];
      for (let i = 0; i < 2; i += 1) {
        // Both clocks frozen mid-minute: no window boundary between the requests.
        const { cli, baseUrl } = await startCli([
          ...['--port', '0', '--games', '20', '--now', '2026-11-22T15:00:20Z'],
          ...['--keys', join(work, 'keys.json'), '--redis-url', redisUrl],
        ]);
        clis.push(cli);
        urls.push(baseUrl);
      }
      const statuses: number[] = [];
      for (let i = 0; i < 6; i += 1) {
        const response = await request(`${urls[i % 2]}/tags`, {
          headers: { authorization: `Bearer ${key.key}` },
        });
        await response.body.dump();
        statuses.push(response.statusCode);
      }
      expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
    } finally {
      for (const cli of clis) cli.kill('SIGTERM');
      rmSync(work, { recursive: true, force: true });
    }
  }, 60_000);

  it('fail closed when Redis stops: 500 internal_error with X-Request-ID, never unlimited', async () => {
    redis.kill('SIGKILL');
    await new Promise((resolve) => redis.once('exit', resolve));
    const replies = await Promise.all(Array.from({ length: 20 }, (_, i) => get(servers[i % 2]!, MINUTE_KEY)));
    expect(replies.every((r) => r.status === 500 && r.code === 'internal_error')).toBe(true);
    expect(replies.every((r) => typeof r.headers['x-request-id'] === 'string')).toBe(true);
  });
});

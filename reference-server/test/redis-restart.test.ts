/**
 * Redis restarting under the shared limit (issue #22; README "Several instances"). With the
 * recommended configuration (`appendonly yes`, `appendfsync always`) the counters survive even
 * a crash (SIGKILL) and restart: a 60/min key that spent 40 gets exactly 20 more in that minute.
 * Without persistence a restart forgets every counter: the same key gets 60 more, 100 in the
 * minute. In between, the instance fails closed (500) and spends nothing.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ChildProcess } from 'node:child_process';
import { request } from 'undici';
import { afterEach, describe, expect, it } from 'vitest';
import type { ApiKeyRecord } from '../../fixtures/src/model.ts';
import { RedisRateLimiter } from '../src/redis-rate-limiter.ts';
import { startServer, type RunningServer } from '../src/server.ts';
import { ManualClock, startRedisServer, testDataset } from './harness.ts';

const LIMITED: ApiKeyRecord = {
  key: 'test-restart-key-0007',
  label: 'limited',
  per_minute: 60,
  per_day: 10_000,
  revoked: false,
};
/** Only for asking whether Redis is back, without spending the limited key's budget. */
const PROBE: ApiKeyRecord = {
  key: 'test-restart-probe-0008',
  label: 'probe',
  per_minute: 1_000_000,
  per_day: 1_000_000,
  revoked: false,
};

const cleanups: Array<() => unknown> = [];

afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function status(server: RunningServer, key: ApiKeyRecord): Promise<number> {
  const response = await request(`${server.baseUrl}/tags`, {
    headers: { authorization: `Bearer ${key.key}` },
  });
  await response.body.dump();
  return response.statusCode;
}

async function admitted(server: RunningServer, requests: number): Promise<number> {
  const statuses = await Promise.all(Array.from({ length: requests }, () => status(server, LIMITED)));
  expect(statuses.filter((s) => s !== 200 && s !== 429)).toEqual([]);
  return statuses.filter((s) => s === 200).length;
}

/** 40 requests, a Redis crash (SIGKILL) and restart, then 60 more, all in one minute: how many of the 60 are admitted. */
async function admittedAfterRestart(
  persistence: readonly string[],
): Promise<{ before: number; after: number }> {
  const dir = mkdtempSync(join(tmpdir(), 'gamedir-redis-restart-'));
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
  const args = ['--dir', dir, ...persistence];
  const first = await startRedisServer({ args });
  let redis: ChildProcess = first.process;
  cleanups.push(() => redis.kill('SIGKILL'));
  const store = new RedisRateLimiter({ url: first.url });
  await store.ready();
  cleanups.push(() => store.close());
  const server = await startServer({
    dataset: testDataset(),
    keys: [LIMITED, PROBE],
    // Mid-minute, and still: every request below falls in one minute window.
    clock: new ManualClock(Date.parse('2026-11-22T12:00:20Z')),
    rateLimitStore: store,
  });
  cleanups.push(() => server.close());

  const before = await admitted(server, 40);
  redis.kill('SIGKILL');
  await new Promise((resolve) => redis.once('exit', resolve));
  expect(await status(server, PROBE)).toBe(500); // fails closed while Redis is away
  redis = (await startRedisServer({ port: first.port, args })).process;
  await expect.poll(() => status(server, PROBE), { timeout: 10_000, interval: 100 }).toBe(200);
  return { before, after: await admitted(server, 60) };
}

describe('a Redis restart under the shared limit', () => {
  it('keeps the counters with appendonly yes (appendfsync always): 40 + 20 admitted in the minute', async () => {
    const figures = await admittedAfterRestart(['--appendonly', 'yes', '--appendfsync', 'always']);
    expect(figures).toEqual({ before: 40, after: 20 });
  }, 30_000);

  it('forgets them without persistence: 40 + 60 admitted in the minute', async () => {
    const figures = await admittedAfterRestart(['--appendonly', 'no', '--save', '']);
    expect(figures).toEqual({ before: 40, after: 60 });
  }, 30_000);
});

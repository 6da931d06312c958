/**
 * A first burst on fresh instances with Redis healthy (issue #22). The cause of its 500s: the
 * client's command timer expired after a stall of the server process (descheduled on a busy
 * machine, collecting, start-up work), before the replies already in the socket were read, and
 * Redis had counted those requests. Reproduced here without luck: a CPU-bound process beside two
 * CLIs started seconds before, and both CLIs stopped (SIGSTOP) for 1.5 s mid-burst, longer than
 * the 1 s timeout. Exactly the limit is admitted, every other request is a 429, none a 500, and
 * Redis counts exactly the admitted requests.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Redis } from 'ioredis';
import { Agent, request } from 'undici';
import { afterEach, describe, expect, it } from 'vitest';
import type { ApiKeyRecord } from '../../fixtures/src/model.ts';
import { RedisRateLimiter } from '../src/redis-rate-limiter.ts';
import { startCli, startRedisServer } from './harness.ts';

const KEY: ApiKeyRecord = {
  key: `gd_live_${'6'.repeat(32)}`,
  label: 'burst',
  per_minute: 60,
  per_day: 10_000,
  revoked: false,
};
// Mid-minute: a burst cannot straddle a window.
const NOW = '2026-11-22T15:00:20Z';

const started: ChildProcess[] = [];
const cleanups: Array<() => void | Promise<void>> = [];

afterEach(async () => {
  for (const child of started.splice(0)) child.kill('SIGKILL');
  for (const cleanup of cleanups.splice(0)) await cleanup();
});

/** The counters Redis holds for the key, by window kind (`m`, `d`). */
async function counters(url: string): Promise<Record<string, number>> {
  const client = new Redis(url);
  try {
    const keys = await client.keys('gamedir:rl:*');
    const values = await Promise.all(keys.map((key) => client.get(key)));
    return Object.fromEntries(keys.map((key, i) => [key.split(':').at(-2)!, Number(values[i])]));
  } finally {
    client.disconnect();
  }
}

describe('a burst on fresh instances with Redis healthy', () => {
  it('admits exactly 60 of 500, 440 × 429, no 500, with a CPU-bound neighbour and the servers stalled 1.5 s', async () => {
    const redis = await startRedisServer();
    started.push(redis.process);
    const work = mkdtempSync(join(tmpdir(), 'gamedir-burst-'));
    cleanups.push(() => rmSync(work, { recursive: true, force: true }));
    writeFileSync(join(work, 'keys.json'), JSON.stringify([KEY]));
    started.push(spawn(process.execPath, ['-e', 'for(;;){}']));
    const clis = await Promise.all(
      [0, 1].map(() =>
        startCli([
          ...['--port', '0', '--now', NOW, '--keys', join(work, 'keys.json')],
          ...['--redis-url', redis.url],
        ]),
      ),
    );
    started.push(...clis.map(({ cli }) => cli));
    const agent = new Agent({ connections: 500 });
    cleanups.push(() => agent.close());

    const stall = setTimeout(() => {
      for (const { cli } of clis) cli.kill('SIGSTOP');
      setTimeout(() => clis.forEach(({ cli }) => cli.kill('SIGCONT')), 1_500);
    }, 30);
    const statuses = await Promise.all(
      Array.from({ length: 500 }, async (_, i) => {
        const response = await request(`${clis[i % 2]!.baseUrl}/tags`, {
          dispatcher: agent,
          headers: { authorization: `Bearer ${KEY.key}` },
        });
        await response.body.dump();
        return response.statusCode;
      }),
    );
    clearTimeout(stall);

    const count = (status: number) => statuses.filter((s) => s === status).length;
    expect({ 200: count(200), 429: count(429), 500: count(500) }).toEqual({ 200: 60, 429: 440, 500: 0 });
    expect(await counters(redis.url)).toEqual({ m: 60, d: 60 });
  }, 60_000);

  it('gives the quota back when a reply comes after its request failed closed', async () => {
    const redis = await startRedisServer();
    started.push(redis.process);
    const store = new RedisRateLimiter({ url: redis.url, commandTimeoutMs: 300 });
    await store.ready();
    cleanups.push(() => store.close());
    const limits = { perMinute: 60, perDay: 10_000 };
    const nowMs = Date.parse(NOW);

    redis.process.kill('SIGSTOP'); // Redis hung: the request fails closed (500)…
    const pending = store.consume(KEY.key, limits, nowMs);
    await expect(pending).rejects.toThrow('Redis did not answer within 300 ms');
    redis.process.kill('SIGCONT'); // …then Redis runs the script after all, and the admission is undone.
    await expect.poll(() => counters(redis.url), { timeout: 5_000 }).toEqual({ m: 0, d: 0 });
    expect((await store.consume(KEY.key, limits, nowMs)).remaining).toBe(59);
  });
});

/**
 * Starting the server CLI with `--redis-url` while Redis is not there (issue #22): a bounded
 * connect phase, one attempt a second, each logged; Redis never there → exit 1 with one message
 * after the tenth attempt (about 9 s), never listening; Redis up 3 s after the first attempt → it
 * connects on the fourth or fifth and serves.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { request } from 'undici';
import { afterEach, describe, expect, it } from 'vitest';
import { loadKeys } from '../../fixtures/src/keys.ts';
import { freePort, startRedisServer } from './harness.ts';

interface LogLine {
  level: number;
  time: number;
  msg: string;
  attempt?: number;
}

function logLines(stdout: string): LogLine[] {
  return stdout
    .split('\n')
    .filter((line) => line.startsWith('{'))
    .map((line) => JSON.parse(line) as LogLine);
}

const started: ChildProcess[] = [];

afterEach(() => {
  for (const child of started.splice(0)) child.kill('SIGKILL');
});

describe('server CLI started while Redis is unreachable', () => {
  it('exits 1 with one message after ten attempts a second apart, never listening', async () => {
    const port = await freePort(); // nothing listens there
    const cli = spawn(process.execPath, [
      ...['--import', 'tsx', 'reference-server/src/cli.ts', '--port', '0'],
      ...['--redis-url', `redis://127.0.0.1:${port}`],
    ]);
    started.push(cli);
    let stdout = '';
    let stderr = '';
    cli.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    cli.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const code = await new Promise<number | null>((resolve) => cli.once('exit', resolve));
    const exitedAt = Date.now();

    expect(code).toBe(1);
    expect(stdout).not.toContain('reference server:');
    const attempts = logLines(stdout).filter((line) => line.msg === 'Redis not reachable yet');
    expect(attempts.map((line) => line.attempt)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    // One attempt a second: the first to the last 9 s apart (a busy machine may stretch it a little).
    const span = attempts.at(-1)!.time - attempts[0]!.time;
    expect(span).toBeGreaterThanOrEqual(9_000);
    expect(span).toBeLessThan(12_000);
    expect(exitedAt - attempts.at(-1)!.time).toBeLessThan(2_000);
    expect(stderr.trim().split('\n')).toEqual([
      expect.stringMatching(
        new RegExp(
          `^Redis at redis://127\\.0\\.0\\.1:${port} unreachable after 10 attempts over \\d+\\.\\d s \\(connect ECONNREFUSED`,
        ),
      ),
    ]);
  }, 40_000);

  it('connects on a later attempt when Redis comes up 3 s after the first, then serves', async () => {
    const port = await freePort();
    const cli = spawn(process.execPath, [
      ...['--import', 'tsx', 'reference-server/src/cli.ts', '--port', '0', '--games', '20'],
      ...['--redis-url', `redis://127.0.0.1:${port}`],
    ]);
    started.push(cli);
    let stdout = '';
    cli.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    const until = async (done: () => boolean) => {
      while (!done()) await new Promise((resolve) => setTimeout(resolve, 20));
    };
    await until(() => stdout.includes('Redis not reachable yet'));
    await new Promise((resolve) => setTimeout(resolve, 3_000));
    started.push((await startRedisServer({ port })).process);
    // The log lines are batched: all are out once the `listening` line is.
    await until(() => stdout.includes('"msg":"listening"'));

    const lines = logLines(stdout);
    const failed = lines.filter((line) => line.msg === 'Redis not reachable yet');
    expect(failed.length).toBeGreaterThanOrEqual(3);
    expect(lines.find((line) => line.msg === 'Redis connected')?.attempt).toBe(failed.length + 1);
    const baseUrl = /reference server: (\S+)/.exec(stdout)![1]!;
    const demo = loadKeys().find((key) => key.label === 'demo')!;
    const response = await request(`${baseUrl}/tags`, { headers: { authorization: `Bearer ${demo.key}` } });
    await response.body.dump();
    expect(response.statusCode).toBe(200);
    expect(response.headers['x-ratelimit-remaining']).toBe(String(demo.per_minute - 1));
  }, 40_000);
});

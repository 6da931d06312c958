/**
 * `npm run main` as a person runs it: Ctrl-C while the suite is running stops the suite and
 * the reference server — the process ends (exit 130) and the port is closed; a run that cannot
 * start (a port in use, a bad or unknown option) says why in one line and exits 2, no stack trace.
 */
import { spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { request } from 'undici';
import { describe, expect, it } from 'vitest';

const TSX = join(process.cwd(), 'node_modules', '.bin', 'tsx');

describe('npm run main', () => {
  it('stops the suite and the server on Ctrl-C (SIGINT) during the run', async () => {
    const child = spawn(TSX, ['scripts/main-job.ts', '--port', '0'], { stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
    const baseUrl = await new Promise<string>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no start in 30 s:\n${out}`)), 30_000);
      child.stdout.on('data', (chunk: Buffer) => {
        out += chunk.toString();
        const match = out.match(/Reference server: (http:\/\/\S+)/);
        if (match && out.includes('Running the conformance suite')) {
          clearTimeout(timer);
          resolve(match[1] as string);
        }
      });
    });
    await new Promise((resolve) => setTimeout(resolve, 1_500)); // the suite is under way
    child.kill('SIGINT');
    const code = await Promise.race([
      exited,
      new Promise<'hung'>((resolve) => setTimeout(() => resolve('hung'), 15_000)),
    ]);
    if (code === 'hung') child.kill('SIGKILL');
    expect(code).toBe(130);
    await expect(request(`${baseUrl}/tags`)).rejects.toThrow(/ECONNREFUSED/);
  }, 60_000);

  /** Runs the main job to its end: exit code and standard error. */
  async function mainJob(args: string[]): Promise<{ code: number | null; err: string }> {
    const child = spawn(TSX, ['scripts/main-job.ts', ...args], { stdio: ['ignore', 'ignore', 'pipe'] });
    let err = '';
    child.stderr.on('data', (chunk: Buffer) => (err += chunk.toString()));
    const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
    return { code, err };
  }

  it('exits 2 with one line when the port is in use, or an option is bad or unknown', async () => {
    const taken = createServer();
    await new Promise<void>((resolve) => taken.listen(0, '127.0.0.1', resolve));
    const port = (taken.address() as { port: number }).port;
    try {
      const busy = await mainJob(['--port', String(port), '--exit']);
      expect(busy.code).toBe(2);
      expect(busy.err).toContain(`port ${port} is in use on 127.0.0.1`);
      expect(busy.err).not.toMatch(/\n\s+at /);
    } finally {
      await new Promise((resolve) => taken.close(resolve));
    }
    const badPort = await mainJob(['--port', 'abc', '--exit']);
    expect(badPort.code).toBe(2);
    expect(badPort.err).toMatch(/'--port <port>' argument 'abc' is invalid/);
    expect(badPort.err).not.toMatch(/\n\s+at /);
    const unknown = await mainJob(['--bogus']);
    expect(unknown.code).toBe(2);
    expect(unknown.err).toContain("unknown option '--bogus'");
  }, 60_000);
});

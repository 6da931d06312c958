/**
 * `npm run main` as a person runs it: Ctrl-C while the suite is running stops the suite and
 * the reference server — the process ends (exit 130) and the port is closed.
 */
import { spawn } from 'node:child_process';
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
});

/**
 * Ctrl-C during a run, as a person or a cancelled CI job sends it: the CLI prints its
 * summary for what ran (the rest marked not run), writes its reports, and exits 130.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { startReferenceServer } from '../../reference-server/src/launch.ts';
import { referenceKeyEnv } from '../src/reference-keys.ts';

/** The CLI's source (the package bin would run dist/ when a build is lying around). */
const CLI = fileURLToPath(new URL('../src/cli.ts', import.meta.url));

describe('Ctrl-C during a run', () => {
  it('ends with the summary and the reports of what ran, exit 130', async () => {
    const server = await startReferenceServer();
    const reports = mkdtempSync(join(tmpdir(), 'interrupt-'));
    try {
      const child = spawn(
        process.execPath,
        ['--import', 'tsx', CLI, '--base-url', server.baseUrl, '--report-dir', reports],
        {
          env: { ...process.env, ...referenceKeyEnv(server.keyRecords) },
          stdio: ['ignore', 'pipe', 'pipe'],
        },
      );
      let out = '';
      let err = '';
      child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
      child.stderr.on('data', (chunk: Buffer) => (err += chunk.toString()));
      const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
      // Interrupted once a few checks have their verdicts.
      await new Promise<void>((resolve, reject) => {
        const timer = setTimeout(
          () => reject(new Error(`no check ended within 60 s:\n${out}${err}`)),
          60_000,
        );
        child.stdout.on('data', () => {
          if ((out.match(/^\[\d+\/\d+\] .* … pass/gm) ?? []).length >= 3) {
            clearTimeout(timer);
            resolve();
          }
        });
      });
      child.kill('SIGINT');
      const code = await Promise.race([
        exited,
        new Promise<'hung'>((resolve) => setTimeout(() => resolve('hung'), 30_000)),
      ]);
      if (code === 'hung') child.kill('SIGKILL');
      expect(code, `${out}\n${err}`).toBe(130);
      expect(err).toContain('Interrupted: ending the run with its summary and reports');
      expect(out).toContain('Stopped early: interrupted');
      expect(out).toMatch(/not run/);
      // No deepening plan blaming the budget for what the interrupt left without a verdict.
      expect(out).not.toMatch(/^Plan:/m);
      const report = JSON.parse(readFileSync(join(reports, 'conformance.json'), 'utf8')) as {
        results: Array<{ status: string; reason?: string }>;
      };
      expect(report.results.some((r) => r.status === 'pass')).toBe(true);
      expect(report.results.some((r) => r.reason === 'not run: the run was interrupted')).toBe(true);
      expect(existsSync(join(reports, 'junit.xml'))).toBe(true);
    } finally {
      await server.close();
      rmSync(reports, { recursive: true, force: true });
    }
  }, 120_000);
});

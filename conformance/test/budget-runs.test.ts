/**
 * Budget-aware runs against the reference server, as a user with an ordinary key runs them:
 * - `--max-requests 600` (the high-limit key): every must check has a verdict, and passes;
 * - the demo key (60 a minute) and no other key, over a real minute boundary: the pacer keeps
 *   the key below its limit, so the server refuses none of its requests, and the exhausting
 *   checks are skipped with their reason rather than spending the key mid-run.
 */
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { pino } from 'pino';
import { describe, expect, it } from 'vitest';
import { startReferenceServer } from '../../reference-server/src/launch.ts';
import { runCli } from '../src/cli.ts';
import type { CheckResult } from '../src/core/check.ts';
import costs from '../src/core/minimal-costs.json' with { type: 'json' };
import type { MinimalCosts } from '../src/core/minimal-need.ts';
import { measuredMinimalCosts, runSuiteAgainstReference } from './run-against-reference.ts';

/** Skip reasons that name a missing precondition a black box cannot supply itself (and the option that would). */
const PRECONDITION = /no .* (given|known)|--[a-z][a-z-]+/;

describe('a run within 600 requests', () => {
  it('gives every must check a verdict, passes, and spends at most 600 requests', async () => {
    const run = await runSuiteAgainstReference({ maxRequests: 600, runs: 100, minuteWaits: true });
    const must = run.results.filter((r) => r.level === 'must');
    expect(run.exitCode, run.output).toBe(0);
    expect(must.filter((r) => r.status === 'notrun' || r.status === 'error').map((r) => r.id)).toEqual([]);
    expect(must.filter((r) => r.status === 'fail').map((r) => r.id)).toEqual([]);
    for (const r of must.filter((x) => x.status === 'skipped')) expect(r.reason, r.id).toMatch(PRECONDITION);
    expect(must.filter((r) => r.status === 'pass').length).toBeGreaterThanOrEqual(must.length - 5);
    expect(run.report?.requests).toBeLessThanOrEqual(600);
    expect(run.report?.budget?.total).toBe(600);
    // Deepened with what was left, but not to full depth: and the report says so.
    expect(run.report?.depth.reduced).toBeGreaterThan(50);
  }, 240_000);
});

describe('a run within 200 requests, every hint given', () => {
  it('gives every must check a verdict and exits 0, on the reserve the exhausting checks give back', async () => {
    // The hints make the statistics-state checks send requests (a skip costs none), and the
    // exhausting checks alongside hold their reserve (low-limit key's minute and 6) until their
    // Retry-After wait ends: the checks the cap stopped meanwhile run on what they give back.
    const run = await runSuiteAgainstReference({
      maxRequests: 200,
      hints: true,
      runs: 100,
      seed: 1,
      minuteWaits: true,
    });
    const must = run.results.filter((r) => r.level === 'must');
    expect(must.filter((r) => r.status === 'notrun' || r.status === 'error').map((r) => r.id)).toEqual([]);
    expect(must.filter((r) => r.status === 'fail').map((r) => r.id)).toEqual([]);
    // A verdict, not a skip: the checks that send a wave whole (PROTOCOL-CONCURRENT-REQUESTS,
    // -READ-ONLY) or wait out a minute last postpone to the late pass rather than skip; only the
    // model, which --model auto runs when half the budget holds its crawl, is left out.
    expect(must.filter((r) => r.status === 'skipped').map((r) => r.id)).toEqual(['GAMES-MODEL-RESULTS']);
    expect(must.filter((r) => r.id.startsWith('STATISTICS-HINTED')).map((r) => r.status)).toEqual(['pass']);
    expect(run.exitCode, run.output).toBe(0);
    expect(run.report?.requests).toBeLessThanOrEqual(200);
    // The budget line counted the hinted checks' cost with hints, as this run spent it.
    const withHints = (costs as MinimalCosts).withHints ?? {};
    const spent = measuredMinimalCosts(run).checks;
    expect(Object.keys(withHints).length).toBeGreaterThan(0);
    for (const id of Object.keys(withHints)) expect(spent[id], id).toBe(withHints[id]);
    expect(run.report?.minimalNeed?.hinted).toBe(true);
    expect(run.output).toContain('as measured on the reference server with the hints given');
  }, 240_000);
});

describe('a run with the demo key (60 a minute) alone', () => {
  it('meets no 429 on the key across a minute boundary, every selected check with a verdict', async () => {
    const statuses: Array<{ label: string | undefined; status: number }> = [];
    const sink = new Writable({
      write(chunk: Buffer, _encoding, done) {
        for (const line of chunk.toString().split('\n').filter(Boolean)) {
          const entry = JSON.parse(line) as { key_label?: string; status?: number };
          if (entry.status !== undefined) statuses.push({ label: entry.key_label, status: entry.status });
        }
        done();
      },
    });
    const server = await startReferenceServer({ logger: pino({ name: 'reference-server' }, sink) });
    const demo = server.keyRecords.demo!;
    const reportDir = mkdtempSync(join(tmpdir(), 'conformance-demo-'));
    let output = '';
    try {
      // Discovery (~25) and these areas' minimal passes (~100) need more than one window of 57;
      // the time budget leaves room for a loaded machine (it bounds the run, not the pace).
      const exitCode = await runCli(
        [
          '--base-url',
          server.baseUrl,
          '--only',
          'tags,mssp,game-detail,players,rate-limit',
          '--time-budget',
          '230',
          '--seed',
          '7',
          '--report-dir',
          reportDir,
          '--quiet',
        ],
        {
          stdout: (text) => (output += text),
          stderr: (text) => (output += text),
          env: { GAMEDIR_API_KEY: demo.key },
          cwd: process.cwd(),
        },
      );
      const report = JSON.parse(readFileSync(join(reportDir, 'conformance.json'), 'utf8')) as {
        results: CheckResult[];
        requests: number;
        budget: { total: number; perMinute: number };
      };
      expect(exitCode, output).toBe(0);
      expect(report.budget.perMinute).toBe(60);
      expect(report.requests).toBeGreaterThan(60);
      expect(report.results.filter((r) => r.status === 'notrun' || r.status === 'error')).toEqual([]);
      // Driving the demo key into 429 needs ~70 requests, a quarter of this small run's budget
      // at most: the exhausting checks say why they did not, instead of spending the key.
      const exhausting = report.results.filter((r) => r.id === 'RATE-LIMIT-REFUSED-WHEN-EXHAUSTED');
      expect(exhausting[0]?.status).toBe('skipped');
      expect(exhausting[0]?.reason).toMatch(/no low-limit key given/);
      const demoStatuses = statuses.filter((s) => s.label === 'demo');
      expect(demoStatuses.length).toBeGreaterThan(60);
      expect(demoStatuses.filter((s) => s.status === 429)).toEqual([]);
    } finally {
      await server.close();
    }
  }, 360_000);
});

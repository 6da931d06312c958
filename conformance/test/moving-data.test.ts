/**
 * A correct server whose data moves while the suite reads it fails nothing (issue #24 item 4,
 * DECISIONS D65): the reference server with --moving-data (votes, edits, watchers, late-reported
 * failed crawls and new reviews move every few seconds), the whole default run with every hint
 * and --fail-on-profile (the reference server's own choices are the default profile).
 */
import { describe, expect, it } from 'vitest';
import { runSuiteAgainstReference } from './run-against-reference.ts';

describe('a directory whose data moves during the run', () => {
  it('passes every must and profile check with --fail-on-profile', async () => {
    const run = await runSuiteAgainstReference({
      movingData: { periodSeconds: 3 },
      failOnProfile: true,
      hints: true,
    });
    const notPassed = run.results.filter((r) => r.status !== 'pass' && r.status !== 'skipped');
    expect(notPassed.map((r) => `${r.id}: ${r.failure?.message ?? r.reason ?? r.status}`)).toEqual([]);
    expect(run.exitCode, run.output).toBe(0);
    // Every check ran (a skipped one would hide what moving data does to it).
    expect(
      run.results.filter((r) => r.status === 'skipped').map((r) => `${r.id}: ${r.reason ?? ''}`),
    ).toEqual([]);
  }, 420_000);
});

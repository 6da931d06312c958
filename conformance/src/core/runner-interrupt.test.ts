/**
 * An interrupted run (the CLI's Ctrl-C, RunOptions.signal) ends at once with the summary of what
 * ran: the checks that finished keep their verdicts, the running one is abandoned, the rest are
 * `notrun` saying the run was interrupted — and the run is no pass.
 */
import { describe, expect, it } from 'vitest';
import { runChecks, testCheck, useFakeTarget } from '../testing/run-checks.ts';
import { expectStatus } from './expect.ts';

const target = useFakeTarget();

describe('an interrupted run', () => {
  it('keeps the verdicts reached, abandons the running check, marks the rest not run, and is no pass', async () => {
    const interruption = new AbortController();
    const checks = [
      testCheck('TAGS-QUICK', async (ctx) => expectStatus(await ctx.client.get('/tags'), 200)),
      testCheck('TAGS-SLOW', async () => {
        interruption.abort(); // Ctrl-C while this check waits
        await new Promise((resolve) => setTimeout(resolve, 20_000));
      }),
      testCheck('TAGS-NEVER', async (ctx) => expectStatus(await ctx.client.get('/tags'), 200)),
    ];
    const started = Date.now();
    const { summary, events } = await runChecks(target(), checks, {
      signal: interruption.signal,
    });
    expect(Date.now() - started).toBeLessThan(10_000);
    const byId = Object.fromEntries(summary.results.map((r) => [r.id, [r.status, r.reason]]));
    expect(byId['TAGS-QUICK']?.[0]).toBe('pass');
    expect(byId['TAGS-SLOW']).toEqual(['notrun', 'not run: the run was interrupted']);
    expect(byId['TAGS-NEVER']).toEqual(['notrun', 'not run: the run was interrupted']);
    expect(summary.stoppedBecause).toMatch(/^interrupted/);
    expect(summary.exitCode).toBe(1); // must checks without a verdict: the run fails
    expect(events.at(-1)?.type).toBe('run-end');
  });

  it('a run interrupted before it starts runs no check', async () => {
    const interruption = new AbortController();
    interruption.abort();
    let ran = false;
    const { summary } = await runChecks(target(), [testCheck('TAGS-ANY', async () => void (ran = true))], {
      signal: interruption.signal,
    });
    expect(ran).toBe(false);
    expect(summary.results.map((r) => r.status)).toEqual(['notrun']);
    expect(summary.exitCode).toBe(1); // must checks without a verdict: the run fails
  });
});

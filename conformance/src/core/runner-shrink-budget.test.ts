/**
 * A failure found in the minimal pass shrinks with what the budget has beyond the minimal verdicts
 * of the checks after it: at a tight --max-requests, a failing check used to shrink its
 * counterexample with the whole budget and leave must checks after it without a verdict (a
 * fresh-user walkthrough saw 14 at 200 requests against a faulty server).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { runChecks, testCheck, useFakeTarget } from '../testing/run-checks.ts';
import { CheckFailure } from './check.ts';
import { expectStatus } from './expect.ts';

const target = useFakeTarget();

/** Ten checks of two requests each (the cost the budget line assumes for a check it has no figure of). */
const after = Array.from({ length: 10 }, (_, i) =>
  testCheck(`TAGS-AFTER-${i}`, async (ctx) => {
    expectStatus(await ctx.client.get('/tags', { fresh: true }), 200);
    expectStatus(await ctx.client.get('/tags', { fresh: true }), 200);
  }),
);

/** Fails for any n ≥ 10, five requests a case: shrinking 999 down to 10 costs dozens of cases. */
const failing = testCheck('TAGS-FAILS-BIG', async (ctx) => {
  await ctx.property(
    [fc.integer({ min: 0, max: 1000 })],
    async (n) => {
      for (let i = 0; i < 5; i += 1) await ctx.client.get('/tags', { fresh: true });
      if (n >= 10) {
        throw new CheckFailure({ message: `n is ${n}`, expected: 'n < 10', received: String(n) });
      }
    },
    { examples: [[999]] },
  );
});

describe('shrinking in the minimal pass', () => {
  it('leaves the checks after it the requests of their minimal verdicts', async () => {
    const baseline = await runChecks(target(), after, { seed: 1, runs: 1 });
    // Discovery, the ten checks, the failing case and a little room: not enough for a full shrink.
    const maxRequests = baseline.summary.requests + 5 + 12;
    const { summary } = await runChecks(target(), [failing, ...after], {
      seed: 1,
      runs: 1,
      maxRequests,
    });
    const statuses = Object.fromEntries(summary.results.map((r) => [r.id, r.status]));
    expect(statuses['TAGS-FAILS-BIG']).toBe('fail');
    for (const check of after) expect(statuses[check.id], check.id).toBe('pass');
    expect(summary.requests).toBeLessThanOrEqual(maxRequests);
  });

  it('shrinks as far as it goes when the budget has room', async () => {
    const { summary } = await runChecks(target(), [failing], { seed: 1, runs: 1 });
    const result = summary.results.find((r) => r.id === 'TAGS-FAILS-BIG');
    expect(result?.status).toBe('fail');
    expect(result?.failure?.received).toBe('10');
  });
});

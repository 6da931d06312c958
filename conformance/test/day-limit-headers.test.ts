/**
 * The headers while a key's UTC day binds (§7): Reset is the next midnight once the day is
 * spent, also when the day was spent by other checks of the run before the day-limit check
 * started (it counts the run's admitted requests with the key); Limit stays the minute's.
 * Blind set 1 (already measured) has one fault for each; both escaped the suite before.
 */
import { describe, expect, it } from 'vitest';
import { runSuiteAgainstReference } from './run-against-reference.ts';

const ONLY =
  'RATE-LIMIT-REMAINING-IS-SMALLER,RATE-LIMIT-LIMIT-IS-MINUTE-WHEN-DAY-BINDS,RATE-LIMIT-DAY-LIMIT-REFUSED';

describe('rate-limit headers while the UTC day binds', () => {
  it('pass on the reference server', async () => {
    const run = await runSuiteAgainstReference({ only: ONLY });
    expect(run.exitCode, run.output).toBe(0);
    expect(run.results.map((r) => r.status)).toEqual(['pass', 'pass', 'pass']);
  }, 60_000);

  it.each([
    ['blind-reset-minute-when-day-binds', 'RATE-LIMIT-DAY-LIMIT-REFUSED'],
    ['blind-limit-header-binding-limit', 'RATE-LIMIT-LIMIT-IS-MINUTE-WHEN-DAY-BINDS'],
  ])(
    'fail with %s',
    async (fault, check) => {
      const run = await runSuiteAgainstReference({ only: ONLY, faults: [fault] });
      expect(run.exitCode, run.output).toBe(1);
      expect(run.failing).toContain(check);
    },
    60_000,
  );
});

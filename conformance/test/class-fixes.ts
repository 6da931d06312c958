/**
 * The two tests every class fix after a blind set's measurement makes (blind-set-N-fixes.test.ts):
 * the fixed checks pass the reference server, run together, and each fails against the blind
 * fault whose escape showed the class missing — alone among the run's checks.
 */
import { expect, it } from 'vitest';
import { runSuiteAgainstReference, type SuiteRunOptions } from './run-against-reference.ts';

/** A blind fault and the check that now fails against it. */
export type ClassFix = [fault: string, check: string];

const TIMEOUT_MS = 180_000;

export function itFixesEach(
  fixes: readonly ClassFix[],
  options: Pick<SuiteRunOptions, 'hints' | 'runs'> = {},
  /** Checks a fix needs run beside it (one whose verdict judges their traffic), by the fix's check. */
  alongside: Readonly<Record<string, string>> = {},
): void {
  it(
    'pass on the reference server',
    async () => {
      const run = await runSuiteAgainstReference({
        ...options,
        only: fixes.map(([, check]) => check).join(','),
      });
      expect(run.exitCode, run.output).toBe(0);
      expect(run.results.map((r) => r.status)).toEqual(fixes.map(() => 'pass'));
    },
    TIMEOUT_MS,
  );

  it.each(fixes)(
    'fail against %s (%s)',
    async (fault, check) => {
      const only = alongside[check] === undefined ? check : `${check},${alongside[check]}`;
      const run = await runSuiteAgainstReference({ ...options, only, faults: [fault] });
      expect(run.exitCode, run.output).toBe(1);
      expect(run.failing).toEqual([check]);
    },
    TIMEOUT_MS,
  );
}

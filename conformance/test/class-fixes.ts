/**
 * The two tests every class fix after a blind set's measurement makes (blind-set-N-fixes.test.ts):
 * the fixed checks pass the reference server, run together, and each fails against the blind
 * fault whose escape showed the class missing — alone among the run's checks.
 */
import { it } from 'vitest';
import { clockStartingAt, runSuiteAgainstReference, type SuiteRunOptions } from './run-against-reference.ts';

/** A blind fault and the check that now fails against it. */
export type ClassFix = [fault: string, check: string];

const TIMEOUT_MS = 180_000;

export interface ClassFixOptions extends Pick<
  SuiteRunOptions,
  'hints' | 'runs' | 'responseCache' | 'beforeRun' | 'failOnProfile'
> {
  /**
   * The instant (epoch ms) the server's clock starts from, read when each test starts: the
   * directory is anchored at it, so a first case chosen from discovery sees the same data on
   * every machine and at every hour (default: the system clock).
   */
  at?: () => number;
}

/**
 * `CLASS_FIXES_AT` (an ISO instant) starts the clock of every class-fix test without an `at` of
 * its own there: to scan the hours of a day for a fix that holds at some only. A test that places
 * its data by the system clock in `beforeRun` (set 21's game inside the 48-hour window) fails
 * under it for that reason alone.
 */
const SCAN_AT = scanInstant(process.env.CLASS_FIXES_AT);

function scanInstant(text: string | undefined): number | undefined {
  if (text === undefined) return undefined;
  const at = Date.parse(text);
  // A scan on the system clock by a typo would pass for a scan of the hour asked.
  if (Number.isNaN(at)) throw new Error(`CLASS_FIXES_AT: not an instant: ${JSON.stringify(text)}`);
  return at;
}

/** The run options of one test: a clock that starts at `at()` now, when the test starts. */
function runOptions({ at: own, ...options }: ClassFixOptions): SuiteRunOptions {
  const at = own ?? (SCAN_AT === undefined ? undefined : () => SCAN_AT);
  if (at === undefined) return options;
  return { ...options, clock: clockStartingAt(at()) };
}

/**
 * The tests run at once (vitest's concurrent tests, each against its own server): a run of a few
 * checks mostly waits — for a minute window, a moving directory, a slow answer — so one after
 * another the fix files of the sets with rate-limit faults took four minutes each.
 */
export function itFixesEach(
  fixes: readonly ClassFix[],
  options: ClassFixOptions = {},
  /** Checks a fix needs run beside it (one whose verdict judges their traffic), by the fix's check. */
  alongside: Readonly<Record<string, string>> = {},
): void {
  it.concurrent(
    'pass on the reference server',
    async ({ expect }) => {
      // Each check once, however many faults it is to catch.
      const checks = [...new Set(fixes.map(([, check]) => check))];
      const run = await runSuiteAgainstReference({ ...runOptions(options), only: checks.join(',') });
      expect(run.exitCode, run.output).toBe(0);
      expect(run.results.map((r) => r.status)).toEqual(checks.map(() => 'pass'));
    },
    TIMEOUT_MS,
  );

  it.concurrent.for(fixes)(
    'fail against %s (%s)',
    { timeout: TIMEOUT_MS },
    async ([fault, check], { expect }) => {
      const only = alongside[check] === undefined ? check : `${check},${alongside[check]}`;
      const run = await runSuiteAgainstReference({ ...runOptions(options), only, faults: [fault] });
      expect(run.exitCode, run.output).toBe(1);
      expect(run.failing).toEqual([check]);
    },
  );
}

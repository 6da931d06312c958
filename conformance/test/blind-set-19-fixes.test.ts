/**
 * The class fixes made after blind fault set 19 (what clients legitimately send, and the time it
 * is sent at): each check passes the reference server and fails against the blind fault whose
 * escape showed the class missing. Left, see the blind-faults README's measurement of set 19.
 */
import { describe, expect, it } from 'vitest';
import { itFixesEach, type ClassFix } from './class-fixes.ts';
import { runSuiteAgainstReference } from './run-against-reference.ts';

const FIXES: ClassFix[] = [
  // A term written twice (in either case) matching nothing.
  ['blind19-q-repeated-term-matches-nothing', 'GAMES-Q-WHITESPACE'],
  // An encoded `&` ending q (the second property's second example).
  ['blind19-q-encoded-ampersand-splits', 'GAMES-Q-WHITESPACE'],
  // `page` read only when it comes after `per_page`.
  ['blind19-per-page-after-page-resets-page', 'GAMES-PAGE-SLICE'],
  // A daily history across the turn of a year ordered by month and day.
  ['blind19-daily-year-end-order', 'PLAYERS-CHRONOLOGICAL'],
  // A bare single tag id ignored beside another category's bracketed one (escaped at 600).
  ['blind19-bare-tag-ignored-beside-bracketed', 'GAMES-TAG-PARAM-FORMS'],
];

describe('class fixes after blind fault set 19', () => {
  itFixesEach(FIXES);
});

describe('…in the first case (the minimal pass alone, --runs 1)', () => {
  itFixesEach(
    FIXES.filter(([fault]) => fault !== 'blind19-q-encoded-ampersand-splits'),
    { runs: 1 },
  );
});

/**
 * Measured again after the fixes: at 600 requests GAMES-Q-TERMS reached the generated non-ASCII
 * terms no more, so a word with a letter outside ASCII inside it is an example now, the fifth.
 */
describe('…a non-ASCII letter inside a term, within twelve runs', () => {
  itFixesEach([['blind19-q-non-ascii-letters-stripped', 'GAMES-Q-TERMS']], { runs: 12 });
});

/**
 * The first answers of a window after a spent one reporting the spent window's count: judged on
 * the traffic of the check that waits a window out (it asks twice in the new window, a second
 * apart), so each run waits up to a minute.
 */
describe('RATE-LIMIT-REMAINING-HOLDS-IN-WINDOW, beside the check that waits out a window', () => {
  const CHECK = 'RATE-LIMIT-REMAINING-HOLDS-IN-WINDOW';
  const only = `${CHECK},RATE-LIMIT-RETRY-AFTER-HONOURED`;
  it('passes on the reference server', async () => {
    const run = await runSuiteAgainstReference({ only, hints: true });
    expect(run.exitCode, run.output).toBe(0);
    expect(run.results.map((r) => r.status)).toEqual(['pass', 'pass']);
  }, 180_000);

  it('fails against blind19-minute-rollover-stale-remaining', async () => {
    const run = await runSuiteAgainstReference({
      only,
      hints: true,
      faults: ['blind19-minute-rollover-stale-remaining'],
    });
    expect(run.exitCode, run.output).toBe(1);
    // The fixed check fails; the exhaustion beside it may meet the stale Remaining too since it
    // sends its requests in waves (197880b), so it is not required to fail alone.
    expect(run.failing).toContain(CHECK);
  }, 180_000);
});

/**
 * The class fixes made after blind fault set 3's first measurement (31 of 38 caught by the suite
 * of 3f208a1, written before the set existed): each widened check fails against the blind fault
 * whose escape showed the class missing — and passes the reference server, as the whole run
 * does (reference-run.test.ts). What each class is: the check's own comment.
 */
import { describe, expect, it } from 'vitest';
import { runSuiteAgainstReference } from './run-against-reference.ts';

const FIXES: Array<[fault: string, check: string, cls: string]> = [
  [
    'blind3-review-affiliation-empty-string',
    'PROTOCOL-NULL-NOT-EMPTY',
    '"" for a string-or-null field with no value',
  ],
  ['blind3-total-zero-on-empty-page', 'GAMES-BEYOND-LAST-PAGE-LINKS', 'meta.total of a page past the last'],
  ['blind3-stats-date-milliseconds', 'STATISTICS-POINT-FIELDS', 'an epoch date in the wrong unit'],
  ['blind3-game-id-int32-overflow-500', 'GAME-DETAIL-NOT-FOUND', 'ids past the integer edges'],
  ['blind3-failed-requests-not-counted', 'RATE-LIMIT-REMAINING-DECREMENTS', 'an answered error not counted'],
];

describe('class fixes after blind fault set 3', () => {
  it('pass on the reference server', async () => {
    const run = await runSuiteAgainstReference({
      only: FIXES.map(([, check]) => check).join(','),
      hints: true,
    });
    expect(run.exitCode, run.output).toBe(0);
    expect(run.results.every((r) => r.status === 'pass')).toBe(true);
  }, 120_000);

  it.each(FIXES)(
    'fail against %s (%s: %s)',
    async (fault, check) => {
      const run = await runSuiteAgainstReference({ only: check, faults: [fault], hints: true });
      expect(run.exitCode, run.output).toBe(1);
      expect(run.failing).toEqual([check]);
    },
    120_000,
  );
});

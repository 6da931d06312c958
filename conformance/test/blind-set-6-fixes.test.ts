/**
 * The class fixes made after blind fault set 6's measurement (16 of 20 caught at the default
 * budget by the suite of fb6f20b, written before the set existed): each check passes the
 * reference server and fails against the blind fault whose escape showed the class missing.
 */
import { describe, expect, it } from 'vitest';
import { runSuiteAgainstReference } from './run-against-reference.ts';

const FIXES: Array<[fault: string, check: string]> = [
  // A review body's Markdown escaped as plain text (`\*\*bold\*\*`, `\- item`).
  ['blind6-review-body-markdown-escaped', 'REVIEWS-BODY-MARKDOWN'],
  // The activity pattern's dates read as local dates of the zone asked for.
  ['blind6-activity-range-in-local-zone', 'STATISTICS-ACTIVITY-ZONE-DAY'],
];

describe('class fixes after blind fault set 6', () => {
  it('pass on the reference server', async () => {
    const run = await runSuiteAgainstReference({ only: FIXES.map(([, check]) => check).join(',') });
    expect(run.exitCode, run.output).toBe(0);
    expect(run.results.map((r) => r.status)).toEqual(FIXES.map(() => 'pass'));
  }, 180_000);

  it.each(FIXES)(
    'fail against %s (%s)',
    async (fault, check) => {
      const run = await runSuiteAgainstReference({ only: check, faults: [fault] });
      expect(run.exitCode, run.output).toBe(1);
      expect(run.failing).toEqual([check]);
    },
    180_000,
  );
});

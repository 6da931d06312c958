/**
 * The class fixes made after blind fault set 6's measurement (16 of 20 caught at the default
 * budget by the suite of fb6f20b, written before the set existed): each check passes the
 * reference server and fails against the blind fault whose escape showed the class missing.
 */
import { describe, expect, it } from 'vitest';
import { itFixesEach, type ClassFix } from './class-fixes.ts';
import { runSuiteAgainstReference } from './run-against-reference.ts';

const FIXES: ClassFix[] = [
  // A review body's Markdown escaped as plain text (`\*\*bold\*\*`, `\- item`).
  ['blind6-review-body-markdown-escaped', 'REVIEWS-BODY-MARKDOWN'],
  // The activity pattern's dates read as local dates of the zone asked for.
  ['blind6-activity-range-in-local-zone', 'STATISTICS-ACTIVITY-ZONE-DAY'],
];

describe('class fixes after blind fault set 6', () => {
  itFixesEach(FIXES);
});

/**
 * Faults the default budget caught but `--max-requests 200` did not, because the check's first
 * case (all the minimal pass runs) could not show them: the checks' first examples now can.
 */
const FIRST_CASES: ClassFix[] = [
  // `/games/42.5` read with parseInt: the first malformed id is a known id with `.5`.
  ['blind6-game-id-parseint', 'GAME-DETAIL-MALFORMED-ID'],
  // Page 2's previous link without `page`: the first case is page 2 of a filtered query…
  ['blind6-previous-to-first-page-without-page', 'GAMES-LINKS-PRESERVE-QUERY'],
];

describe('first cases after blind fault set 6 (the minimal pass alone, --runs 1)', () => {
  itFixesEach(FIRST_CASES, { runs: 1 });

  it('…and its second case page 3, whose previous link must be page 2 (blind5-previous-points-to-first)', async () => {
    const run = await runSuiteAgainstReference({
      only: 'GAMES-LINKS-PRESERVE-QUERY',
      faults: ['blind5-previous-points-to-first'],
      runs: 2,
    });
    expect(run.exitCode, run.output).toBe(1);
    expect(run.failing).toEqual(['GAMES-LINKS-PRESERVE-QUERY']);
  }, 180_000);
});
